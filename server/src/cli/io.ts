// What a CLI command may touch: output streams, files, the working directory. Injected so that commands
// are plain functions (tests can run them in-process).
import * as fs from 'node:fs';
import { realPath } from '../host/real-path';
import { openReplacing, writeReplacing } from './safe-write';
import { MAX_FILE_BYTES, readRegularFile, readStreamInput, statEntry, type EntryKind, type ReadOutcome } from './read-bounded';

export type { EntryKind, ReadOutcome } from './read-bounded';

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
  /** Whether stdout is a terminal (grouped text, Markdown rendered as text). */
  tty?: boolean;
  /** Kind and size of a path, symlinks followed; undefined when absent or not stat-able. */
  stat?(path: string): { kind: EntryKind; size: number } | undefined;
  /** Reads a regular file, at most `maxBytes`; opens nothing that is not a regular file. */
  readRegular?(path: string, maxBytes: number): ReadOutcome;
  /** Reads an input that can be read only once (`-` = stdin, a FIFO, /dev/fd/N), at most `maxBytes`. */
  readStream?(path: string, maxBytes: number): Promise<ReadOutcome>;
  /** The working directory (repository root, `.kubegate.yaml`, relative SARIF paths). */
  cwd?(): string;
  /** Opens a file for a report (`--output`, `--format sarif=FILE`): written beside it and renamed over it on
   *  close, never through a link nor out of `root` through a linked folder (safe-write.ts; RefusedWrite). */
  openOutput?(path: string, root?: string): { write(text: string): void; close(): void; abort?(): void };
  /** Replaces the text of an existing input file (`kubegate check --fix`), the same way; keeps its mode. */
  writeFile?(path: string, text: string, root?: string): void;
  /** The environment (the cache folder, KUBEGATE_CACHE); absent in tests that run a command in-process: no cache. */
  env?: NodeJS.ProcessEnv;
}

/** The run's working directory: the one the IO says, else the process's. */
export function cwdOf(io: CliIO): string {
  return io.cwd?.() ?? process.cwd();
}

export function processIO(): CliIO {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    // Every read through the IO is bounded and opens only regular files: discovery code (configs, CRDs,
    // kustomizations) that finds a FIFO or a symlink to /dev/zero beside a manifest gets an error, not a hang.
    readFile(p) {
      const o = readRegularFile(p, MAX_FILE_BYTES);
      if (o.ok) return o.text;
      if (o.reason === 'too-large') throw new Error(`${p} is larger than ${o.limit} bytes`);
      if (o.reason === 'not-regular') throw new Error(`${p} is not a regular file (${o.kind})`);
      throw new Error(`${p}: ${o.message}`);
    },
    kind(p) {
      const st = statEntry(p);
      return st?.kind === 'dir' ? 'dir' : st?.kind === 'file' ? 'file' : undefined;
    },
    listDir: (p) => fs.readdirSync(p),
    realPath,
    color: colorWanted(!!process.stdout.isTTY, process.env),
    tty: !!process.stdout.isTTY,
    stat: statEntry,
    readRegular: readRegularFile,
    readStream: readStreamInput,
    cwd: () => process.cwd(),
    openOutput: (p, root) => openReplacing(p, root !== undefined ? { root } : {}),
    writeFile(p, t, root) {
      const mode = statEntry(p)?.kind === 'file' ? fs.statSync(p).mode & 0o7777 : undefined;
      writeReplacing(p, t, { ...(root !== undefined ? { root } : {}), ...(mode !== undefined ? { mode } : {}) });
    },
    env: process.env,
  };
}

/** Colour on a terminal unless NO_COLOR is set (non-empty); FORCE_COLOR (not "0"/"false") forces it on. */
export function colorWanted(isTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return true;
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  if (force === '0' || force === 'false') return false;
  return isTTY;
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
