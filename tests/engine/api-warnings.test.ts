// The API server's warning headers for Pods and pod templates (server/src/engine/validate/warning-table.ts and
// warnings-from-table.ts): what is not one rule's verdict on a manifest. The verdicts themselves (deprecated volume types,
// node labels and annotations, fractional byte quantities, null label selectors, grace periods, pull secrets, hostIP
// without hostPort, overlapping paths) are fixture files in tests/rules/warnings/. Here: the table against the
// generated data, the byte-fraction arithmetic (no public surface but its verdicts), a refusal that leaves no warning
// on top, and a custom resource's finalizers (checked with the file's own CRDs, which the fixtures do not load).
// Internal imports: `validate/warning-table` (the rows), `validate/warnings-from-table` (isFractionalBytes),
// `api-extensions/workspace` (the file's CRDs as kubegate check reads them).
import { describe, expect, it } from 'vitest';
import { crdsFromText } from '../../server/src/engine/api-extensions/workspace';
import { type Finding, buildCrdCatalog, Analysis } from '../../server/src/engine';
import { isFractionalBytes } from '../../server/src/engine/validate/warnings-from-table';
import { API_WARNING_RULE_IDS, NODE_LABEL_WARNINGS, VOLUME_WARNINGS } from '../../server/src/engine/validate/warning-table';
import { marked } from '../support/markers';

/** Checked as `kubegate check` checks a file: its own CRDs are the catalog. */
function check(source: string) {
  const { text, ranges } = marked(source);
  const crds = buildCrdCatalog({ workspace: crdsFromText(text, 'test.yaml'), pack: null });
  const report = new Analysis({ version: '1.37', crds }).check(text);
  const found = report.findings.filter((f) => f.code === 'api-warning');
  return { found, all: report.findings, ranges };
}

const brief = (f: Finding) => [f.path, f.data?.['rule'], f.data?.['pipelineStage'], f.data?.['verdict'], f.severity, f.range];

const pod = (spec: string, meta = '') => `apiVersion: v1
kind: Pod
metadata:
  name: p
${meta}spec:
  containers:
  - name: web
    image: nginx:1.27
${spec}`;

describe('the table', () => {
  it('every row of the table names a field of core.v1.Volume', () => {
    const { found } = check(pod(`  volumes:\n${VOLUME_WARNINGS.map((v, i) => `  - name: v${i}\n    ${v.field}: {}\n`).join('')}`));
    expect(found.map((f) => f.data?.['volumeType'])).toEqual(VOLUME_WARNINGS.map((v) => v.field));
  });

  it('the current node labels are not in the table', () => {
    expect(NODE_LABEL_WARNINGS.map((l) => l.label)).not.toContain('kubernetes.io/arch');
    expect(NODE_LABEL_WARNINGS.map((l) => l.label)).toContain('beta.kubernetes.io/arch');
  });

  it('every finding names one of the table\'s rules; a plain Pod gets none', () => {
    expect(check(pod('')).found).toEqual([]);
    expect([...API_WARNING_RULE_IDS].sort()).toEqual(
      ['deprecatedAnnotation', 'deprecatedNodeLabel', 'deprecatedVolume', 'emptyProjection', 'emptyPullSecretName', 'fractionalBytes', 'hostIpWithoutHostPort', 'negativeGracePeriod', 'nullLabelSelector', 'overlappingPaths', 'portAcrossContainers', 'seccompAnnotation', 'unqualifiedFinalizer'],
    );
  });
});

describe('what the API server counts and when it warns', () => {
  it('as the API server counts: thousandths rounded up, then whole bytes', () => {
    const fractional = ['100m', '1m', '0.5', '1500m', '1n', '1.5', '1e-1'];
    const whole = ['1', '1000m', '128Mi', '0.5Ki', '1k', '1e3', '0', '1.0', '2000000u', '999999999n'];
    expect(fractional.filter((q) => !isFractionalBytes(q))).toEqual([]);
    expect(whole.filter((q) => isFractionalBytes(q))).toEqual([]);
  });

  it('a term without its topologyKey is refused anyway: no warning on top', () => {
    const { found } = check(
      pod(`  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - weight: 100
        podAffinityTerm:
          labelSelector: { matchLabels: { app: a } }
          topologyKey: kubernetes.io/hostname
`),
    );
    expect(found).toEqual([]);
  });
});

describe('custom resource finalizers', () => {
  const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: { plural: widgets, kind: Widget }
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-preserve-unknown-fields: true
---
`;

  it('a finalizer without a domain is stored with a warning; standard and qualified names are not', () => {
    const { found, ranges, all } = check(`${crd}apiVersion: example.com/v1
kind: Widget
metadata:
  name: small
  finalizers:
  - ⟦cleanup.example.com⟧
  - example.com/cleanup
  - foregroundDeletion
`);
    expect(found.map(brief)).toEqual([
      ['metadata.finalizers[]', 'unqualifiedFinalizer', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
    ]);
    expect(found[0]!.message).toBe("Accepted with a warning: finalizer cleanup.example.com has no domain prefix (no '/')");
    expect(found[0]!.data?.['source']).toMatch(/customresource\/validator\.go@de4be7261d44 /);
    expect(all.filter((f) => f.severity === 'error')).toEqual([]);
  });
});
