// Running the bundled CLI (dist/cli.js, built by `npm run build`) as a user does, and in-process with the real
// file system and captured output.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach } from 'vitest';
import { processIO, type CliIO } from '../../server/src/cli/io';

export const ROOT = path.resolve(__dirname, '..', '..');
export const CLI = path.join(ROOT, 'dist', 'cli.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface SpawnOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  stdin?: string;
  /** Run through bash -c with this script instead (`"$NODE" "$KG_CLI"` runs the CLI). */
  shell?: string;
}

export function spawnCli(args: string[], options: SpawnOptions = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env, NODE: process.execPath, KG_CLI: CLI };
    const child = options.shell
      ? spawn('bash', ['-c', options.shell], { cwd: options.cwd ?? ROOT, env })
      : spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (options.stdin !== undefined) child.stdin.end(options.stdin);
    else child.stdin.end();
  });
}

export type CapturedIO = CliIO & { stdout: string; stderr: string };

/** The process IO (real files) with captured output; `overrides` replace members (e.g. a failing listDir). */
export function capturedIO(overrides: Partial<CliIO> = {}): CapturedIO {
  const io: CapturedIO = {
    ...processIO(),
    color: false,
    tty: false,
    stdout: '',
    stderr: '',
    out(t: string) {
      io.stdout += t;
    },
    err(t: string) {
      io.stderr += t;
    },
    ...overrides,
  };
  return io;
}

/** Temporary folders removed after each test (call at the top level of a test file). */
/** A repository in a new folder of `tempDir` (a `.git` folder marks its root) holding `files` (relative path → text). */
export function tempRepo(tempDir: () => string, files: Record<string, string>): string {
  const root = tempDir();
  mkdirSync(path.join(root, '.git'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

export function tempDirs(): () => string {
  let dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    dirs = [];
  });
  return () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'kubegate-cli-'));
    dirs.push(d);
    return d;
  };
}
