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
    expect(formatStatus(status, true).text).toBe('K8s 1.37 · gates: kind-config.yaml + kubeadm-config.yaml');
    expect(formatStatus(status, true, uri(kindManifest)).text).toBe('K8s 1.37 · gates: kind-config.yaml');
    // VS Code encodes the space as %20 too, and may encode other characters differently: compared decoded.
    const other = formatStatus(status, true, 'file:///ws/kubeadm/apps/my%20pod.yaml');
    expect(other.text).toBe('K8s 1.35 · gates: kubeadm-config.yaml');
    expect(other.tooltip).toContain('checks `my pod.yaml` against Kubernetes **1.35**');
    expect(formatStatus(status, true, 'file:///ws/README.md').text).toBe('K8s 1.37 · gates: kind-config.yaml + kubeadm-config.yaml');
    expect(statusFor(status, undefined).status).toBe(status);
  });
});
