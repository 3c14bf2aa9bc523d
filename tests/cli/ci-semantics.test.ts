// CI semantics of `kubegate check` that must never pass or fail silently: `ignore` / `files` of .kubegate.yaml
// for files named on the command line (pre-commit passes names), a failing run saying why in every format,
// --quiet keeping the counts, --fail-on-unchecked / `unchecked: fail`, a missing PATH, failOn / maxWarnings /
// skipKinds in .kubegate.yaml and --skip-kind, and one note per fact (no not-checked note beside an
// api-not-served error).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { processIO } from '../../server/src/cli/io';
import { WIDGET_CRD } from '../crd/fixtures';
import { capturedIO, ROOT, tempDirs, tempRepo } from './cli-process';

const tempDir = tempDirs();
const SLICE = readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), 'utf8'); // 1 warning
const BAD = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n'; // 1 error (unknown-field)
const CLEAN = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n';
/** Eight custom resources without a CRD: eight documents not checked, no finding. */
const WIDGETS = Array.from({ length: 8 }, (_, i) => `apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w${i}}\n`).join('---\n');

const repo = (files: Record<string, string>): string => tempRepo(tempDir, files);

/** The process IO with `root` as the working directory (relative paths resolved against it). */
function rootedIO(root: string) {
  const base = processIO();
  const at = (p: string) => path.resolve(root, p);
  return {
    cwd: () => root,
    stat: (p: string) => base.stat!(at(p)),
    kind: (p: string) => base.kind(at(p)),
    readFile: (p: string) => base.readFile(at(p)),
    readRegular: (p: string, max: number) => base.readRegular!(at(p), max),
    listDir: (p: string) => base.listDir(at(p)),
    realPath: (p: string) => base.realPath!(at(p)),
  };
}

async function check(root: string, args: string[], stdin?: string) {
  const io = capturedIO({
    ...rootedIO(root),
    ...(stdin !== undefined ? { readStream: async () => ({ ok: true as const, text: stdin, bytes: stdin.length }) } : {}),
  });
  const code = await runCli(['check', ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr, last: io.stdout.trim().split('\n').at(-1) };
}

interface JsonSummary {
  files: { path: string }[];
  skipped: { path: string; message: string }[];
  summary: { files: number; documents: number; notChecked: number; skippedByKind: number; exitCode: number; failures: string[] };
}

describe('ignore and files of .kubegate.yaml apply to named files', () => {
  const files = {
    '.kubegate.yaml': 'ignore: ["deploy/vendor/**"]\nfiles: ["deploy/**/*.yaml"]\n',
    'deploy/vendor/bad.yaml': BAD,
    'deploy/app.yaml': CLEAN,
    'scratch/bad.yaml': BAD,
  };

  it('a named ignored file, or one outside the files globs, is skipped with a note; the run passes', async () => {
    const root = repo(files);
    const r = await check(root, ['--no-group', 'deploy/vendor/bad.yaml', 'deploy/app.yaml', 'scratch/bad.yaml']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('note: skipped deploy/vendor/bad.yaml: matches ignore "deploy/vendor/**" of .kubegate.yaml; not checked\n');
    expect(r.stderr).toContain('note: skipped scratch/bad.yaml: matches no files glob of .kubegate.yaml ("deploy/**/*.yaml"); not checked\n');
    expect(r.stdout).not.toContain('unknown-field');
    expect(r.last).toBe('No problems in 1 file (Kubernetes 1.37); 2 files skipped.');
    const json = await check(root, ['--format', 'json', 'deploy/vendor/bad.yaml', 'deploy/app.yaml']);
    const out = JSON.parse(json.stdout) as JsonSummary;
    expect(out.files.map((f) => f.path)).toEqual(['deploy/app.yaml']);
    expect(out.skipped).toEqual([{ path: 'deploy/vendor/bad.yaml', message: 'matches ignore "deploy/vendor/**" of .kubegate.yaml; not checked' }]);
  });

  it('also by absolute path and for the --stdin-filename of stdin', async () => {
    const root = repo(files);
    const abs = await check(root, [path.join(root, 'deploy', 'vendor', 'bad.yaml')]);
    expect(abs.code).toBe(0);
    expect(abs.last).toBe('Nothing checked (Kubernetes 1.37); 1 file skipped.');
    const stdin = await check(root, ['--stdin-filename', 'deploy/vendor/x.yaml', '-'], BAD);
    expect(stdin.code).toBe(0);
    expect(stdin.stderr).toContain('note: skipped deploy/vendor/x.yaml: matches ignore');
  });
});

describe('a failing run says why, in every format', () => {
  const args = ['--max-warnings', '0', 'slice.yaml'];

  it('text and github: a last line naming the reason', async () => {
    const root = repo({ 'slice.yaml': SLICE });
    const text = await check(root, args);
    expect(text.code).toBe(1);
    expect(text.last).toBe('Failing (exit 1): 1 warning, more than --max-warnings 0.');
    const github = await check(root, ['--format', 'github', ...args]);
    expect(github.code).toBe(1);
    expect(github.last).toBe('::error title=kubegate check failed::Failing (exit 1): 1 warning, more than --max-warnings 0.');
  });

  it('json: summary.exitCode and summary.failures; sarif: the invocation', async () => {
    const root = repo({ 'slice.yaml': SLICE });
    const json = await check(root, ['--format', 'json', ...args]);
    expect(json.code).toBe(1);
    const out = JSON.parse(json.stdout) as JsonSummary;
    expect(out.summary.exitCode).toBe(1);
    expect(out.summary.failures).toEqual(['1 warning, more than --max-warnings 0']);
    const sarif = await check(root, ['--format', 'sarif', ...args]);
    expect(sarif.code).toBe(1);
    const log = JSON.parse(sarif.stdout) as { runs: { invocations: unknown[] }[] };
    expect(log.runs[0]!.invocations).toEqual([
      {
        executionSuccessful: true,
        exitCode: 1,
        exitCodeDescription: '1 warning, more than --max-warnings 0',
        toolExecutionNotifications: [{ level: 'error', message: { text: 'Failing: 1 warning, more than --max-warnings 0.' } }],
        properties: { silenced: { disableComments: 0, configuration: 0, patchFiles: 0, patchesCheckedWhole: 0 } },
      },
    ]);
  });

  it('--fail-on names its level; a passing run prints no failing line', async () => {
    const root = repo({ 'slice.yaml': SLICE, 'bad.yaml': BAD });
    const failOn = await check(root, ['--fail-on', 'warning', 'slice.yaml']);
    expect(failOn.last).toBe('Failing (exit 1): 1 warning (--fail-on warning).');
    const both = await check(root, ['--fail-on', 'warning', 'slice.yaml', 'bad.yaml']);
    expect(both.last).toBe('Failing (exit 1): 1 error, 1 warning (--fail-on warning).');
    const passing = await check(root, ['slice.yaml']);
    expect(passing.code).toBe(0);
    expect(passing.stdout).not.toContain('Failing');
  });
});

describe('--quiet keeps the counts', () => {
  it('"8 of 8 documents not checked" stays, and never becomes "No problems"', async () => {
    const root = repo({ 'widgets.yaml': WIDGETS });
    const loud = await check(root, ['widgets.yaml']);
    expect(loud.last).toBe('No document checked in 1 file (Kubernetes 1.37); 8 of 8 documents not checked.');
    const quiet = await check(root, ['-q', 'widgets.yaml']);
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).not.toContain('No problems');
    expect(quiet.stdout).not.toContain('note:');
    expect(quiet.last).toBe('No document checked in 1 file (Kubernetes 1.37); 8 of 8 documents not checked.');
  });

  it('hidden information is counted as not shown', async () => {
    const root = repo({ 'slice.yaml': SLICE });
    const r = await check(root, ['-q', '--severity', 'feature-gate=information', 'slice.yaml']);
    expect(r.last).toBe('No problems in 1 file (Kubernetes 1.37); 1 information not shown (--quiet).');
  });
});

describe('documents not checked', () => {
  it('by default they are listed and counted and the run passes; --fail-on-unchecked fails it', async () => {
    const root = repo({ 'widgets.yaml': WIDGETS, 'clean.yaml': CLEAN });
    expect((await check(root, ['widgets.yaml', 'clean.yaml'])).code).toBe(0);
    const strict = await check(root, ['--fail-on-unchecked', 'widgets.yaml', 'clean.yaml']);
    expect(strict.code).toBe(1);
    expect(strict.last).toBe('Failing (exit 1): 8 documents not checked (--fail-on-unchecked).');
    expect((await check(root, ['--fail-on-unchecked', 'clean.yaml'])).code).toBe(0);
  });

  it('unchecked: fail in .kubegate.yaml does the same; a bad value is exit 2', async () => {
    const root = repo({ '.kubegate.yaml': 'unchecked: fail\n', 'widgets.yaml': WIDGETS });
    const r = await check(root, ['widgets.yaml']);
    expect(r.code).toBe(1);
    expect(r.last).toBe('Failing (exit 1): 8 documents not checked (unchecked: fail of .kubegate.yaml).');
    const bad = repo({ '.kubegate.yaml': 'unchecked: sometimes\n', 'widgets.yaml': WIDGETS });
    const b = await check(bad, ['widgets.yaml']);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('unchecked must be one of report, fail, not "sometimes"');
  });

  it('an api-not-served error is not followed by a not-checked note for the same document', async () => {
    const root = repo({ 'old.yaml': 'apiVersion: extensions/v1beta1\nkind: Deployment\nmetadata: {name: c}\n' });
    const r = await check(root, ['old.yaml']);
    expect(r.stdout).toMatch(/^old\.yaml:1:13 error api-not-served /m);
    expect(r.stdout).not.toContain('not checked');
    expect(r.last).toBe('Failing (exit 1): 1 error (--fail-on error).');
  });
});

describe('a PATH that does not exist', () => {
  it('is exit 2 and the headline never says "No problems"', async () => {
    const root = repo({});
    for (const format of ['text', 'github']) {
      const r = await check(root, ['--format', format, 'missing.yaml']);
      expect(r.code).toBe(2);
      expect(r.stdout).not.toContain('No problems');
      expect(r.stdout).toContain('Nothing checked (Kubernetes 1.37); 1 path not readable.');
      expect(r.stderr).toContain('kubegate check: cannot read missing.yaml: no such file or folder');
    }
    const json = await check(root, ['--format', 'json', 'missing.yaml']);
    expect(json.code).toBe(2);
    expect((JSON.parse(json.stdout) as JsonSummary).summary.failures).toEqual(['1 path not readable (missing.yaml)']);
  });
});

describe('failOn, maxWarnings and skipKinds in .kubegate.yaml; --skip-kind', () => {
  it('failOn and maxWarnings apply; the command line wins', async () => {
    const root = repo({ '.kubegate.yaml': 'failOn: warning\n', 'slice.yaml': SLICE });
    const r = await check(root, ['slice.yaml']);
    expect(r.code).toBe(1);
    expect(r.last).toBe('Failing (exit 1): 1 warning (failOn of .kubegate.yaml: warning).');
    expect((await check(root, ['--fail-on', 'error', 'slice.yaml'])).code).toBe(0);
    const max = repo({ '.kubegate.yaml': 'maxWarnings: 0\n', 'slice.yaml': SLICE });
    const m = await check(max, ['slice.yaml']);
    expect(m.code).toBe(1);
    expect(m.last).toBe('Failing (exit 1): 1 warning, more than maxWarnings of .kubegate.yaml: 0.');
    expect((await check(max, ['--max-warnings', '5', 'slice.yaml'])).code).toBe(0);
  });

  it('invalid failOn, maxWarnings and skipKinds are exit 2 with file:line', async () => {
    const root = repo({ '.kubegate.yaml': 'failOn: loud\nmaxWarnings: -1\nskipKinds: ["not a kind"]\n', 'slice.yaml': SLICE });
    const r = await check(root, ['slice.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('.kubegate.yaml:1: failOn must be one of error, warning, information, never, not "loud"');
    expect(r.stderr).toContain('.kubegate.yaml:2: maxWarnings must be a whole number (0 or more), not "-1"');
    expect(r.stderr).toContain('.kubegate.yaml:3: skipKinds: "not a kind" is not a kind');
  });

  it('skipKinds and --skip-kind skip documents by kind or apiVersion/kind (findings and notes gone, counted)', async () => {
    const mixed = `${BAD}---\n${WIDGETS.split('---\n')[0]}---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: {replicas: "x"}\n`;
    const root = repo({ '.kubegate.yaml': 'skipKinds: [Widget]\n', 'mixed.yaml': mixed });
    const r = await check(root, ['--format', 'json', '--skip-kind', 'v1/ConfigMap,apps/v1/Deployment', 'mixed.yaml']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as JsonSummary & { files: { findings: unknown[] }[] };
    expect(out.files[0]!.findings).toEqual([]);
    expect(out.summary).toMatchObject({ documents: 3, notChecked: 0, skippedByKind: 3, exitCode: 0 });
    const text = await check(root, ['--skip-kind', 'ConfigMap', 'mixed.yaml']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^mixed\.yaml:\d+:\d+ error invalid-value /m);
    expect(text.stdout).not.toContain('unknown-field');
    expect(text.stdout).toContain('3 errors in 1 file (Kubernetes 1.37); 2 documents skipped by kind.');
    // apiVersion must match when given.
    const other = await check(root, ['--format', 'json', '--skip-kind', 'v2/ConfigMap', 'mixed.yaml']);
    expect((JSON.parse(other.stdout) as JsonSummary).summary.skippedByKind).toBe(1);
    const bad = await check(root, ['--skip-kind', 'a b', 'mixed.yaml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--skip-kind: "a b" is not a kind');
  });
});

describe('disable comments in the CLI', () => {
  it('a typo in a code is a warning; --report-unused-disables reports a comment that silences nothing', async () => {
    const text = `${BAD.replace('dta: 1', 'dta: 1 # kubegate-disable-line unknown-feild')}other: 2 # kubegate-disable-line\nfine: {} # kubegate-disable-line invalid-value\n`;
    const root = repo({ 'c.yaml': text });
    const plain = await check(root, ['c.yaml']);
    expect(plain.stdout).toContain('c.yaml:4:32 warning disable-comment This disable comment silences nothing for "unknown-feild": it is not a Kubegate finding code\n    Did you mean unknown-field?\n');
    expect(plain.stdout).not.toMatch(/unused|:6:\d+ warning disable-comment/);
    const strict = await check(root, ['--report-unused-disables', 'c.yaml']);
    expect(strict.stdout).toMatch(/^c\.yaml:6:\d+ warning disable-comment This disable comment silences nothing for invalid-value: no such finding is reported where it applies$/m);
    expect(strict.stdout).not.toMatch(/^c\.yaml:5:\d+ warning disable-comment/m);
  });
});

describe('--crd takes a folder', () => {
  it('the YAML files of a folder are read as CRD files; a folder without YAML is a usage error', async () => {
    const widget = 'apiVersion: example.kubegate.test/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: Huge\n';
    const root = repo({ 'defs/nested/widget-crd.yaml': WIDGET_CRD, 'defs/README.md': 'x', 'apps/w.yaml': widget, 'empty/x.txt': 'x' });
    const without = await check(root, ['--format', 'json', 'apps/w.yaml']);
    expect((JSON.parse(without.stdout) as JsonSummary).summary.notChecked).toBe(1);
    const r = await check(root, ['--format', 'json', '--crd', 'defs', 'apps/w.yaml']);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { files: { findings: { code: string; path: string }[] }[]; summary: { notChecked: number } };
    expect(out.summary.notChecked).toBe(0);
    expect(out.files[0]!.findings.map((f) => `${f.code}:${f.path}`)).toEqual(['invalid-value:spec.size']);
    const empty = await check(root, ['--crd', 'empty', 'apps/w.yaml']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--crd empty: no YAML files in this folder');
  });
});
