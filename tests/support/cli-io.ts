// An in-memory CliIO for running CLI commands in-process: files from a map (folders are the prefixes of its
// keys), stdout and stderr collected as strings, no colour.
import type { CliIO } from '../../server/src/cli/io';

export type MemoryIO = CliIO & { stdout: string; stderr: string };

export function memoryIO(files: Record<string, string> = {}): MemoryIO {
  const under = (dir: string) => Object.keys(files).filter((f) => f.startsWith(`${dir}/`));
  const io: MemoryIO = {
    stdout: '',
    stderr: '',
    out(t) {
      io.stdout += t;
    },
    err(t) {
      io.stderr += t;
    },
    readFile(p) {
      const t = files[p];
      if (t === undefined) throw new Error(`ENOENT ${p}`);
      return t;
    },
    kind: (p) => (files[p] !== undefined ? 'file' : under(p).length > 0 ? 'dir' : undefined),
    listDir: (p) => [...new Set(under(p).map((f) => f.slice(p.length + 1).split('/')[0]!))],
    color: false,
  };
  return io;
}
