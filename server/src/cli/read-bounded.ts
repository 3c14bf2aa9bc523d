// Bounded reads for the CLI: a regular file is opened without blocking and checked with fstat before a byte
// is read (a FIFO, device or socket swapped in is never read); an input that can be read only once (stdin, a
// FIFO or /dev/fd/N named on the command line) is read as a stream up to a byte cap, exactly once.
import * as fs from 'node:fs';

/** The default cap of one file read (the CLI's --max-file-size default). */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

export type EntryKind = 'file' | 'dir' | 'fifo' | 'char-device' | 'block-device' | 'socket' | 'other';

export type ReadOutcome =
  | { ok: true; text: string; bytes: number }
  | { ok: false; reason: 'too-large'; bytes: number; limit: number }
  | { ok: false; reason: 'not-regular'; kind: EntryKind; bytes: 0 }
  | { ok: false; reason: 'error'; message: string; bytes: number };

export function kindOf(st: fs.Stats): EntryKind {
  if (st.isFile()) return 'file';
  if (st.isDirectory()) return 'dir';
  if (st.isFIFO()) return 'fifo';
  if (st.isCharacterDevice()) return 'char-device';
  if (st.isBlockDevice()) return 'block-device';
  if (st.isSocket()) return 'socket';
  return 'other';
}

export function statEntry(p: string): { kind: EntryKind; size: number } | undefined {
  try {
    // An absent path (asked for every folder: .git, settings files) without an exception built and thrown.
    const st = fs.statSync(p, { throwIfNoEntry: false });
    return st && { kind: kindOf(st), size: st.size };
  } catch {
    return undefined;
  }
}

function errorMessage(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e && e.code === 'EACCES') return 'permission denied';
  if (e && e.code === 'ENOENT') return 'no such file';
  if (e && e.code === 'EISDIR') return 'is a folder';
  return err instanceof Error ? err.message : String(err);
}

function decode(buf: Buffer): string {
  return buf.toString('utf8');
}

/** Reads a regular file of at most `maxBytes` bytes. The open does not block (O_NONBLOCK) and fstat decides. */
export function readRegularFile(p: string, maxBytes: number): ReadOutcome {
  let fd: number;
  try {
    fd = fs.openSync(p, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (err) {
    return { ok: false, reason: 'error', message: errorMessage(err), bytes: 0 };
  }
  try {
    const st = fs.fstatSync(fd);
    const kind = kindOf(st);
    if (kind !== 'file') return { ok: false, reason: 'not-regular', kind, bytes: 0 };
    if (st.size > maxBytes) return { ok: false, reason: 'too-large', bytes: 0, limit: maxBytes };
    // The size may change while reading: read at most maxBytes + 1 to notice growth past the cap.
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.allocUnsafe(Math.min(Math.max(st.size + 1, 1), 1 << 20));
    for (;;) {
      const want = Math.min(chunk.length, maxBytes + 1 - total);
      if (want <= 0) break;
      const n = fs.readSync(fd, chunk, 0, want, null);
      if (n === 0) break;
      chunks.push(Buffer.from(chunk.subarray(0, n)));
      total += n;
    }
    if (total > maxBytes) return { ok: false, reason: 'too-large', bytes: total, limit: maxBytes };
    return { ok: true, text: decode(Buffer.concat(chunks, total)), bytes: total };
  } catch (err) {
    return { ok: false, reason: 'error', message: errorMessage(err), bytes: 0 };
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads stdin (`-`) or a stream-like path (FIFO, /dev/fd/N) once, at most `maxBytes`. */
export function readStreamInput(p: string, maxBytes: number): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    let stream: NodeJS.ReadableStream & { destroy?: () => void };
    try {
      stream = p === '-' ? process.stdin : fs.createReadStream(p);
    } catch (err) {
      resolve({ ok: false, reason: 'error', message: errorMessage(err), bytes: 0 });
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const finish = (outcome: ReadOutcome) => {
      if (done) return;
      done = true;
      stream.removeListener('data', onData);
      if (p !== '-') stream.destroy?.();
      else process.stdin.pause();
      resolve(outcome);
    };
    const onData = (d: Buffer | string) => {
      const b = typeof d === 'string' ? Buffer.from(d) : d;
      total += b.length;
      if (total > maxBytes) {
        finish({ ok: false, reason: 'too-large', bytes: total, limit: maxBytes });
        return;
      }
      chunks.push(b);
    };
    stream.on('data', onData);
    stream.once('end', () => finish({ ok: true, text: decode(Buffer.concat(chunks, total)), bytes: total }));
    stream.once('error', (err: unknown) => finish({ ok: false, reason: 'error', message: errorMessage(err), bytes: total }));
  });
}
