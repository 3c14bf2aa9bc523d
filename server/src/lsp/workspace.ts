// The server's view of files: open editor buffers first, then disk. URI ↔ path conversion and the
// workspace folders. No analysis here: the engine receives a reader and decides what to read.
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { WorkspaceStatsResult } from '../contract/protocol';
import {
  readGateConfigsFromText,
  type ConfigDocInfo,
  type ConfigFileAccess,
  mayHoldGateConfig,
  readRegularFileBounded,
} from '../engine';

/** Files read from disk are at most this large (the size guard's 5 M characters in UTF-8, with room). */
const MAX_DISK_READ_BYTES = 24 * 1024 * 1024;

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
  text: string | undefined;
  /** mtime and size when read: checked again when the client does not send file events. */
  stamp: string;
}

/**
 * The server's workspace index: open buffers first, then disk. Disk texts, folder listings and the gate configs
 * parsed from files are kept until a file event (workspace/didChangeWatchedFiles) or a buffer change says they
 * moved on; a client without file events gets a stat check instead of a read. So a keystroke in one document
 * reads and parses nothing else.
 */
export class WorkspaceFiles {
  private folders: string[] = [];
  private disk = true;
  /** True once the client watches files for us: cached entries then stay valid until an event. */
  private watching = false;
  private readonly texts = new Map<string, DiskEntry>();
  private readonly listings = new Map<string, { names: string[]; stamp: string }>();
  private readonly configCache = new Map<string, { text: string; configs: ConfigDocInfo[] }>();
  readonly stats: WorkspaceStatsResult = { diskReads: 0, listings: 0, configParses: 0 };

  constructor(private readonly documents: TextDocuments<TextDocument>) {}

  /** The client registered file watchers: trust the cache until it sends events. */
  setWatching(on: boolean): void {
    this.watching = on;
  }

  /** A file changed, appeared or went away on disk. */
  invalidate(file: string): void {
    this.texts.delete(file);
    this.listings.delete(path.dirname(file));
  }

  invalidateAll(): void {
    this.texts.clear();
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

  private fromDisk(file: string): string | undefined {
    const cached = this.texts.get(file);
    if (cached && (this.watching || cached.stamp === this.stampOf(file))) return cached.text;
    const stamp = this.stampOf(file);
    let text: string | undefined;
    try {
      if (statSync(file).isFile()) {
        this.stats.diskReads++;
        // Bounded and non-blocking: a FIFO or device swapped in after the stat is never read.
        const read = readRegularFileBounded(file, MAX_DISK_READ_BYTES);
        text = read.ok ? read.text : undefined;
      }
    } catch {
      text = undefined;
    }
    this.texts.set(file, { text, stamp });
    return text;
  }

  private diskYamlNames(dir: string): string[] {
    const cached = this.listings.get(dir);
    if (cached && (this.watching || cached.stamp === this.stampOf(dir))) return cached.names;
    const stamp = this.stampOf(dir);
    const names: string[] = [];
    try {
      this.stats.listings++;
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isFile() && /\.ya?ml$/i.test(e.name)) names.push(e.name);
      }
    } catch {
      // unreadable folder: only open buffers count
    }
    this.listings.set(dir, { names, stamp });
    return names;
  }

  /** Discovery access for the engine (engine/gates governingConfigs), with parsed configs kept per text. */
  configAccess(): ConfigFileAccess {
    return {
      listFiles: (dir) => this.yamlFilesIn(dir).map((f) => path.basename(f)),
      readFile: (f) => this.read(f),
      configsOf: (f) => {
        const text = this.read(f);
        if (text === undefined || !mayHoldGateConfig(text)) return [];
        const cached = this.configCache.get(f);
        if (cached && cached.text === text) return cached.configs;
        this.stats.configParses++;
        const configs = readGateConfigsFromText(text, f);
        this.configCache.set(f, { text, configs });
        return configs;
      },
    };
  }

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
    return this.fromDisk(file);
  }

  /** YAML files directly in `dir` (open buffers included even when not yet saved). */
  yamlFilesIn(dir: string): string[] {
    const out = new Set<string>();
    if (this.disk) for (const name of this.diskYamlNames(dir)) out.add(path.join(dir, name));
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
