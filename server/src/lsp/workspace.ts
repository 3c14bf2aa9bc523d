// The server's view of files: open editor buffers first, then disk (disk-texts.ts), inside the workspace folders
// (workspace-folders.ts); URI and path conversion. No analysis here: the engine receives a reader and decides
// what to read.
import { readdirSync, statSync } from 'node:fs';
import { realPath } from '../host/real-path';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { EntryKind, ProjectHost } from '../engine';
import { DiskTexts } from './disk-texts';
import { WorkspaceFolders } from './workspace-folders';

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

/**
 * The server's workspace index and the project model's host: open buffers first, then disk (disk-texts.ts: texts
 * and listings kept until a file event says they moved on), inside the workspace folders (workspace-folders.ts).
 * What is derived from files (gate configs, CRDs) is kept by the project per `versionOf`, so a keystroke in one
 * document reads and parses nothing else.
 */
export class WorkspaceFiles implements ProjectHost {
  readonly folders = new WorkspaceFolders();
  readonly disk = new DiskTexts((file) => this.folders.inside(file));
  /** Off in a virtual workspace: only open buffers are read. */
  private diskOn = true;

  constructor(private readonly documents: Pick<TextDocuments<TextDocument>, 'get' | 'all'>) {}

  /** The text of a document by URI: its open buffer, else the file on disk. */
  documentText(uri: string): string | undefined {
    return this.documents.get(uri)?.getText() ?? this.read(uriToPath(uri) ?? uri);
  }

  /** ProjectHost: changes with the buffer's version, else with the disk stamp. */
  versionOf(file: string): string {
    const open = this.documents.get(pathToUri(file));
    if (open) return `buffer:${open.version}`;
    if (!this.diskOn) return 'absent';
    return `disk:${this.disk.stamp(file)}`;
  }

  /** ProjectHost: every name in a folder (disk, plus open buffers not yet saved). */
  listDir(dir: string): string[] {
    const out = new Set(this.diskOn ? this.disk.names(dir) : []);
    for (const d of this.documents.all()) {
      const p = uriToPath(d.uri);
      if (p && path.dirname(p) === dir) out.add(path.basename(p));
    }
    return [...out].sort();
  }

  /** ProjectHost: an open buffer is a file; else what the disk says. */
  kind(p: string): EntryKind | undefined {
    if (this.documents.get(pathToUri(p))) return 'file';
    if (!this.diskOn) return undefined;
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

  /** Off in a virtual workspace: only open buffers are read. */
  setDiskAccess(on: boolean): void {
    this.diskOn = on;
  }

  get diskAccess(): boolean {
    return this.diskOn;
  }

  /** Text of a file: the open buffer when there is one, else the disk; undefined when unreadable. */
  read(file: string): string | undefined {
    const open = this.documents.get(pathToUri(file));
    if (open) return open.getText();
    if (!this.diskOn) return undefined;
    return this.disk.text(file);
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
    if (this.diskOn) for (const f of this.folders.list()) walk(f, 0);
    for (const d of this.documents.all()) {
      const p = uriToPath(d.uri);
      if (p && !out.includes(p)) out.push(p);
    }
    return out;
  }
}
