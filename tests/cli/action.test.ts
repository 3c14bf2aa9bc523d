// The GitHub Action (action.yml, composite) run by the local runner (scripts/action/run-local.mjs), which
// executes its steps' commands as the runner does: the check step runs the CLI (KUBEGATE_CLI = this build's
// dist/cli.js instead of the npm package), writes the SARIF report and annotations, the upload step gets the
// report's path, and the last step fails the job with the CLI's exit code.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, ROOT, tempDirs } from './cli-process';

const tempDir = tempDirs();

interface Step {
  id: string;
  kind: 'run' | 'uses' | 'skipped';
  status?: number;
  stdout?: string;
  uses?: string;
  with?: Record<string, string>;
}

function runAction(cwd: string, inputs: Record<string, string>): { steps: Step[]; outputs: Record<string, string>; exitCode: number } {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'action', 'run-local.mjs'), '--json', ...Object.entries(inputs).map(([k, v]) => `${k}=${v}`)], {
    cwd,
    env: { ...process.env, KUBEGATE_CLI: `${process.execPath} ${CLI}`, NO_COLOR: '1' },
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
});
