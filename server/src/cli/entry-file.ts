// How the CLI starts in a new thread: through the launcher (dist/cli.js, cli/launch.ts) when it started the
// program, handing the thread the code cache it chose for the run (none when the run's cache is off: a worker's
// own argv does not hold `--no-cache`), else from the program's own file.
const LAUNCHER = Symbol.for('kubegate.cli-launcher');

/** The key of the code cache in a thread's workerData: a file, or null when the run keeps none. */
const CODE_CACHE = 'kubegateCodeCache';

interface Launcher {
  file: string;
  codeCache: string | undefined;
}

export function setLauncher(launcher: Launcher): void {
  (globalThis as Record<symbol, unknown>)[LAUNCHER] = launcher;
}

/** The file a new thread runs and what goes into its workerData for the launcher. */
export function threadEntry(programFile: string): { file: string; data: Record<string, string | null> } {
  const launcher = (globalThis as Record<symbol, unknown>)[LAUNCHER] as Launcher | undefined;
  if (!launcher) return { file: programFile, data: {} };
  return { file: launcher.file, data: { [CODE_CACHE]: launcher.codeCache ?? null } };
}

/** The code cache a thread was handed (undefined: none, or not started by a launcher). */
export function handedCodeCache(workerData: unknown): string | undefined {
  const handed = (workerData as Record<string, unknown> | null | undefined)?.[CODE_CACHE];
  return typeof handed === 'string' ? handed : undefined;
}
