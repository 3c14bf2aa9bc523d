// Config readers: which documents set gates, for which components, with exact ranges. Gate names here are
// made up (the readers know no gate); no ../shared needed.
// Internal imports: `gates/feature-gates-flag` (parseFeatureGatesValue: a --feature-gates value split, no public
// surface).
import { describe, expect, it } from 'vitest';
import { readGateConfigsFromText, explicitSettings, parseGoBool } from '../../server/src/engine';
import { parseFeatureGatesValue } from '../../server/src/engine/gates/feature-gates-flag';

describe('config readers', () => {
  it('ParseBool forms', () => {
    for (const t of ['1', 't', 'T', 'TRUE', 'true', 'True', true]) expect(parseGoBool(t)).toBe(true);
    for (const f of ['0', 'f', 'F', 'FALSE', 'false', 'False', false]) expect(parseGoBool(f)).toBe(false);
    for (const x of ['yes', 'on', 'tRuE', '', 2, null]) expect(parseGoBool(x)).toBeUndefined();
  });

  it('--feature-gates values with offsets; explicit settings reject non-booleans', () => {
    const pairs = parseFeatureGatesValue('GateA=true, GateB=false,,GateC');
    expect(pairs.map((p) => [p.name, p.value])).toEqual([['GateA', true], ['GateB', false], ['GateC', undefined]]);
    expect('GateA=true, GateB=false'.slice(pairs[1]!.nameStart, pairs[1]!.nameEnd)).toBe('GateB');
    expect(explicitSettings(['GateA=true', 'GateB=0']).map((s) => [s.gate, s.value, s.components])).toEqual([
      ['GateA', true, 'all'],
      ['GateB', false, 'all'],
    ]);
    expect(() => explicitSettings(['GateA=yes'])).toThrow(/GateA=yes/);
  });

  it('kubeadm v1beta4 list form per component, InitConfiguration kubelet args, coverage of the control plane', () => {
    const text = [
      'apiVersion: kubeadm.k8s.io/v1beta4',
      'kind: ClusterConfiguration',
      'kubernetesVersion: v1.36.2',
      'apiServer:',
      '  extraArgs:',
      '  - name: feature-gates',
      '    value: "GateA=true,GateB=false"',
      'scheduler:',
      '  extraArgs:',
      '  - {name: feature-gates, value: GateA=true}',
      'etcd:',
      '  local:',
      '    extraArgs:',
      '    - name: feature-gates',
      '      value: GateZ=true',
      '---',
      'apiVersion: kubeadm.k8s.io/v1beta4',
      'kind: InitConfiguration',
      'nodeRegistration:',
      '  kubeletExtraArgs:',
      '  - name: feature-gates',
      '    value: GateA=true',
      '',
    ].join('\n');
    const [cluster, init] = readGateConfigsFromText(text, 'kubeadm.yaml');
    expect(cluster!.settings.map((s) => [s.gate, s.value, s.components])).toEqual([
      ['GateA', true, ['kube-apiserver']],
      ['GateB', false, ['kube-apiserver']],
      ['GateA', true, ['kube-scheduler']],
    ]);
    expect(cluster!.covers).toEqual(['kube-apiserver', 'kube-controller-manager', 'kube-scheduler']);
    expect(cluster!.namedVersions.map((n) => n.version)).toEqual(['1.36.2']);
    // range of GateB inside the quoted value on line 6
    const line6 = text.split('\n')[6]!;
    expect(cluster!.settings[1]!.range).toEqual({ start: { line: 6, character: line6.indexOf('GateB') }, end: { line: 6, character: line6.indexOf('GateB') + 5 } });
    expect(init!.settings.map((s) => [s.gate, s.components])).toEqual([['GateA', ['kubelet']]]);
    expect(init!.covers).toEqual(['kubelet']);
  });

  it('kubeadm Init/JoinConfiguration without nodeRegistration say nothing about the kubelet; a bare ClusterConfiguration covers the control plane', () => {
    const text = [
      'apiVersion: kubeadm.k8s.io/v1beta4',
      'kind: InitConfiguration',
      'localAPIEndpoint: {advertiseAddress: 10.0.0.1}',
      '---',
      'apiVersion: kubeadm.k8s.io/v1beta4',
      'kind: JoinConfiguration',
      'discovery: {}',
      '---',
      'apiVersion: kubeadm.k8s.io/v1beta4',
      'kind: ClusterConfiguration',
      '',
    ].join('\n');
    const configs = readGateConfigsFromText(text, 'kubeadm.yaml');
    expect(configs.map((c) => [c.configKind, c.document, c.covers, c.settings.length])).toEqual([
      ['kubeadm', 0, [], 0],
      ['kubeadm', 1, [], 0],
      ['kubeadm', 2, ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'], 0],
    ]);
    const withSection = text.replace('discovery: {}', 'discovery: {}\nnodeRegistration: {name: n}');
    expect(readGateConfigsFromText(withSection, 'kubeadm.yaml').map((c) => c.covers)).toEqual([[], ['kubelet'], ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler']]);
  });

  it('kubeadm v1beta3 map form is read by shape', () => {
    const text = 'apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\ncontrollerManager:\n  extraArgs:\n    feature-gates: GateA=true\n';
    expect(readGateConfigsFromText(text)[0]!.settings.map((s) => [s.gate, s.components])).toEqual([['GateA', ['kube-controller-manager']]]);
  });

  it('KubeletConfiguration, KubeProxyConfiguration and kind Cluster featureGates; kind runtimeConfig', () => {
    const text = [
      'apiVersion: kubelet.config.k8s.io/v1beta1',
      'kind: KubeletConfiguration',
      'featureGates: {GateA: true}',
      '---',
      'apiVersion: kubeproxy.config.k8s.io/v1alpha1',
      'kind: KubeProxyConfiguration',
      'featureGates:',
      '  GateB: "false"',
      '---',
      'kind: Cluster',
      'apiVersion: kind.x-k8s.io/v1alpha4',
      'featureGates:',
      '  GateC: True',
      'runtimeConfig:',
      '  "api/alpha": "true"',
      '',
    ].join('\n');
    const [kubelet, proxy, kind] = readGateConfigsFromText(text, 'x.yaml');
    expect(kubelet!.settings.map((s) => [s.gate, s.value, s.components, s.origin])).toEqual([['GateA', true, ['kubelet'], 'kubelet']]);
    expect(proxy!.settings.map((s) => [s.gate, s.value, s.components])).toEqual([['GateB', false, ['kube-proxy']]]);
    expect(kind!.settings.map((s) => [s.gate, s.value, s.components])).toEqual([['GateC', true, 'all']]);
    expect(kind!.runtimeConfig.map((r) => [r.key, r.value])).toEqual([['api/alpha', true]]);
  });

  it('static Pods: control-plane containers only, flag with = or as the next argument', () => {
    const pod = (container: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n${container}`;
    const scheduler = pod('  - name: s\n    image: example/any:1\n    command: ["kube-scheduler", "--v=2"]\n    args: ["--feature-gates", "GateA=true,GateB=false"]\n');
    expect(readGateConfigsFromText(scheduler)[0]!.settings.map((s) => [s.gate, s.value, s.components])).toEqual([
      ['GateA', true, ['kube-scheduler']],
      ['GateB', false, ['kube-scheduler']],
    ]);
    const sidecar = pod('  - name: csi\n    image: example/csi-provisioner:v5\n    args: ["--feature-gates=Topology=true"]\n');
    expect(readGateConfigsFromText(sidecar)).toEqual([]);
  });

  it('templated documents and documents with errors contribute nothing', () => {
    expect(readGateConfigsFromText('apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  {{ .Gate }}: true\n')).toEqual([]);
    expect(readGateConfigsFromText('apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  A: true\n  A: false\n')).toEqual([]);
  });
});
