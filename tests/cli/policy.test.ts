// The failure policy of `kubegate check`: --fail-on × severities × --max-warnings (the exit-code matrix),
// --severity, and --feature-gates validated like kube-apiserver (unknown with did-you-mean, case, removed,
// locked). Gate facts come from the generated catalog.
// Internal imports: `base/kube-version` (compareVersions: the order of two versions, no public surface).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { compareVersions } from '../../server/src/engine/base/kube-version';
import { gateCatalog, loadVersion } from '../../server/src/engine';
import { memoryIO } from '../support/cli-io';
import { ROOT } from './cli-process';

const MISTAKES = readFileSync(path.join(ROOT, 'examples', 'deployment-with-mistakes.yaml'), 'utf8'); // 3 errors
const SLICE = readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), 'utf8'); // 1 warning
const FILES = { '/w/mistakes.yaml': MISTAKES, '/w/slice.yaml': SLICE };

async function exit(args: string[]): Promise<number> {
  return runCli(['check', '--format', 'json', ...args, ...Object.keys(FILES)], memoryIO(FILES));
}

// Severity shapes: what the two files report under each --severity set.
const SHAPES: Record<string, string[]> = {
  'errors+warning': [],
  'warning only': ['--severity', 'invalid-value=off,unknown-field=off'],
  'information only': ['--severity', 'invalid-value=off,unknown-field=off,feature-gate=information'],
  'hint only': ['--severity', 'invalid-value=off,unknown-field=off', '--severity', 'feature-gate=hint'],
  'warnings only (4)': ['--severity', 'invalid-value=warning,unknown-field=warning'],
};

// Expected exit code per shape, for fail-on error | warning | information | never, each without --max-warnings,
// with --max-warnings 0 and with --max-warnings 1.
const MATRIX: Record<string, Record<string, [number, number, number]>> = {
  'errors+warning': { error: [1, 1, 1], warning: [1, 1, 1], information: [1, 1, 1], never: [0, 1, 0] },
  'warning only': { error: [0, 1, 0], warning: [1, 1, 1], information: [1, 1, 1], never: [0, 1, 0] },
  'information only': { error: [0, 0, 0], warning: [0, 0, 0], information: [1, 1, 1], never: [0, 0, 0] },
  'hint only': { error: [0, 0, 0], warning: [0, 0, 0], information: [0, 0, 0], never: [0, 0, 0] },
  'warnings only (4)': { error: [0, 1, 1], warning: [1, 1, 1], information: [1, 1, 1], never: [0, 1, 1] },
};

describe('exit-code matrix', () => {
  for (const [shape, severityArgs] of Object.entries(SHAPES)) {
    it(`${shape}: fail-on × max-warnings`, async () => {
      const got: Record<string, number[]> = {};
      for (const failOn of ['error', 'warning', 'information', 'never']) {
        got[failOn] = [
          await exit([...severityArgs, '--fail-on', failOn]),
          await exit([...severityArgs, '--fail-on', failOn, '--max-warnings', '0']),
          await exit([...severityArgs, '--fail-on', failOn, '--max-warnings', '1']),
        ];
      }
      expect(got).toEqual(MATRIX[shape]);
    });
  }

  it('the default is --fail-on error', async () => {
    expect(await exit([])).toBe(1);
    expect(await exit(SHAPES['warning only']!)).toBe(0);
  });

  it('rejects bad policy values (exit 2)', async () => {
    for (const args of [['--fail-on', 'warn'], ['--max-warnings', '-1'], ['--max-warnings', 'x'], ['--severity', 'nope=error'], ['--severity', 'feature-gate=loud']]) {
      const io = memoryIO(FILES);
      expect(await runCli(['check', ...args, '/w/slice.yaml'], io), args.join(' ')).toBe(2);
      expect(io.stderr).toMatch(/--(fail-on|max-warnings|severity)/);
    }
  });
});

/** The last line of a text report: the sentence saying why the run fails (empty when it passes). */
async function failing(args: string[], files: Record<string, string> = FILES): Promise<{ code: number; line: string }> {
  const io = memoryIO(files);
  const code = await runCli(['check', '--format', 'text', ...args, ...Object.keys(files)], io);
  return { code, line: io.stdout.split('\n').find((l) => l.startsWith('Failing')) ?? '' };
}

describe('why a run fails, in words', () => {
  it('names the findings at or above the --fail-on level, one count per severity, each in the right number', async () => {
    expect(await failing([])).toEqual({ code: 1, line: 'Failing (exit 1): 3 errors (--fail-on error).' });
    expect(await failing(['--fail-on', 'warning'])).toEqual({ code: 1, line: 'Failing (exit 1): 3 errors, 1 warning (--fail-on warning).' });
    expect((await failing([...SHAPES['information only']!, '--fail-on', 'information'])).line).toBe('Failing (exit 1): 1 information (--fail-on information).');
    // "information" takes no plural.
    const three = ['--severity', 'invalid-value=information,unknown-field=information,feature-gate=off', '--fail-on', 'information'];
    expect((await failing(three)).line).toBe('Failing (exit 1): 3 information (--fail-on information).');
    expect(await failing(['--fail-on', 'never'])).toEqual({ code: 0, line: '' });
  });

  it('warnings over --max-warnings: only when more than the limit, never without one', async () => {
    expect(await failing([...SHAPES['warnings only (4)']!, '--max-warnings', '3'])).toEqual({ code: 1, line: 'Failing (exit 1): 4 warnings, more than --max-warnings 3.' });
    expect(await failing([...SHAPES['warnings only (4)']!, '--max-warnings', '4'])).toEqual({ code: 0, line: '' });
    expect(await failing([...SHAPES['warning only']!, '--max-warnings', '0'])).toEqual({ code: 1, line: 'Failing (exit 1): 1 warning, more than --max-warnings 0.' });
    expect(await failing(['--fail-on', 'never', '--max-warnings', ' 12 '])).toEqual({ code: 0, line: '' });
  });

  it('documents not checked fail the run only with --fail-on-unchecked, and only when there are some', async () => {
    const widgets = { '/w/widgets.yaml': 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: b}\n' };
    const one = { '/w/widget.yaml': 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\n' };
    expect(await failing(['--fail-on-unchecked'], widgets)).toEqual({ code: 1, line: 'Failing (exit 1): 2 documents not checked (--fail-on-unchecked).' });
    expect((await failing(['--fail-on-unchecked'], one)).line).toBe('Failing (exit 1): 1 document not checked (--fail-on-unchecked).');
    expect(await failing([], widgets)).toEqual({ code: 0, line: '' });
    expect(await failing(['--fail-on-unchecked'], { '/w/slice.yaml': SLICE })).toEqual({ code: 0, line: '' });
  });

  it('the JUnit report has a policy testcase only for reasons that no finding shows', async () => {
    const junit = async (args: string[]) => {
      const io = memoryIO(FILES);
      await runCli(['check', '--format', 'junit', ...args, ...Object.keys(FILES)], io);
      return io.stdout;
    };
    expect(await junit([])).not.toContain('kubegate policy');
    const over = await junit(['--max-warnings', '0']);
    expect(over).toContain('<testsuite name="kubegate policy"');
    expect(over).toContain('Failing (exit 1): 3 errors (--fail-on error); 1 warning, more than --max-warnings 0');
  });
});

describe('policy values that are not understood (exit 2, saying what is allowed)', () => {
  const refused = async (...args: string[]) => {
    const io = memoryIO(FILES);
    const code = await runCli(['check', ...args, '/w/slice.yaml'], io);
    expect(code, args.join(' ')).toBe(2);
    return io.stderr;
  };

  it('--severity: spaces and empty items are allowed; a code or level that is not one is named', async () => {
    expect(await exit(['--severity', ' invalid-value = off ,, unknown-field=off, ', '--fail-on', 'warning'])).toBe(1);
    expect(await exit(['--severity', ' invalid-value = off ,, unknown-field=off, ', '--fail-on', 'error'])).toBe(0);
    expect(await refused('--severity', 'nope=error')).toMatch(/--severity: "nope" is not a finding code; codes: [a-z0-9-]+(, [a-z0-9-]+)+\n/);
    expect(await refused('--severity', '=error')).toContain('--severity: "" is not a finding code');
    expect(await refused('--severity', 'feature-gate=loud')).toMatch(/--severity feature-gate: the level must be one of [a-z]+(, [a-z]+)+, not "loud"/);
    expect(await refused('--severity', 'feature-gate')).toMatch(/--severity feature-gate: the level must be one of [a-z, ]+, not ""/);
  });

  it('--fail-on and --max-warnings', async () => {
    expect(await refused('--fail-on', 'warn')).toContain('--fail-on must be one of error, warning, information, never, not "warn"');
    for (const bad of ['-1', 'x', '1x', '1.5']) expect(await refused('--max-warnings', bad)).toContain(`--max-warnings must be a whole number (0 or more), not "${bad}"`);
  });
});

describe('--feature-gates validated like kube-apiserver', () => {
  const catalog = gateCatalog();
  const check = async (value: string, version = '1.37') => {
    const io = memoryIO({ '/w/slice.yaml': SLICE });
    const code = await runCli(['check', '--kubernetes-version', version, '--feature-gates', value, '/w/slice.yaml'], io);
    return { code, stderr: io.stderr };
  };

  it('an unknown gate is exit 2 with did-you-mean; a wrong case suggests the right name', async () => {
    const unknown = await check('DRAOptionalNodeOperation=true');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unrecognized feature gate DRAOptionalNodeOperation');
    expect(unknown.stderr).toContain('Did you mean DRAOptionalNodeOperations?');
    const lower = await check('draoptionalnodeoperations=true');
    expect(lower.code).toBe(2);
    expect(lower.stderr).toContain('Did you mean DRAOptionalNodeOperations?');
    expect(lower.stderr).toContain('case-sensitive');
    expect((await check('Foo=true')).code).toBe(2);
    expect((await check('DRAOptionalNodeOperations=true')).code).toBe(0);
    expect((await check('AllAlpha=true')).code).toBe(0);
  });

  it('a removed gate and a gate not yet added are exit 2 saying why', async () => {
    const removed = Object.entries(catalog.gates).find(([, e]) => e.byVersion['1.37']?.exists === false && e.byVersion['1.36']?.exists === true)![0];
    const r = await check(`${removed}=true`);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${removed} was removed after 1.36`);
    const later = Object.entries(catalog.gates).find(
      ([, e]) => e.byVersion['1.34']?.exists === false && Object.keys(e.byVersion).some((v) => compareVersions(v, '1.34') > 0 && e.byVersion[v]?.exists === true),
    )![0];
    const l = await check(`${later}=true`, '1.34');
    expect(l.code).toBe(2);
    expect(l.stderr).toMatch(new RegExp(`${later} is added in Kubernetes 1\\.3[5-7], not in 1\\.34`));
  });

  it('a locked gate set against its default is exit 2; set to its default it is accepted', async () => {
    const [locked, entry] = Object.entries(catalog.gates).find(([, e]) => e.byVersion['1.37']?.locked === true && typeof e.byVersion['1.37']?.default === 'boolean')!;
    const def = entry.byVersion['1.37']!.default as boolean;
    const bad = await check(`${locked}=${!def}`);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${locked} is ${entry.byVersion['1.37']!.stage} and locked to ${def}`);
    expect((await check(`${locked}=${def}`)).code).toBe(0);
  });

  it('--config naming a file without a config document warns, naming it', async () => {
    const io = memoryIO({ '/w/slice.yaml': SLICE, '/w/notes.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n' });
    expect(await runCli(['check', '--config', '/w/notes.yaml', '/w/slice.yaml'], io)).toBe(0);
    expect(io.stderr).toContain('warning: /w/notes.yaml holds no kind, kubeadm, kubelet or kube-proxy config');
  });
});

describe('deprecated apiVersions name the replacement', () => {
  it('api-deprecated says which served apiVersion to move to, also where the data gives no explicit replacement', async () => {
    const kinds = loadVersion('1.37').data.kinds;
    const deprecated = kinds.find(
      (k) => k.deprecated && !k.replacement && !k.removed && !k.component && !k.payload &&
        kinds.some((o) => o.kind === k.kind && o.group === k.group && o.stability === 'stable' && !o.deprecated && !o.removed),
    )!;
    const next = kinds.find((o) => o.kind === deprecated.kind && o.group === deprecated.group && o.stability === 'stable' && !o.deprecated && !o.removed)!;
    const io = memoryIO({ '/w/old.yaml': `apiVersion: ${deprecated.apiVersion}\nkind: ${deprecated.kind}\nmetadata: {name: x}\n` });
    await runCli(['check', '--format', 'json', '/w/old.yaml'], io);
    const f = (JSON.parse(io.stdout) as { files: { findings: { code: string; fix?: string; data?: Record<string, unknown> }[] }[] }).files[0]!.findings.find((x) => x.code === 'api-deprecated')!;
    expect(f.fix).toBe(`Move to ${next.apiVersion} ${next.kind}.`);
    expect(f.data?.['replacement']).toBe(`${next.apiVersion} ${next.kind}`);
  });
});
