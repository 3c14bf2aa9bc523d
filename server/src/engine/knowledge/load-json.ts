// Reads a generated JSON file of schemas/ once per reader; later calls return the same parsed object (treat it
// as read-only).
import { dataReader, onDataReaderChange, type DataReader, type KnowledgeOptions } from './data-reader';

let cache = new WeakMap<DataReader, Map<string, unknown>>();
onDataReaderChange(() => clearSchemaCache());

export function loadSchemaFile<T>(name: string, opts: KnowledgeOptions = {}): T {
  const reader = dataReader(opts);
  let files = cache.get(reader);
  if (!files) cache.set(reader, (files = new Map()));
  let value = files.get(name);
  if (value === undefined) {
    value = JSON.parse(reader('schemas', name)) as unknown;
    files.set(name, value);
  }
  return value as T;
}

/** Forget every loaded file (tests that regenerate data in place). */
export function clearSchemaCache(): void {
  cache = new WeakMap();
}
