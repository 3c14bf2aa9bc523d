// `kubegate check .` over a repository-shaped tree (tests/fixtures/project/classify-repository.yaml: a chart, a
// kustomize app with a component, patches and a leftover patch, test data, component configs, plain manifests):
// no false alarm, one note per file not judged as Kubernetes objects saying what it was taken for, one note per
// chart, and `--fail-on-unchecked` failing on the chart's templates but not on kustomizations.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFixture } from '../support/fixture';
import { spawnCli, tempDirs, tempRepo } from './cli-process';

const fixture = parseFixture(readFileSync(path.join(__dirname, '..', 'fixtures', 'project', 'classify-repository.yaml'), 'utf8'));

describe('a repository of charts, kustomize trees, test data and manifests', () => {
  const tmp = tempDirs();
  const repo = () => tempRepo(tmp, Object.fromEntries(fixture.files.map((f) => [f.path, f.text])));

  it('gives no finding and lists every file it did not judge, with what it was taken for', async () => {
    const io = await spawnCli(['check', '.'], { cwd: repo() });
    expect(io.code).toBe(0);
    const notes = io.stdout.split('\n').filter((l) => l.startsWith('note: '));
    expect(notes).toEqual([
      'note: app/base/kustomization.yaml: a kustomization: no Kubernetes object to check',
      'note: app/components/tracing/kustomization.yaml: a kustomization: no Kubernetes object to check',
      'note: app/overlays/prod/kustomization.yaml: a kustomization: no Kubernetes object to check',
      'note: app/overlays/prod/webhook_in_web.yaml: no kustomization uses this file (app/overlays/prod/kustomization.yaml owns its folder): read as a patch, missing fields not reported',
      'note: charts/ingress/Chart.yaml: chart metadata (chart ingress): no Kubernetes object to check',
      'note: charts/ingress/ci/daemonset-values.yaml: chart values (chart ingress): no Kubernetes object to check',
      'note: charts/ingress/values.yaml: chart values (chart ingress): no Kubernetes object to check',
      'note: deploy/replicas-snippet.yaml:1:1 document 1 not checked: a fragment: no string apiVersion and kind',
      "note: hack/kubeadm-patches/etcd+json.yaml: a kubeadm patch file (etcd+json.yaml): kubeadm applies it to its component's manifest; not an object",
      "note: test/golden/render.yaml: not a Kubernetes object: kind RenderResult with no apiVersion and no metadata (a test file or a tool's config?)",
      'note: chart ingress (charts/ingress): 2 templates not checked; render with `helm template charts/ingress | kubegate check -`',
    ]);
    expect(io.stdout).toContain(`No problems in ${fixture.files.length} files`);
    expect(io.stdout).not.toMatch(/JSON/);
  });

  it('every format counts the chart: JSON lists it in its summary and says what each file was taken for', async () => {
    const io = await spawnCli(['check', '--format', 'json', '.'], { cwd: repo() });
    expect(io.code).toBe(0);
    const out = JSON.parse(io.stdout) as { files: { path: string; taken?: { as: string } }[]; summary: { notChecked: number; charts: unknown[] } };
    expect(out.summary.charts).toEqual([{ name: 'ingress', dir: 'charts/ingress', templates: 2, documents: 2 }]);
    // The chart's 2 template documents and the fragment.
    expect(out.summary.notChecked).toBe(3);
    const taken = Object.fromEntries(out.files.map((f) => [f.path, f.taken?.as]));
    expect(taken).toEqual(Object.fromEntries(fixture.files.map((f) => [f.path, f.taken])));
  });

  it('--fail-on-unchecked fails on a chart\'s templates, not on kustomizations', async () => {
    const root = repo();
    const all = await spawnCli(['check', '--fail-on-unchecked', '.'], { cwd: root });
    expect(all.code).toBe(1);
    expect(all.stdout).toContain('Failing (exit 1): 3 documents not checked (--fail-on-unchecked).');
    const app = await spawnCli(['check', '--fail-on-unchecked', 'app'], { cwd: root });
    expect(app.stdout).toContain('No problems in 7 files');
    expect(app.code).toBe(0);
  });

  it('reads a template opening with `{{-` as a template, never as JSON, also on stdin', async () => {
    const text = '{{- if .Values.enabled }}\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n{{- end }}\n';
    const io = await spawnCli(['check', '--format', 'json', '-'], { stdin: text });
    expect(io.code).toBe(0);
    const out = JSON.parse(io.stdout) as { files: { documents: { status?: string }[]; findings: { code: string }[] }[] };
    expect(out.files[0]!.findings.map((f) => f.code)).toEqual(['template-not-checked']);
    expect(out.files[0]!.documents.map((d) => d.status)).toEqual(['template']);
  });
});
