// kubeadm `runtime-config` arguments of the API server (engine/gates/kubeadm-patches.ts readRuntimeConfigArgs): the
// v1beta4 list form and the v1beta3 map form, entries without a value (on), values Go's ParseBool reads, empty and
// unreadable entries skipped, each key at its exact position (after an opening quote), a block scalar as a whole;
// and the patches of a kind Cluster that the readers skip (unknown kinds, operations that add nothing).
import { describe, expect, it } from 'vitest';
import { readGateConfigsFromText } from '../../server/src/engine';
import { rangeIn } from '../support/word-range';

const HEAD = 'apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n';
const runtimeOf = (text: string) => readGateConfigsFromText(text, '/r/kubeadm.yaml')[0]?.runtimeConfig;

describe('kubeadm runtime-config', () => {
  it('the list form: each key at its place, a bare key is on, other values read as Go booleans', () => {
    const text = `${HEAD}  - name: runtime-config\n    value: 'a.example/v1beta1, api/alpha=false,,b.example/v1=1,c.example/v1=maybe, =true'\n  - name: other\n    value: d.example/v1=true\n`;
    const line = text.indexOf("value: '");
    expect(runtimeOf(text)).toEqual([
      { key: 'a.example/v1beta1', value: true, origin: 'kubeadm', file: '/r/kubeadm.yaml', range: rangeIn(text, 'a.example/v1beta1') },
      { key: 'api/alpha', value: false, origin: 'kubeadm', file: '/r/kubeadm.yaml', range: rangeIn(text, 'api/alpha', line) },
      { key: 'b.example/v1', value: true, origin: 'kubeadm', file: '/r/kubeadm.yaml', range: rangeIn(text, 'b.example/v1') },
    ]);
  });

  it('the map form; a double-quoted value', () => {
    const text = `apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n    runtime-config: "api/all=true"\n`;
    expect(runtimeOf(text)).toEqual([{ key: 'api/all', value: true, origin: 'kubeadm', file: '/r/kubeadm.yaml', range: rangeIn(text, 'api/all') }]);
  });

  it('a block scalar value: the entries at the whole value', () => {
    const text = `${HEAD}  - name: runtime-config\n    value: >-\n      api/beta=true\n`;
    const [entry] = runtimeOf(text) ?? [];
    expect(entry?.key).toBe('api/beta');
    expect(entry?.range?.start).toEqual(rangeIn(text, '>-').start);
  });

  it('a value that is not text, or an item without a value, gives nothing', () => {
    expect(runtimeOf(`${HEAD}  - name: runtime-config\n    value: [a]\n  - name: runtime-config\n`)).toEqual([]);
    expect(runtimeOf(`apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n    runtime-config: 12\n`)).toEqual([]);
    // Only ClusterConfiguration holds the API server's arguments.
    expect(runtimeOf('apiVersion: kubeadm.k8s.io/v1beta4\nkind: InitConfiguration\napiServer:\n  extraArgs:\n  - name: runtime-config\n    value: api/all=true\n')).toEqual([]);
  });
});

describe('kind patches the readers skip', () => {
  const KIND = 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\n';
  const settings = (text: string) => readGateConfigsFromText(text, '/r/kind.yaml')[0]?.settings.map((s) => [s.gate, s.value, s.components]);

  it('a merge patch of a kind that holds no gates, or of no kind, adds nothing; one naming its apiVersion is read as is', () => {
    const text = `${KIND}kubeadmConfigPatches:\n- |\n  kind: Pod\n  featureGates: {A: true}\n- |\n  featureGates: {B: true}\n- |\n  apiVersion: kubelet.config.k8s.io/v1beta1\n  kind: KubeletConfiguration\n  featureGates: {C: true}\n- |\n  - not a map\n`;
    expect(settings(text)).toEqual([['C', true, ['kubelet']]]);
  });

  it('JSON6902: a kind without a place for gates, a remove, a value that is not a map, are skipped; group/version default by kind', () => {
    const text = [
      KIND.trimEnd(),
      'kubeadmConfigPatchesJSON6902:',
      '- kind: Pod',
      '  patch: |',
      '    - op: add',
      '      path: /featureGates',
      '      value: {A: true}',
      '- kind: KubeletConfiguration',
      '  patch: |',
      '    - op: remove',
      '      path: /featureGates/B',
      '    - op: add',
      '      path: /featureGates/C',
      '    - op: add',
      '      path: ""',
      '      value: x',
      '    - op: add',
      '      path: /featureGates/D',
      '      value: true',
      '',
    ].join('\n');
    expect(settings(text)).toEqual([['D', true, ['kubelet']]]);
  });

  it('node-level patches are read beside the cluster-level ones; nodes that are not maps are passed over', () => {
    const text = `${KIND}kubeadmConfigPatches:\n- |\n  kind: KubeProxyConfiguration\n  featureGates: {P: false}\nnodes:\n- plain\n- role: worker\n  kubeadmConfigPatches:\n  - |\n    kind: KubeletConfiguration\n    featureGates: {K: true}\n`;
    expect(settings(text)).toEqual([
      ['P', false, ['kube-proxy']],
      ['K', true, ['kubelet']],
    ]);
  });
});
