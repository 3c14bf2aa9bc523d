// How the CLI starts in a new thread: through the launcher (dist/cli.js, cli/launch.ts) when it started the
// program, handing the thread the code cache it chose for the run (none when the run's cache is off: a worker's
// own argv does not hold `--no-cache`), else from the program's own file. When the run's code cache is missing or
// refused, the first thread started writes it at its end instead of the main thread: the threads check the files,
// so they compile the code a later run needs; the main thread only walks folders and hands work out.
const LAUNCHER = Symbol.for('kubegate.cli-launcher');

/** Keys of a thread's workerData: its code cache (a file, or null when the run keeps none), and whether it writes it. */
const CODE_CACHE = 'kubegateCodeCache';
const WRITES_CODE_CACHE = 'kubegateWritesCodeCache';
/** The key of the code cache's keyed hash (host/cache-folder.ts), with the file. */
const CODE_CACHE_SECRET = 'kubegateCodeCacheSecret';

interface Launcher {
  file: string;
  codeCache: string | undefined;
  /** The secret its keyed hash is made with (absent: no code cache). */
  codeCacheSecret?: string;
  /** The code cache is to be written (missing, or refused by V8). */
  fresh: boolean;
  /** A thread was told to write it. */
  handedOver?: boolean;
}

function launcher(): Launcher | undefined {
  return (globalThis as Record<symbol, unknown>)[LAUNCHER] as Launcher | undefined;
}

export function setLauncher(l: Launcher): void {
  (globalThis as Record<symbol, unknown>)[LAUNCHER] = l;
}

/** The file a new thread runs and what goes into its workerData for the launcher. */
export function threadEntry(programFile: string): { file: string; data: Record<string, string | boolean | null> } {
  const l = launcher();
  if (!l) return { file: programFile, data: {} };
  const data: Record<string, string | boolean | null> = { [CODE_CACHE]: l.codeCache ?? null };
  if (l.codeCacheSecret !== undefined) data[CODE_CACHE_SECRET] = l.codeCacheSecret;
  if (l.codeCache !== undefined && l.fresh && !l.handedOver) {
    l.handedOver = true;
    data[WRITES_CODE_CACHE] = true;
  }
  return { file: l.file, data };
}

/** Whether a thread writes the code cache (the main thread then does not). */
export function cacheHandedOver(): boolean {
  return launcher()?.handedOver === true;
}

/** The code cache a thread was handed (file undefined: none, or not started by a launcher), and whether it writes it. */
export function handedCodeCache(workerData: unknown): { file: string | undefined; writes: boolean; secret?: string } {
  const data = workerData as Record<string, unknown> | null | undefined;
  const file = data?.[CODE_CACHE];
  const secret = data?.[CODE_CACHE_SECRET];
  return { file: typeof file === 'string' ? file : undefined, writes: data?.[WRITES_CODE_CACHE] === true, ...(typeof secret === 'string' ? { secret } : {}) };
}
