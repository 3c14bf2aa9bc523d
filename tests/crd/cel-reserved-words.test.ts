// A property named like a CEL reserved word (`namespace`, `if`, …) in CRD rules (api-extensions/cel.ts celFieldKey, CelObject):
// kube-apiserver declares it to CEL escaped (`__namespace__`) and, at the CEL compatibility version of every
// supported release (1.33 and later), also reads it by its plain name, at compile time and at run time. The CRD
// (checked as a manifest) and its custom resources (checked against it) give no false alarm, each rule is evaluated
// on both names, and what the API server refuses still is refused: a name the schema lacks, a reserved word as a
// variable.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../server/src/engine';
import { at, celGrowth, check, checkWithCrd, one, ruled, withRules } from './crd-object-helpers';

/** A Widget CRD: spec.template.metadata declares namespace; spec has a property named `if`. */
const widget = (rules: string[]) =>
  withRules(
    rules,
    `              if: {type: integer}
              template:
                type: object
                properties:
                  metadata:
                    type: object
                    properties:
                      name: {type: string}
                      namespace: {type: string}
`,
  );

const resource = (spec: string) => `apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n${spec}`;

const checkResource = checkWithCrd;

const PLAIN = "!has(self.template.metadata.namespace) || self.template.metadata.namespace == 'team-a'";
const ESCAPED = "!has(self.template.metadata.__namespace__) || self.template.metadata.__namespace__ == 'team-a'";
const IF_FIELD = 'self.if <= 3';

const evaluations = (run: () => void): number => celGrowth('evaluated', run);

describe('CEL: reserved words as field names', () => {
  it('the CRD: a rule reading `namespace` or `if` by the plain or the escaped name compiles (no finding)', () => {
    for (const rule of [PLAIN, ESCAPED, IF_FIELD, 'self.__if__ <= 3', 'self.template.metadata.namespace in ["a", "b"]']) {
      expect(ruled(check(widget([rule]))), rule).toEqual([]);
    }
  });

  it('a custom resource: the rule runs on the plain and the escaped name alike, passing and failing', () => {
    for (const rule of [PLAIN, ESCAPED]) {
      const text = widget([rule]);
      let ok: Finding[] = [];
      expect(evaluations(() => (ok = checkResource(text, resource('  template: {metadata: {namespace: team-a}}\n')).findings))).toBe(1);
      expect(ok).toEqual([]);
      const bad = checkResource(text, resource('  template: {metadata: {namespace: team-b}}\n')).findings;
      expect(bad.map((f) => [f.code, f.path, f.message, f.data?.verdict])).toEqual([['invalid-value', 'spec', `failed rule: ${rule}`, 'rejected']]);
      // absent: has() is false on either name
      expect(checkResource(text, resource('  template: {metadata: {name: x}}\n')).findings).toEqual([]);
    }
    const ifRule = widget([IF_FIELD]);
    expect(checkResource(ifRule, resource('  if: 2\n')).findings).toEqual([]);
    expect(checkResource(ifRule, resource('  if: 4\n')).findings.map((f) => f.message)).toEqual([`failed rule: ${IF_FIELD}`]);
  });

  it('a reserved word the schema does not declare is still an unknown field', () => {
    const text = widget(['self.template.namespace == "a"']);
    const f = one(check(text), 'cel-rule');
    expect(f.message).toBe('Applying fails: the CEL rule does not compile: no field namespace in the schema');
    expect(f.range).toEqual(at(text, 19, '"self.template.namespace == \\"a\\""'));
  });

  it('a reserved word as a variable does not parse (the API server refuses it too)', () => {
    const found = ruled(check(widget(['namespace == "a"'])));
    expect(found.map((f) => [f.data?.['rule'], f.data?.verdict])).toEqual([['cel-rule', 'rejected']]);
    expect(found[0]!.message).toMatch(/^Applying fails: the CEL rule does not compile: .*reserved identifier/);
  });
});
