// The GitHub Action (action.yml, composite) run by the local runner (scripts/action/run-local.mjs), which
// executes its steps' commands as the runner does (INPUT_* variables, GITHUB_OUTPUT, GITHUB_ACTION_PATH, inputs
// as a workflow's block style gives them): the check step runs the action's own code (this checkout's dist/cli.js,
// which the test set-up builds), writes the SARIF report and annotations, the upload step gets the report's path,
// and the last step fails the job with the CLI's exit code: 1 for findings, 2 when Kubegate could not run.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT, tempDirs } from './cli-process';

const tempDir = tempDirs();

interface Step {
  id: string;
  kind: 'run' | 'uses' | 'skipped';
  status?: number;
  stdout?: string;
  uses?: string;
  with?: Record<string, string>;
}

function runAction(cwd: string, inputs: Record<string, string>, env: Record<string, string> = {}): { steps: Step[]; outputs: Record<string, string>; exitCode: number } {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'action', 'run-local.mjs'), '--json', ...Object.entries(inputs).map(([k, v]) => `${k}=${v}`)], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', ...env },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { steps: Step[]; outputs: Record<string, string>; exitCode: number };
}

function workspace(): string {
  const dir = tempDir();
  copyFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), path.join(dir, 'slice.yaml'));
  copyFileSync(path.join(ROOT, 'examples', 'deployment.yaml'), path.join(dir, 'deployment.yaml'));
  return dir;
}

describe('action.yml', () => {
  it('is a composite action with the documented inputs', () => {
    const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { runs: { using: string; steps: { uses?: string }[] }; inputs: Record<string, unknown> };
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(['version', 'paths', 'fail-on', 'max-warnings', 'fail-on-unchecked', 'kubernetes-version', 'args', 'upload-sarif', 'sarif-file']);
    expect(action.runs.steps.some((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))).toBe(true);
  });

  it('passing run: SARIF written and handed to the upload, annotations in the log, the job passes', () => {
    const dir = workspace();
    const r = runAction(dir, {});
    expect(r.exitCode).toBe(0);
    expect(r.outputs['exit-code']).toBe('0');
    const check = r.steps[0]!;
    expect(check.stdout).toMatch(/^::warning file=slice\.yaml,line=16,col=3,.*title=kubegate feature-gate::/m);
    expect(existsSync(path.join(dir, 'kubegate.sarif'))).toBe(true);
    const sarif = JSON.parse(readFileSync(path.join(dir, 'kubegate.sarif'), 'utf8')) as { runs: { results: { ruleId: string }[] }[] };
    expect(sarif.runs[0]!.results.map((x) => x.ruleId)).toEqual(['feature-gate/DRAOptionalNodeOperations']);
    expect(r.steps[1]).toMatchObject({ kind: 'uses', with: { sarif_file: 'kubegate.sarif', category: 'kubegate' } });
    expect(r.steps[2]).toMatchObject({ kind: 'run', status: 0 });
  });

  it('the fail policy inputs fail the job, and the SARIF is still uploaded', () => {
    const dir = workspace();
    const r = runAction(dir, { 'fail-on': 'warning', paths: 'slice.yaml deployment.yaml', 'sarif-file': 'k.sarif' });
    expect(r.outputs['exit-code']).toBe('1');
    expect(r.exitCode).toBe(1);
    expect(r.steps[0]!.stdout).toContain('::error title=kubegate check failed::Failing (exit 1): 1 warning (--fail-on warning).');
    expect(r.steps[1]).toMatchObject({ kind: 'uses', with: { sarif_file: 'k.sarif' } });
    expect(existsSync(path.join(dir, 'k.sarif'))).toBe(true);
    const max = runAction(workspace(), { 'max-warnings': '0', 'upload-sarif': 'false' });
    expect(max.exitCode).toBe(1);
    expect(max.steps[1]!.kind).toBe('skipped');
  });

  it('fail-on-unchecked, kubernetes-version and args reach the CLI; .kubegate.yaml still applies', () => {
    const dir = workspace();
    writeFileSync(path.join(dir, 'widget.yaml'), 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n');
    expect(runAction(dir, {}).exitCode).toBe(0);
    expect(runAction(dir, { 'fail-on-unchecked': 'true' }).exitCode).toBe(1);
    expect(runAction(dir, { 'fail-on-unchecked': 'true', args: '--skip-kind Widget' }).exitCode).toBe(0);
    const older = runAction(dir, { 'kubernetes-version': '1.36', paths: 'slice.yaml' });
    expect(older.steps[0]!.stdout).toContain('field-not-in-version');
    writeFileSync(path.join(dir, '.kubegate.yaml'), 'failOn: warning\n');
    expect(runAction(dir, { paths: 'slice.yaml' }).exitCode).toBe(1);
  });

  it('runs the code of its own ref by default (no package fetched by name), the published one only when version asks', () => {
    const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default: string }> };
    expect(action.inputs['version']!.default).toBe('');
    const r = runAction(workspace(), {});
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(r.steps[0]!.stdout).toContain(`Running kubegate ${version}\n`);
    expect(readFileSync(path.join(ROOT, 'scripts', 'action', 'check.sh'), 'utf8')).not.toMatch(/npx|@latest/);
  });

  it('block-style paths and args: one per line, a path with spaces, a path that starts with a dash', () => {
    const dir = workspace();
    mkdirSync(path.join(dir, 'my manifests'));
    copyFileSync(path.join(ROOT, 'examples', 'deployment-with-mistakes.yaml'), path.join(dir, 'my manifests', 'web.yaml'));
    copyFileSync(path.join(ROOT, 'examples', 'deployment.yaml'), path.join(dir, '-o.yaml'));
    const r = runAction(dir, { paths: 'slice.yaml\n  my manifests/web.yaml  \n\n-o.yaml\n', args: '--skip-kind=Deployment\n--fail-on=warning\n' });
    const sarif = JSON.parse(readFileSync(path.join(dir, 'kubegate.sarif'), 'utf8')) as { runs: { artifacts?: { location: { uri: string } }[]; results: { ruleId: string }[] }[] };
    // Every line was checked (three files), the Deployments were skipped (args), the warning failed the run.
    expect(r.steps[0]!.stdout).toMatch(/3 files/);
    expect(sarif.runs[0]!.results.map((x) => x.ruleId)).toEqual(['feature-gate/DRAOptionalNodeOperations']);
    expect(r.outputs['exit-code']).toBe('1');
    const unskipped = runAction(dir, { paths: 'my manifests/web.yaml\n-o.yaml\n' });
    expect(unskipped.steps[0]!.stdout).toMatch(/^::error file=my manifests\/web\.yaml,line=7,/m);
    expect(unskipped.outputs['exit-code']).toBe('1');
  });

  it('exit code 2 and an error annotation when Kubegate could not run; 1 stays for findings', () => {
    const missing = runAction(workspace(), {}, { KUBEGATE_CLI: path.join(tempDir(), 'no-such-kubegate') });
    expect(missing.outputs['exit-code']).toBe('2');
    expect(missing.exitCode).toBe(2);
    expect(missing.steps[0]!.stdout).toMatch(/^::error title=kubegate could not run::'.*no-such-kubegate --version' failed/m);
    const refused = runAction(workspace(), { args: '--no-such-option' });
    expect(refused.outputs['exit-code']).toBe('2');
    expect(refused.steps[0]!.stdout).toContain('::error title=kubegate could not run::kubegate check refused its options or inputs (exit 2)');
    const absentPath = runAction(workspace(), { paths: 'not-here.yaml' });
    expect(absentPath.outputs['exit-code']).toBe('2');
  });

  it('an action folder whose code cannot be built gives exit code 2 and says so (no package fetched by name)', () => {
    // check.sh run as the runner runs it, from a copy of the action's script alone: no dist/ to run, no
    // package.json to build from.
    const action = tempDir();
    mkdirSync(path.join(action, 'scripts', 'action'), { recursive: true });
    copyFileSync(path.join(ROOT, 'scripts', 'action', 'check.sh'), path.join(action, 'scripts', 'action', 'check.sh'));
    const output = path.join(tempDir(), 'output');
    writeFileSync(output, '');
    const env = { PATH: process.env['PATH'] ?? '', HOME: tempDir(), NO_COLOR: '1', npm_config_offline: 'true', GITHUB_ACTION_PATH: action, GITHUB_OUTPUT: output, INPUT_PATHS: '.\n', INPUT_VERSION: '' };
    const r = spawnSync('bash', [path.join(action, 'scripts', 'action', 'check.sh')], { cwd: workspace(), env, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(readFileSync(output, 'utf8')).toBe('exit-code=2\n');
    expect(r.stdout).toContain(`::error title=kubegate could not run::${action} holds neither dist/cli.js nor package.json`);
  });
});
