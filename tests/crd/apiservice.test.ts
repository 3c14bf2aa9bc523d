// APIService (apiregistration.k8s.io/v1) documents are checked: the walk (unknown / missing fields) and the
// kube-aggregator validation rules (apiservice-rules.ts), each with a valid and an invalid example.
import { describe, expect, it } from 'vitest';
import { at, check, one, ruled } from './crd-object-helpers';

const SERVICE = `apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata:
  name: v1beta1.metrics.k8s.io
spec:
  group: metrics.k8s.io
  version: v1beta1
  groupPriorityMinimum: 100
  versionPriority: 100
  insecureSkipTLSVerify: true
  service:
    name: metrics-server
    namespace: kube-system
`;

describe('APIService', () => {
  it('a valid APIService is checked and has no finding', () => {
    const report = check(SERVICE);
    expect(report.findings).toEqual([]);
    expect(report.documents[0]).toMatchObject({ checked: true, apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService' });
    const local = 'apiVersion: apiregistration.k8s.io/v1\nkind: APIService\nmetadata: {name: v1.apps}\nspec: {group: apps, version: v1, groupPriorityMinimum: 17800, versionPriority: 15}\n';
    expect(check(local).findings).toEqual([]);
  });

  it('the walk: an unknown spec field is unknown-field with did-you-mean', () => {
    const text = SERVICE.replace('versionPriority', 'versionPriorty');
    const report = check(text);
    const unknown = report.findings.find((f) => f.code === 'unknown-field');
    expect(unknown).toMatchObject({ path: 'spec.versionPriorty', data: { suggestion: 'versionPriority' } });
    expect(unknown!.range).toEqual(at(text, 8, 'versionPriorty'));
    // and the priority it lacks now is reported by the validation rule
    expect(one(report, 'apiservice-priority')).toMatchObject({ code: 'missing-field', path: 'spec.versionPriority' });
  });

  it('apiservice-name: metadata.name is <version>.<group>', () => {
    const text = SERVICE.replace('name: v1beta1.metrics.k8s.io', 'name: metrics.k8s.io');
    const f = one(check(text), 'apiservice-name');
    expect(f).toMatchObject({ code: 'invalid-value', path: 'metadata.name', fix: 'Rename it to v1beta1.metrics.k8s.io.' });
    expect(f.range).toEqual(at(text, 3, 'metrics.k8s.io'));
  });

  it('apiservice-group: only v1 may have an empty group; a DNS subdomain otherwise', () => {
    const text = SERVICE.replace('  group: metrics.k8s.io\n', '').replace('v1beta1.metrics.k8s.io', 'v1beta1.');
    const f = one(check(text), 'apiservice-group');
    expect(f).toMatchObject({ code: 'missing-field', path: 'spec.group' });
    expect(f.range).toEqual(at(text, 4, 'spec'));
    const upper = SERVICE.replace(/metrics\.k8s\.io/g, 'Metrics.k8s.io');
    expect(one(check(upper), 'apiservice-group').range).toEqual(at(upper, 5, 'Metrics.k8s.io'));
  });

  it('apiservice-version: a DNS-1035 label', () => {
    const text = SERVICE.replace(/v1beta1/g, 'V1beta1');
    const f = one(check(text), 'apiservice-version');
    expect(f.range).toEqual(at(text, 6, 'V1beta1'));
  });

  it('apiservice-priority: groupPriorityMinimum 1..20000, versionPriority 1..1000', () => {
    const text = SERVICE.replace('groupPriorityMinimum: 100', 'groupPriorityMinimum: 0').replace('versionPriority: 100', 'versionPriority: 1001');
    const report = check(text);
    const fs = ruled(report);
    expect(fs.map((f) => f.path)).toEqual(['spec.groupPriorityMinimum', 'spec.versionPriority']);
    expect(fs[0]!.range).toEqual(at(text, 7, '0'));
    expect(fs[0]!.data).toMatchObject({ rule: 'apiservice-priority', min: 1, max: 20000, pipelineStage: 'validation', verdict: 'rejected' });
    expect(fs[1]!.range).toEqual(at(text, 8, '1001'));
    expect(fs[1]!.message).toBe('Applying fails: spec.versionPriority must be 1–1000, not 1001');
  });

  it('apiservice-local: no caBundle or insecureSkipTLSVerify without a service', () => {
    const text = 'apiVersion: apiregistration.k8s.io/v1\nkind: APIService\nmetadata: {name: v1.example.com}\nspec:\n  group: example.com\n  version: v1\n  groupPriorityMinimum: 100\n  versionPriority: 10\n  insecureSkipTLSVerify: true\n';
    const f = one(check(text), 'apiservice-local');
    expect(f.range).toEqual(at(text, 8, 'true'));
  });

  it('apiservice-service: a valid port; insecureSkipTLSVerify not with caBundle', () => {
    const text = SERVICE.replace('    namespace: kube-system\n', '    namespace: kube-system\n    port: 70000\n');
    const f = one(check(text), 'apiservice-service');
    expect(f).toMatchObject({ path: 'spec.service.port' });
    expect(f.range).toEqual(at(text, 13, '70000'));
    const both = SERVICE.replace('  insecureSkipTLSVerify: true\n', '  insecureSkipTLSVerify: true\n  caBundle: LS0tLS1CRUdJTg==\n');
    expect(one(check(both), 'apiservice-service').range).toEqual(at(both, 9, 'true'));
  });
});
