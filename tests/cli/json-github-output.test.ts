// `kubegate check --format json` and `--format github`, run in process on an in-memory repository: the JSON
// layout written piece by piece (commas between files and findings, an empty list, a file hidden whole by
// --quiet, what a file was taken for, the gate configs, an unreadable path), and the workflow commands (one per
// severity, fix, KEP and evidence lines, the settings, summary and failing lines, escaped file names).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonWriter } from '../../server/src/cli/format/json';
import { githubWriter } from '../../server/src/cli/format/github';
import { ChunkedOut } from '../../server/src/cli/format/types';
import { Analysis } from '../../server/src/engine';
import { runCli } from '../../server/src/cli/main';
import { memoryIO } from '../support/cli-io';
import { ROOT } from './cli-process';
import { runSummary } from '../support/run-summary';

const SLICE = readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), 'utf8'); // 1 feature-gate warning
const GATE = 'DRAOptionalNodeOperations';
/** A kubeadm configuration that turns the gate on for kube-apiserver only: evidence lines beside the finding. */
const KUBEADM = `apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n  - name: feature-gates\n    value: ${GATE}=true\n`;
const TYPO = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n'; // 1 unknown-field error
const CLEAN = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n';

async function check(format: string, args: string[], files: Record<string, string>) {
  const io = Object.assign(memoryIO({ '/w/.git/HEAD': 'ref: refs/heads/main\n', ...files }), { cwd: () => '/w' });
  const code = await runCli(['check', '--format', format, ...args], io);
  return { code, out: io.stdout };
}

interface JsonOut {
  files: {
    path: string;
    taken?: { as: string };
    gateConfigs?: string[];
    documents: unknown[];
    findings: { code: string; severity: string; related?: unknown[] }[];
    error?: string;
  }[];
  skipped: unknown[];
  summary: {
    files: number;
    counts: Record<string, number>;
    exitCode: number;
    failures: string[];
  };
}

/** The JSON text with each finding (one line each) replaced by `F`: the layout around them, pinned exactly. */
const skeleton = (text: string) => text.replace(/^ {8}\{"code":.*\}(,?)$/gm, '        F$1');

describe('--format json', () => {
  it('files and findings separated by commas; a file whose findings --quiet hides has an empty list; taken and gate configs', async () => {
    const files = {
      '/w/a.yaml': `${TYPO}---\n${SLICE}`,
      '/w/b.yaml': TYPO,
      '/w/c.yaml': CLEAN,
      '/w/kubeadm.yaml': KUBEADM,
    };
    const { code, out } = await check(
      'json',
      ['--quiet', '--severity', 'unknown-field=information', '--config', '/w/kubeadm.yaml', '/w/a.yaml', '/w/b.yaml', '/w/c.yaml'],
      files,
    );
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as JsonOut;
    expect(skeleton(out)).toBe(
      [
        '{',
        '  "files": [',
        '    {',
        '      "path": "/w/a.yaml",',
        '      "taken": {"as":"manifest"},',
        `      "documents": ${JSON.stringify(parsed.files[0]!.documents)},`,
        '      "gateConfigs": ["kubeadm.yaml"],',
        '      "findings": [',
        '        F',
        '      ]',
        '    },',
        '    {',
        '      "path": "/w/b.yaml",',
        '      "taken": {"as":"manifest"},',
        `      "documents": ${JSON.stringify(parsed.files[1]!.documents)},`,
        '      "gateConfigs": ["kubeadm.yaml"],',
        '      "findings": []',
        '    },',
        '    {',
        '      "path": "/w/c.yaml",',
        '      "taken": {"as":"manifest"},',
        `      "documents": ${JSON.stringify(parsed.files[2]!.documents)},`,
        '      "gateConfigs": ["kubeadm.yaml"],',
        '      "findings": []',
        '    }',
        '  ],',
        '  "skipped": [],',
        `  "summary": ${JSON.stringify(parsed.summary)}`,
        '}',
        '',
      ].join('\n'),
    );
    // --quiet hid the information (first in a.yaml, and all of b.yaml); the warning carries its evidence.
    expect(parsed.files[0]!.findings.map((f) => [f.code, f.severity])).toEqual([['feature-gate', 'warning']]);
    expect(parsed.files[0]!.findings[0]!.related).toHaveLength(2);
    expect(parsed.files[0]!.documents).toHaveLength(2);
    expect(parsed.summary).toMatchObject({
      files: 3,
      counts: { error: 0, warning: 1, information: 2, hint: 0 },
      exitCode: 0,
      failures: [],
    });
    expect(Object.keys(parsed.summary)).not.toContain('verdict');
    expect(Object.keys(parsed.summary)).not.toContain('failed');
  });

  it('without --quiet every finding is listed, commas between them; an unreadable path is an entry with its error', async () => {
    const files = { '/w/a.yaml': `${TYPO}---\n${SLICE}` };
    const { code, out } = await check('json', ['--severity', 'unknown-field=information', '/w/a.yaml', '/w/missing.yaml'], files);
    expect(code).toBe(2);
    const parsed = JSON.parse(out) as JsonOut;
    expect(skeleton(out)).toContain('      "gateConfigs": [],\n      "findings": [\n        F,\n        F\n      ]\n    },\n');
    expect(parsed.files[0]!.findings.map((f) => f.severity)).toEqual(['information', 'warning']);
    expect(out).toContain(
      '    {\n      "path": "/w/missing.yaml",\n      "documents": [],\n      "findings": [],\n      "error": "no such file or folder, or not readable"\n    }\n  ],\n  "skipped": [],\n',
    );
    expect(parsed.summary).toMatchObject({
      exitCode: 2,
      failures: ['1 path not readable (/w/missing.yaml)'],
    });
  });

  it('only unreadable paths: each is the files list; nothing at all is an empty list', async () => {
    const missing = await check('json', ['/w/gone.yaml', '/w/lost.yaml'], {});
    expect(missing.code).toBe(2);
    expect(
      missing.out.startsWith('{\n  "files": [\n    {\n      "path": "/w/gone.yaml",\n      "documents": [],\n      "findings": [],\n      "error": '),
    ).toBe(true);
    expect(missing.out).toContain('\n    },\n    {\n      "path": "/w/lost.yaml",\n');
    expect((JSON.parse(missing.out) as JsonOut).files.map((f) => f.path)).toEqual(['/w/gone.yaml', '/w/lost.yaml']);
    // A run that checked nothing at all (the CLI stops such a run before any report: the writer on its own).
    let text = '';
    const writer = jsonWriter(new ChunkedOut((t) => void (text += t)), {
      quiet: false,
    });
    writer.end({
      version: '1.37',
      files: 0,
      filesWithFindings: 0,
      counts: { error: 0, warning: 0, information: 0, hint: 0 },
      documents: 0,
      notChecked: 0,
      skippedByKind: 0,
      silenced: {
        disableComments: 0,
        configuration: 0,
        patchFiles: 0,
        patchesCheckedWhole: 0,
      },
      charts: [],
      skipped: [{ path: 'fifo', message: 'not a regular file' }],
      failed: [],
      settings: [],
      verdict: { exitCode: 0, reasons: [] },
    });
    expect(
      text.startsWith('{\n  "files": [],\n  "skipped": [{"path":"fifo","message":"not a regular file"}],\n  "summary": {"version":"1.37","files":0,'),
    ).toBe(true);
    expect(text.endsWith(',"exitCode":0,"failures":[]}\n}\n')).toBe(true);
  });
});

describe('--format github', () => {
  it('one command per finding with fix, KEP and evidence lines; the settings and summary lines; no failing line when passing', async () => {
    const files = {
      '/w/slice.yaml': SLICE,
      '/w/kubeadm.yaml': KUBEADM,
      '/w/.kubegate.yaml': 'severity:\n  unknown-field: hint\n',
    };
    const { code, out } = await check('github', ['--config', '/w/kubeadm.yaml', '/w/slice.yaml'], files);
    expect(code).toBe(0);
    expect(out).toBe(
      '::warning file=slice.yaml,line=16,col=3,endLine=16,endColumn=21,title=kubegate feature-gate::' +
        `skipNodeOperations is dropped: gate ${GATE} is off (Alpha in 1.37)%0AEnable ${GATE}=true on kube-scheduler and kubelet, or remove the field.` +
        '%0AKEP-5945: https://kep.k8s.io/5945' +
        `%0Akubeadm.yaml (kubeadm extraArgs feature-gates) sets ${GATE}: true for kube-apiserver` +
        `%0Akubeadm.yaml (kubeadm) configures kube-scheduler without enabling ${GATE}, so it is off there\n` +
        'Settings: .kubegate.yaml (1 file).\n' +
        '1 warning in 1 file (Kubernetes 1.37).\n',
    );
  });

  it('error, notice for information and hints; --quiet drops the notices but counts them; escaped file names', async () => {
    const files = {
      '/w/a,b:c.yaml': TYPO,
      '/w/h.yaml': TYPO,
      '/w/e.yaml': TYPO,
    };
    const args = ['--severity', 'unknown-field=information', '/w/a,b:c.yaml'];
    const info = await check('github', args, files);
    expect(info.code).toBe(0);
    expect(info.out).toBe(
      '::notice file=a%2Cb%3Ac.yaml,line=4,col=1,endLine=4,endColumn=4,title=kubegate unknown-field::dta is not a field of ConfigMap: did you mean data?%0AChange it to data.\n' +
        '1 information in 1 file (Kubernetes 1.37).\n',
    );
    const hint = await check('github', ['--severity', 'unknown-field=hint', '/w/h.yaml'], files);
    expect(hint.out.startsWith('::notice file=h.yaml,line=4,')).toBe(true);
    const quiet = await check('github', ['--quiet', ...args, '/w/e.yaml'], {
      ...files,
      '/w/e.yaml': `${TYPO}---\n${SLICE}`,
    });
    expect(quiet.out.split('\n').map((l) => l.split('::')[1] ?? l)).toEqual([
      'warning file=e.yaml,line=21,col=3,endLine=21,endColumn=21,title=kubegate feature-gate',
      '1 warning in 1 of 2 files (Kubernetes 1.37); 2 information not shown (--quiet).',
      '',
    ]);
    const failing = await check('github', ['/w/e.yaml'], files);
    expect(failing.code).toBe(1);
    expect(failing.out).toBe(
      '::error file=e.yaml,line=4,col=1,endLine=4,endColumn=4,title=kubegate unknown-field::dta is not a field of ConfigMap: did you mean data?%0AChange it to data.\n' +
        '1 error in 1 file (Kubernetes 1.37).\n' +
        '::error title=kubegate check failed::Failing (exit 1): 1 error (--fail-on error).\n',
    );
  });
});

describe('the writers given a report without extras', () => {
  // A report the CLI did not decorate (no `taken`, gate configs or fixes; a finding without a fix line): what the
  // language server's callers and a report made without a check (a file too large) hand the writers.
  const { taken: _taken, ...report } = new Analysis({ version: '1.37' }).check(TYPO);
  const bare = { ...report, findings: report.findings.map((f) => ({ ...f, fix: undefined })) };
  const summary = runSummary({ files: 1, filesWithFindings: 1, counts: { error: 1, warning: 0, information: 0, hint: 0 }, documents: 1 });

  it('json: no "taken" key, an empty gate-config list, the finding without fixes', () => {
    let text = '';
    const writer = jsonWriter(new ChunkedOut((t) => void (text += t)), { quiet: false });
    writer.file({ path: 'a.yaml', report: bare });
    writer.end(summary);
    expect(text).toContain('      "path": "a.yaml",\n      "documents": [');
    const out = JSON.parse(text) as { files: { taken?: unknown; gateConfigs: string[]; findings: { code: string; fixes?: unknown }[] }[] };
    expect(out.files[0]!.gateConfigs).toEqual([]);
    expect(out.files[0]!.findings.map((f) => [f.code, f.fixes])).toEqual([['unknown-field', undefined]]);
  });

  it('github: the message alone when the finding has no fix', () => {
    let text = '';
    const writer = githubWriter(new ChunkedOut((t) => void (text += t)), { quiet: false }, (p) => p);
    writer.file({ path: 'a.yaml', report: bare });
    writer.end(summary);
    expect(text.split('\n')[0]).toBe(
      '::error file=a.yaml,line=4,col=1,endLine=4,endColumn=4,title=kubegate unknown-field::dta is not a field of ConfigMap: did you mean data?',
    );
  });
});
