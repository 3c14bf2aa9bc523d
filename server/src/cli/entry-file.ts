// Which file starts the CLI in a new thread: the launcher (dist/cli.js, cli/launch.ts) when it started the
// program (the thread then compiles the program with the code cache too), else the program's own file.
const LAUNCHER = Symbol.for('kubegate.cli-launcher');

export function setLauncher(file: string): void {
  (globalThis as Record<symbol, unknown>)[LAUNCHER] = file;
}

export function entryFile(programFile: string): string {
  const launcher = (globalThis as Record<symbol, unknown>)[LAUNCHER];
  return typeof launcher === 'string' ? launcher : programFile;
}
