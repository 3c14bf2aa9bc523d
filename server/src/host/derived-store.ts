// The derived-facts store on disk, shared by the CLI and the language server: one JSON file per derivation of a
// file's text, in the user's cache folder (KUBEGATE_CACHE_DIR, else $XDG_CACHE_HOME/kubegate, else
// ~/.cache/kubegate). Keys hash the text, the file, the derivation's format and Kubegate's own build, so another
// version of Kubegate never reads this one's entries. Safe with concurrent runs: an entry is written to a temporary
// file and renamed into place, and one that does not read back is derived again. Bounded: after a run that wrote
// entries, the oldest go once the folder passes its size cap.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DerivedStore } from '../engine';

/** The folder's size cap; pruning brings it down to three quarters of it. */
export const STORE_MAX_BYTES = 256 * 1024 * 1024;

export interface DiskStore extends DerivedStore {
  readonly dir: string;
  readonly stats: { hits: number; misses: number; writes: number; writeFailures: number };
  /** Removes the oldest entries when the folder is over `maxBytes` (after a run that wrote). */
  prune(maxBytes?: number): void;
}

/** The cache folder for an environment, or undefined when none can be named (no home folder). */
export function storeFolder(env: NodeJS.ProcessEnv): string | undefined {
  const own = env['KUBEGATE_CACHE_DIR'];
  if (own) return own;
  const xdg = env['XDG_CACHE_HOME'];
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'kubegate');
  let home: string;
  try {
    home = os.homedir();
  } catch {
    return undefined;
  }
  return home ? path.join(home, '.cache', 'kubegate') : undefined;
}

/** Set by the bundler (scripts/esbuild-options.mjs): one id per build of the CLI and the server together. */
declare const KUBEGATE_BUILD_ID: string | undefined;

/** What identifies this build of Kubegate (run from source: the sources, which tests give a fresh folder). */
export function buildIdentity(): string {
  return typeof KUBEGATE_BUILD_ID === 'string' ? KUBEGATE_BUILD_ID : 'source';
}

/** Where a run's store is: plain data, so worker threads open the same one. */
export interface StoreSpec {
  dir: string;
  build: string;
}

/** The store of a run, or undefined when caching is off (`--no-cache`, KUBEGATE_CACHE=off) or no cache folder
 *  can be named. */
export function storeSpecFor(noCache: boolean, env: NodeJS.ProcessEnv): StoreSpec | undefined {
  if (noCache || /^(off|0|false|no)$/i.test(env['KUBEGATE_CACHE'] ?? '')) return undefined;
  const dir = storeFolder(env);
  return dir ? { dir, build: buildIdentity() } : undefined;
}

export function openStore(spec: StoreSpec | undefined): DiskStore | undefined {
  return spec ? diskStore(spec.dir, spec.build) : undefined;
}

export function diskStore(dir: string, build: string): DiskStore {
  const root = path.join(dir, 'derived-v1');
  const stats = { hits: 0, misses: 0, writes: 0, writeFailures: 0 };
  const entryOf = (what: string, file: string, text: string): string => {
    const key = createHash('sha256').update(build).update('\0').update(what).update('\0').update(file).update('\0').update(text).digest('hex');
    return path.join(root, key.slice(0, 2), `${key.slice(2)}.json`);
  };
  return {
    dir,
    stats,
    get(what, file, text) {
      try {
        const value = fs.readFileSync(entryOf(what, file, text), 'utf8');
        stats.hits++;
        return value;
      } catch {
        stats.misses++;
        return undefined;
      }
    },
    set(what, file, text, value) {
      const entry = entryOf(what, file, text);
      const tmp = `${entry}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        fs.mkdirSync(path.dirname(entry), { recursive: true });
        fs.writeFileSync(tmp, value);
        fs.renameSync(tmp, entry);
        stats.writes++;
      } catch {
        stats.writeFailures++;
        try {
          fs.rmSync(tmp, { force: true });
        } catch {
          // nothing to remove
        }
      }
    },
    prune(maxBytes = STORE_MAX_BYTES) {
      if (stats.writes === 0) return;
      pruneFolder(root, maxBytes);
    },
  };
}

function pruneFolder(root: string, maxBytes: number): void {
  const entries: { file: string; size: number; mtime: number }[] = [];
  let total = 0;
  try {
    for (const sub of fs.readdirSync(root)) {
      const dir = path.join(root, sub);
      for (const name of fs.readdirSync(dir)) {
        const file = path.join(dir, name);
        try {
          const st = fs.statSync(file);
          entries.push({ file, size: st.size, mtime: st.mtimeMs });
          total += st.size;
        } catch {
          // removed by another run
        }
      }
    }
  } catch {
    return;
  }
  if (total <= maxBytes) return;
  entries.sort((a, b) => a.mtime - b.mtime);
  for (const e of entries) {
    if (total <= maxBytes * 0.75) break;
    try {
      fs.rmSync(e.file, { force: true });
      total -= e.size;
    } catch {
      // another run removed it
    }
  }
}
