// Every file the CLI writes (reports: --output, --format F=FILE; --fix; schema export --out) is written the same
// way: never through a link and never over one. The existing entry must be a regular file of this user, or absent;
// a folder on the way that lies in the repository must not lead outside it through a link; the text goes to a new
// file created exclusively beside the target (O_EXCL | O_NOFOLLOW: never an existing file, never a link), which is
// renamed over the name at the end (a rename replaces the entry itself, never what a link points to). A repository
// is untrusted input: a committed `report.sarif -> ~/.ssh/authorized_keys` must not receive the report.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isWithin } from './confine';

/** A write Kubegate refuses (the caller exits 2 with its message). */
export class RefusedWrite extends Error {}

export interface WriteBounds {
  /** The repository root: a folder on the way inside it must resolve inside it (links followed). */
  root?: string;
  /** The new file's permissions (before the umask). Default 0o644. */
  mode?: number;
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/** Throws RefusedWrite when `file` (absolute) may not be written: a link, not a regular file, another user's
 *  file, or in a folder of the repository that leads outside it through a link. */
export function checkWriteTarget(file: string, bounds: WriteBounds = {}): void {
  let st: fs.Stats | undefined;
  try {
    st = fs.lstatSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new RefusedWrite(`${file}: ${(err as Error).message}`);
  }
  if (st) {
    if (st.isSymbolicLink()) throw new RefusedWrite(`${file} is a symbolic link: not written through (remove it, or write to another name)`);
    if (!st.isFile()) throw new RefusedWrite(`${file} exists and is not a regular file: not written`);
    const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
    if (uid !== undefined && st.uid !== uid) throw new RefusedWrite(`${file} belongs to another user: not overwritten`);
  }
  const parent = path.dirname(file);
  if (bounds.root !== undefined && isWithin(bounds.root, parent) && !isWithin(realOrSelf(bounds.root), realOrSelf(parent))) {
    throw new RefusedWrite(`${parent} leads outside the repository (${bounds.root}) through a link: ${path.basename(file)} not written there`);
  }
}

/** A file being written: `write` appends to the temporary file, `close` renames it over the name, `abort` drops it. */
export interface ReplacingFile {
  write(text: string): void;
  close(): void;
  abort(): void;
}

/** Opens `file` (absolute) for writing as described above; throws RefusedWrite when it may not be written. */
export function openReplacing(file: string, bounds: WriteBounds = {}): ReplacingFile {
  checkWriteTarget(file, bounds);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  let fd: number | undefined;
  try {
    fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0), bounds.mode ?? 0o644);
  } catch (err) {
    throw new RefusedWrite(`cannot create a file beside ${file}: ${(err as Error).message}`);
  }
  // A given mode is kept exactly (a file rewritten by --fix keeps its own), whatever the umask.
  if (bounds.mode !== undefined) fs.fchmodSync(fd, bounds.mode);
  const drop = () => {
    if (fd !== undefined) fs.closeSync(fd);
    fd = undefined;
    fs.rmSync(temp, { force: true });
  };
  return {
    write(text) {
      if (fd !== undefined) fs.writeSync(fd, text);
    },
    close() {
      if (fd === undefined) return;
      fs.closeSync(fd);
      fd = undefined;
      try {
        // Checked again just before the rename: an entry swapped in meanwhile is not replaced.
        checkWriteTarget(file, bounds);
        fs.renameSync(temp, file);
      } catch (err) {
        fs.rmSync(temp, { force: true });
        throw err;
      }
    },
    abort: drop,
  };
}

/** Writes `text` to `file` (absolute) as described above; throws RefusedWrite when it may not be written. */
export function writeReplacing(file: string, text: string, bounds: WriteBounds = {}): void {
  const out = openReplacing(file, bounds);
  try {
    out.write(text);
  } catch (err) {
    out.abort();
    throw err;
  }
  out.close();
}
