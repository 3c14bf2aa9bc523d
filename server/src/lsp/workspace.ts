// The server's view of files: open editor buffers first, then disk. URI ↔ path conversion and the
// workspace folders. No analysis here: the engine receives a reader and decides what to read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';

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

export class WorkspaceFiles {
  private folders: string[] = [];
  private disk = true;

  constructor(private readonly documents: TextDocuments<TextDocument>) {}

  setFolders(uris: string[]): void {
    this.folders = uris.map(uriToPath).filter((p): p is string => !!p);
  }

  /** Off in a virtual workspace: only open buffers are read. */
  setDiskAccess(on: boolean): void {
    this.disk = on;
  }

  getFolders(): string[] {
    return [...this.folders];
  }

  /** The workspace folder holding `file` (the longest match), if any. */
  folderOf(file: string): string | undefined {
    let best: string | undefined;
    for (const f of this.folders) {
      const rel = path.relative(f, file);
      if (!rel.startsWith('..') && !path.isAbsolute(rel) && (!best || f.length > best.length)) best = f;
    }
    return best;
  }

  /** Text of a file: the open buffer when there is one, else the disk; undefined when unreadable. */
  read(file: string): string | undefined {
    const open = this.documents.get(pathToUri(file));
    if (open) return open.getText();
    if (!this.disk) return undefined;
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  }

  /** YAML files directly in `dir` (open buffers included even when not yet saved). */
  yamlFilesIn(dir: string): string[] {
    const out = new Set<string>();
    try {
      if (!this.disk) throw new Error('no disk access');
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isFile() && /\.ya?ml$/i.test(e.name)) out.add(path.join(dir, e.name));
      }
    } catch {
      // unreadable folder: only open buffers count
    }
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
