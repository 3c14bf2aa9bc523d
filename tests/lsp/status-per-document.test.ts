// The status item follows the active editor, over the real protocol: the built server's kubegate/status names, per
// open document, the configs that govern it and its target version, and how many of its YAML documents were not
// checked as Go/Helm templates; the client's formatter (client/src/statusText.ts) turns that into the item's text
// for each editor. Two clusters in one workspace: a kind config governs `kind/`, a kubeadm config `kubeadm/`
// (whose manifest names its own version); a chart template lies beside them.
import { describe, expect, it } from 'vitest';
import { STATUS_NOTIFICATION, type DocumentStatus, type StatusParams } from '../../server/src/contract/protocol';
import { formatStatus } from '../../client/src/statusText';
import { kindConfig, SLICE } from './fixtures';
import { lspSessions, lspSuite, type LspClient } from './harness';

const { create } = lspSessions();
const SUITE = lspSuite('LSP kubegate/status per open document');

const KUBEADM = `apiVersion: kubeadm.k8s.io/v1beta4
kind: ClusterConfiguration
apiServer:
  extraArgs:
  - name: feature-gates
    value: "DRAOptionalNodeOperations=true"
`;

const TEMPLATE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}
spec:
  replicas: {{ .Values.replicas }}
`;

/** Every kubegate/status the server sends, and a wait for the first (from now on or already seen) that passes. */
function statusWatch(client: LspClient): { until(ok: (s: StatusParams) => boolean): Promise<StatusParams> } {
  const seen: StatusParams[] = [];
  const waiters: { ok: (s: StatusParams) => boolean; resolve: (s: StatusParams) => void }[] = [];
  client.connection.onNotification(STATUS_NOTIFICATION, (s: StatusParams) => {
    seen.push(s);
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.ok(s)) waiters.splice(i, 1)[0]!.resolve(s);
    }
  });
  return {
    until(ok) {
      const last = seen[seen.length - 1];
      if (last && ok(last)) return Promise.resolve(last);
      return new Promise((resolve) => waiters.push({ ok, resolve }));
    },
  };
}

const entryOf = (s: StatusParams, uri: string): DocumentStatus | undefined => s.documents?.find((d) => d.uri === uri);

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('each open document gets its own governing configs and version; the item follows the active editor', async () => {
    const pod = `# kubegate: kubernetes-version=1.35\n${SLICE}`;
    const { ws, client } = create({
      'kind/kind-config.yaml': kindConfig({ DRAOptionalNodeOperations: true }),
      'kind/apps/slice.yaml': SLICE,
      'kubeadm/kubeadm-config.yaml': KUBEADM,
      'kubeadm/apps/slice.yaml': pod,
    });
    const status = statusWatch(client);
    await client.initialize();
    const kindSlice = ws.uri('kind/apps/slice.yaml');
    const kubeadmSlice = ws.uri('kubeadm/apps/slice.yaml');
    await client.open(kindSlice, SLICE);
    await client.open(kubeadmSlice, pod);
    const s = await status.until((x) => !!entryOf(x, kindSlice) && !!entryOf(x, kubeadmSlice));

    expect(entryOf(s, kindSlice)).toEqual({ uri: kindSlice, configs: [ws.uri('kind/kind-config.yaml')], kubernetesVersion: '1.37' });
    expect(entryOf(s, kubeadmSlice)).toEqual({ uri: kubeadmSlice, configs: [ws.uri('kubeadm/kubeadm-config.yaml')], kubernetesVersion: '1.35' });
    expect(s.gateSources.filter((g) => g.kind === 'config').map((g) => [g.name, g.gates])).toEqual([
      [ws.uri('kind/kind-config.yaml'), { DRAOptionalNodeOperations: true }],
      [ws.uri('kubeadm/kubeadm-config.yaml'), { DRAOptionalNodeOperations: true }],
    ]);

    // What the item says with each editor active (and the whole workspace with an editor the server does not know).
    expect(formatStatus(s, true, kindSlice).text).toBe('K8s 1.37 · gates: kind/kind-config.yaml');
    expect(formatStatus(s, true, kubeadmSlice).text).toBe('K8s 1.35 · gates: kubeadm/kubeadm-config.yaml');
    expect(formatStatus(s, true, kubeadmSlice).tooltip).toContain('checks `slice.yaml` against Kubernetes **1.35**');
    expect(formatStatus(s, true, ws.uri('README.md')).text).toBe('K8s 1.37 · gates: kind/kind-config.yaml + kubeadm/kubeadm-config.yaml');

    // A closed document leaves the status; its config goes with it when nothing open reads it.
    client.close(kubeadmSlice);
    const after = await status.until((x) => !entryOf(x, kubeadmSlice));
    expect(after.documents?.map((d) => d.uri)).toEqual([kindSlice]);
    expect(after.gateSources.map((g) => g.name)).toEqual([ws.uri('kind/kind-config.yaml')]);
  });

  it('a Helm template is said in the status item: its documents were not checked; a rendered document is not', async () => {
    const { ws, client } = create({ 'chart/templates/deployment.yaml': TEMPLATE, 'm/slice.yaml': SLICE });
    const status = statusWatch(client);
    await client.initialize();
    const chart = ws.uri('chart/templates/deployment.yaml');
    const slice = ws.uri('m/slice.yaml');
    const notes = await client.open(chart, TEMPLATE);
    expect(notes.map((d) => [d.range.start.line, d.code])).toEqual([[0, 'template-not-checked']]);
    await client.open(slice, SLICE);
    const s = await status.until((x) => entryOf(x, chart)?.templates === 1 && !!entryOf(x, slice));
    expect(entryOf(s, slice)?.templates).toBeUndefined();
    const item = formatStatus(s, true, chart);
    expect(item.text).toBe('K8s 1.37 · gates: defaults · template: not checked');
    expect(item.tooltip).toContain('One YAML document is a Go/Helm template ({{ … }}): not checked');
    expect(formatStatus(s, true, slice).text).toBe('K8s 1.37 · gates: defaults');

    // Rendered (no template markers left): checked, and the status says nothing about templates any more.
    const lines = TEMPLATE.split('\n');
    const rendered = await client.change(chart, [
      { range: { start: { line: 3, character: 0 }, end: { line: 3, character: lines[3]!.length } }, newText: '  name: web' },
      { range: { start: { line: 5, character: 0 }, end: { line: 5, character: lines[5]!.length } }, newText: '  replicas: 2' },
    ]);
    expect(rendered.map((d) => d.code)).not.toContain('template-not-checked');
    const next = await status.until((x) => !!entryOf(x, chart) && entryOf(x, chart)!.templates === undefined);
    expect(formatStatus(next, true, chart).text).toBe('K8s 1.37 · gates: defaults');
  });

  it('says what a file was taken for: a chart\'s metadata, values and templates, a kustomization, a component config', async () => {
    const files = {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': 'replicas: 2\n',
      'web/templates/deployment.yaml': TEMPLATE,
      'app/kustomization.yaml': 'resources: [slice.yaml]\n',
      'app/slice.yaml': SLICE,
      'kind/kind-config.yaml': kindConfig({ DRAPrioritizedList: true }),
    };
    const { ws, client } = create(files);
    const status = statusWatch(client);
    await client.initialize();
    for (const [file, text] of Object.entries(files)) await client.open(ws.uri(file), text);
    const uri = (f: keyof typeof files) => ws.uri(f);
    // Each entry once its file's check is in (the template's count, the checked files' class).
    const checked = ['app/slice.yaml', 'kind/kind-config.yaml'] as const;
    const s = await status.until((x) => Object.keys(files).every((f) => !!entryOf(x, ws.uri(f))) && !!entryOf(x, uri('web/templates/deployment.yaml'))?.templates && checked.every((f) => !!entryOf(x, uri(f))?.taken));
    const text = (f: keyof typeof files) => formatStatus(s, true, uri(f)).text;
    expect(text('web/Chart.yaml')).toBe('K8s 1.37 · chart metadata (chart web): not checked');
    expect(text('web/values.yaml')).toBe('K8s 1.37 · chart values (chart web): not checked');
    expect(text('web/templates/deployment.yaml')).toBe('K8s 1.37 · chart web: 1 template not checked');
    expect(formatStatus(s, true, uri('web/templates/deployment.yaml')).tooltip).toContain('A template of chart **web** (1 template in the chart): not checked.');
    expect(text('app/kustomization.yaml')).toBe('K8s 1.37 · a kustomization: not checked');
    expect(entryOf(s, uri('app/slice.yaml'))?.taken).toEqual({ what: 'a kustomize resource', checked: true });
    expect(formatStatus(s, true, uri('app/slice.yaml')).tooltip).toContain('Taken for a kustomize resource: checked as such.');
    expect(entryOf(s, uri('kind/kind-config.yaml'))?.taken).toEqual({ what: 'a component config', checked: true });
  });
});
