// `kubegate gates` (the gates manifests need, --emit configs and their round trip through --config) and
// `kubegate explain` for people (Markdown as text on a terminal, --format, did-you-mean, the kind form).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { markdownToText } from '../../server/src/cli/markdown-text';
import { gateCatalog, loadVersion } from '../../server/src/engine';
import { memoryIO } from '../support/cli-io';
import { ROOT } from './cli-process';

const SLICE = readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), 'utf8');
// A beta API version of the 1.37 data (off by default), taken from the generated schemas.
const beta = loadVersion('1.37').data.kinds.find((k) => k.stability === 'beta' && !k.component && !k.removed && !k.payload && k.group !== '')!;
const BETA = `apiVersion: ${beta.apiVersion}\nkind: ${beta.kind}\nmetadata:\n  name: x\n`;
const CLEAN = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndta: 1\n';
const FILES = { '/w/slice.yaml': SLICE, '/w/beta.yaml': BETA, '/w/cm.yaml': CLEAN };

interface Finding {
  code: string;
  severity: string;
  path?: string;
}

async function findings(args: string[], files: Record<string, string>): Promise<Finding[]> {
  const io = memoryIO(files);
  await runCli(['check', '--format', 'json', ...args, ...Object.keys(FILES)], io);
  return (JSON.parse(io.stdout) as { files: { findings: Finding[] }[] }).files.flatMap((f) => f.findings);
}

describe('kubegate gates', () => {
  it('lists gate, stage, default, components, KEP and files, and the API versions to enable', async () => {
    const io = memoryIO(FILES);
    expect(await runCli(['gates', '--format', 'json', ...Object.keys(FILES)], io)).toBe(0);
    const needs = JSON.parse(io.stdout) as { gates: { gate: string; stage: string; default: boolean; components: string[]; kep: { number: number }; files: string[] }[]; apis: { apiVersion: string; files: string[] }[] };
    const entry = gateCatalog().gates['DRAOptionalNodeOperations']!;
    expect(needs.gates).toEqual([
      {
        gate: 'DRAOptionalNodeOperations',
        stage: entry.byVersion['1.37']!.stage,
        default: entry.byVersion['1.37']!.default,
        components: entry.components,
        kep: entry.kep,
        files: ['/w/slice.yaml'],
      },
    ]);
    expect(needs.apis).toEqual([{ apiVersion: beta.apiVersion, files: ['/w/beta.yaml'] }]);
    const text = memoryIO(FILES);
    await runCli(['gates', ...Object.keys(FILES)], text);
    expect(text.stdout).toMatch(/^DRAOptionalNodeOperations +Alpha +off +kube-apiserver,/m);
    expect(text.stdout).toContain(`KEP-${entry.kep!.number}`);
  });

  it('names three files in the FILES column and counts the rest (JSON keeps them all)', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 40; i++) many[`/w/team-${String(i).padStart(2, '0')}/slice.yaml`] = SLICE;
    const text = memoryIO(many);
    await runCli(['gates', ...Object.keys(many)], text);
    const row = text.stdout.split('\n').find((l) => l.startsWith('DRAOptionalNodeOperations'))!;
    expect(row).toMatch(/ \/w\/team-00\/slice\.yaml, \/w\/team-01\/slice\.yaml, \/w\/team-02\/slice\.yaml and 37 more$/);
    expect(row.length).toBeLessThan(200);
    const json = memoryIO(many);
    await runCli(['gates', '--format', 'json', ...Object.keys(many)], json);
    expect((JSON.parse(json.stdout) as { gates: { files: string[] }[] }).gates[0]!.files).toHaveLength(40);
  });

  for (const emit of ['kind', 'kubeadm'] as const) {
    it(`--emit ${emit} fed back with --config silences exactly the findings it was made for`, async () => {
      const io = memoryIO(FILES);
      expect(await runCli(['gates', '--emit', emit, ...Object.keys(FILES)], io)).toBe(0);
      const config = io.stdout;
      const before = await findings([], FILES);
      const after = await findings(['--config', '/w/emitted.yaml'], { ...FILES, '/w/emitted.yaml': config });
      const silenced = (f: Finding) => f.code === 'feature-gate' || f.code === 'api-disabled-by-default';
      expect(before.filter(silenced).map((f) => f.code).sort()).toEqual(['api-disabled-by-default', 'feature-gate']);
      expect(after).toEqual(before.filter((f) => !silenced(f)));
    });
  }

  it('--emit kubelet names the gates that are not kubelet gates and the runtime-config still needed', async () => {
    const io = memoryIO(FILES);
    await runCli(['gates', '--emit', 'kubelet', ...Object.keys(FILES)], io);
    expect(io.stdout).toContain('kind: KubeletConfiguration');
    expect(io.stdout).toContain(`--runtime-config=${beta.apiVersion}=true`);
  });
});

describe('kubegate explain for people', () => {
  it('renders Markdown as text: bold stripped, tables aligned, links as text <url>', () => {
    const md = '**Gate `X`** — Alpha\n\n| 1.36 | 1.37 |\n|---|---|\n| absent | Alpha / off |\n\nSee [KEP-1](https://kep.k8s.io/1 "Title") and [docs](https://x.io).\n- item **one**';
    expect(markdownToText(md, { color: false, width: 80 })).toBe(
      ['Gate X — Alpha', '', '1.36     1.37', '──────   ───────────', 'absent   Alpha / off', '', 'See KEP-1 (Title) <https://kep.k8s.io/1> and docs <https://x.io>.', '• item one'].join('\n'),
    );
  });

  it('prints text on a terminal, Markdown otherwise, and JSON with --format json', async () => {
    const tty = Object.assign(memoryIO({}), { tty: true });
    expect(await runCli(['explain', 'DRAOptionalNodeOperations'], tty)).toBe(0);
    expect(tty.stdout).not.toMatch(/\*\*|\]\(/);
    expect(tty.stdout).toContain('<https://kep.k8s.io/');
    const pipe = memoryIO({});
    await runCli(['explain', 'DRAOptionalNodeOperations'], pipe);
    expect(pipe.stdout).toContain('**');
    const json = memoryIO({});
    await runCli(['explain', '--format', 'json', 'DRAOptionalNodeOperations'], json);
    const parsed = JSON.parse(json.stdout) as { type: string; gate: string; state: { stage: string }; markdown: string };
    expect(parsed.type).toBe('gate');
    expect(parsed.state.stage).toBe(gateCatalog().gates['DRAOptionalNodeOperations']!.byVersion['1.37']!.stage);
  });

  it('did-you-mean: gates case-insensitively and by spelling, kinds by spelling; a kind alone points to the kind form', async () => {
    const lower = memoryIO({});
    expect(await runCli(['explain', 'draoptionalnodeoperations'], lower)).toBe(0);
    expect(lower.stderr).toContain('case-sensitive; showing DRAOptionalNodeOperations');
    const typo = memoryIO({});
    expect(await runCli(['explain', 'DRAOptionalNodeOperation'], typo)).toBe(1);
    expect(typo.stderr).toContain('did you mean DRAOptionalNodeOperations?');
    const pod = memoryIO({});
    expect(await runCli(['explain', 'Pod'], pod)).toBe(1);
    expect(pod.stderr).toContain('Pod is a kind, not a feature gate: try `kubegate explain v1 Pod`');
    const kind = memoryIO({});
    expect(await runCli(['explain', 'apps/v1', 'Deplyment'], kind)).toBe(1);
    expect(kind.stderr).toContain('did you mean `kubegate explain apps/v1 Deployment`?');
  });
});
