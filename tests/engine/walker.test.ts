// The walker: unknown fields, versions, nulls, required fields, YAML 1.1 hints, config enums, and the
// collection of gated uses and gate settings. Facts are looked up in schemas/ by the test.
// Internal imports: `knowledge` (briefFacts: the brief's feature facts the test compares with; not public),
// `knowledge/data-contract` (the generated data's types TypeDef, which the entry point does not export).
import { describe, expect, it } from 'vitest';
import { briefFacts } from '../../server/src/engine/knowledge';
import type { TypeDef } from '../../server/src/engine/knowledge/data-contract';
import { analyze, check, data, only, r, rangeOfText, single } from './helpers';
import { dataOf } from '../support/finding-data';

const SLICE_SPEC = 'resource.v1.ResourceSliceSpec';
const field = (type: string, name: string, version: '1.36' | '1.37' = '1.37') =>
  (data(version).types[type] as TypeDef | undefined)?.fields.find((f) => f.name === name);

const slice = (extra: string) => `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: s
spec:
  driver: d.example.com
  nodeName: n1
  pool:
    name: p
    resourceSliceCount: 1
${extra}`;

describe('unknown fields and versions', () => {
  it('SkipNodeOperations → did you mean skipNodeOperations', () => {
    expect(field(SLICE_SPEC, 'skipNodeOperations')).toBeDefined();
    const text = slice('  SkipNodeOperations: [NodePrepareResources]\n');
    const f = single(check(text), 'unknown-field');
    expect(f.path).toBe('spec.SkipNodeOperations');
    expect(dataOf(f, 'unknown-field')?.suggestion).toBe('skipNodeOperations');
    expect(f.range).toEqual(rangeOfText(text, 10, 'SkipNodeOperations'));
  });

  it('field-not-in-version instead of unknown-field when a later version has the key', () => {
    const since = data('1.36').later[SLICE_SPEC]?.['skipNodeOperations'];
    expect(since).toBeDefined();
    const report = check(slice('  skipNodeOperations: [NodePrepareResources]\n'), '1.36');
    expect(only(report, 'unknown-field')).toEqual([]);
    const f = single(report, 'field-not-in-version');
    expect(f.severity).toBe('error');
    expect(f.path).toBe('spec.skipNodeOperations');
    expect(f.message).toContain(since!);
  });

  it('a field of a design that was not shipped stays unknown-field, with its KEP', () => {
    const design = briefFacts().notShippedFields[0]!;
    const [top, name] = design.path.split('.');
    const text = `apiVersion: ${design.apiVersion}\nkind: ${design.kind}\nmetadata: {name: x}\n${top}:\n  ${name}: {}\n`;
    const f = only(check(text), 'unknown-field').find((x) => x.path === design.path);
    expect(dataOf(f, 'unknown-field')?.kep).toBe(design.kep);
    expect(f?.message).toContain(`KEP-${design.kep}`);
  });

  it('map keys are free, values are checked', () => {
    const report = check('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels:\n    Any.Key/x: ok\n    bad: {a: 1}\n');
    // The schema leaves keys free; the ObjectMeta validation (engine/validate/object-meta.ts) then rejects this key as a
    // label key (the prefix has upper-case letters).
    expect(report.findings.map((f) => `${f.code}:${f.path}`)).toEqual(['invalid-value:metadata.labels.Any.Key/x', 'invalid-value:metadata.labels.*']);
  });
});

describe('null and required fields', () => {
  it('null on an explicitly required field is invalid-value; on an optional field it is fine', () => {
    expect(field(SLICE_SPEC, 'driver')?.required).toBe(true);
    expect(field(SLICE_SPEC, 'devices')?.required).toBeUndefined();
    // (nodeName: ~ would leave the slice without any node selection, which ValidateResourceSlice refuses.)
    const text = slice('  devices: ~\n').replace('driver: d.example.com', 'driver: null');
    const report = check(text);
    expect(report.findings.map((f) => `${f.code}:${f.path}`)).toEqual(['invalid-value:spec.driver']);
    expect(report.findings[0]?.range).toEqual(r(5, 10, 5, 14));
  });

  it('missing-field for an absent required string field, not for numeric ones, at the owning key', () => {
    const pool = data().types['resource.v1.ResourcePool']!;
    const numericRequired = pool.fields.filter((f) => f.required && 's' in f.type && f.type.s === 'number');
    expect(numericRequired.length).toBeGreaterThan(0);
    const text = slice('').replace('  driver: d.example.com\n', '');
    const report = check(text);
    expect(report.findings.map((f) => `${f.code}:${f.path}`)).toEqual(['missing-field:spec.driver']);
    expect(report.findings[0]?.range).toEqual(rangeOfText(text, 4, 'spec'));
  });

  it('never under status', () => {
    const k = data().kinds.find((x) => !x.removed && !x.component && x.kind === 'ResourceClaim' && x.version === 'v1')!;
    const status = data().types[k.root]!.fields.find((f) => f.name === 'status')!;
    expect('ref' in status.type).toBe(true);
    const text = `apiVersion: ${k.apiVersion}\nkind: ${k.kind}\nmetadata: {name: c}\nspec: {}\nstatus:\n  allocation:\n    devices:\n      results:\n      - {}\n`;
    expect(only(check(text), 'missing-field').filter((f) => f.path?.startsWith('status'))).toEqual([]);
  });
});

describe('yaml11-scalar and value-not-recognised', () => {
  it('hints at plain scalars that YAML 1.1 reads differently', () => {
    const text = `apiVersion: v1
kind: Pod
metadata:
  name: p
  labels:
    enabled: yes
spec:
  containers:
  - name: c
    image: i
  volumes:
  - name: v
    configMap:
      name: cm
      defaultMode: 0644
`;
    // kubectl reads the label value `yes` as a boolean: the decoder rejects it where a string is expected. A file
    // mode written in octal is what kubectl reads and what the author meant: no hint.
    expect(only(check(text), 'yaml11-scalar')).toEqual([]);
    const wrong = only(check(text), 'invalid-value');
    expect(wrong.map((h) => [h.path, h.severity])).toEqual([['metadata.labels.*', 'error']]);
    expect(wrong[0]?.message).toContain('the boolean true');
  });

  it('value-not-recognised (information) for a value outside a comment-derived config enum', () => {
    const k = data().kinds.find((x) => x.component === 'kube-proxy')!;
    const mode = data().types[k.root]?.fields.find((f) => f.configEnum && 's' in f.type);
    expect(mode).toBeDefined();
    const report = check(`apiVersion: ${k.apiVersion}\nkind: ${k.kind}\n${mode!.name}: surely-not-a-mode\n`);
    const f = single(report, 'value-not-recognised');
    expect(f.severity).toBe('information');
    expect(check(`apiVersion: ${k.apiVersion}\nkind: ${k.kind}\n${mode!.name}: ""\n`).findings).toEqual([]);
    expect(check(`apiVersion: ${k.apiVersion}\nkind: ${k.kind}\n${mode!.name}: ${mode!.configEnum![0]}\n`).findings).toEqual([]);
  });

  it('an empty string is allowed for an optional +enum field but not for a list item', () => {
    const op = field('core.v1.Toleration', 'operator')!;
    expect(op.optional).toBe(true);
    const pod = (tol: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n  tolerations:\n  - ${tol}\n`;
    // (A key is given: without one, ValidateTolerations requires operator Exists.)
    expect(only(check(pod('key: k\n    operator: ""')), 'invalid-value')).toEqual([]);
    expect(single(check(pod('key: k\n    operator: exists')), 'invalid-value').path).toBe('spec.tolerations[].operator');
  });
});

describe('collection of gated uses', () => {
  it('a gated field: its gates from the data, at the key, with the structural path', () => {
    const gates = field(SLICE_SPEC, 'skipNodeOperations')!.gates!;
    const text = slice('  skipNodeOperations: [NodePrepareResources]\n');
    const uses = analyze(text).documents[0]!.gatedUses;
    expect(uses.map((u) => u.gate)).toEqual(gates);
    expect(uses[0]).toMatchObject({ via: 'field', path: 'spec.skipNodeOperations', apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', document: 0 });
    expect(uses[0]?.range).toEqual(rangeOfText(text, 10, 'skipNodeOperations'));
    expect(uses[0]?.component).toBeUndefined();
  });

  it('a gated enum value: path=value at the value', () => {
    const op = field('core.v1.Toleration', 'operator')!;
    const [value, gates] = Object.entries(op.valueGates!)[0]!;
    const text = `apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n  tolerations:\n  - key: k\n    operator: ${value}\n    value: "1"\n`;
    const uses = analyze(text).documents[0]!.gatedUses.filter((u) => u.via === 'enum-value');
    expect(uses.map((u) => [u.gate, u.path, u.value])).toEqual(gates.map((g) => [g, `spec.tolerations[].operator=${value}`, value]));
    expect(uses[0]?.range).toEqual(rangeOfText(text, 7, value, 0));
  });

  it('a kind-level gate: (kind) at the kind value', () => {
    const k = data().kinds.find((x) => !x.removed && !x.component && x.gates?.length)!;
    const uses = analyze(`apiVersion: ${k.apiVersion}\nkind: ${k.kind}\nmetadata: {name: x}\n`).documents[0]!.gatedUses;
    expect(uses.filter((u) => u.via === 'kind').map((u) => u.gate)).toEqual(k.gates);
    expect(uses.find((u) => u.via === 'kind')?.path).toBe('(kind)');
  });

  it('comment gates count in config kinds, with the config component', () => {
    const k = data().kinds.find((x) => x.kind === 'KubeletConfiguration')!;
    const f = data().types[k.root]!.fields.find((x) => x.commentGates?.length && !x.gates && 's' in x.type)!;
    expect(f).toBeDefined();
    const uses = analyze(`apiVersion: ${k.apiVersion}\nkind: ${k.kind}\n${f.name}: x\n`).documents[0]!.gatedUses;
    expect(uses.map((u) => [u.gate, u.component])).toEqual(f.commentGates!.map((g) => [g, 'kubelet']));
  });
});

describe('collection of gate settings', () => {
  const kindCluster = () => data().kinds.find((x) => x.component === 'kind' && x.kind === 'Cluster')!;
  const kubeadm = (kind: string) => data().kinds.find((x) => x.component === 'kubeadm' && x.kind === kind)!;

  it('kind Cluster featureGates apply to all components; runtimeConfig and the node image version are kept', () => {
    const k = kindCluster();
    const text = `apiVersion: ${k.apiVersion}\nkind: Cluster\nfeatureGates:\n  SomeGate: true\n  OtherGate: "false"\nruntimeConfig:\n  "api/alpha": "true"\nnodes:\n- role: control-plane\n  image: kindest/node:v1.36.2\n`;
    const a = analyze(text).documents[0]!;
    expect(a.gateSettings.map((s) => [s.gate, s.value, s.components, s.origin])).toEqual([
      ['SomeGate', true, 'all', 'kind'],
      ['OtherGate', false, 'all', 'kind'],
    ]);
    expect(a.gateSettings[0]?.range).toEqual(rangeOfText(text, 3, 'SomeGate'));
    expect(a.runtimeConfig.map((e) => [e.key, e.value])).toEqual([['api/alpha', true]]);
    expect(a.namedVersions.map((v) => v.version)).toEqual(['1.36.2']);
  });

  it('KubeletConfiguration featureGates apply to the kubelet', () => {
    const k = data().kinds.find((x) => x.kind === 'KubeletConfiguration')!;
    const a = analyze(`apiVersion: ${k.apiVersion}\nkind: ${k.kind}\nfeatureGates:\n  SomeGate: t\n  Bad: maybe\n`).documents[0]!;
    expect(a.gateSettings.map((s) => [s.gate, s.value, s.components])).toEqual([
      ['SomeGate', true, ['kubelet']],
      ['Bad', undefined, ['kubelet']],
    ]);
  });

  it('kubeadm v1beta4 extraArgs feature-gates per component, not etcd; kubernetesVersion', () => {
    const cc = kubeadm('ClusterConfiguration');
    const ic = kubeadm('InitConfiguration');
    const text = `apiVersion: ${cc.apiVersion}
kind: ClusterConfiguration
kubernetesVersion: v1.35.1
apiServer:
  extraArgs:
  - name: feature-gates
    value: A=true,B=false
scheduler:
  extraArgs:
  - name: feature-gates
    value: C=1
etcd:
  local:
    extraArgs:
    - name: feature-gates
      value: E=true
---
apiVersion: ${ic.apiVersion}
kind: InitConfiguration
nodeRegistration:
  kubeletExtraArgs:
  - name: feature-gates
    value: K=true
`;
    const docs = analyze(text).documents;
    expect(docs[0]!.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(docs[0]!.gateSettings.map((s) => [s.gate, s.value, s.components])).toEqual([
      ['A', true, ['kube-apiserver']],
      ['B', false, ['kube-apiserver']],
      ['C', true, ['kube-scheduler']],
    ]);
    expect(docs[0]!.gateSettings[1]?.range).toEqual(rangeOfText(text, 6, 'B'));
    expect(docs[0]!.namedVersions.map((v) => v.version)).toEqual(['1.35.1']);
    expect(docs[1]!.gateSettings.map((s) => [s.gate, s.components])).toEqual([['K', ['kubelet']]]);
  });

  it('documents with a syntax error or a template contribute no settings', () => {
    const k = kindCluster();
    const text = `apiVersion: ${k.apiVersion}\nkind: Cluster\nfeatureGates:\n  A: true\n  A: false\n---\napiVersion: ${k.apiVersion}\nkind: Cluster\nname: {{ .name }}\nfeatureGates:\n  B: true\n`;
    expect(analyze(text).documents.flatMap((d) => d.gateSettings)).toEqual([]);
  });
});
