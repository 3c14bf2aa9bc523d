// `kubegate check --format sarif`, pinned where the schema test and formats.test.ts leave it open: the text layout
// around the results (one per line, commas between them, an empty list), the rule of a code and of a gate setting
// with a KEP (every property), a gate setting without a KEP under its code's rule, the message sentence (a period
// added, the fix and evidence lines after it), fingerprints of findings repeated on one line and in several
// documents, --quiet, and the invocation of a run that cannot read a path or is governed by a settings file.
// Run in process on an in-memory repository; the writer alone for a finding without data, fixes or file text.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sarifWriter } from '../../server/src/cli/format/sarif';
import { ChunkedOut } from '../../server/src/cli/format/types';
import { runCli } from '../../server/src/cli/main';
import { Analysis } from '../../server/src/engine';
import { memoryIO } from '../support/cli-io';
import { runSummary } from '../support/run-summary';
import { ROOT } from './cli-process';

/** A kind config: DRAPrioritizedList is GA and locked on in 1.37 (locked-gate), PLEGOnDemandRelist GA (redundant-gate). */
const KIND = 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  DRAPrioritizedList: false\n  PLEGOnDemandRelist: true\n';
/** Two unknown fields of one path on one line, then the same mistake in three documents. */
const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n';
const REPEATED = `apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: a, image: i, foo: 1}, {name: b, image: i, foo: 2}]\n---\n${CM}---\n${CM}---\n${CM}`;
const SLICE = readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), 'utf8');
const KUBEADM = 'apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n  - name: feature-gates\n    value: DRAOptionalNodeOperations=true\n';

interface Result {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  partialFingerprints: Record<string, string>;
  properties?: Record<string, unknown>;
  fixes?: unknown[];
  locations: { physicalLocation: { artifactLocation: Record<string, string> } }[];
}
interface Log {
  runs: { results: Result[]; tool: { driver: { name: string; rules: Record<string, unknown>[] } }; invocations: Record<string, unknown>[] }[];
}

async function sarif(args: string[], files: Record<string, string>) {
  const io = Object.assign(memoryIO({ '/w/.git/HEAD': 'ref: refs/heads/main\n', ...files }), { cwd: () => '/w' });
  const code = await runCli(['check', '--format', 'sarif', ...args], io);
  return { code, text: io.stdout, log: JSON.parse(io.stdout) as Log };
}

const print = (r: Result) => r.partialFingerprints['kubegateFinding/v1']!;

describe('SARIF layout, rules and results', () => {
  it('one result a line with commas between; code and gate rules in full; fingerprints; the invocation of a failed read', async () => {
    const { code, text, log } = await sarif(['--fail-on', 'warning', '/w/kind.yaml', '/w/repeated.yaml', '/w/missing.yaml'], { '/w/kind.yaml': KIND, '/w/repeated.yaml': REPEATED });
    expect(code).toBe(2);
    const run = log.runs[0]!;
    const lines = text.split('\n');
    expect(lines.slice(0, 6)).toEqual(['{', '  "$schema": "https://json.schemastore.org/sarif-2.1.0.json",', '  "version": "2.1.0",', '  "runs": [', '    {', '      "results": [']);
    const results = lines.slice(6, 6 + run.results.length);
    results.forEach((l, i) => expect(l).toBe(`        ${JSON.stringify(run.results[i])}${i < results.length - 1 ? ',' : ''}`));
    expect(lines.slice(6 + run.results.length, 7 + run.results.length)).toEqual(['      ],']);
    expect(lines.at(-8)).toMatch(/^ {6}"tool": \{"driver":/);
    expect(lines.at(-7)).toMatch(/^ {6}"invocations": \[/);
    expect(lines.slice(-6)).toEqual(['      "originalUriBaseIds": {"SRCROOT":{"uri":"file:///w/"}},', '      "columnKind": "utf16CodeUnits"', '    }', '  ]', '}', '']);
    expect(run.tool.driver.name).toBe('Kubegate');

    // The gate setting with a KEP gets a rule of its own; the one whose finding names no KEP, its code's rule.
    expect(run.results.map((r) => r.ruleId)).toEqual(['locked-gate/DRAPrioritizedList', 'redundant-gate', 'unknown-field', 'unknown-field', 'unknown-field', 'unknown-field', 'unknown-field']);
    const rules = run.tool.driver.rules;
    expect(rules[run.results[0]!.ruleIndex]).toEqual({
      id: 'locked-gate/DRAPrioritizedList',
      name: 'locked-gate DRAPrioritizedList',
      shortDescription: { text: 'A gate locked to its default is set to the other value: DRAPrioritizedList.' },
      fullDescription: {
        text: 'The gate is locked to its default in the target version (GA or deprecated), and setting it to the other value stops components from starting. Remove the setting. Gate DRAPrioritizedList: firstAvailable: ordered list of alternative device requests in a claim. (KEP-4816 DRA Prioritized List).',
      },
      helpUri: 'https://kep.k8s.io/4816',
      help: { text: 'The gate is locked to its default in the target version (GA or deprecated), and setting it to the other value stops components from starting. Remove the setting. See KEP-4816: https://kep.k8s.io/4816' },
      defaultConfiguration: { level: 'error' },
      properties: { code: 'locked-gate', gate: 'DRAPrioritizedList', kep: 4816 },
    });
    expect(rules[run.results[1]!.ruleIndex]).toEqual({
      id: 'redundant-gate',
      name: 'redundant-gate',
      shortDescription: { text: 'A GA gate is set to its default.' },
      fullDescription: { text: 'The setting changes nothing today, and breaks start-up once a later version removes the gate. Remove it.' },
      helpUri: 'https://github.com/kubegate/kubegate#code-redundant-gate',
      help: { text: 'The setting changes nothing today, and breaks start-up once a later version removes the gate. Remove it. See https://github.com/kubegate/kubegate#code-redundant-gate' },
      defaultConfiguration: { level: 'note' },
      properties: { code: 'redundant-gate' },
    });
    // Every summary becomes one sentence: a capital first, one closing mark.
    for (const rule of rules) expect((rule['shortDescription'] as { text: string }).text).toMatch(/^[A-Z][^]*[^.!?][.!?]$/);

    // A period after a message that has none (a version's dots inside do not count), none after a question mark.
    expect(run.results[0]!.message.text).toBe('DRAPrioritizedList=false stops components from starting: locked to true in 1.37 (GA). Remove the setting.');
    expect(run.results[0]!.level).toBe('error');
    expect(run.results[1]!.level).toBe('note');
    expect(run.results[4]!.message.text).toBe('dta is not a field of ConfigMap: did you mean data? Change it to data.');
    // Properties: code, severity, path when there is one, the verdict sentence, the data.
    expect(run.results[0]!.properties).toEqual({
      code: 'locked-gate',
      severity: 'error',
      verdict: 'The component, component start-up: the object is refused (kubectl apply fails).',
      data: { gate: 'DRAPrioritizedList', stage: 'GA', default: true, locked: true, kep: 4816, pipelineStage: 'startup', verdict: 'rejected' },
    });
    expect(run.results[2]!.properties).toMatchObject({ code: 'unknown-field', severity: 'error', path: 'spec.containers[].foo' });

    // Two findings of one rule, path and line text: the same hash, told apart by their occurrence.
    const [a, b] = [print(run.results[2]!), print(run.results[3]!)];
    expect(a.split(':')[0]).toBe(b.split(':')[0]);
    expect([a.split(':')[1], b.split(':')[1]]).toEqual(['0', '1']);
    // The same line in three documents: three hashes, each a first occurrence.
    const docs = run.results.slice(4).map(print);
    expect(new Set(docs.map((p) => p.split(':')[0])).size).toBe(3);
    expect(docs.map((p) => p.split(':')[1])).toEqual(['0', '0', '0']);

    expect(run.invocations).toEqual([
      {
        executionSuccessful: false,
        exitCode: 2,
        exitCodeDescription: '1 path not readable (/w/missing.yaml); 6 errors (--fail-on warning)',
        toolExecutionNotifications: [
          { level: 'error', message: { text: 'Failing: 1 path not readable (/w/missing.yaml).' } },
          { level: 'error', message: { text: 'Failing: 6 errors (--fail-on warning).' } },
        ],
        properties: { silenced: { disableComments: 0, configuration: 0, patchFiles: 0, patchesCheckedWhole: 0 } },
      },
    ]);
  });

  it('--quiet leaves out notes; a run without results has an empty list', async () => {
    const quiet = await sarif(['--quiet', '/w/kind.yaml'], { '/w/kind.yaml': KIND });
    expect(quiet.log.runs[0]!.results.map((r) => r.ruleId)).toEqual(['locked-gate/DRAPrioritizedList']);
    const clean = await sarif(['--quiet', '/w/kind.yaml'], { '/w/kind.yaml': 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\n' });
    expect(clean.code).toBe(0);
    expect(clean.text).toContain('\n      "results": [],\n      "tool": {');
  });

  it('a gate finding: the KEP title and the evidence lines after the message and its fix', async () => {
    const { log } = await sarif(['--config', '/w/kubeadm.yaml', '/w/slice.yaml'], { '/w/slice.yaml': SLICE, '/w/kubeadm.yaml': KUBEADM });
    const run = log.runs[0]!;
    const [gate] = run.results.filter((r) => r.ruleId.startsWith('feature-gate/'));
    expect(gate).toBeDefined();
    const rule = run.tool.driver.rules[gate!.ruleIndex]!;
    expect((rule['fullDescription'] as { text: string }).text).toMatch(/ Gate DRAOptionalNodeOperations: .+ \(KEP-5945 .+\)\.$/);
    // The message, a period, the fix, then each evidence line after a space.
    expect(gate!.message.text).toBe(
      'skipNodeOperations is dropped: gate DRAOptionalNodeOperations is off (Alpha in 1.37). Enable DRAOptionalNodeOperations=true on kube-scheduler and kubelet, or remove the field.' +
        ' kubeadm.yaml (kubeadm extraArgs feature-gates) sets DRAOptionalNodeOperations: true for kube-apiserver' +
        ' kubeadm.yaml (kubeadm) configures kube-scheduler without enabling DRAOptionalNodeOperations, so it is off there',
    );
  });
});

describe('the SARIF writer alone', () => {
  it('a finding without data, fixes or file text (stdin): no properties or fixes, a bare URI', () => {
    const report = new Analysis({ version: '1.37' }).check('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nfoo: 1\n');
    const finding = { ...report.findings[0]!, data: undefined, related: undefined };
    let text = '';
    const w = sarifWriter(new ChunkedOut((t) => (text += t)), { quiet: false }, { root: '/w', cwd: '/w', textOf: () => undefined });
    w.file({ path: '<stdin>', report: { ...report, findings: [finding] } });
    w.file({ path: '/w/a.yaml', report: { ...report, findings: [finding] }, fixes: new Map() });
    w.end(runSummary({ settings: [{ path: '.kubegate.yaml', files: 1, ignored: 0, off: 2, applied: true, relaxations: 0 }], verdict: { exitCode: 1, reasons: ['1 error (--fail-on error)'] } }));
    const run = (JSON.parse(text) as Log).runs[0]!;
    expect(run.results.map((r) => [r.locations[0]!.physicalLocation.artifactLocation, 'properties' in r, 'fixes' in r])).toEqual([
      [{ uri: 'stdin' }, false, false],
      [{ uri: 'a.yaml', uriBaseId: 'SRCROOT' }, false, false],
    ]);
    expect(run.results[0]!.message.text).toBe('foo is not a field of ConfigMap. Remove it, or check its spelling and indentation.');
    expect(run.invocations[0]).toEqual({
      executionSuccessful: true,
      exitCode: 1,
      exitCodeDescription: '1 error (--fail-on error)',
      toolExecutionNotifications: [{ level: 'error', message: { text: 'Failing: 1 error (--fail-on error).' } }],
      properties: { silenced: { disableComments: 0, configuration: 0, patchFiles: 0, patchesCheckedWhole: 0 }, settings: [{ path: '.kubegate.yaml', files: 1, ignored: 0, off: 2, applied: true, relaxations: 0 }] },
    });
  });
});
