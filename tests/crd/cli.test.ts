// `kubegate check` with custom resources (the built CLI, as a user runs it): the bundled pack by default,
// --crd FILE, CRDs beside the manifest, --crd-pack for a release or channel, controller gates in --feature-gates.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suite } from '../support/shared';
import { CLI, spawnCli } from './../cli/cli-process';
import { existsSync } from 'node:fs';
import { WIDGET_CRD } from './fixtures';

const SUITE = suite('CLI custom resources', { present: existsSync(CLI), what: 'dist/cli.js', absent: 'dist/cli.js is not built (npm run build)' });

const VGS = 'apiVersion: groupsnapshot.storage.k8s.io/v1\nkind: VolumeGroupSnapshot\nmetadata:\n  name: g\nspec:\n  volumeGroupSnapshotClassName: c\n  sourc:\n    selector: {matchLabels: {app: db}}\n';
const WIDGET = 'apiVersion: example.kubegate.test/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: Huge\n';
const ROUTE = 'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n  name: r\nspec:\n  parentRefs: [{name: gw}]\n  rules:\n  - retry: {attempts: 2}\n';

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 60_000 }, () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kubegate-crd-cli-'));
    mkdirSync(path.join(dir, 'with-crd'));
    mkdirSync(path.join(dir, 'plain'));
    writeFileSync(path.join(dir, 'vgs.yaml'), VGS);
    writeFileSync(path.join(dir, 'route.yaml'), ROUTE);
    writeFileSync(path.join(dir, 'with-crd', 'crd.yaml'), WIDGET_CRD);
    writeFileSync(path.join(dir, 'with-crd', 'w.yaml'), WIDGET);
    writeFileSync(path.join(dir, 'plain', 'w.yaml'), WIDGET);
    mkdirSync(path.join(dir, 'elsewhere'));
    writeFileSync(path.join(dir, 'elsewhere', 'widget-crd.yaml'), WIDGET_CRD);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const json = async (args: string[]) => {
    const run = await spawnCli(['check', '--format', 'json', ...args], { cwd: dir });
    const out = JSON.parse(run.stdout) as { files: { path: string; findings: { code: string; path?: string; data?: Record<string, unknown> }[] }[] };
    return { code: run.code, stderr: run.stderr, findings: out.files.flatMap((f) => f.findings.map((x) => `${x.code}:${x.path}`)) };
  };

  it('checks a VolumeGroupSnapshot against the bundled pack; the controller gate comes from --feature-gates', async () => {
    const a = await json(['vgs.yaml']);
    expect(a.code).toBe(1);
    expect(a.findings).toEqual(['feature-gate:(kind)', 'missing-field:spec.source', 'unknown-field:spec.sourc']);
    const b = await json(['--feature-gates', 'snapshot-controller:CSIVolumeGroupSnapshot=true', 'vgs.yaml']);
    expect(b.findings).toEqual(['missing-field:spec.source', 'unknown-field:spec.sourc']);
  });

  it('CRDs beside the manifest, or named with --crd', async () => {
    expect((await json(['with-crd/w.yaml'])).findings).toEqual(['invalid-value:spec.size']);
    // plain/ has no CRD, nor has the root above it (elsewhere/ is a sibling): not checked.
    expect((await json(['plain/w.yaml'])).findings).toEqual([]);
    expect((await json(['--crd', 'elsewhere/widget-crd.yaml', 'plain/w.yaml'])).findings).toEqual(['invalid-value:spec.size']);
    const missing = await spawnCli(['check', '--crd', 'nope.yaml', 'plain/w.yaml'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read --crd nope.yaml');
  });

  it('.kubegate.yaml: customResources packs and crdFiles, controller gates in featureGates', async () => {
    const repo = path.join(dir, 'repo');
    mkdirSync(path.join(repo, 'defs'), { recursive: true });
    mkdirSync(path.join(repo, 'apps'), { recursive: true });
    writeFileSync(path.join(repo, 'defs', 'widget.yaml'), WIDGET_CRD);
    writeFileSync(path.join(repo, 'apps', 'w.yaml'), WIDGET);
    writeFileSync(path.join(repo, 'apps', 'route.yaml'), ROUTE);
    writeFileSync(path.join(repo, 'apps', 'vgs.yaml'), VGS.replace('sourc:', 'source:'));
    writeFileSync(
      path.join(repo, '.kubegate.yaml'),
      'version: 1\nfeatureGates:\n  snapshot-controller:CSIVolumeGroupSnapshot: true\ncustomResources:\n  packs: [gateway-api experimental]\n  crdFiles: [defs/*.yaml]\n',
    );
    const run = await spawnCli(['check', '--format', 'json', 'apps'], { cwd: repo });
    expect(run.stderr).toBe('');
    const out = JSON.parse(run.stdout) as { files: { path: string; findings: { code: string; path?: string }[] }[] };
    expect(out.files.flatMap((f) => f.findings.map((x) => `${path.basename(f.path)} ${x.code}:${x.path}`))).toEqual(['w.yaml invalid-value:spec.size']);
  });

  it('explain shows a bundled custom kind and a controller-gated field', async () => {
    const kind = await spawnCli(['explain', 'groupsnapshot.storage.k8s.io/v1beta1', 'VolumeGroupSnapshot'], { cwd: dir });
    expect(kind.code).toBe(0);
    expect(kind.stdout).toContain('(served, deprecated)');
    expect(kind.stdout).toContain('CSIVolumeGroupSnapshot');
    const field = await spawnCli(['explain', 'karpenter.sh/v1', 'NodePool', 'spec.replicas'], { cwd: dir });
    expect(field.code).toBe(0);
    expect(field.stdout).toContain('StaticCapacity');
    expect(field.stdout).toContain('Alpha, off by default in karpenter v1.14.1');
  });

  it('--crd-pack selects the Gateway API channel or an older release', async () => {
    expect((await json(['route.yaml'])).findings).toEqual(['experimental-channel:spec.rules[].retry']);
    expect((await json(['--crd-pack', 'gateway-api experimental', 'route.yaml'])).findings).toEqual([]);
    const old = await json(['--crd-pack', 'external-snapshotter@8.3', '--feature-gates', 'snapshot-controller:CSIVolumeGroupSnapshot=true', 'vgs.yaml']);
    expect(old.findings).toEqual(['api-not-served:groupsnapshot.storage.k8s.io/v1/VolumeGroupSnapshot']);
    const bad = await spawnCli(['check', '--crd-pack', 'gateway-api@@', 'route.yaml'], { cwd: dir });
    expect(bad.code).toBe(2);
  });
});
