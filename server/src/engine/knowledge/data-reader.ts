// How the engine gets the data files that ship with Kubegate (schemas/*.json, snippets/kubegate.code-snippets):
// through a reader the front end supplies once at start (`setDataReader`), the way a language service is
// handed its I/O. The engine never looks for these files itself; the Node reader is server/src/host/data-files.ts.

/** The folders of shipped data. */
export type DataFolder = 'schemas' | 'snippets';

/** The text of one shipped data file; throws (with a message for the user) when it cannot be read. */
export type DataReader = (folder: DataFolder, name: string) => string;

export interface KnowledgeOptions {
  /** Reads from this reader instead of the configured one (data other than what ships, e.g. in tests). */
  readData?: DataReader;
}

let configured: DataReader | undefined;
const listeners: (() => void)[] = [];

/** Sets the reader every later load uses; what was loaded through the previous one is forgotten. */
export function setDataReader(reader: DataReader): void {
  configured = reader;
  for (const l of listeners) l();
}

/** Called when the configured reader changes (caches of loaded data clear themselves). */
export function onDataReaderChange(listener: () => void): void {
  listeners.push(listener);
}

/** The reader of `opts`, else the configured one. */
export function dataReader(opts: KnowledgeOptions = {}): DataReader {
  const reader = opts.readData ?? configured;
  if (!reader) throw new Error('Kubegate data reader not set: the program must call setDataReader before any check');
  return reader;
}
