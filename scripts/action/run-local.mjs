// A local runner of action.yml (the composite action), for tests and for trying the action without GitHub: the
// `run` steps are executed with bash as the runner does (`${{ inputs.* }}`, `${{ github.action_path }}` and
// `${{ steps.<id>.outputs.* }}` substituted, `env:` set, GITHUB_OUTPUT collected, `if:` evaluated for the
// expressions the action uses); `uses` steps are not run but returned with their resolved `with:` values.
// Usage: node scripts/action/run-local.mjs [--json] [input=value ...]   (in the folder to check; KUBEGATE_CLI
// may name a local build, e.g. KUBEGATE_CLI="node dist/cli.js"; --json prints the steps and outputs as JSON)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Runs the action's steps. Returns the step results in order ({ id, kind: 'run' | 'uses' | 'skipped', status,
 * stdout, with }), the action's outputs, and the exit status of the first failing run step (0 when none).
 */
export function runAction({ inputs = {}, cwd = process.cwd(), env = {}, actionFile = join(repo, 'action.yml') } = {}) {
  const action = parse(readFileSync(actionFile, 'utf8'));
  const values = {};
  for (const [name, spec] of Object.entries(action.inputs ?? {})) values[name] = String(inputs[name] ?? spec.default ?? '');
  for (const name of Object.keys(inputs)) if (!(name in values)) throw new Error(`action.yml has no input "${name}"`);
  const stepOutputs = {};
  const expr = (text) =>
    String(text).replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, e) => {
      let m;
      if ((m = /^inputs\.([\w-]+)$/.exec(e))) return values[m[1]] ?? '';
      if (e === 'github.action_path') return dirname(actionFile);
      if ((m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(e))) return stepOutputs[m[1]]?.[m[2]] ?? '';
      return String(condition(e));
    });
  // The `if:` grammar the action uses: always(), success(), inputs.x == 'v', joined with &&.
  const condition = (e) =>
    String(e)
      .replace(/^\$\{\{\s*|\s*\}\}$/g, '')
      .split('&&')
      .map((part) => part.trim())
      .every((part) => {
        if (part === 'always()') return true;
        if (part === 'success()') return !failed;
        const m = /^inputs\.([\w-]+)\s*==\s*'([^']*)'$/.exec(part);
        if (m) return values[m[1]] === m[2];
        throw new Error(`run-local.mjs cannot evaluate "${part}"`);
      });
  let failed = false;
  let exitCode = 0;
  const steps = [];
  const scratch = mkdtempSync(join(tmpdir(), 'kubegate-action-'));
  try {
    action.runs.steps.forEach((step, i) => {
      const id = step.id ?? `step${i + 1}`;
      const wanted = step.if !== undefined ? condition(step.if) : !failed;
      if (!wanted) {
        steps.push({ id, kind: 'skipped' });
        return;
      }
      if (step.uses) {
        const withValues = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, expr(v)]));
        steps.push({ id, kind: 'uses', uses: step.uses, with: withValues });
        return;
      }
      const output = join(scratch, `${id}.out`);
      writeFileSync(output, '');
      const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expr(v)]));
      const r = spawnSync(step.shell === 'bash' ? 'bash' : 'sh', ['-e', '-c', expr(step.run)], {
        cwd,
        env: { ...process.env, ...env, ...stepEnv, GITHUB_OUTPUT: output, GITHUB_ACTION_PATH: dirname(actionFile) },
        encoding: 'utf8',
      });
      stepOutputs[id] = Object.fromEntries(
        readFileSync(output, 'utf8')
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      steps.push({ id, kind: 'run', status: r.status, stdout: r.stdout, stderr: r.stderr });
      if (r.status !== 0 && !failed) {
        failed = true;
        exitCode = r.status ?? 1;
      }
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([k, v]) => [k, expr(v.value)]));
  return { steps, outputs, exitCode };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const json = argv.includes('--json');
  const inputs = Object.fromEntries(argv.filter((a) => a !== '--json').map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
  const result = runAction({ inputs });
  if (json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  }
  for (const s of result.steps) {
    if (s.kind === 'run') process.stdout.write(s.stdout + s.stderr);
    else if (s.kind === 'uses') console.log(`(not run here) uses ${s.uses} with ${JSON.stringify(s.with)}`);
  }
  console.log(`action outputs: ${JSON.stringify(result.outputs)}; exit ${result.exitCode}`);
  process.exit(result.exitCode);
}
