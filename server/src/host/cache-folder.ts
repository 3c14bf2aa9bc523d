// The user's cache folder (derived facts, V8's compiled code of the CLI) and what makes its entries trusted. A
// repository is untrusted input, and so is anything it can reach: the folder is refused when it lies inside the
// checked tree (a relative KUBEGATE_CACHE_DIR is resolved first), when it is not this user's or others can write
// to it, or when it cannot be made (a folder under /proc). Every entry carries a keyed hash (HMAC-SHA256) of its
// name and content under a per-user secret kept in the folder (32 random bytes, mode 0600): an entry written by
// anyone without the secret is a miss, never data and never code. Entries are read only when they are regular
// files (no FIFO, no link to /dev/zero) and up to a byte bound.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isWithin } from '../cli/confine';

/** The secret's file in the cache folder. */
export const SECRET_NAME = 'secret';
const SECRET_BYTES = 32;
/** Levels of folders created for the cache folder at most (each made on its own: Node's recursive mkdir loops
 *  forever under /proc/self). */
const MAX_NEW_LEVELS = 32;
const HMAC_HEX = 64;

/** A refused folder says why; `unsafe` when refused for what it is (where it lies, who can write to it), not for
 *  failing to be made or read (a read-only disk: the run just goes without a cache, silently). */
export type CacheFolder = { ok: true; dir: string; secret: string } | { ok: false; dir: string; why: string; unsafe: boolean };

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/** Creates `dir` and its missing parents one level at a time (mode 0700), at most MAX_NEW_LEVELS of them. */
function makeFolder(dir: string): void {
  const missing: string[] = [];
  let at = dir;
  while (!fs.existsSync(at)) {
    if (missing.length >= MAX_NEW_LEVELS) throw new Error(`more than ${MAX_NEW_LEVELS} folders to create`);
    missing.push(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const d of missing.reverse()) {
    try {
      fs.mkdirSync(d, { mode: 0o700 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

const myUid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/** Reads a regular file of at most `max` bytes without following a link at its name and without blocking. */
export function readBoundedRegular(file: string, max: number): Buffer | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.size > max) return undefined;
    const buf = Buffer.alloc(st.size);
    let got = 0;
    while (got < st.size) {
      const n = fs.readSync(fd, buf, got, st.size - got, got);
      if (n === 0) break;
      got += n;
    }
    return got === st.size ? buf : undefined;
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

class UnsafeSecret extends Error {}

/** The folder's secret: read when it is this user's private regular file, else created (a new file linked into
 *  place: two runs starting together agree on one). */
function secretOf(dir: string): string {
  const file = path.join(dir, SECRET_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    let st: fs.Stats | undefined;
    try {
      st = fs.lstatSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (st) {
      const uid = myUid();
      if (!st.isFile() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o077) !== 0) {
        throw new UnsafeSecret(`its ${SECRET_NAME} file is not a private file of this user (remove it)`);
      }
      const bytes = readBoundedRegular(file, SECRET_BYTES);
      if (bytes && bytes.length === SECRET_BYTES) return bytes.toString('hex');
      throw new Error(`its ${SECRET_NAME} file is damaged (remove it)`);
    }
    const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      fs.writeSync(fd, randomBytes(SECRET_BYTES));
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.linkSync(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  throw new Error(`its ${SECRET_NAME} file cannot be made`);
}

/**
 * The cache folder `dir` (absolute, or resolved against `cwd`), checked and with its secret, or why it is refused.
 * `trees` are the folders being checked (the repository root, the working directory): the cache is never inside one.
 */
export function openCacheFolder(given: string, cwd: string, trees: readonly string[]): CacheFolder {
  const dir = path.resolve(cwd, given);
  const inside = (d: string) => trees.some((t) => isWithin(t, d) || isWithin(realOrSelf(t), d));
  const unsafe = (why: string): CacheFolder => ({ ok: false, dir, why, unsafe: true });
  if (inside(dir)) return unsafe('it is inside the checked repository, which could plant entries in it');
  try {
    makeFolder(dir);
    const real = fs.realpathSync(dir);
    if (inside(real)) return unsafe('it leads inside the checked repository through a link');
    const st = fs.statSync(real);
    const uid = myUid();
    if (!st.isDirectory()) return { ok: false, dir, why: 'it is not a folder', unsafe: false };
    if (uid !== undefined && st.uid !== uid) return unsafe('it belongs to another user');
    if ((st.mode & 0o022) !== 0) return unsafe('others can write to it (chmod go-w it)');
    return { ok: true, dir: real, secret: secretOf(real) };
  } catch (err) {
    return { ok: false, dir, why: err instanceof Error ? err.message : String(err), unsafe: err instanceof UnsafeSecret };
  }
}

/** `content` with its keyed hash in front, for an entry named `name`. */
export function sealEntry(secret: string, name: string, content: Buffer | string): Buffer {
  const body = typeof content === 'string' ? Buffer.from(content) : content;
  const mac = createHmac('sha256', Buffer.from(secret, 'hex')).update(name).update('\0').update(body).digest('hex');
  return Buffer.concat([Buffer.from(`${mac}\n`), body]);
}

/** The content of a sealed entry named `name` when its keyed hash is right, else undefined. */
export function openEntry(secret: string, name: string, sealed: Buffer | undefined): Buffer | undefined {
  if (!sealed || sealed.length < HMAC_HEX + 1 || sealed[HMAC_HEX] !== 0x0a) return undefined;
  const body = sealed.subarray(HMAC_HEX + 1);
  const expected = createHmac('sha256', Buffer.from(secret, 'hex')).update(name).update('\0').update(body).digest();
  const given = Buffer.from(sealed.subarray(0, HMAC_HEX).toString('latin1'), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? body : undefined;
}
