// Internal imports: `gates/discover-configs` (loadConfigFiles: config documents read from named files, which the
// project model does for the front ends; the entry point does not export it).
// Also `gates/config-readers` (readGateConfig: one parsed document's gate facts).
// kind kubeadmConfigPatches / kubeadmConfigPatchesJSON6902 (cluster level and nodes[]): read as the kubeadm,
// kubelet and kube-proxy documents they are, with every range inside the block scalar of the kind config.
import { describe, expect, it } from 'vitest';
import { buildGateEnvironment, readGateConfigsFromText, type Finding, type Range, gateCatalog, Analysis } from '../../server/src/engine';
import { loadConfigFiles } from '../../server/src/engine/gates/discover-configs';
import { LineCounter, parseDocument } from 'yaml';
import { readGateConfig } from '../../server/src/engine/gates/config-readers';
import { committedKinds, gatedField, normalisedComponents, pageGates } from '../support/committed';
import { nthRangeIn } from '../support/word-range';

const V = '1.37';

const KIND_HEAD = 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\n';

describe('kind kubeadmConfigPatches readers', () => {
  const text = [
    KIND_HEAD.trimEnd(),
    'kubeadmConfigPatches:',
    '- |',
    '  kind: ClusterConfiguration',
    '  apiServer:',
    '      extraArgs:',
    '        feature-gates: "GateA=true,GateB=false"',
    '        runtime-config: group.example/v1beta2=true,api/alpha=false',
    '  scheduler:',
    '    extraArgs:',
    '    - name: feature-gates',
    '      value: GateA=true',
    '- |-',
    '    apiVersion: kubelet.config.k8s.io/v1beta1',
    '    kind: KubeletConfiguration',
    '    featureGates:',
    '      GateK: true',
    'kubeadmConfigPatchesJSON6902:',
    '- group: kubeadm.k8s.io',
    '  version: v1beta3',
    '  kind: ClusterConfiguration',
    '  patch: |',
    '    - op: add',
    '      path: /controllerManager/extraArgs/feature-gates',
    '      value: GateJ=true',
    '- group: kubelet.config.k8s.io',
    '  version: v1beta1',
    '  kind: KubeletConfiguration',
    '  patch: |',
    '    - op: replace',
    '      path: /featureGates/GatePath',
    '      value: false',
    'nodes:',
    '- role: control-plane',
    '  kubeadmConfigPatches:',
    '  - |',
    '    kind: InitConfiguration',
    '    nodeRegistration:',
    '      kubeletExtraArgs:',
    '        - name: feature-gates',
    '          value: GateN=true',
    '- role: worker',
    '  kubeadmConfigPatches:',
    '  - >',
    '    kind: JoinConfiguration',
    '',
    '    nodeRegistration:',
    '',
    '      kubeletExtraArgs: {feature-gates: "GateW=true"}',
    '',
  ].join('\n');

  it('reads gates per component from merge and JSON6902 patches, at their exact positions in the file', () => {
    const [info] = readGateConfigsFromText(text, 'kind.yaml');
    const got = info!.settings.map((s) => [s.gate, s.value, s.components, s.origin]);
    expect(got).toEqual([
      ['GateA', true, ['kube-apiserver'], 'kubeadm'],
      ['GateB', false, ['kube-apiserver'], 'kubeadm'],
      ['GateA', true, ['kube-scheduler'], 'kubeadm'],
      ['GateK', true, ['kubelet'], 'kubelet'],
      ['GateJ', true, ['kube-controller-manager'], 'kubeadm'],
      ['GatePath', false, ['kubelet'], 'kubelet'],
      ['GateN', true, ['kubelet'], 'kubeadm'],
      ['GateW', true, ['kubelet'], 'kubeadm'],
    ]);
    const byName = (g: string, nth = 0) => info!.settings.filter((s) => s.gate === g)[nth]!;
    expect(byName('GateA').range).toEqual(nthRangeIn(text, 'GateA', 0));
    expect(byName('GateB').range).toEqual(nthRangeIn(text, 'GateB', 0));
    expect(byName('GateB').valueRange).toEqual(nthRangeIn(text, 'false', 0));
    expect(byName('GateA', 1).range).toEqual(nthRangeIn(text, 'GateA', 1));
    expect(byName('GateK').range).toEqual(nthRangeIn(text, 'GateK', 0));
    expect(byName('GateJ').range).toEqual(nthRangeIn(text, 'GateJ', 0));
    // a JSON6902 path segment: the gate name inside the `path` string
    expect(byName('GatePath').range).toEqual(nthRangeIn(text, 'GatePath', 0));
    expect(byName('GateN').range).toEqual(nthRangeIn(text, 'GateN', 0));
    // folded block scalar with blank lines
    expect(byName('GateW').range).toEqual(nthRangeIn(text, 'GateW', 0));
    // runtime-config of apiServer extraArgs, at the key inside the patch
    expect(info!.runtimeConfig.map((r) => [r.key, r.value, r.origin])).toEqual([
      ['group.example/v1beta2', true, 'kubeadm'],
      ['api/alpha', false, 'kubeadm'],
    ]);
    expect(info!.runtimeConfig[0]!.range).toEqual(nthRangeIn(text, 'group.example/v1beta2', 0));
    // a patch never describes a component's whole gate set
    expect(info!.covers).toEqual([]);
  });

  it('a standalone kubeadm ClusterConfiguration also gives its runtime-config', () => {
    const kubeadm =
      'apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n  - name: runtime-config\n    value: "g.example/v1alpha1=true"\n';
    const [info] = readGateConfigsFromText(kubeadm, 'kubeadm.yaml');
    expect(info!.runtimeConfig).toEqual([
      { key: 'g.example/v1alpha1', value: true, origin: 'kubeadm', file: 'kubeadm.yaml', range: nthRangeIn(kubeadm, 'g.example/v1alpha1', 0) },
    ]);
  });

  it('templated or unparsable patch strings are skipped, the rest of the kind config is read', () => {
    const t = `${KIND_HEAD}featureGates: {GateA: true}\nkubeadmConfigPatches:\n- |\n  kind: ClusterConfiguration\n  apiServer: {extraArgs: {feature-gates: "{{ .Gates }}"}}\n- "kind: [unclosed"\n`;
    const lineCounter = new LineCounter();
    const doc = parseDocument(t, { lineCounter });
    const info = readGateConfig(doc, { lineCounter, document: 0, text: t });
    expect(info!.settings.map((s) => s.gate)).toEqual(['GateA']);
  });
});

describe('kubeadm patches in the gate model and the checks', () => {
  function findings(text: string, code: Finding['code'], configText?: string): Finding[] {
    const configs = configText ? loadConfigFiles(['/repo/kind.yaml'], { readFile: () => configText }).configs : [];
    const environment = configText ? buildGateEnvironment({ catalog: gateCatalog(), version: V, configs }) : undefined;
    return new Analysis({ version: V, environment }).check(text).findings.filter((f) => f.code === code);
  }

  it('a removed gate set in a patch is unknown-gate "removed" at its position inside the block scalar', () => {
    const removed = pageGates().find(
      (g) => g.by_version[V]?.exists === false && Object.values(g.by_version).some((s) => s.exists === true),
    )!;
    const kind = `${KIND_HEAD}nodes:\n- role: control-plane\n  kubeadmConfigPatches:\n  - |\n    kind: ClusterConfiguration\n    apiServer:\n      extraArgs:\n        feature-gates: "${removed.name}=true"\n`;
    const [f] = findings(kind, 'unknown-gate');
    expect(f?.data).toMatchObject({ gate: removed.name, reason: 'removed' });
    expect(f?.range).toEqual(nthRangeIn(kind, removed.name, 0));
    // JSON6902: the name in the path string
    const json = `${KIND_HEAD}kubeadmConfigPatchesJSON6902:\n- group: kubelet.config.k8s.io\n  version: v1beta1\n  kind: KubeletConfiguration\n  patch: |-\n    - op: add\n      path: /featureGates/${removed.name}\n      value: true\n`;
    const [g] = findings(json, 'unknown-gate');
    expect(g?.data).toMatchObject({ gate: removed.name, reason: 'removed' });
    expect(g?.range).toEqual(nthRangeIn(json, removed.name, 0));
  });

  it('a gate enabled for every component through patches silences the feature-gate warning', () => {
    const row = gatedField(V, 'ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1');
    const gate = row.gate;
    const gateInfo = pageGates().find((g) => g.name === gate)!;
    const components = normalisedComponents(gateInfo.components);
    expect(components.length).toBeGreaterThan(0);
    const slice = `apiVersion: ${row.apiVersion}\nkind: ResourceSlice\nmetadata:\n  name: s\nspec:\n  driver: d\n  pool: {name: p, generation: 1, resourceSliceCount: 1}\n  allNodes: true\n  skipNodeOperations: ["*"]\n`;
    expect(findings(slice, 'feature-gate')).toHaveLength(1);
    const section: Record<string, string> = { 'kube-apiserver': 'apiServer', 'kube-controller-manager': 'controllerManager', 'kube-scheduler': 'scheduler' };
    const cluster = components.filter((c) => section[c]).map((c) => `  ${section[c]}:\n    extraArgs:\n      - name: feature-gates\n        value: ${gate}=true\n`);
    const kubelet = components.includes('kubelet')
      ? `- |\n  kind: InitConfiguration\n  nodeRegistration:\n    kubeletExtraArgs:\n      feature-gates: ${gate}=true\n`
      : '';
    const kind = `${KIND_HEAD}kubeadmConfigPatches:\n- |\n  kind: ClusterConfiguration\n${cluster.join('')}${kubelet}`;
    expect(findings(slice, 'feature-gate', kind)).toEqual([]);
    // the same file with the kind config beside the manifest (the file's own config documents)
    expect(findings(`${slice}---\n${kind}`, 'feature-gate')).toEqual([]);
    // a patch that sets the gate false keeps the warning
    expect(findings(slice, 'feature-gate', kind.replace(`${gate}=true`, `${gate}=false`))).toHaveLength(1);
  });

  it('runtime-config in a patch silences api-disabled-by-default for the API version it enables', () => {
    const beta = committedKinds(V).find((k) => k.kind === 'ResourceSlice' && k.stability === 'beta' && !k.removed)!;
    const manifest = `apiVersion: ${beta.apiVersion}\nkind: ResourceSlice\nmetadata:\n  name: s\n`;
    expect(findings(manifest, 'api-disabled-by-default')).toHaveLength(1);
    const kind = `${KIND_HEAD}nodes:\n- role: control-plane\n  kubeadmConfigPatches:\n  - |\n    kind: ClusterConfiguration\n    apiServer:\n        extraArgs:\n          runtime-config: "${beta.apiVersion}=true"\n`;
    expect(findings(manifest, 'api-disabled-by-default', kind)).toEqual([]);
    expect(findings(manifest, 'api-disabled-by-default', kind.replace('=true', '=false'))).toHaveLength(1);
  });
});
