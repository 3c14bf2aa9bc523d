// Internal imports: `gates/discover-configs` (config discovery; discoverConfigs has no caller but tests today, see
// tests/engine/folder-bounds.test.ts).
// Also `model` (the GatedUse type), `gates/gate-findings` (featureGateFinding: one gated use judged alone),
// `knowledge` (briefFacts: the brief's feature facts the test compares with; not public).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClusterSnapshot } from '../../server/src/cluster/types';
import {
  type GateEnvironment,
  type KubeVersion,
  buildGateEnvironment,
  explicitSettings,
  gateCatalog,
  Analysis,
  type ConfigFileAccess,
} from '../../server/src/engine';
import type { GatedUse } from '../../server/src/engine/model';
import { discoverConfigs } from '../../server/src/engine/gates/discover-configs';
import { featureGateFinding } from '../../server/src/engine/gates/gate-findings';
import { loadConfigFiles } from '../../server/src/engine/gates/discover-configs';
import { briefFacts } from '../../server/src/engine/knowledge';
import { gate as committedGate, gatedField, normalisedComponents, type GatedField } from '../support/committed';
import { dataOf } from '../support/finding-data';

const version: KubeVersion = '1.37';

/** An in-memory workspace: path → text. */
function memoryFs(files: Record<string, string>): ConfigFileAccess {
  return {
    listFiles: (dir) =>
      Object.keys(files)
        .filter((f) => f.slice(0, f.lastIndexOf('/')) === dir)
        .map((f) => f.slice(f.lastIndexOf('/') + 1)),
    readFile: (f) => files[f],
  };
}

describe('gate-state model', () => {
  // The scenario field: ResourceSlice spec.skipNodeOperations, its gate and components as the data says.
  let row: GatedField;
  let gate: string;
  let components: string[];
  let use: GatedUse;
  const knowledge = { catalog: gateCatalog(), brief: briefFacts() };
  beforeAll(() => {
    row = gatedField(version, 'ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1');
    gate = row.gate;
    components = normalisedComponents(committedGate(gate).components);
    use = {
      gate,
      via: 'field',
      path: row.path,
      range: { start: { line: 5, character: 2 }, end: { line: 5, character: 19 } },
      document: 0,
      apiVersion: row.apiVersion,
      kind: 'ResourceSlice',
    };
  });
  const kindConfig = (value: string) =>
    `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  ${gate}: ${value}\nnodes:\n- role: control-plane\n`;

  it('the scenario gate is off by default in 1.37 and needs several components', () => {
    expect(committedGate(gate).by_version[version]).toMatchObject({ default: false });
    expect(knowledge.catalog.gates[gate]!.byVersion[version]).toMatchObject({ exists: true, default: false });
    expect(components.length).toBeGreaterThan(1);
    expect(new Set(components).size).toBe(components.length);
  });

  it('without any source the field gets a warning naming every component', () => {
    const f = featureGateFinding(use, knowledge, version, buildGateEnvironment({ catalog: knowledge.catalog, version }));
    expect(f?.severity).toBe('warning');
    for (const c of components) expect(f?.detail).toContain(c);
    expect(dataOf(f, 'feature-gate')?.gate).toBe(gate);
    expect(dataOf(f, 'feature-gate')?.components).toEqual(components);
  });

  it("a kind config enabling the gate in the manifest's folder silences the finding", () => {
    const fs = memoryFs({ '/ws/app/slice.yaml': 'x', '/ws/app/kind.yaml': kindConfig('true') });
    const configs = discoverConfigs('/ws/app/slice.yaml', '/ws', fs);
    expect(configs.map((c) => c.configKind)).toEqual(['kind']);
    const env = buildGateEnvironment({ catalog: knowledge.catalog, version, configs });
    expect(featureGateFinding(use, knowledge, version, env)).toBeUndefined();
    for (const c of components) {
      const s = env.stateOf(gate, c);
      expect(s.state).toBe('on');
      expect(s.evidence[0]?.message).toContain('kind.yaml');
    }
  });

  it('a kind config in the nearest ancestor folder applies; one in an unrelated folder does not', () => {
    const files = { '/ws/deploy/dra/slice.yaml': 'x', '/ws/deploy/kind.yaml': kindConfig('true'), '/ws/other/kind.yaml': kindConfig('true') };
    expect(discoverConfigs('/ws/deploy/dra/slice.yaml', '/ws', memoryFs(files))).toHaveLength(1);
    const unrelated = { '/ws/svc/slice.yaml': 'x', '/ws/other/kind.yaml': kindConfig('true') };
    const configs = discoverConfigs('/ws/svc/slice.yaml', '/ws', memoryFs(unrelated));
    expect(configs).toEqual([]);
    const env = buildGateEnvironment({ catalog: knowledge.catalog, version, configs });
    expect(featureGateFinding(use, knowledge, version, env)?.severity).toBe('warning');
  });

  it('configs above the workspace root are not used', () => {
    const files = { '/ws/app/slice.yaml': 'x', '/kind.yaml': kindConfig('true') };
    expect(discoverConfigs('/ws/app/slice.yaml', '/ws', memoryFs(files))).toEqual([]);
  });

  it('a kubeadm config enabling the gate only for the API server still warns, naming the other components', () => {
    const kubeadm = [
      'apiVersion: kubeadm.k8s.io/v1beta4',
      'kind: ClusterConfiguration',
      'apiServer:',
      '  extraArgs:',
      '  - name: feature-gates',
      `    value: ${gate}=true`,
      '---',
      'apiVersion: kubeadm.k8s.io/v1beta4',
      'kind: InitConfiguration',
      'nodeRegistration:',
      '  name: node-1',
      '',
    ].join('\n');
    const fs = memoryFs({ '/ws/app/slice.yaml': 'x', '/ws/app/kubeadm.yaml': kubeadm });
    const env = buildGateEnvironment({ catalog: knowledge.catalog, version, configs: discoverConfigs('/ws/app/slice.yaml', '/ws', fs) });
    const f = featureGateFinding(use, knowledge, version, env)!;
    expect(f.severity).toBe('warning');
    const others = components.filter((c) => c !== 'kube-apiserver');
    expect(others.length).toBeGreaterThan(0);
    for (const c of others) expect(f.detail).toContain(c);
    const states = dataOf(f, 'feature-gate')?.state ?? [];
    expect(states.find((s) => s.component === 'kube-apiserver')?.state).toBe('on');
    for (const c of others) expect(states.find((s) => s.component === c)?.state).toBe('off');
    // the evidence points at the kubeadm file
    expect(f.related?.some((e) => e.source.type === 'file' && e.source.file === '/ws/app/kubeadm.yaml')).toBe(true);
  });

  it('an explicit --feature-gates G=false beats a kind config, and the conflict is shown', () => {
    const { configs } = loadConfigFiles(['/ws/kind.yaml'], memoryFs({ '/ws/kind.yaml': kindConfig('true') }));
    const env = buildGateEnvironment({ catalog: knowledge.catalog, version, configs, explicit: explicitSettings([`${gate}=false`]) });
    const f = featureGateFinding(use, knowledge, version, env)!;
    expect(f.severity).toBe('warning');
    const s = env.stateOf(gate, components[0]!);
    expect(s.state).toBe('off');
    expect(s.evidence[0]?.source).toEqual({ type: 'setting', name: '--feature-gates' });
    expect(s.evidence.some((e) => e.message.includes('kind.yaml') && e.message.includes('overridden'))).toBe(true);
  });

  it('a cluster reporting the gate on for the API server downgrades to information naming the components it cannot see', () => {
    const snapshot: ClusterSnapshot = {
      reachable: true,
      context: 'test',
      server: 'https://127.0.0.1:6443',
      gitVersion: 'v1.37.0',
      apiServerGates: [{ name: gate, enabled: true, stage: 'ALPHA' }],
      notes: [],
      takenAt: 0,
    };
    const env = buildGateEnvironment({ catalog: knowledge.catalog, version, cluster: snapshot });
    const f = featureGateFinding(use, knowledge, version, env)!;
    expect(f.severity).toBe('information');
    const unseen = components.filter((c) => c !== 'kube-apiserver');
    for (const c of unseen) expect(f.detail).toContain(c);
    expect(f.related?.[0]?.source.type).toBe('cluster');
  });

  it('a cluster snapshot with an error note leaves the warning and carries the note', () => {
    const snapshot: ClusterSnapshot = { reachable: false, notes: ['cluster test: 403 Forbidden reading /metrics'], takenAt: 0 };
    const env = buildGateEnvironment({ catalog: knowledge.catalog, version, cluster: snapshot });
    const f = featureGateFinding(use, knowledge, version, env)!;
    expect(f.severity).toBe('warning');
    expect(dataOf(f, 'feature-gate')?.notes).toEqual(snapshot.notes);
    expect(env.notes).toEqual(snapshot.notes);
  });

  it('a false setting wins over a true one in the same layer', () => {
    const kubelet = `apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  ${gate}: false\n`;
    const fs = memoryFs({ '/ws/a/x.yaml': 'x', '/ws/a/kind.yaml': kindConfig('true'), '/ws/a/kubelet.yaml': kubelet });
    const env = buildGateEnvironment({ catalog: knowledge.catalog, version, configs: discoverConfigs('/ws/a/x.yaml', '/ws', fs) });
    expect(env.stateOf(gate, 'kubelet').state).toBe('off');
    expect(env.stateOf(gate, 'kube-apiserver').state).toBe('on');
    expect(env.notes.some((n) => n.includes(gate))).toBe(true);
  });

  it('static Pods count only for control-plane containers', () => {
    const pod = (image: string) =>
      `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n    image: ${image}\n    command:\n    - ${image.split('/').pop()!.split(':')[0]}\n    - --feature-gates=${gate}=true\n`;
    const sidecar = loadConfigFiles(['/p.yaml'], memoryFs({ '/p.yaml': pod('registry.k8s.io/sig-storage/csi-provisioner:v5.0.0') }));
    expect(sidecar.configs).toEqual([]);
    const apiserver = loadConfigFiles(['/p.yaml'], memoryFs({ '/p.yaml': pod('registry.k8s.io/kube-apiserver:v1.37.0') }));
    expect(apiserver.configs[0]?.settings.map((s) => [s.gate, s.components])).toEqual([[gate, ['kube-apiserver']]]);
    // the setting's range covers the gate name inside the flag
    const s = apiserver.configs[0]!.settings[0]!;
    expect(s.range.end.character - s.range.start.character).toBe(gate.length);
  });

  it('runtime-config from settings or a repo kind config enables alpha/beta APIs', () => {
    const kind = `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nruntimeConfig:\n  "resource.k8s.io/v1beta2": "true"\n  "api/alpha": "false"\n`;
    const { configs } = loadConfigFiles(['/k.yaml'], memoryFs({ '/k.yaml': kind }));
    const env = buildGateEnvironment({ catalog: knowledge.catalog, version, configs });
    expect(env.apiEnabled('resource.k8s.io/v1beta2')?.enabled).toBe(true);
    expect(env.apiEnabled('resource.k8s.io/v1beta1')).toBeUndefined();
    expect(env.apiEnabled('scheduling.k8s.io/v1alpha3')?.enabled).toBe(false);
  });
  it('a foreign GateEnvironment answers first; the file\'s own configs fill in what it does not know', () => {
    const manifest = `apiVersion: ${row.apiVersion}\nkind: ResourceSlice\nmetadata:\n  name: s\nspec:\n  driver: d\n  pool: {name: p, generation: 1, resourceSliceCount: 1}\n  allNodes: true\n  skipNodeOperations: ["*"]\n`;
    const silent: GateEnvironment = { notes: [], apiEnabled: () => undefined, stateOf: () => ({ state: 'unknown', evidence: [] }) };
    const gateFindings = (text: string, environment: GateEnvironment) =>
      new Analysis({ version, environment }).check(text).findings.filter((f) => f.code === 'feature-gate');
    expect(gateFindings(manifest, silent)).toHaveLength(1);
    expect(gateFindings(`${manifest}---\n${kindConfig('true')}`, silent)).toEqual([]);
    const saysOff: GateEnvironment = {
      notes: [],
      apiEnabled: () => undefined,
      stateOf: () => ({ state: 'off', evidence: [{ source: { type: 'setting', name: 'test' }, message: 'test setting says off' }] }),
    };
    const [f] = gateFindings(`${manifest}---\n${kindConfig('true')}`, saysOff);
    expect(f?.severity).toBe('warning');
    expect(f?.related?.map((e) => e.message)).toEqual(['test setting says off']);
  });
});
