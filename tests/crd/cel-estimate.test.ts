// The API server's estimated-cost check at CRD creation (crd-cel-rules.ts, cel-cost.ts): a rule whose estimated
// cost (times the places it runs) is over the per-rule limit, or rules that together pass the per-CRD limit, make
// the CRD refused. Kubegate's estimate is a lower bound: the same rules with small maxItems / maxLength are not
// reported. Also what the compiler refuses beyond syntax: unknown fields, a result that is not a boolean.
// The CRDs are generated here; the work is asserted in rule evaluations (none: the estimate runs no rule).
// Internal imports: `api-extensions/cel` (the CEL cost statistics, a unit whose verdicts alone are public).
// Also `api-extensions/cel-cost` (estimateCel, declOf: the cost estimate of an expression, no public surface but its
// verdicts), `validate/cel-syntax` (parsedCel: the expression tree the estimate reads).
import { describe, expect, it } from 'vitest';
import { celStats } from '../../server/src/engine/api-extensions/cel';
import { declOf, estimateCel } from '../../server/src/engine/api-extensions/cel-cost';
import { parsedCel } from '../../server/src/engine/validate/cel-syntax';
import { at, check, crd, one, ruled, withRules } from './crd-object-helpers';
import { dataOf } from '../support/finding-data';

const NESTED_ALL = 'self.items.all(x, self.items.all(y, self.items.all(z, x + y + z >= 0)))';
const MAP_MAP_UPPER = 'self.names.map(x, self.names.map(y, y.upperAscii())).size() > 0';

function evaluated(run: () => void): number {
  const before = celStats.evaluated + celStats.overBudget + celStats.cost;
  run();
  return celStats.evaluated + celStats.overBudget + celStats.cost - before;
}

describe('estimated rule cost at CRD creation', () => {
  it('three nested all() over a list without maxItems: the CRD is refused, on the rule', () => {
    const text = withRules([NESTED_ALL], '              items: {type: array, items: {type: integer}}\n');
    let report = check(text);
    expect(evaluated(() => (report = check(text)))).toBe(0);
    const f = one(report, 'cel-cost');
    expect(f.range).toEqual(at(text, 19, JSON.stringify(NESTED_ALL)));
    expect(f.path).toBe('spec.versions[].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations[].rule');
    expect(f.message).toBe("Applying fails: the API server refuses the CRD: this rule's estimated cost is more than 100 times its limit (10,000,000)");
    expect(f.fix).toMatch(/^Add maxItems, maxLength or maxProperties/);
    // (3 MiB - 2) / 2 = 1,572,863 items at least, cubed: far over
    expect(dataOf(f, 'invalid-value')?.estimatedCostAtLeast).toBeGreaterThan(1_572_863 ** 3);
    expect(f.data).toMatchObject({ limit: 10_000_000, cardinality: 1 });
  });

  it('the same rule with maxItems: 10 is not reported', () => {
    const text = withRules([NESTED_ALL], '              items: {type: array, maxItems: 10, items: {type: integer}}\n');
    expect(ruled(check(text))).toEqual([]);
  });

  it('map(map(upperAscii)) over strings without maxLength: refused; with maxItems and maxLength: not', () => {
    const unbounded = withRules([MAP_MAP_UPPER], '              names: {type: array, items: {type: string}}\n');
    const f = one(check(unbounded), 'cel-cost');
    expect(f.range).toEqual(at(unbounded, 19, JSON.stringify(MAP_MAP_UPPER)));
    expect(f.message).toMatch(/more than 100 times its limit/);
    // a bounded list of unbounded strings is still over: 100 × 100 × (3 MiB - 2) / 10
    const longStrings = withRules([MAP_MAP_UPPER], '              names: {type: array, maxItems: 100, items: {type: string}}\n');
    expect(dataOf(one(check(longStrings), 'cel-cost'), 'invalid-value')?.estimatedCostAtLeast).toBeGreaterThanOrEqual(100 * 100 * Math.ceil((3 * 1024 * 1024 - 2) / 10));
    const bounded = withRules([MAP_MAP_UPPER], '              names: {type: array, maxItems: 100, items: {type: string, maxLength: 64}}\n');
    expect(ruled(check(bounded))).toEqual([]);
  });

  it('a rule inside a bounded list runs once per item: the estimate is multiplied by maxItems', () => {
    const schema = (maxItems: string) =>
      crd(`        type: object
        properties:
          spec:
            type: object
            properties:
              hosts:
                type: array
${maxItems}                items:
                  type: object
                  x-kubernetes-validations:
                  - rule: "self.name.upperAscii() == self.name"
                  properties:
                    name: {type: string}
`);
    // one call: (3 MiB - 2) / 10 = 314,573 at least; 100 items: over 10,000,000
    const hundred = schema('                maxItems: 100\n');
    const f = one(check(hundred), 'cel-cost');
    expect(f.data).toMatchObject({ cardinality: 100 });
    expect(f.message).toBe("Applying fails: the API server refuses the CRD: this rule's estimated cost is at least 3.1 times its limit (10,000,000)");
    expect(dataOf(f, 'invalid-value')?.estimatedCostAtLeast).toBeGreaterThanOrEqual(100 * 314_573);
    expect(ruled(check(schema('                maxItems: 10\n')))).toEqual([]);
    // no maxItems: the API server multiplies by its own worst case; the lower bound counts one run (no finding)
    expect(ruled(check(schema('')))).toEqual([]);
  });

  it('an estimate exactly at a limit is accepted, one more is refused (per rule and per CRD)', () => {
    // "self >= 0" on an integer item costs 1 per run, so the estimate is maxItems
    const ports = (maxItems: number, rules: number) =>
      crd(`        type: object
        properties:
          spec:
            type: object
            properties:
              ports:
                type: array
                maxItems: ${maxItems}
                items:
                  type: integer
                  x-kubernetes-validations:
${Array.from({ length: rules }, (_, i) => `                  - rule: "self >= ${i}"`).join('\n')}
`);
    expect(ruled(check(ports(10_000_000, 1)))).toEqual([]);
    const over = one(check(ports(10_000_001, 1)), 'cel-cost');
    expect(over.data).toMatchObject({ estimatedCostAtLeast: 10_000_001, limit: 10_000_000 });
    expect(over.message).toBe("Applying fails: the API server refuses the CRD: this rule's estimated cost is over its limit (10,000,000)");
    // ten rules at 10,000,000 each add up to exactly the per-CRD limit
    expect(ruled(check(ports(10_000_000, 10)))).toEqual([]);
    const total = check(ports(10_000_000, 11)).findings.filter((f) => f.data?.['rule'] === 'cel-cost');
    expect(total.length).toBeGreaterThan(0);
    expect(total[0]!.data).toMatchObject({ estimatedTotalAtLeast: 110_000_000, limit: 100_000_000 });
  });

  it('rules that each fit but together pass 100,000,000: the most expensive ones are named', () => {
    // each: 30 items × (3 MiB - 2) / 10 = about 9.4 million
    const rules = Array.from({ length: 11 }, (_, i) => `self.tags.all(x, x.upperAscii() != 'T${i}')`);
    const text = withRules(rules, '              tags: {type: array, maxItems: 30, items: {type: string}}\n');
    const findings = check(text).findings.filter((f) => f.data?.['rule'] === 'cel-cost');
    expect(findings).toHaveLength(4);
    expect(findings.map((f) => f.range.start.line)).toEqual([19, 20, 21, 22]);
    expect(findings[0]!.message).toBe("Applying fails: the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)");
    expect(findings[0]!.data).toMatchObject({ limit: 100_000_000, verdict: 'rejected' });
    expect(dataOf(findings[0], 'invalid-value')?.estimatedTotalAtLeast).toBeGreaterThan(100_000_000);
    expect(ruled(check(withRules(rules.slice(0, 10), '              tags: {type: array, maxItems: 30, items: {type: string}}\n')))).toEqual([]);
  });

  it('the estimate is a lower bound of the API server\'s for simple rules', () => {
    const decl = declOf(
      {
        type: 'object', intOrString: false, embedded: false, preserveUnknown: false, hasDefault: false, required: [],
        properties: () => [['min', { type: 'integer', intOrString: false, embedded: false, preserveUnknown: false, hasDefault: false, required: [], properties: () => [], items: () => undefined, additionalProperties: () => undefined }]],
        items: () => undefined, additionalProperties: () => undefined,
      },
      false,
    )!;
    // the API server: self (1) + .min (1) + self (1) + .min (1) + the comparison: at least 4
    expect(estimateCel(parsedCel('self.min <= self.min'), decl)).toEqual({ cost: 4, problems: [] });
  });
});

describe('rules the API server does not compile', () => {
  const props = '              replicas: {type: integer}\n              name: {type: string}\n';

  it('a field the schema does not declare', () => {
    const text = withRules(['self.replicaz > 0'], props);
    const f = one(check(text), 'cel-rule');
    expect(f.message).toBe('Applying fails: the CEL rule does not compile: no field replicaz in the schema (did you mean replicas?)');
    expect(f.range).toEqual(at(text, 19, '"self.replicaz > 0"'));
    expect(f.data).toMatchObject({ field: 'replicaz', suggestion: 'replicas' });
  });

  it('a rule that does not give a boolean', () => {
    const text = withRules(['self.replicas + 1'], props);
    expect(one(check(text), 'cel-rule').message).toBe('Applying fails: the CEL rule gives an integer, not a boolean');
    expect(one(check(withRules(['self.name'], props)), 'cel-rule').message).toBe('Applying fails: the CEL rule gives a string, not a boolean');
  });

  it('valid rules, metadata at the root, has() and optional fields: nothing', () => {
    const text = crd(`        type: object
        x-kubernetes-validations:
        - rule: "self.metadata.name.size() < 20 && has(self.spec) && self.kind == 'Widget'"
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: "!has(self.replicas) || self.replicas >= 0"
            - rule: "self.labels.all(k, self.labels[k].size() < 64)"
              messageExpression: "'too long: ' + self.name"
            properties:
              replicas: {type: integer}
              name: {type: string, maxLength: 10}
              labels: {type: object, maxProperties: 8, additionalProperties: {type: string, maxLength: 63}}
`);
    expect(ruled(check(text))).toEqual([]);
  });
});
