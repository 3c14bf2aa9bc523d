// What each ObjectMeta finding says (engine/validate/object-meta.ts): the message, fix, detail and data of every
// rule, the shorter wording for long kind names, the gate note of a Service name, and the shapes the checks step
// over (merge keys, aliases, a metadata or label map that is not a mapping). The verdicts alone are fixture files in
// tests/rules/object-meta/; tests/engine/object-meta.test.ts has the ranges and the name table.
import { describe, expect, it } from 'vitest';
import type { Finding, FileReport } from '../../server/src/engine';
import { dataOf } from '../support/finding-data';
import { check } from './helpers';

function metaFindings(report: FileReport): Finding[] {
  return report.findings.filter((f) => dataOf(f, 'invalid-value', 'missing-field', 'api-warning')?.check === 'objectMeta');
}

function one(report: FileReport): Finding {
  const list = metaFindings(report);
  expect(list.map((f) => f.message), 'exactly one ObjectMeta finding').toHaveLength(1);
  return list[0]!;
}

const QUALIFIED = "[DNS-subdomain/]name, the name up to 63 letters, digits, '-', '_', '.'";
const QUALIFIED_DETAIL =
  "A qualified name is an optional DNS subdomain prefix and '/', then a name of at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit.";

const cm = (metadata: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n${metadata}`;
const service = (metadata: string) => `apiVersion: v1\nkind: Service\nmetadata:\n${metadata}spec:\n  ports: [{port: 80}]\n`;
const deployment = (selector: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n${selector}  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers: [{name: web, image: nginx}]\n`;

describe('labels and annotations: each finding in full', () => {
  it('an annotation key: its own words, fix and rule', () => {
    const f = one(check(cm('  name: cfg\n  annotations:\n    "a b": x\n')));
    expect(f).toMatchObject({
      path: 'metadata.annotations.a b',
      message: `Applying fails: an annotation key must be ${QUALIFIED}`,
      fix: 'Rename the annotation key.',
      detail: `"a b" has a space. ${QUALIFIED_DETAIL}`,
    });
    expect(f.data).toMatchObject({ rule: 'annotationKey', value: 'a b', verdict: 'rejected' });
  });

  it('a label key: its own words, fix and value', () => {
    const f = one(check(cm('  name: cfg\n  labels:\n    "a b": x\n')));
    expect(f).toMatchObject({ message: `Applying fails: a label key must be ${QUALIFIED}`, fix: 'Rename the label key.' });
    expect(f.data).toMatchObject({ rule: 'labelKey', value: 'a b' });
  });

  it('a label value: the fix and the value', () => {
    const f = one(check(cm('  name: cfg\n  labels:\n    team: "-x"\n')));
    expect(f.fix).toBe('Change the label value (use an annotation for free text).');
    expect(f.data).toMatchObject({ rule: 'labelValue', value: '-x' });
  });

  it('a merge key in labels is not a label key, and labels that are not a mapping are left to the schema walk', () => {
    expect(metaFindings(check(cm('  name: cfg\n  labels:\n    <<: {app: web}\n    tier: db\n')))).toEqual([]);
    expect(metaFindings(check(cm('  name: cfg\n  labels: web\n')))).toEqual([]);
  });
});

describe('metadata.name, generateName and namespace: each finding in full', () => {
  it('a name read through an alias is judged', () => {
    const f = one(check(cm('  labels: {app: &n Foo_Bar}\n  name: *n\n')));
    expect(f.data).toMatchObject({ rule: 'dns1123Subdomain', value: 'Foo_Bar' });
  });

  it('a null name is missing; a merge key may bring the name, so it is not reported', () => {
    expect(one(check(cm('  name: null\n'))).data).toMatchObject({ rule: 'nameRequired' });
    expect(one(check(cm('  name:\n'))).data).toMatchObject({ rule: 'nameRequired' });
    expect(metaFindings(check(cm('  <<: {name: cfg}\n')))).toEqual([]);
  });

  it('metadata that is not a mapping is left to the schema walk', () => {
    expect(metaFindings(check(`apiVersion: v1\nkind: ConfigMap\nmetadata: [cfg]\n`))).toEqual([]);
  });

  it('an article fits the kind: "an Ingress", "a ValidatingAdmissionPolicy"', () => {
    const ingress = one(check('apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: Web\nspec:\n  defaultBackend: {service: {name: web, port: {number: 80}}}\n'));
    expect(ingress.message).toBe("Applying fails: an Ingress name must be a DNS subdomain (a-z, 0-9, '-', '.'; max 253)");
    const policy = metaFindings(check('apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: Web\n'));
    expect(policy.map((f) => f.message)).toContain("Applying fails: a ValidatingAdmissionPolicy name must be a DNS subdomain (a-z, 0-9, '-', '.'; max 253)");
  });

  it('a long kind name drops out of the message when it would take it over 120 characters', () => {
    const binding = (kind: string, meta: string) => check(`apiVersion: admissionregistration.k8s.io/v1\nkind: ${kind}\nmetadata:\n  ${meta}\n`);
    // 124 characters with the kind: the shorter form.
    expect(one(binding('ValidatingAdmissionPolicyBinding', 'generateName: A/')).message).toBe(
      "Applying fails: generateName must be a DNS subdomain prefix (a-z, 0-9, '-', '.'; max 253)",
    );
    // 111 characters with the kind: kept.
    expect(one(binding('MutatingAdmissionPolicyBinding', 'generateName: A/')).message).toBe(
      "Applying fails: a MutatingAdmissionPolicyBinding generateName must be a URL path segment prefix (no '/' or '%')",
    );
  });

  it('fixes: a suggested name, the path-segment rule, or the rule alone', () => {
    expect(one(check('apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: a/b\n')).fix).toBe("Rename it without '/' or '%' (and not '.' or '..').");
    expect(one(check(cm('  name: Foo_Bar\n'))).fix).toBe('Rename it, e.g. to foo-bar.');
    expect(one(check(cm('  name: "-"\n'))).fix).toBe('Rename it to match the rule.');
  });

  it('generateName: fix, detail and data', () => {
    const f = one(check(cm('  generateName: "a b-"\n')));
    expect(f).toMatchObject({
      path: 'metadata.generateName',
      fix: 'Change the prefix (a trailing - is allowed).',
      detail: expect.stringMatching(/^"a b-" has a space\. A DNS subdomain/),
    });
    expect(f.data).toMatchObject({ value: 'a b-', field: 'generateName' });
  });

  it('a Service name before RelaxedServiceNameValidation: the note says when the gate would accept it', () => {
    const leadingDigit = one(check(service('  name: 1web\n'), '1.35'));
    expect(leadingDigit.detail).toMatch(/ It would be accepted with the RelaxedServiceNameValidation gate on\.$/);
    expect(leadingDigit.data).toMatchObject({ gate: 'RelaxedServiceNameValidation', when: { gate: 'RelaxedServiceNameValidation', enabled: false } });
    // A name ending in '-' is refused either way: no note. As a generateName prefix the '-' is fine.
    expect(one(check(service('  name: 1web-\n'), '1.35')).detail).not.toMatch(/gate/);
    expect(one(check(service('  generateName: 1web-\n'), '1.35')).detail).toMatch(/ It would be accepted with the RelaxedServiceNameValidation gate on\.$/);
  });

  it('a namespace: detail and value; a trailing - is refused (a namespace is a whole name, not a prefix)', () => {
    const f = one(check(cm('  name: cfg\n  namespace: team-\n')));
    expect(f).toMatchObject({ path: 'metadata.namespace', detail: expect.stringMatching(/^"team-" has .+\. A DNS label/) });
    expect(f.data).toMatchObject({ rule: 'namespaceName', value: 'team-' });
    expect(one(check(cm('  name: cfg\n  namespace: "-"\n'))).fix).toBe('Use a valid namespace name.');
  });
});

describe('selectors and finalizers: each finding in full', () => {
  it('a selector: matchLabels at its own path, a matchExpressions key in full; other entries are stepped over', () => {
    const labels = one(check(deployment('    matchLabels: {app: "-web"}\n')));
    expect(labels).toMatchObject({ path: 'spec.selector.matchLabels.app' });
    const labelKey = one(check(deployment('    matchLabels: {"a b": web}\n')));
    expect(labelKey).toMatchObject({ path: 'spec.selector.matchLabels.a b', message: `Applying fails: a label key must be ${QUALIFIED}`, fix: 'Rename the label key.' });
    const key = one(check(deployment('    matchLabels: {app: web}\n    matchExpressions: [{key: "a b", operator: Exists}]\n')));
    expect(key).toMatchObject({
      path: 'spec.selector.matchExpressions[].key',
      message: `Applying fails: a label key must be ${QUALIFIED}`,
      fix: 'Use the label key the pods carry.',
      detail: `"a b" has a space. ${QUALIFIED_DETAIL}`,
    });
    expect(key.data).toMatchObject({ rule: 'labelKey', value: 'a b' });
    expect(metaFindings(check(deployment('    matchLabels: {app: web}\n    matchExpressions: [x, {operator: Exists}]\n')))).toEqual([]);
  });

  it('a finalizer that is not a qualified name, an unqualified one, and a conflicting pair', () => {
    const bad = one(check(cm('  name: cfg\n  finalizers: ["a b"]\n')));
    expect(bad).toMatchObject({
      message: `Applying fails: a finalizer must be ${QUALIFIED}`,
      fix: 'Use a domain-qualified finalizer name, e.g. example.com/cleanup.',
      detail: `"a b" has a space. ${QUALIFIED_DETAIL}`,
    });
    expect(bad.data).toMatchObject({ rule: 'finalizerName', value: 'a b' });
    const unqualified = one(check(cm('  name: cfg\n  finalizers: [cleanup]\n')));
    expect(unqualified.detail).toBe(`"cleanup" has no '/': kube-apiserver accepts an unqualified finalizer only if it is one of its own.`);
    expect(unqualified.data).toMatchObject({ rule: 'finalizerUnqualified', value: 'cleanup' });
    expect(one(check(cm('  name: cfg\n  finalizers: [orphan, foregroundDeletion]\n'))).fix).toBe('Keep one of them.');
  });
});
