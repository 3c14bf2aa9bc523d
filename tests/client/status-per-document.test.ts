// The status item follows the active editor: the server sends, per open document, the configs that govern it
// (server/src/lsp/status.ts); the client shows the version and the config sources of the active document only
// (client/src/statusText.ts). Two clusters in one workspace: a kind config governs one folder, a kubeadm config
// another.
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { statusParams } from '../../server/src/lsp/status';
import { defaultSettings } from '../../server/src/contract/settings';
import type { ConfigDocInfo } from '../../server/src/engine';
import { formatStatus, statusFor } from '../../client/src/statusText';

const kindConfig = '/ws/kind/kind-config.yaml';
const kubeadmConfig = '/ws/kubeadm/kubeadm-config.yaml';
const kindManifest = '/ws/kind/apps/slice.yaml';
const kubeadmManifest = '/ws/kubeadm/apps/my pod.yaml';
const uri = (p: string) => pathToFileURL(p).toString();

function config(file: string, gate: string, value: boolean): ConfigDocInfo {
  return { file, settings: [{ gate, value }] } as unknown as ConfigDocInfo;
}

const status = statusParams({
  settings: defaultSettings(),
  problems: [],
  snapshot: undefined,
  cluster: { state: 'disabled', notes: [] },
  openFiles: [kindManifest, kubeadmManifest],
  configsOf: (file) => (file.startsWith('/ws/kind/') ? [config(kindConfig, 'GateA', true)] : [config(kubeadmConfig, 'GateB', false)]),
  versionOf: (file) => (file === kubeadmManifest ? '1.35' : undefined),
});

describe('status per document', () => {
  it('the server lists, per open document, the configs that govern it and its version when known', () => {
    expect(status.gateSources.map((s) => [s.kind, s.name])).toEqual([
      ['config', uri(kindConfig)],
      ['config', uri(kubeadmConfig)],
    ]);
    expect(status.documents).toEqual([
      { uri: uri(kindManifest), configs: [uri(kindConfig)] },
      { uri: uri(kubeadmManifest), configs: [uri(kubeadmConfig)], kubernetesVersion: '1.35' },
    ]);
  });

  it('the item shows what applies to the active editor, and the whole workspace for other editors', () => {
    expect(formatStatus(status, true).text).toBe('K8s 1.37 · gates: kind/kind-config.yaml + kubeadm/kubeadm-config.yaml');
    expect(formatStatus(status, true, uri(kindManifest)).text).toBe('K8s 1.37 · gates: kind/kind-config.yaml');
    // VS Code encodes the space as %20 too, and may encode other characters differently: compared decoded.
    const other = formatStatus(status, true, 'file:///ws/kubeadm/apps/my%20pod.yaml');
    expect(other.text).toBe('K8s 1.35 · gates: kubeadm/kubeadm-config.yaml');
    expect(other.tooltip).toContain('checks `my pod.yaml` against Kubernetes **1.35**');
    expect(formatStatus(status, true, 'file:///ws/README.md').text).toBe('K8s 1.37 · gates: kind/kind-config.yaml + kubeadm/kubeadm-config.yaml');
    expect(statusFor(status, undefined).status).toBe(status);
  });

  it('two folders with a config of the same name read differently; the tooltip names the folder', () => {
    const dev = '/ws/clusters/dev/kind.yaml';
    const prod = '/ws/clusters/prod/kind.yaml';
    const two = statusParams({
      settings: defaultSettings(),
      problems: [],
      snapshot: undefined,
      cluster: { state: 'disabled', notes: [] },
      openFiles: ['/ws/clusters/dev/app.yaml', '/ws/clusters/prod/app.yaml'],
      configsOf: (file) => [config(file.includes('/dev/') ? dev : prod, 'GateA', file.includes('/dev/'))],
    });
    const devView = formatStatus(two, true, uri('/ws/clusters/dev/app.yaml'));
    const prodView = formatStatus(two, true, uri('/ws/clusters/prod/app.yaml'));
    expect([devView.text, prodView.text]).toEqual(['K8s 1.37 · gates: dev/kind.yaml', 'K8s 1.37 · gates: prod/kind.yaml']);
    expect(devView.tooltip).toContain('- config `kind.yaml` in folder `/ws/clusters/dev`: 1 gate');
    // With the workspace-relative path the client gives (VS Code's asRelativePath)
    const relativeOf = (u: string) => decodeURIComponent(u).replace('file:///ws/', '');
    const relative = formatStatus(two, true, uri('/ws/clusters/prod/app.yaml'), relativeOf);
    expect(relative.text).toBe('K8s 1.37 · gates: clusters/prod/kind.yaml');
    expect(relative.tooltip).toContain('- config `kind.yaml` in folder `clusters/prod`: 1 gate');
  });
});
