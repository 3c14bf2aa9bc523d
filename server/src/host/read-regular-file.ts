// Reading a file that may be hostile: opened without blocking (a FIFO opens at once), checked with fstat before
// a byte is read (only regular files; a symlink is followed and its target checked the same way), and read up to
// a byte cap. Used for kubeconfig files and for files the language server is asked about.
import * as fs from 'node:fs';

export type RegularFileRead =
  | { ok: true; text: string; bytes: number }
  | { ok: false; reason: 'missing' | 'not-regular' | 'too-large' | 'unreadable'; detail: string };

function describeKind(st: fs.Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

export function readRegularFileBounded(file: string, maxBytes: number): RegularFileRead {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'missing', detail: 'no such file' };
    return { ok: false, reason: 'unreadable', detail: code === 'EACCES' ? 'permission denied' : code ?? 'cannot open' };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { ok: false, reason: 'not-regular', detail: describeKind(st) };
    if (st.size > maxBytes) return { ok: false, reason: 'too-large', detail: `${st.size} bytes, more than ${maxBytes}` };
    // The size may change while reading: never read more than the cap (plus one byte to notice).
    const buf = Buffer.allocUnsafe(Math.min(maxBytes + 1, Math.max(st.size + 1, 1)));
    let length = 0;
    for (;;) {
      if (length === buf.length) break;
      const n = fs.readSync(fd, buf, length, buf.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) return { ok: false, reason: 'too-large', detail: `more than ${maxBytes} bytes` };
    return { ok: true, text: buf.subarray(0, length).toString('utf8'), bytes: length };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, reason: 'unreadable', detail: code ?? 'read failed' };
  } finally {
    fs.closeSync(fd);
  }
}
