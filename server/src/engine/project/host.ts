// The one file-access interface of a project, supplied by each front end: the CLI reads the disk (bounded, each
// file once per run), the language server reads open buffers first. Paths are absolute; the project never
// resolves a path against the process's working directory.

export type EntryKind = 'file' | 'dir' | 'other';

export interface ProjectHost {
  /** The text of a regular file (bounded by the host); undefined when absent, not a regular file or unreadable. */
  readFile(file: string): string | undefined;
  /** Names of the entries directly inside `dir`; [] when it cannot be listed. */
  listDir(dir: string): readonly string[];
  /** What a path is, links followed; undefined when it does not exist. */
  kind(p: string): EntryKind | undefined;
  /** The path with every link resolved; undefined when it does not exist. */
  realPath(p: string): string | undefined;
  /**
   * A token that changes whenever the file's text may have changed (a buffer version, a disk stamp). A host whose
   * files do not change while the project lives (one CLI run) leaves it out: what is derived from a file is then
   * kept for the project's life.
   */
  versionOf?(file: string): string;
}
