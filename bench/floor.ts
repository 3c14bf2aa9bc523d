// Runs the floor (floor-worker.ts) in a fresh Node process per input, with a time-out, and reads its answer.
// The worker is turned into plain JavaScript first (esbuild, into the git-ignored bench/.work), so the floor
// process carries no TypeScript loader in its time or memory.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

export interface FloorResult {
  /** Reading and compiling the JSON Schema (once per process; reported apart). */
  compileMs: number;
  /** First parse + validate in the process (cold). */
  coldMs: number;
  /** Later parse + validate runs (warm), and their parse-only part. */
  warmMs: number[];
  warmParseMs: number[];
  documents: number;
  /** Documents with a YAML error or failing validation: shows that validation really ran. */
  errors: number;
  peakRssKb: number | undefined;
}

export async function runFloor(
  repoRoot: string,
  file: string,
  schemaFile: string,
  repetitions: number,
  timeoutMs: number,
): Promise<FloorResult | { failed: string }> {
  const worker = compileWorker(repoRoot);
  const child = spawn(process.execPath, [worker, file, schemaFile, String(repetitions)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-2000)));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => {
    child.on('close', (c) => resolve(c));
    child.on('error', () => resolve(-1));
  });
  clearTimeout(timer);
  if (code !== 0) return { failed: `floor process ended with ${code ?? 'a signal (time-out)'}: ${err.trim().slice(-300)}` };
  try {
    return JSON.parse(out.trim().split('\n').pop() ?? '') as FloorResult;
  } catch {
    return { failed: `floor process printed no result: ${out.slice(0, 200)}` };
  }
}

/** Writes bench/.work/floor-worker.js from floor-worker.ts (imports stay `require`s of the installed packages). */
function compileWorker(repoRoot: string): string {
  const source = path.join(__dirname, 'floor-worker.ts');
  const out = path.join(repoRoot, 'bench', '.work', 'floor-worker.js');
  const { code } = transformSync(readFileSync(source, 'utf8'), { loader: 'ts', format: 'cjs', platform: 'node', target: 'node20' });
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, code);
  return out;
}
