// The inputs of `kubegate check`: every PATH read exactly once (its text serves the gate configs and the
// check alike). `-` is stdin; a FIFO, a device or /dev/fd/N named on the command line is read once as a
// stream; folders are walked for YAML files, reading only regular files. Every read is capped per file and
// per run; whatever is skipped gets a note naming it, never silence. With `defer`, regular files are only
// looked at (kind and size) here and read when they are checked (check-jobs.ts FileChecker), through the
// project host's cache of recent texts that discovery shares: a run holds the texts of the files being checked
// and of their neighbours, not the tree's.
import * as path from 'node:path';
import { UsageError } from './args';
import { isWithin, realOf } from './confine';
import type { CliIO, EntryKind, ReadOutcome } from './io';
import { MAX_FILE_BYTES } from './read-bounded';
import { isManifestName, REPO_CONFIG_NAME } from '../engine';

export interface InputLimits {
  /** Bytes read from one file at most. */
  maxFileBytes: number;
  /** Bytes held in one run at most, when every text is read before any check (without `defer`; files beyond
   *  it are skipped with a note). A deferred run holds one file at a time: each file has its own bound, and no
   *  file can use up a budget the others needed. */
  maxRunBytes: number;
}

export const DEFAULT_LIMITS: InputLimits = { maxFileBytes: MAX_FILE_BYTES, maxRunBytes: 512 * 1024 * 1024 };

/** One input, read once. */
export interface CheckInput {
  /** The name shown in output (for stdin: `--stdin-filename` or `<stdin>`). */
  path: string;
  /** The text; undefined for a regular file whose read was deferred (its check reads it). */
  text?: string;
  /** Its size in bytes (of a deferred file: as found when the folder was walked). */
  size: number;
  /** Named on the command line (not found in a folder): a file that cannot be read fails the run. */
  named?: true;
  /** The `.kubegate.yaml` that governs it (its path), when one does: the run's settings for it (check-run.ts). */
  settings?: string;
}

/** An input with its text: read before its check (without `defer`, or a stream) or by it. */
export type ReadInput = CheckInput & { text: string };

/** The inputs of a collection without `defer`: every one was read. */
export function readInputsOf(c: CollectedInputs): ReadInput[] {
  return c.inputs.filter((i): i is ReadInput => i.text !== undefined);
}

export interface InputProblem {
  path: string;
  message: string;
  /** Not read because of a bound (the size limit per file or per run): a file not checked, counted as one
   *  document not checked, so `--fail-on-unchecked` fails on it (fail closed). */
  bound?: true;
}

export interface CollectedInputs {
  inputs: CheckInput[];
  /** Found while walking folders and not read (FIFOs, devices, too large, unreadable folders): printed as notes. */
  skipped: InputProblem[];
  /** Named on the command line and not readable (exit 2). */
  failed: InputProblem[];
  /** Bytes of the inputs in all (read, or to be read when deferred). */
  bytesRead: number;
}

export interface CollectOptions {
  /** Name of stdin in output and for scoping (`--stdin-filename`). */
  stdinFilename?: string;
  limits?: Partial<InputLimits>;
  /** Whether a file found in a folder is checked (default: a .yaml / .yml / .json name). */
  wanted?: (file: string) => boolean;
  /** The repository root: a folder walk does not follow links that lead outside both it and the folder named
   *  on the command line (a link to / or to another repository is skipped with a note). */
  root?: string;
  /** Why a file named on the command line (or the --stdin-filename) is not checked (`ignore` / `files` of
   *  .kubegate.yaml), or undefined: such a file is skipped with a note, not read. */
  excludedNamed?: (file: string) => string | undefined;
  /** Whether `wanted` applied `files` globs of a `.kubegate.yaml` (said when a folder has no file to check). */
  filesGlobsUsed?: () => boolean;
  /** Regular files are not read here, only sized: the check reads each. Streams are read here. */
  defer?: boolean;
}

const YAML_FILE = /\.ya?ml$/i;
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

const KIND_WORDS: Record<EntryKind, string> = {
  file: 'a file',
  dir: 'a folder',
  fifo: 'a FIFO (named pipe)',
  'char-device': 'a character device',
  'block-device': 'a block device',
  socket: 'a socket',
  other: 'not a regular file',
};

export function isYamlName(file: string): boolean {
  return YAML_FILE.test(file);
}

/** `12 MiB`-style size for messages. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KiB`;
  return `${n} bytes`;
}

/** `32M`, `512K`, `1G` or a plain byte count. */
export function parseSize(raw: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*([KMG]i?B?|B)?$/i.exec(raw.trim());
  if (!m) return undefined;
  const unit = (m[2] ?? '').toUpperCase()[0];
  const mult = unit === 'K' ? 1024 : unit === 'M' ? 1024 ** 2 : unit === 'G' ? 1024 ** 3 : 1;
  const n = Math.floor(Number(m[1]) * mult);
  return n > 0 ? n : undefined;
}

function statOf(io: CliIO, p: string): { kind: EntryKind; size: number } | undefined {
  if (io.stat) return io.stat(p);
  const k = io.kind(p);
  return k ? { kind: k, size: 0 } : undefined;
}

export function readRegular(io: CliIO, p: string, max: number): ReadOutcome {
  if (io.readRegular) return io.readRegular(p, max);
  try {
    const text = io.readFile(p);
    const bytes = Buffer.byteLength(text);
    return bytes > max ? { ok: false, reason: 'too-large', bytes, limit: max } : { ok: true, text, bytes };
  } catch (err) {
    return { ok: false, reason: 'error', message: err instanceof Error ? err.message : String(err), bytes: 0 };
  }
}

async function readStream(io: CliIO, p: string, max: number): Promise<ReadOutcome> {
  if (io.readStream) return io.readStream(p, max);
  if (p === '-') return { ok: false, reason: 'error', message: 'stdin is not available', bytes: 0 };
  return readRegular(io, p, max);
}

/** A read that gave no text, as a note naming the file (marked when a bound stopped it). */
export function inputProblem(name: string, o: Exclude<ReadOutcome, { ok: true }>): InputProblem {
  return { path: name, message: readProblem(o), ...(o.reason === 'too-large' ? { bound: true as const } : {}) };
}

/** Why a read gave no text, for a note or an error line. */
export function readProblem(o: Exclude<ReadOutcome, { ok: true }>): string {
  if (o.reason === 'too-large') return `larger than the ${formatBytes(o.limit)} limit per file; not checked (raise it with --max-file-size, or split the file)`;
  if (o.reason === 'not-regular') return `${KIND_WORDS[o.kind]}, not a regular file`;
  return o.message;
}

/** Reads every PATH once. Throws UsageError for a folder without YAML files and for `-` given twice. */
export async function collectInputs(paths: readonly string[], io: CliIO, options: CollectOptions = {}): Promise<CollectedInputs> {
  const limits: InputLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const wanted = options.wanted ?? isManifestName;
  const out: CollectedInputs = { inputs: [], skipped: [], failed: [], bytesRead: 0 };
  if (paths.filter((p) => p === '-').length > 1) throw new UsageError('"-" (stdin) given more than once');

  // Without `defer` every text is held until the checks: the run's bound applies. With it, each file's own.
  const runLeft = () => (options.defer ? Infinity : limits.maxRunBytes - out.bytesRead);
  const fileMax = () => Math.min(limits.maxFileBytes, runLeft());
  const take = (name: string, o: ReadOutcome, named: boolean): void => {
    out.bytesRead += o.bytes;
    if (o.ok) out.inputs.push({ path: name, text: o.text, size: o.bytes, ...(named ? { named: true as const } : {}) });
    else (named ? out.failed : out.skipped).push(inputProblem(name, o));
  };
  // A regular file of `size` bytes: read now, or (defer) sized now and read when checked.
  const takeRegular = (name: string, size: number, named: boolean): void => {
    const max = fileMax();
    if (!options.defer) take(name, readRegular(io, name, max), named);
    else if (size > max) take(name, { ok: false, reason: 'too-large', bytes: 0, limit: max }, named);
    else {
      out.bytesRead += size;
      out.inputs.push({ path: name, size, ...(named ? { named: true as const } : {}) });
    }
  };
  const overRun = (name: string, size: number, named: boolean): boolean => {
    if (size <= runLeft()) return false;
    (named ? out.failed : out.skipped).push({
      path: name,
      message: `not read: this run already read ${formatBytes(out.bytesRead)} of the ${formatBytes(limits.maxRunBytes)} limit per run`,
      bound: true,
    });
    return true;
  };

  // Folders already walked, by canonical path: a symlink back to an ancestor (a loop) is walked once.
  const walked = new Set<string>();
  const allowed: string[] = options.root ? [realOf(io, options.root)] : [];
  const confined = (full: string): boolean => allowed.length === 0 || !io.realPath || allowed.some((a) => isWithin(a, realOf(io, full)));
  const walk = (dir: string): number => {
    let real = dir;
    try {
      real = io.realPath ? io.realPath(dir) : dir;
    } catch {
      // keep the path as given
    }
    if (walked.has(real)) return 0;
    walked.add(real);
    let names: string[];
    try {
      names = [...io.listDir(dir)].sort();
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      out.skipped.push({ path: dir, message: `folder not readable (${e?.code === 'EACCES' ? 'permission denied' : e?.message ?? String(err)})` });
      return 0;
    }
    let candidates = 0;
    for (const name of names) {
      const full = path.join(dir, name);
      const st = statOf(io, full);
      if (st && (st.kind === 'dir' || st.kind === 'file') && !confined(full)) {
        if (st.kind === 'dir' || wanted(full)) out.skipped.push({ path: full, message: `a link leading outside the repository (${options.root}) and the folder given: not followed` });
        continue;
      }
      if (st?.kind === 'dir') {
        // kubectl -R would read a node_modules folder too: not walked (dependencies), but named, with why.
        if (name === 'node_modules') out.skipped.push({ path: full, message: 'a node_modules folder (dependencies): not walked; name it to check it' });
        else if (!SKIPPED_DIRS.has(name)) candidates += walk(full);
        continue;
      }
      // Kubegate's own settings file is read as settings, never checked as a manifest found in a folder.
      if (!wanted(full) || name === REPO_CONFIG_NAME) continue;
      candidates++;
      if (!st) {
        out.skipped.push({ path: full, message: 'cannot be read (a broken symlink, or permission denied)' });
      } else if (st.kind !== 'file') {
        out.skipped.push({ path: full, message: `${KIND_WORDS[st.kind]}, not a regular file` });
      } else if (!overRun(full, Math.min(st.size, limits.maxFileBytes), false)) {
        takeRegular(full, st.size, false);
      }
    }
    return candidates;
  };

  const excluded = (name: string): boolean => {
    const why = options.excludedNamed?.(name);
    if (why) out.skipped.push({ path: name, message: `${why}; not checked` });
    return !!why;
  };
  for (const p of paths) {
    if (p === '-') {
      const name = options.stdinFilename ?? '<stdin>';
      if (options.stdinFilename !== undefined && excluded(name)) {
        await readStream(io, '-', fileMax()); // drained: the writer is not left blocked
        continue;
      }
      take(name, await readStream(io, '-', fileMax()), true);
      continue;
    }
    const st = statOf(io, p);
    if (!st) {
      out.failed.push({ path: p, message: 'no such file or folder, or not readable' });
    } else if (st.kind === 'dir') {
      if (options.root) allowed.splice(1, allowed.length - 1, realOf(io, p));
      if (walk(p) === 0) {
        throw new UsageError(`no YAML files found in ${p} (looked for *.yaml, *.yml and *.json${options.filesGlobsUsed?.() ? ' matching the files globs of .kubegate.yaml' : ''})`);
      }
    } else if (excluded(p)) {
      continue;
    } else if (st.kind === 'file') {
      if (!overRun(p, Math.min(st.size, limits.maxFileBytes), true)) takeRegular(p, st.size, true);
    } else {
      // A FIFO, /dev/fd/N (process substitution) or a device named on purpose: read once, capped.
      take(p, await readStream(io, p, fileMax()), true);
    }
  }
  return out;
}
