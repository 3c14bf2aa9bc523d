// The server's view of files: open editor buffers first, then disk. URI ↔ path conversion and the
// workspace folders. No analysis here: the engine receives a reader and decides what to read.
import { readdirSync, statSync } from 'node:fs';
import { realPath } from '../host/real-path';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { WorkspaceStatsResult } from '../contract/protocol';
import { leavesBase, type EntryKind, type ProjectHost } from '../engine';
import { readRegularFileBounded } from '../host/read-regular-file';

/** Files read from disk are at most this large (the size guard's 5 M characters in UTF-8, with room). */
const MAX_DISK_READ_BYTES = 24 * 1024 * 1024;

/** Disk texts up to this many characters are kept between reads; a larger one (a 50k-line manifest beside the
 *  edited file) is read again when asked for its text. What is derived from a file (its gate configs, its CRDs)
 *  is kept whatever its size, so a re-check does not read it again. */
const KEPT_TEXT_CHARS = 64 * 1024;

/** All kept disk texts together: past this many characters the texts kept longest ago are dropped (read again
 *  when asked for; what was derived from them stays). 3,000 files of 62 KB above an opened file held 229 MB. */
export const KEPT_TEXT_TOTAL_CHARS = 8 * 1024 * 1024;

export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

export function pathToUri(file: string): string {
  return pathToFileURL(file).toString();
}

/** Accepts a URI or a path (evidence may carry either) and answers a URI. */
export function toUri(fileOrUri: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(fileOrUri) && !/^[a-z]:[\\/]/i.test(fileOrUri) ? fileOrUri : pathToUri(fileOrUri);
}

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test']);

interface DiskEntry {
  /** Undefined when the file cannot be read, or when it was too large to keep (`kept` false). */
  text: string | undefined;
  kept: boolean;
  /** mtime and size when read: checked again when the client does not send file events. */
  stamp: string;
}

/**
 * The server's workspace index and the project model's host: open buffers first, then disk. Folder listings and
 * small disk texts are kept until a file event (workspace/didChangeWatchedFiles) says they moved on; a client
 * without file events gets a stat check instead of a read. What is derived from files (gate configs, CRDs) is
 * kept by the project per `versionOf`, so a keystroke in one document reads and parses nothing else.
 */
export class WorkspaceFiles implements ProjectHost {
  private folders: string[] = [];
  private disk = true;
  /** True once the client watches files for us: cached entries then stay valid until an event. */
  private watching = false;
  /** In the order they were kept (the oldest first: dropped first past KEPT_TEXT_TOTAL_CHARS). */
  private readonly texts = new Map<string, DiskEntry>();
  private keptChars = 0;
  private readonly listings = new Map<string, { names: string[]; stamp: string }>();
  private readonly counters: { diskReads: number; listings: number; refusedOutside?: number } = { diskReads: 0, listings: 0 };

  constructor(private readonly documents: Pick<TextDocuments<TextDocument>, 'get' | 'all'>) {}

  /** Work done since the server started, and the disk text held now. */
  stats(): Omit<WorkspaceStatsResult, 'configParses' | 'walks' | 'threadChecks'> {
    return { ...this.counters, keptTextChars: this.keptChars };
  }


  private setEntry(file: string, entry: DiskEntry): void {
    this.dropEntry(file);
    this.texts.set(file, entry);
    this.keptChars += entry.text?.length ?? 0;
    if (this.keptChars <= KEPT_TEXT_TOTAL_CHARS) return;
    // The oldest kept texts are dropped (their entries move to the end: the front stays the oldest kept ones).
    const dropped: string[] = [];
    for (const [oldFile, old] of this.texts) {
      if (this.keptChars <= KEPT_TEXT_TOTAL_CHARS) break;
      if (old.text === undefined || oldFile === file) continue;
      this.keptChars -= old.text.length;
      dropped.push(oldFile);
    }
    for (const oldFile of dropped) {
      const old = this.texts.get(oldFile)!;
      this.texts.delete(oldFile);
      this.texts.set(oldFile, { ...old, text: undefined, kept: false });
    }
  }

  private dropEntry(file: string): void {
    const old = this.texts.get(file);
    if (!old) return;
    this.keptChars -= old.text?.length ?? 0;
    this.texts.delete(file);
  }

  /** The client registered file watchers: trust the cache until it sends events. */
  setWatching(on: boolean): void {
    this.watching = on;
  }

  /** A file changed, appeared or went away on disk. */
  invalidate(file: string): void {
    this.dropEntry(file);
    this.listings.delete(path.dirname(file));
  }

  invalidateAll(): void {
    this.texts.clear();
    this.keptChars = 0;
    this.listings.clear();
  }

  private stampOf(p: string): string {
    try {
      const st = statSync(p);
      return `${st.mtimeMs}:${st.size}`;
    } catch {
      return 'absent';
    }
  }

  /** The disk entry of a file, read when there is none or it is stale (stamp moved, no file events). */
  private diskEntry(file: string): { entry: DiskEntry; text?: string } {
    const cached = this.texts.get(file);
    if (cached && (this.watching || cached.stamp === this.stampOf(file))) return { entry: cached };
    const stamp = this.stampOf(file);
    const text = this.readDisk(file);
    const entry: DiskEntry = { text: text !== undefined && text.length <= KEPT_TEXT_CHARS ? text : undefined, kept: text === undefined || text.length <= KEPT_TEXT_CHARS, stamp };
    this.setEntry(file, entry);
    return { entry, text };
  }

  /** Real paths of the workspace folders (links resolved), for confinement. */
  private realFolders = new Map<string, string>();

  /**
   * Whether a disk file may be read: one inside a workspace folder must stay inside it once links are followed
   * (a link in a cloned repository to ~/.kube/config or /etc is not read). A file outside every folder (a
   * single file opened) is read as the editor shows it.
   */
  insideWorkspace(file: string): boolean {
    const folder = this.folderOf(file);
    if (!folder) return true;
    let realFolder = this.realFolders.get(folder);
    if (realFolder === undefined) {
      try {
        realFolder = realPath(folder);
      } catch {
        realFolder = path.resolve(folder);
      }
      this.realFolders.set(folder, realFolder);
    }
    let real: string;
    try {
      real = realPath(file);
    } catch {
      return true; // absent: nothing is read
    }
    const rel = path.relative(realFolder, real);
    return !leavesBase(rel);
  }

  private readDisk(file: string): string | undefined {
    try {
      if (!statSync(file).isFile()) return undefined;
      if (!this.insideWorkspace(file)) {
        this.counters.refusedOutside = (this.counters.refusedOutside ?? 0) + 1;
        return undefined;
      }
      this.counters.diskReads++;
      // Bounded and non-blocking: a FIFO or device swapped in after the stat is never read.
      const read = readRegularFileBounded(file, MAX_DISK_READ_BYTES);
      return read.ok ? read.text : undefined;
    } catch {
      return undefined;
    }
  }

  /** The text of a disk entry: just read, kept, or read again (too large to keep). */
  private textOf(file: string, disk: { entry: DiskEntry; text?: string }): string | undefined {
    if (disk.text !== undefined) return disk.text;
    return disk.entry.kept ? disk.entry.text : this.readDisk(file);
  }

  private fromDisk(file: string): string | undefined {
    return this.textOf(file, this.diskEntry(file));
  }

  /** The text of a document by URI: its open buffer, else the file on disk. */
  documentText(uri: string): string | undefined {
    return this.documents.get(uri)?.getText() ?? this.read(uriToPath(uri) ?? uri);
  }

  /** ProjectHost: changes with the buffer's version, else with the disk stamp. */
  versionOf(file: string): string {
    const open = this.documents.get(pathToUri(file));
    if (open) return `buffer:${open.version}`;
    if (!this.disk) return 'absent';
    return `disk:${this.diskEntry(file).entry.stamp}`;
  }

  /** ProjectHost: every name in a folder (disk, plus open buffers not yet saved). */
  listDir(dir: string): string[] {
    const out = new Set(this.disk ? this.diskNames(dir) : []);
    for (const d of this.documents.all()) {
      const p = uriToPath(d.uri);
      if (p && path.dirname(p) === dir) out.add(path.basename(p));
    }
    return [...out].sort();
  }

  /** ProjectHost: an open buffer is a file; else what the disk says. */
  kind(p: string): EntryKind | undefined {
    if (this.documents.get(pathToUri(p))) return 'file';
    if (!this.disk) return undefined;
    try {
      const st = statSync(p);
      return st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
    } catch {
      return undefined;
    }
  }

  /** ProjectHost: the path with links resolved. */
  realPath(p: string): string | undefined {
    try {
      return realPath(p);
    } catch {
      return this.documents.get(pathToUri(p)) ? p : undefined;
    }
  }

  /** ProjectHost: the text of a file (buffer first). */
  readFile(file: string): string | undefined {
    return this.read(file);
  }

  private diskNames(dir: string): string[] {
    const cached = this.listings.get(dir);
    if (cached && (this.watching || cached.stamp === this.stampOf(dir))) return cached.names;
    const stamp = this.stampOf(dir);
    let names: string[] = [];
    try {
      this.counters.listings++;
      names = readdirSync(dir);
    } catch {
      // unreadable folder: only open buffers count
    }
    this.listings.set(dir, { names, stamp });
    return names;
  }

  setFolders(uris: string[]): void {
    this.folders = uris.map(uriToPath).filter((p): p is string => !!p);
    this.realFolders.clear();
  }

  /** Off in a virtual workspace: only open buffers are read. */
  setDiskAccess(on: boolean): void {
    this.disk = on;
  }

  get diskAccess(): boolean {
    return this.disk;
  }

  getFolders(): string[] {
    return [...this.folders];
  }

  /** The workspace folder holding `file` (the longest match), if any. */
  folderOf(file: string): string | undefined {
    let best: string | undefined;
    for (const f of this.folders) {
      const rel = path.relative(f, file);
      if (!leavesBase(rel) && (!best || f.length > best.length)) best = f;
    }
    return best;
  }

  /** Text of a file: the open buffer when there is one, else the disk; undefined when unreadable. */
  read(file: string): string | undefined {
    const open = this.documents.get(pathToUri(file));
    if (open) return open.getText();
    if (!this.disk) return undefined;
    return this.fromDisk(file);
  }

  /** YAML files directly in `dir` (open buffers included even when not yet saved). */
  yamlFilesIn(dir: string): string[] {
    const out = new Set<string>();
    if (this.disk) for (const name of this.diskNames(dir)) if (/\.ya?ml$/i.test(name)) out.add(path.join(dir, name));
    for (const d of this.documents.all()) {
      const p = uriToPath(d.uri);
      if (p && path.dirname(p) === dir && /\.ya?ml$/i.test(p)) out.add(p);
    }
    return [...out].sort();
  }

  /** Every YAML file under the workspace folders (bounded), for workspace-wide reports. */
  allYamlFiles(limit = 2000): string[] {
    const out: string[] = [];
    const walk = (dir: string, depth: number): void => {
      if (out.length >= limit || depth > 12) return;
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (out.length >= limit) return;
        const p = path.join(dir, e.name);
        if (e.isDirectory() && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) walk(p, depth + 1);
        else if (e.isFile() && /\.ya?ml$/i.test(e.name)) {
          try {
            if (statSync(p).size <= 4_000_000) out.push(p);
          } catch {
            // vanished meanwhile
          }
        }
      }
    };
    if (this.disk) for (const f of this.folders) walk(f, 0);
    for (const d of this.documents.all()) {
      const p = uriToPath(d.uri);
      if (p && !out.includes(p)) out.push(p);
    }
    return out;
  }
}
