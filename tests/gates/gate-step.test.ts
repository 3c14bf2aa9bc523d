// The gate step of a check (engine/gates/gate-step.ts) and the verdicts it gives (engine/gates/verdict-pass.ts),
// through Analysis.check: rules that hold in one gate state only, the kubeadm documents of the checked file, the
// file's own settings under a foreign environment, runtime-config silencing api-disabled-by-default, and which
// findings a dropped field takes with it. Gate states and stages come from the committed catalog (schemas/gates.json).
import { describe, expect, it } from 'vitest';
import {
  buildGateEnvironment,
  explicitSettings,
  gateCatalog,
  type ClusterSnapshot,
  type GateEnvironment,
  type KubeVersion,
  type Finding,
  readGateConfigsFromText,
  Analysis,
} from '../../server/src/engine';

const FILE = '/repo/app.yaml';

function check(text: string, o: { version?: KubeVersion; gates?: string[]; environment?: GateEnvironment; runtime?: { key: string; value: boolean }[] } = {}) {
  const version = o.version ?? '1.37';
  const environment =
    o.environment ??
    (o.gates || o.runtime
      ? buildGateEnvironment({ catalog: gateCatalog(), version, explicit: explicitSettings(o.gates ?? [], 'test'), explicitRuntimeConfig: o.runtime?.map((r) => ({ ...r, origin: 'setting' as const })) })
      : undefined);
  return new Analysis({ version, environment, file: FILE }).check(text).findings;
}

/** code, path, severity, verdict. */
const brief = (f: Finding) => [f.code, f.path, f.severity, f.data?.['verdict']];
const related = (f: Finding | undefined) => f?.related?.map((e) => e.message);

// StrictIPCIDRValidation: Alpha and off by default in 1.35, Beta and on by default in 1.37 (schemas/gates.json). The
// leading-zeros rule of an Endpoints address holds only with it on (validate/apiserver/ip-legacy.ts).
const ENDPOINTS = `apiVersion: v1
kind: Endpoints
metadata:
  name: ext
subsets:
- addresses: [{ip: 10.000.0.5}]
  ports: [{port: 80}]
`;
const LEADING_ZEROS = ['invalid-value', 'subsets[].addresses[].ip', 'error', 'rejected'];

describe('rules that hold in one gate state', () => {
  it('hold under the gate default of the version, and follow a setting either way', () => {
    expect(check(ENDPOINTS).map(brief)).toEqual([LEADING_ZEROS]);
    expect(check(ENDPOINTS, { gates: [] }).map(brief)).toEqual([LEADING_ZEROS]);
    expect(check(ENDPOINTS, { gates: ['StrictIPCIDRValidation=false'] })).toEqual([]);
    expect(check(ENDPOINTS, { version: '1.35' })).toEqual([]);
    expect(check(ENDPOINTS, { version: '1.35', gates: ['StrictIPCIDRValidation=true'] }).map(brief)).toEqual([LEADING_ZEROS]);
    expect(check(ENDPOINTS, { version: '1.35', gates: ['AllAlpha=true'] }).map(brief)).toEqual([LEADING_ZEROS]);
  });
});

// DRAOptionalNodeOperations: Alpha, off by default in 1.37, for kube-apiserver, kube-scheduler and kubelet.
const SLICE = `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: s
spec:
  driver: gpu.example.com
  nodeName: node-1
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  skipNodeOperations: ["*"]
`;
const CLUSTER_CONFIGURATION = 'apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\n';
const INIT = (gates?: string) =>
  'apiVersion: kubeadm.k8s.io/v1beta4\nkind: InitConfiguration\nnodeRegistration:\n  name: node-1\n' +
  (gates ? `  kubeletExtraArgs:\n  - name: feature-gates\n    value: ${gates}\n` : '');
const gateFinding = (findings: Finding[]) => findings.find((f) => f.code === 'feature-gate');
const coverage = (component: string) => `app.yaml (kubeadm) configures ${component} without enabling DRAOptionalNodeOperations, so it is off there`;

describe('kubeadm documents of the checked file', () => {
  it('a ClusterConfiguration describes the control plane: a gate it does not enable is off there', () => {
    for (const text of [`${SLICE}---\n${CLUSTER_CONFIGURATION}`, `${CLUSTER_CONFIGURATION}---\n${SLICE}`]) {
      const f = gateFinding(check(text));
      expect(f?.detail).toBe('DRAOptionalNodeOperations is off for kube-apiserver and kube-scheduler and not known to be on for kubelet.');
      expect(related(f)).toEqual([coverage('kube-apiserver'), coverage('kube-scheduler')]);
    }
    // The finding belongs to the document of the field.
    expect(gateFinding(check(`${CLUSTER_CONFIGURATION}---\n${SLICE}`))?.document).toBe(1);
    expect(gateFinding(check(`${SLICE}---\n${CLUSTER_CONFIGURATION}`))?.document).toBe(0);
  });

  it('an InitConfiguration describes the kubelet only once it sets gates', () => {
    const none = gateFinding(check(`${SLICE}---\n${INIT()}`));
    expect(none?.detail).toBe('DRAOptionalNodeOperations is not known to be on for kube-apiserver, kube-scheduler and kubelet.');
    expect(related(none)).toEqual([]);
    const other = gateFinding(check(`${SLICE}---\n${INIT('EvictionRequestAPI=true')}`));
    expect(other?.detail).toBe('DRAOptionalNodeOperations is off for kubelet and not known to be on for kube-apiserver and kube-scheduler.');
    expect(related(other)).toEqual([coverage('kubelet')]);
    // Its own settings name the checked file.
    const on = gateFinding(check(`${SLICE}---\n${INIT('DRAOptionalNodeOperations=true')}`));
    expect(on?.severity).toBe('information');
    expect(related(on)).toEqual(['app.yaml (kubeadm extraArgs feature-gates) sets DRAOptionalNodeOperations: true for kubelet']);
  });

  it('a ClusterConfiguration of another API group is not kubeadm', () => {
    const f = gateFinding(check(`${SLICE}---\napiVersion: example.com/v1\nkind: ClusterConfiguration\n`));
    expect(f?.detail).toBe('DRAOptionalNodeOperations is not known to be on for kube-apiserver, kube-scheduler and kubelet.');
  });
});

const KIND = (value: boolean) => `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  DRAOptionalNodeOperations: ${value}\n`;

describe("the file's own config documents under an environment", () => {
  it('join the repository configs of a gate-state model: a false setting of either wins', () => {
    const configs = readGateConfigsFromText(KIND(true), '/repo/kind.yaml');
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37', configs });
    expect(gateFinding(check(SLICE, { environment }))).toBeUndefined();
    const f = gateFinding(check(`${SLICE}---\n${KIND(false)}`, { environment }));
    expect(f?.severity).toBe('warning');
    expect(related(f)).toEqual([
      'app.yaml (kind Cluster featureGates) sets DRAOptionalNodeOperations: false for every component',
    ]);
  });

  it('fill in what a foreign environment does not know; its runtime-config answers are kept', () => {
    const foreign: GateEnvironment = {
      notes: [],
      stateOf: () => ({ state: 'unknown', evidence: [] }),
      apiEnabled: (v) => (v === 'resource.k8s.io/v1beta2' ? { enabled: true, evidence: [] } : undefined),
    };
    expect(gateFinding(check(`${SLICE}---\n${KIND(true)}`, { environment: foreign }))).toBeUndefined();
    const deviceClass = (v: string) => `apiVersion: resource.k8s.io/${v}\nkind: DeviceClass\nmetadata:\n  name: d\n`;
    expect(check(deviceClass('v1beta2'), { environment: foreign }).map((f) => f.code)).toEqual(['api-deprecated']);
    expect(check(deviceClass('v1beta1'), { environment: foreign }).map((f) => f.code)).toContain('api-disabled-by-default');
  });
});

describe('runtime-config and API versions off by default', () => {
  const DEVICE_CLASS = 'apiVersion: resource.k8s.io/v1beta2\nkind: DeviceClass\nmetadata:\n  name: d\n';
  it('an entry enabling the version silences api-disabled-by-default, and nothing else', () => {
    const codes = (o: Parameters<typeof check>[1]) => check(DEVICE_CLASS, o).map((f) => f.code);
    expect(codes({})).toEqual(['api-deprecated', 'api-disabled-by-default']);
    expect(codes({ runtime: [{ key: 'resource.k8s.io/v1beta2', value: true }] })).toEqual(['api-deprecated']);
    expect(codes({ runtime: [{ key: 'api/all', value: true }] })).toEqual(['api-deprecated']);
    expect(codes({ runtime: [{ key: 'resource.k8s.io/v1beta1', value: true }] })).toEqual(['api-deprecated', 'api-disabled-by-default']);
    expect(codes({ runtime: [{ key: 'resource.k8s.io/v1beta2', value: false }] })).toEqual(['api-deprecated', 'api-disabled-by-default']);
  });
});

// EvictionRequestAPI: Alpha, off by default in 1.37, for kube-apiserver and kube-controller-manager.
const POD = (status = '') => `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  evictionResponders:
  - foo: 1
  containers:
  - name: c
${status}`;

describe('what a dropped field takes with it', () => {
  it('a rule broken outside the dropped field still refuses the object', () => {
    expect(check(POD()).map(brief)).toEqual([
      ['feature-gate', 'spec.evictionResponders', 'warning', 'dropped'],
      ['missing-field', 'spec.evictionResponders[].name', 'warning', 'rejected-once-enabled'],
      ['unknown-field', 'spec.evictionResponders[].foo', 'error', 'rejected'],
      ['missing-field', 'spec.containers[].image', 'error', 'rejected'],
    ]);
  });

  it('a field only maybe dropped (the gate on where it can be seen) takes nothing with it', () => {
    const cluster: ClusterSnapshot = { reachable: true, context: 'c', server: 'https://127.0.0.1:6443', apiServerGates: [{ name: 'EvictionRequestAPI', enabled: true, stage: 'ALPHA' }], notes: [], takenAt: 0 };
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37', cluster });
    const findings = check(POD('    image: nginx\n'), { environment });
    expect(findings.map(brief)).toEqual([
      ['feature-gate', 'spec.evictionResponders', 'information', 'dropped'],
      ['missing-field', 'spec.evictionResponders[].name', 'error', 'rejected'],
      ['unknown-field', 'spec.evictionResponders[].foo', 'error', 'rejected'],
    ]);
    expect(findings[1]?.message).toBe('name is missing: EvictionResponder requires it');
  });
});

describe('rules broken under status', () => {
  const phase = (value: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers: [{name: c, image: i}]\nstatus:\n  phase: ${value}\n`;
  const SUFFIX = ' (status: reset on create)';
  it('a message of up to 120 characters with the verdict appended; a longer one keeps its text and the verdict goes to the detail', () => {
    // The message of an unknown phase quotes the value: grow the value until the message with the suffix is 120 long.
    const base = check(phase('X'))[0]!.message.slice(0, -SUFFIX.length);
    const fits = 'Y'.repeat(120 - SUFFIX.length - base.length + 1);
    const [at] = check(phase(fits));
    expect(at?.message).toHaveLength(120);
    expect(at?.message.endsWith(SUFFIX)).toBe(true);
    expect([at?.severity, at?.data?.['verdict'], at?.detail]).toEqual(['information', 'status', undefined]);
    const [over] = check(phase(`${fits}Y`));
    expect(over?.message).toBe(`"${fits}Y" is not allowed in phase`);
    expect(over?.detail).toBe('The API server resets status when the object is created, so this rule is never checked.');
    expect([over?.severity, over?.data?.['verdict']]).toEqual(['information', 'status']);
  });
});
