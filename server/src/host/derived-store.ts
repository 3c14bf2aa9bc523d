// The derived-facts store on disk, shared by the CLI and the language server: one JSON file per derivation of a
// file's text, in the user's cache folder (KUBEGATE_CACHE_DIR, else $XDG_CACHE_HOME/kubegate, else
// ~/.cache/kubegate). Keys hash the text, the file, the derivation's format and Kubegate's own build, so another
// version of Kubegate never reads this one's entries. Safe with concurrent runs: an entry is written to a temporary
// file and renamed into place, and one that does not read back is derived again. Trusted only as far as
// cache-folder.ts allows: a folder it refuses is no cache at all; an entry whose keyed hash is wrong, that is not a
// regular file or is over its bound is a miss. Bounded: after a run that wrote entries, the oldest of its own
// entries go once the folder passes its size cap (files it did not write are left alone).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DerivedStore } from '../engine';
import { repositoryRoot } from '../cli/confine';
import { openCacheFolder, openEntry, readBoundedRegular, sealEntry } from './cache-folder';

/** The folder's size cap; pruning brings it down to three quarters of it. */
export const STORE_MAX_BYTES = 256 * 1024 * 1024;
/** One entry's bound (the facts of a CRD bundle are far smaller than the bundle, itself at most 32 MiB). */
const ENTRY_MAX_BYTES = 32 * 1024 * 1024;

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
  // Run from source (tests, mutants) the name is never defined; the tests of the built CLI see the bundle's id.
  // Stryker disable next-line ConditionalExpression,StringLiteral: not defined when run from source
  return typeof KUBEGATE_BUILD_ID === 'string' ? KUBEGATE_BUILD_ID : 'source';
}

/** Where a run's store is: plain data, so worker threads open the same one. */
export interface StoreSpec {
  /** The checked cache folder (links resolved). */
  dir: string;
  build: string;
  /** The folder's secret (hex): the key of every entry's hash. */
  secret: string;
}

/** The folders a run checks, which never hold its cache: the working directory and its repository. */
export function checkedTrees(cwd: string): string[] {
  return [cwd, repositoryRoot(cwd, (p) => fs.existsSync(p), cwd)];
}

/** The store of a run, or undefined when caching is off (`--no-cache`, KUBEGATE_CACHE=off), no cache folder can be
 *  named or made, or the folder is refused (cache-folder.ts: then `refused` is told why). `trees` are the folders
 *  the cache may not be in (the language server's: its workspace folders and their repositories). */
export function storeSpecFor(noCache: boolean, env: NodeJS.ProcessEnv, cwd = process.cwd(), refused?: (why: string) => void, trees = checkedTrees(cwd)): StoreSpec | undefined {
  if (noCache || /^(off|0|false|no)$/i.test(env['KUBEGATE_CACHE'] ?? '')) return undefined;
  const dir = storeFolder(env);
  if (!dir) return undefined;
  const folder = openCacheFolder(dir, cwd, trees);
  if (!folder.ok) {
    if (folder.unsafe) refused?.(`the cache folder ${folder.dir} is not used: ${folder.why}`);
    return undefined;
  }
  return { dir: folder.dir, build: buildIdentity(), secret: folder.secret };
}

export function openStore(spec: StoreSpec | undefined): DiskStore | undefined {
  return spec ? diskStore(spec) : undefined;
}

const ENTRY_NAME = /^[0-9a-f]{62}\.json$/;
const SHARD_NAME = /^[0-9a-f]{2}$/;

export function diskStore({ dir, build, secret }: StoreSpec): DiskStore {
  const root = path.join(dir, 'derived-v1');
  const stats = { hits: 0, misses: 0, writes: 0, writeFailures: 0 };
  const entryOf = (what: string, file: string, text: string): { file: string; name: string } => {
    const key = createHash('sha256').update(build).update('\0').update(what).update('\0').update(file).update('\0').update(text).digest('hex');
    return { file: path.join(root, key.slice(0, 2), `${key.slice(2)}.json`), name: key };
  };
  return {
    dir,
    stats,
    get(what, file, text) {
      const entry = entryOf(what, file, text);
      const body = openEntry(secret, entry.name, readBoundedRegular(entry.file, ENTRY_MAX_BYTES + 65));
      if (body === undefined) {
        stats.misses++;
        return undefined;
      }
      stats.hits++;
      return body.toString('utf8');
    },
    set(what, file, text, value) {
      const { file: entry, name } = entryOf(what, file, text);
      const tmp = `${entry}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        if (Buffer.byteLength(value) > ENTRY_MAX_BYTES) throw new Error('too large to keep');
        for (const d of [root, path.dirname(entry)]) {
          try {
            fs.mkdirSync(d, { mode: 0o700 });
          } catch (err) {
            // A folder that cannot be made fails the openSync below: a write failure whether or not it is thrown here.
            // Stryker disable next-line ConditionalExpression: equivalent, see above
            if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
          }
        }
        // Stryker disable next-line LogicalOperator: equivalent: O_EXCL already refuses a name that exists, links too
        const fd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0), 0o600);
        try {
          fs.writeSync(fd, sealEntry(secret, name, value));
        } finally {
          fs.closeSync(fd);
        }
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

/** Only names the store writes are looked at (a shard folder, an entry in it), and only regular files are
 *  counted or removed: a stranger (a stray file, a link, a folder of another tool) neither stops pruning nor goes. */
function pruneFolder(root: string, maxBytes: number): void {
  const entries: { file: string; size: number; mtime: number }[] = [];
  let total = 0;
  const list = (dir: string): string[] => {
    try {
      return fs.readdirSync(dir);
    } catch {
      return [];
    }
  };
  for (const sub of list(root)) {
    if (!SHARD_NAME.test(sub)) continue;
    const dir = path.join(root, sub);
    const st = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (!st?.isDirectory()) continue;
    for (const name of list(dir)) {
      if (!ENTRY_NAME.test(name)) continue;
      const file = path.join(dir, name);
      try {
        const est = fs.lstatSync(file);
        if (!est.isFile()) continue;
        entries.push({ file, size: est.size, mtime: est.mtimeMs });
        total += est.size;
      } catch {
        // removed by another run
      }
    }
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
