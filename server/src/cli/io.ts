// What a CLI command may touch: output streams, files, the working directory. Injected so that commands
// are plain functions (tests can run them in-process).
import * as fs from 'node:fs';

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  readFile(path: string): string;
  /** 'file' | 'dir' | undefined (absent or unreadable). */
  kind(path: string): 'file' | 'dir' | undefined;
  listDir(path: string): string[];
  /** The canonical path (symlinks resolved), to walk a folder reached twice (a symlink loop) only once. */
  realPath?(path: string): string;
  /** Whether to colour the text output. */
  color: boolean;
}

export function processIO(): CliIO {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    readFile: (p) => fs.readFileSync(p, 'utf8'),
    kind(p) {
      try {
        const st = fs.statSync(p);
        return st.isDirectory() ? 'dir' : 'file';
      } catch {
        return undefined;
      }
    },
    listDir: (p) => fs.readdirSync(p),
    realPath: (p) => fs.realpathSync(p),
    color: !!process.stdout.isTTY && !process.env.NO_COLOR,
  };
}

/** Exit codes shared by every command. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  usage: string;
  run(argv: readonly string[], io: CliIO): Promise<number>;
}
