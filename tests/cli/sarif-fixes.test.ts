// Fixes from the registry in the CLI: every finding's fixes that edit only its file in JSON (`fixes`) and SARIF
// (`fixes` with artifactChanges, validated against the SARIF 2.1.0 schema), every code in the SARIF rule table,
// and `kubegate check --fix`: only with --fix, only the preferred fix of a finding that edits the file itself
// (never a disable comment), said on stderr, and a second run changes nothing.
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { ALL_CODES, CODE_TABLE } from '../../server/src/engine';
import { hasShared, readShared } from '../support/shared';
import { capturedIO, tempDirs, tempRepo } from './cli-process';

const tempDir = tempDirs();

const DEPLOY = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  'spec:',
  '  replicsa: 2',
  '  selector:',
  '    matchLabels: {app: web}',
  '  template:',
  '    metadata:',
  '      labels: {app: web}',
  '    spec:',
  '      containers:',
  '      - name: c',
  '        image: nginx',
  '        bogusField: 1',
  '',
].join('\n');

async function run(root: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = capturedIO({ cwd: () => root });
  const code = await runCli(['check', ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

interface JsonOut {
  files: { findings: { code: string; path?: string; fixes?: { title: string; edits: { range: unknown; newText: string }[]; preferred?: true; suppression?: true }[] }[] }[];
}

describe('fixes in the JSON report', () => {
  it('lists each finding\'s fixes that edit its own file, the preferred one first and the disable comments last', async () => {
    const root = tempRepo(tempDir, { 'deploy.yaml': DEPLOY });
    const { code, stdout } = await run(root, ['--format', 'json', path.join(root, 'deploy.yaml')]);
    expect(code).toBe(1);
    const findings = (JSON.parse(stdout) as JsonOut).files[0]!.findings;
    const typo = findings.find((f) => f.path === 'spec.replicsa')!;
    expect(typo.fixes).toEqual([
      { title: "Change spelling to 'replicas'", edits: [{ range: { start: { line: 5, character: 2 }, end: { line: 5, character: 10 } }, newText: 'replicas' }], preferred: true },
      { title: 'Disable unknown-field on this line', edits: [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, newText: '  # kubegate-disable-next-line unknown-field\n' }], suppression: true },
      { title: 'Disable unknown-field in this file', edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: '# kubegate-disable-file unknown-field\n' }], suppression: true },
    ]);
    for (const f of findings) expect(f.fixes?.filter((x) => x.suppression).map((x) => x.title)).toEqual([`Disable ${f.code} on this line`, `Disable ${f.code} in this file`]);
  });
});

describe('fixes and rules in the SARIF report', () => {
  it('lists every code of the registry as a rule, and fixes as artifactChanges of the checked file', async () => {
    const root = tempRepo(tempDir, { 'deploy.yaml': DEPLOY });
    const { stdout } = await run(root, ['--format', 'sarif', path.join(root, 'deploy.yaml')]);
    const sarif = JSON.parse(stdout) as {
      runs: { tool: { driver: { rules: { id: string; helpUri: string; fullDescription: { text: string } }[] } }; results: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } } }[]; fixes?: { description: { text: string }; artifactChanges: { artifactLocation: { uri: string }; replacements: unknown[] }[] }[] }[] }[];
    };
    const run0 = sarif.runs[0]!;
    const rules = run0.tool.driver.rules;
    expect(rules.slice(0, ALL_CODES.length).map((r) => r.id)).toEqual(ALL_CODES);
    expect(rules.find((r) => r.id === 'check-failed')).toMatchObject({ helpUri: 'https://github.com/kubegate/kubegate#code-check-failed', fullDescription: { text: CODE_TABLE['check-failed'].description } });
    const typo = run0.results.find((r) => r.ruleId === 'unknown-field' && r.locations[0]!.physicalLocation.region.startLine === 6)!;
    expect(typo.fixes![0]).toEqual({
      description: { text: "Change spelling to 'replicas'" },
      artifactChanges: [{ artifactLocation: { uri: 'deploy.yaml', uriBaseId: 'SRCROOT' }, replacements: [{ deletedRegion: { startLine: 6, startColumn: 3, endLine: 6, endColumn: 11 }, insertedContent: { text: 'replicas' } }] }],
    });
    expect(typo.fixes!.map((f) => f.description.text)).toEqual(["Change spelling to 'replicas'", 'Disable unknown-field on this line', 'Disable unknown-field in this file']);
    if (hasShared) {
      const ajv = new Ajv({ strict: false, allErrors: true });
      addFormats(ajv);
      const validate = ajv.compile(readShared('reference/sarif/sarif-schema-2.1.0.json') as object);
      expect(validate(sarif), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    }
  });
});

describe('kubegate check --fix', () => {
  it('never rewrites a file without --fix', async () => {
    const root = tempRepo(tempDir, { 'deploy.yaml': DEPLOY });
    await run(root, ['--format', 'json', path.join(root, 'deploy.yaml')]);
    await run(root, [path.join(root, 'deploy.yaml')]);
    expect(readFileSync(path.join(root, 'deploy.yaml'), 'utf8')).toBe(DEPLOY);
  });

  it('applies the safe fixes, says which, reports what is left, and a second run changes nothing', async () => {
    const root = tempRepo(tempDir, { 'deploy.yaml': DEPLOY, 'clean.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n' });
    const file = path.join(root, 'deploy.yaml');
    const first = await run(root, ['--fix', '--format', 'json', file, path.join(root, 'clean.yaml')]);
    // The typo had a preferred fix; the unknown container field has none (no close name): it is left, undisabled.
    expect(readFileSync(file, 'utf8')).toBe(DEPLOY.replace('replicsa', 'replicas'));
    expect(readFileSync(path.join(root, 'clean.yaml'), 'utf8')).toBe('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n');
    expect(first.stderr).toBe(`kubegate check --fix: ${file}: 1 fix applied\n  line 6: unknown-field: Change spelling to 'replicas'\n`);
    const left = (JSON.parse(first.stdout) as JsonOut).files[0]!.findings.map((f) => `${f.code}:${f.path}`);
    expect(left).toEqual(['unknown-field:spec.template.spec.containers[].bogusField']);
    expect(first.code).toBe(1);
    const second = await run(root, ['--fix', file]);
    expect(second.stderr).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(DEPLOY.replace('replicsa', 'replicas'));
  });

  it('does not write to stdin input', async () => {
    const root = tempRepo(tempDir, {});
    const io = capturedIO({ cwd: () => root, readStream: async () => ({ ok: true, text: DEPLOY, bytes: DEPLOY.length }) });
    const code = await runCli(['check', '--fix', '--format', 'json', '-'], io);
    expect(code).toBe(1);
    expect(io.stderr).toMatch(/--fix: .*not a regular file; not changed/);
    expect((JSON.parse(io.stdout) as JsonOut).files[0]!.findings.map((f) => f.path)).toContain('spec.replicsa');
  });
});
