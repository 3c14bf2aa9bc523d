// The ObjectMeta validation every created object gets (engine/validate/object-meta.ts, facts in
// schemas/object-meta.json from scripts/generate/handwritten/*.tsv): the name rule of each kind, generateName,
// namespace, labels, annotations, finalizers and the label maps a kind validates like metadata.labels. The plain
// verdicts (this name passes, that one is refused at this path) are fixture files in tests/rules/object-meta/; here
// what a fixture does not state: each rule's range, fix and detail, gate environments and kustomize patches, the
// message length, and the name table against the served kinds.
// Internal imports: `knowledge/object-meta` (the generated name rules, checked against the served kinds), `model`
// (the GateState type).
import { describe, expect, it } from 'vitest';
import { loadVersion, type GateEnvironment, type Finding, type FileReport, type KubeVersion, Analysis } from '../../server/src/engine';
import { objectKindKey, objectMetaFacts } from '../../server/src/engine/knowledge/object-meta';
import type { GateState } from '../../server/src/engine/model';
import { check, r, rangeOfText } from './helpers';
import { dataOf } from '../support/finding-data';

/** The ObjectMeta findings of a report (those with a validation rule id), as compact records. */
function metaFindings(report: FileReport): Finding[] {
  return report.findings.filter((f) => f.data?.['pipelineStage'] === 'validation' && typeof f.data?.['rule'] === 'string');
}

function rules(report: FileReport): string[] {
  return metaFindings(report).map((f) => `${f.path}:${String(f.data?.['rule'])}`);
}

function one(report: FileReport): Finding {
  const list = metaFindings(report);
  expect(list.map((f) => f.message), 'exactly one ObjectMeta finding').toHaveLength(1);
  return list[0]!;
}

function withGate(gate: string, state: GateState): GateEnvironment {
  return { stateOf: (g) => ({ state: g === gate ? state : 'unknown', evidence: [] }), apiEnabled: () => undefined, notes: [] };
}

const doc = (apiVersion: string, kind: string, metadata: string, rest = '') => `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n${metadata}${rest}`;

const DEPLOY_SPEC = `spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers: [{name: web, image: nginx}]
`;

describe('metadata.name: the name rule of each kind', () => {
  it('DNS-1123 subdomain (Deployment): Foo_Bar is rejected at the value, with the rule, verdict and source', () => {
    const text = doc('apps/v1', 'Deployment', '  name: Foo_Bar\n', DEPLOY_SPEC);
    const f = one(check(text));
    expect(f).toMatchObject({
      code: 'invalid-value',
      severity: 'error',
      path: 'metadata.name',
      range: rangeOfText(text, 3, 'Foo_Bar'),
      message: "Applying fails: a Deployment name must be a DNS subdomain (a-z, 0-9, '-', '.'; max 253)",
      fix: 'Rename it, e.g. to foo-bar.',
      detail: `"Foo_Bar" has upper-case letters and '_'. A DNS subdomain (RFC 1123) has lower-case letters, digits, '-' and '.', starts and ends with a letter or digit, and is at most 253 characters long.`,
    });
    expect(f.data).toMatchObject({ rule: 'dns1123Subdomain', pipelineStage: 'validation', verdict: 'rejected', value: 'Foo_Bar' });
    expect(String(dataOf(f, 'invalid-value', 'missing-field', 'api-warning')?.source)).toMatch(/^kubernetes\/kubernetes pkg\/apis\/apps\/validation\/validation\.go@[0-9a-f]{40} ValidateDeployment/);
  });

  it('a 254-character ConfigMap name is over the DNS subdomain limit; 253 characters pass', () => {
    const long = 'a'.repeat(254);
    const f = one(check(doc('v1', 'ConfigMap', `  name: ${long}\n`)));
    expect(f.data?.['rule']).toBe('dns1123Subdomain');
    expect(f.detail).toBe(`"${long}" has 254 characters (at most 253). A DNS subdomain (RFC 1123) has lower-case letters, digits, '-' and '.', starts and ends with a letter or digit, and is at most 253 characters long.`);
    expect(f.range).toEqual(r(3, 8, 3, 262));
  });

  it('DNS-1123 label (Namespace, StatefulSet): dots are rejected', () => {
    const ns = one(check(doc('v1', 'Namespace', '  name: team.a\n')));
    expect(ns.message).toBe("Applying fails: a Namespace name must be a DNS label (a-z, 0-9, '-'; max 63)");
    expect(ns.data).toMatchObject({ rule: 'dns1123Label', verdict: 'rejected' });
    expect(ns.fix).toBe('Rename it, e.g. to team-a.');
  });

  const SERVICE = (name: string) => doc('v1', 'Service', `  name: ${name}\n`, 'spec:\n  ports: [{port: 80}]\n');

  it('DNS-1035 label (Service, RelaxedServiceNameValidation off by default in 1.35): a leading digit is rejected', () => {
    const text = SERVICE('1-api');
    const f = one(check(text, '1.35'));
    expect(f).toMatchObject({
      path: 'metadata.name',
      range: rangeOfText(text, 3, '1-api'),
      message: "Applying fails: a Service name must be a DNS-1035 label (a-z, 0-9, '-'; starts with a letter; max 63)",
      detail: `"1-api" has a digit first. A DNS-1035 label has lower-case letters, digits and '-', starts with a letter, ends with a letter or digit, and is at most 63 characters long. It would be accepted with the RelaxedServiceNameValidation gate on.`,
    });
    expect(f.data).toMatchObject({ rule: 'dns1035Label', gate: 'RelaxedServiceNameValidation', verdict: 'rejected' });
  });

  it('Service with RelaxedServiceNameValidation on (default in 1.36, locked on in 1.37): a DNS-1123 label', () => {
    expect(rules(new Analysis({ version: '1.35', environment: withGate('RelaxedServiceNameValidation', 'on') }).check(SERVICE('1-api')))).toEqual([]);
    const off = new Analysis({ version: '1.36', environment: withGate('RelaxedServiceNameValidation', 'off') }).check(SERVICE('1-api'));
    expect(rules(off)).toEqual(['metadata.name:dns1035Label']);
    const dotted = one(check(SERVICE('my.service'), '1.37'));
    expect(dotted.message).toBe("Applying fails: a Service name must be a DNS label (a-z, 0-9, '-'; max 63)");
    expect(dotted.data?.['rule']).toBe('dns1123Label');
    expect(dotted.fix).toBe('Rename it, e.g. to my-service.');
  });

  it('path segment name (RBAC): colons pass, a / is rejected', () => {
    const text = doc('rbac.authorization.k8s.io/v1', 'ClusterRole', '  name: system:team/reader\n', 'rules: []\n');
    const f = one(check(text));
    expect(f).toMatchObject({
      range: rangeOfText(text, 3, 'system:team/reader'),
      message: "Applying fails: a ClusterRole name must be a URL path segment (no '/' or '%'; not '.' or '..')",
      detail: `"system:team/reader" has '/'. A name used as a URL path segment may not be '.' or '..' and may not contain '/' or '%'.`,
      fix: "Rename it without '/' or '%' (and not '.' or '..').",
    });
    expect(f.data?.['rule']).toBe('pathSegmentName');
  });

});

describe('missing metadata.name', () => {
  it('is rejected as missing-field at the metadata key, or at the kind when there is no metadata', () => {
    const text = doc('v1', 'ConfigMap', '  labels: {app: web}\n');
    const f = one(check(text));
    expect(f).toMatchObject({
      code: 'missing-field',
      severity: 'error',
      path: 'metadata.name',
      range: rangeOfText(text, 2, 'metadata'),
      message: 'Applying fails: a ConfigMap needs metadata.name',
      fix: 'Add metadata.name (or generateName, for kubectl create).',
    });
    expect(f.data).toMatchObject({ rule: 'nameRequired', pipelineStage: 'validation', verdict: 'rejected' });
    const bare = 'apiVersion: v1\nkind: ConfigMap\ndata: {a: b}\n';
    expect(one(check(bare)).range).toEqual(rangeOfText(bare, 1, 'ConfigMap'));
    const empty = doc('v1', 'ConfigMap', '  name: ""\n');
    expect(one(check(empty))).toMatchObject({ code: 'missing-field', range: rangeOfText(empty, 3, '""') });
  });

  it('is not reported in a kustomize patch (a partial document), nor for component configs', () => {
    const patch = doc('apps/v1', 'Deployment', '  labels: {tier: web}\n', 'spec:\n  replicas: 3\n');
    expect(rules(check(patch))).toEqual(['metadata.name:nameRequired']);
    const asPatch = new Analysis({ version: '1.37', kustomize: { role: 'patch', kustomization: '/repo/kustomization.yaml', injected: [] } }).check(patch);
    expect(rules(asPatch)).toEqual([]);
  });
});

describe('generateName and namespace', () => {
  it('generateName is the name rule applied to a prefix: a trailing - passes, upper case does not', () => {
    const text = doc('apps/v1', 'Deployment', '  generateName: Web-\n', DEPLOY_SPEC);
    const f = one(check(text));
    expect(f).toMatchObject({
      path: 'metadata.generateName',
      range: rangeOfText(text, 3, 'Web-'),
      message: "Applying fails: a Deployment generateName must be a DNS subdomain prefix (a-z, 0-9, '-', '.'; max 253)",
    });
    expect(f.data).toMatchObject({ rule: 'dns1123Subdomain', field: 'generateName', verdict: 'rejected' });
  });

  it('namespace must be a DNS label on namespaced kinds; a cluster-scoped kind ignores it', () => {
    const text = doc('v1', 'ConfigMap', '  name: cfg\n  namespace: Team_A\n');
    const f = one(check(text));
    expect(f).toMatchObject({
      path: 'metadata.namespace',
      range: rangeOfText(text, 4, 'Team_A'),
      message: "Applying fails: a namespace must be a DNS label (a-z, 0-9, '-'; max 63)",
      fix: 'Use a valid namespace name, e.g. team-a.',
    });
    expect(f.data).toMatchObject({ rule: 'namespaceName', verdict: 'rejected' });
  });
});

describe('labels and annotations', () => {
  it('a label value with a space is rejected at the value; an empty value passes', () => {
    const text = doc('v1', 'ConfigMap', '  name: cfg\n  labels:\n    team: "data platform"\n    empty: ""\n');
    const f = one(check(text));
    expect(f).toMatchObject({
      path: 'metadata.labels.team',
      range: rangeOfText(text, 5, '"data platform"'),
      message: "Applying fails: a label value must be empty or at most 63 letters, digits, '-', '_' or '.', alphanumeric at both ends",
      detail: '"data platform" has a space.',
    });
    expect(f.data).toMatchObject({ rule: 'labelValue', verdict: 'rejected' });
  });

  it('a label key with a bad prefix is rejected at the key; a 64-character name part too', () => {
    const text = doc('v1', 'ConfigMap', '  name: cfg\n  labels:\n    Example_Corp/team: a\n');
    const f = one(check(text));
    expect(f).toMatchObject({
      path: 'metadata.labels.Example_Corp/team',
      range: rangeOfText(text, 5, 'Example_Corp/team'),
      message: "Applying fails: a label key must be [DNS-subdomain/]name, the name up to 63 letters, digits, '-', '_', '.'",
      detail: `"Example_Corp/team" has a prefix that is not a DNS subdomain (upper-case letters and '_'). A qualified name is an optional DNS subdomain prefix and '/', then a name of at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit.`,
    });
    expect(f.data?.['rule']).toBe('labelKey');
    expect(one(check(doc('v1', 'ConfigMap', `  name: cfg\n  labels:\n    ${'k'.repeat(64)}: a\n`))).detail).toBe(
      `"${'k'.repeat(64)}" has a name of 64 characters (at most 63). A qualified name is an optional DNS subdomain prefix and '/', then a name of at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit.`,
    );
  });

  it('annotation keys are checked lower-cased; their total size is limited to 256 KiB', () => {
    // Key and value lengths add up: 1 + 262143 bytes is at the limit, one more byte is over it.
    const big = doc('v1', 'ConfigMap', `  name: cfg\n  annotations:\n    a: ${'x'.repeat(262144)}\n`);
    const f = one(check(big));
    expect(f).toMatchObject({
      path: 'metadata.annotations',
      range: rangeOfText(big, 4, 'annotations'),
      message: 'Applying fails: the annotations total 262145 bytes, over the 262144-byte limit',
      fix: 'Move large values out of annotations (into a ConfigMap, for instance).',
    });
    expect(f.data).toMatchObject({ rule: 'annotationsSize', bytes: 262145, limit: 262144, verdict: 'rejected' });
  });
});

describe('finalizers', () => {
  it('an unqualified finalizer other than the standard ones is rejected on kinds validated by core', () => {
    const text = doc('v1', 'ConfigMap', '  name: cfg\n  finalizers: [kubernetes, example.com/cleanup, cleanup]\n');
    const f = one(check(text));
    expect(f).toMatchObject({
      path: 'metadata.finalizers[]',
      range: rangeOfText(text, 4, 'cleanup', 1),
      message: 'Applying fails: this finalizer needs a domain prefix (only kubernetes, orphan and foregroundDeletion may go without)',
      fix: 'Qualify it, e.g. example.com/cleanup.',
    });
    expect(f.data).toMatchObject({ rule: 'finalizerUnqualified', verdict: 'rejected' });
    // Lease uses the generic ObjectMeta validation: a qualified-name finalizer is enough.
  });

  it('a finalizer that is not a qualified name, and orphan with foregroundDeletion, are rejected', () => {
    const both = doc('v1', 'ConfigMap', '  name: cfg\n  finalizers: [orphan, foregroundDeletion]\n');
    const f = one(check(both));
    expect(f).toMatchObject({
      path: 'metadata.finalizers',
      range: rangeOfText(both, 4, '[orphan, foregroundDeletion]'),
      message: 'Applying fails: finalizers orphan and foregroundDeletion cannot both be set',
    });
    expect(f.data?.['rule']).toBe('finalizerConflict');
  });
});

describe('message length', () => {
  it('every message stays within 120 characters, also for the longest kind names', () => {
    const texts = [
      doc('admissionregistration.k8s.io/v1', 'ValidatingAdmissionPolicyBinding', '  name: a/b\n'),
      doc('admissionregistration.k8s.io/v1', 'ValidatingAdmissionPolicyBinding', '  generateName: a/\n'),
      doc('autoscaling/v2', 'HorizontalPodAutoscaler', '  name: Foo_Bar\n'),
      doc('autoscaling/v2', 'HorizontalPodAutoscaler', '  generateName: Foo-\n'),
      doc('v1', 'ConfigMap', `  name: cfg\n  namespace: A_B\n  labels: {"A_/b": "c d"}\n  annotations: {"a b": x}\n  finalizers: [${'f'.repeat(63)}, "a b", orphan, foregroundDeletion]\n`),
      'apiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nspec: {}\n',
    ];
    const messages = texts.flatMap((t) => metaFindings(check(t, '1.35')).map((f) => f.message));
    expect(messages.length).toBeGreaterThan(10);
    expect(messages.filter((m) => m.length > 120)).toEqual([]);
  });
});

describe('the name table (schemas/object-meta.json)', () => {
  // Served API resource kinds of 1.37 deliberately left to the generic create check (path segment name, generic
  // ObjectMeta rules): their own name function was not read upstream for this table.
  const DEFAULTED = new Set([
    '/Event',
    'admissionregistration.k8s.io/MutatingAdmissionPolicy',
    'admissionregistration.k8s.io/MutatingAdmissionPolicyBinding',
    'admissionregistration.k8s.io/MutatingWebhookConfiguration',
    'admissionregistration.k8s.io/ValidatingAdmissionPolicy',
    'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
    'admissionregistration.k8s.io/ValidatingWebhookConfiguration',
    'certificates.k8s.io/ClusterTrustBundle',
    'certificates.k8s.io/PodCertificateRequest',
    'coordination.k8s.io/LeaseCandidate',
    'events.k8s.io/Event',
    'flowcontrol.apiserver.k8s.io/FlowSchema',
    'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
    'internal.apiserver.k8s.io/StorageVersion',
    'lifecycle.k8s.io/Eviction',
    'lifecycle.k8s.io/EvictionRequest',
    'networking.k8s.io/IPAddress',
    'networking.k8s.io/Ingress',
    'networking.k8s.io/IngressClass',
    'networking.k8s.io/NetworkPolicy',
    'networking.k8s.io/ServiceCIDR',
    'node.k8s.io/RuntimeClass',
    'policy/PodDisruptionBudget',
    'resource.k8s.io/DeviceClass',
    'resource.k8s.io/DeviceTaintRule',
    'resource.k8s.io/ResourcePoolStatusRequest',
    'resource.k8s.io/ResourceSlice',
    'scheduling.k8s.io/CompositePodGroup',
    'scheduling.k8s.io/PodGroup',
    'scheduling.k8s.io/Workload',
    'storage.k8s.io/CSIDriver',
    'storage.k8s.io/CSINode',
    'storage.k8s.io/CSIStorageCapacity',
    'storage.k8s.io/StorageClass',
    'storage.k8s.io/VolumeAttachment',
    'storage.k8s.io/VolumeAttributesClass',
    'storagemigration.k8s.io/StorageVersionMigration',
  ]);

  it('covers every served API resource kind of 1.37, or lists it as left to the default', () => {
    const facts = objectMetaFacts();
    const served = new Set(
      loadVersion('1.37' as KubeVersion)
        .data.kinds.filter((k) => !k.removed && !k.component && !k.payload)
        .map((k) => objectKindKey(k.group, k.kind)),
    );
    const uncovered = [...served].filter((k) => !facts.kinds[k] && !DEFAULTED.has(k)).sort();
    expect(uncovered).toEqual([]);
    // Every row and every deliberately defaulted kind is a kind of 1.37 (no stale rows).
    expect([...Object.keys(facts.kinds), ...DEFAULTED].filter((k) => !served.has(k)).sort()).toEqual([]);
    expect(facts.default).toMatchObject({ rule: 'pathSegmentName', meta: 'apimachinery' });
    expect(facts.default.source).toMatch(/staging\/src\/k8s\.io\/apiserver\/pkg\/registry\/rest\/create\.go@[0-9a-f]{40} BeforeCreate/);
  });

  it('every row names its upstream source (repository, path@commit), or says it was not read', () => {
    const facts = objectMetaFacts();
    for (const [key, row] of Object.entries(facts.kinds)) {
      const cites = /^kubernetes\/(kubernetes|apimachinery) \S+@[0-9a-f]{40} /.test(row.source);
      expect(cites || (row.rule === 'none' && row.source.startsWith('not read upstream')), key).toBe(true);
    }
    for (const [name, source] of Object.entries(facts.sources)) expect(source, name).toMatch(/^kubernetes\/(kubernetes|apimachinery) \S+@[0-9a-f]{40}/);
    expect(facts.limits).toMatchObject({ dns1123SubdomainMaxLength: 253, dns1123LabelMaxLength: 63, annotationsTotalMaxBytes: 262144 });
    expect(facts.kinds['/Service']).toMatchObject({ rule: 'dns1035Label', gate: 'RelaxedServiceNameValidation', gateRule: 'dns1123Label' });
    expect(facts.kinds['/Service']?.gateDefault).toEqual({ '1.34': false, '1.35': false, '1.36': true, '1.37': true });
  });
});
