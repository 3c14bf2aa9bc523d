// CEL rules run with the API server's cost limits: a rule call over PerCallLimit, or a resource whose rules
// together go over RuntimeCELCostBudget, stops (the API server refuses the object and runs no further rule).
// The attacks are generated here; the work is asserted in evaluation steps (celStats.cost), not time.
// Internal imports: `api-extensions/cel` (evaluateRule and the cost limits: one rule run against its budget, so a
// case sits exactly at a limit).
import { describe, expect, it } from 'vitest';
import { evaluateRule, PER_CALL_COST_LIMIT, RUNTIME_COST_BUDGET } from '../../server/src/engine/api-extensions/cel';
import type { Finding } from '../../server/src/engine';
import { celGrowth, checkWithCrd, withRules } from './crd-object-helpers';
import { dataOf } from '../support/finding-data';

const crd = withRules;
const check = checkWithCrd;

const costOf = (run: () => void): number => celGrowth('cost', run);

describe('CEL cost limits', () => {
  it('three nested all() over 300 items stop at the per-call limit, with the API server\'s verdict', () => {
    const items = Array.from({ length: 300 }, (_, i) => i).join(', ');
    const text = crd(['self.items.all(x, self.items.all(y, self.items.all(z, x + y + z >= 0)))', 'self.items.size() > 0'], '              items: {type: array, items: {type: integer}}\n');
    let findings: Finding[] = [];
    const cost = costOf(() => {
      findings = check(text, `apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: c}\nspec:\n  items: [${items}]\n`).findings;
    });
    expect(findings.map((f) => [f.code, f.severity, f.path, f.message, f.data?.verdict, dataOf(f, 'invalid-value')?.limit])).toEqual([
      [
        'invalid-value',
        'error',
        'spec',
        "Applying fails: the rule costs more than the API server's limit per rule call (1,000,000); the rule is not evaluated to the end and no further rules run: self.items.all(x, self.items.all(y, self.items.all(z, x + y + z >= 0)))",
        'rejected',
        PER_CALL_COST_LIMIT,
      ],
    ]);
    // 27 million iterations were not run: the work is the limit plus one step.
    expect(cost).toBe(PER_CALL_COST_LIMIT + 1);
  });

  it('map(map(upperAscii)) over 100 copies of a 10,000-character string stops (strings produced count)', () => {
    const big = 'a'.repeat(10_000);
    const outcome = evaluateRule({ rule: 'self.all(x, self.map(y, y.upperAscii()).size() > 0)' }, Array.from({ length: 100 }, () => big));
    expect(outcome).toEqual({ result: 'over-budget', limit: 'per-call', cost: PER_CALL_COST_LIMIT + 1 });
  });

  it('the budget per object: rules that each fit the per-call limit stop when together they pass 10,000,000', () => {
    const items = Array.from({ length: 300 }, (_, i) => i).join(', ');
    // Each rule: about 300 × 300 iterations × a few steps (under a million); twenty of them exceed the budget.
    const rules = Array.from({ length: 20 }, (_, i) => `self.items.all(x, self.items.all(y, x + y >= ${-i}))`);
    const findings = check(crd(rules, '              items: {type: array, items: {type: integer}}\n'), `apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: c}\nspec:\n  items: [${items}]\n`).findings;
    expect(findings.map((f) => dataOf(f, 'invalid-value')?.limit)).toEqual([RUNTIME_COST_BUDGET]);
    expect(findings[0]!.message).toMatch(/^Applying fails: the CRD's rules cost more than the API server's budget per object \(10,000,000\)/);
  });

  it('ordinary rules are evaluated as before, with their cost', () => {
    const text = crd(['self.min <= self.max'], '              min: {type: integer}\n              max: {type: integer}\n');
    expect(check(text, 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: c}\nspec: {min: 1, max: 2}\n').findings).toEqual([]);
    expect(check(text, 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: c}\nspec: {min: 3, max: 2}\n').findings.map((f) => f.message)).toEqual(['failed rule: self.min <= self.max']);
    const outcome = evaluateRule({ rule: 'self.min <= self.max' }, new Map<string, unknown>([['min', 1n], ['max', 2n]]));
    expect(outcome.result).toBe('pass');
    expect((outcome as { cost: number }).cost).toBeGreaterThan(0);
    expect((outcome as { cost: number }).cost).toBeLessThan(20);
  });
});
