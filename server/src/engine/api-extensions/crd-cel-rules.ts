// CEL rules of a CRD version's schema as the API server compiles them when the CRD is created: the estimated
// cost of each rule against the per-rule limit, the sum against the per-CRD limit (cel-cost.ts: a lower bound,
// so only CRDs the API server refuses are reported), and what its compiler refuses beyond syntax (a field the
// schema does not declare, a rule that does not give a boolean). Syntax errors: crd-schema-rules.ts.
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml';
import type { Range } from '../base/types';
import { closestName } from '../base/similar-names';
import { parsedCel } from '../validate/cel-syntax';
import { declOf, estimateCel, unboundedCardinality, type Decl, type SchemaNode } from './cel-cost';
import { CEL_COST_FACTS as F } from './cel-cost-facts';
import { add, deref, entries, isTrue, range, strOf, type Ctx } from './api-object-context';

const COMPILATION = 'kubernetes/kubernetes:staging/src/k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/compilation.go@03e2afdfbea78c85adc271f3f2694ed42fc32131';

/** A YAML schema node as the decl builder reads it. */
function schemaNode(ctx: Ctx, node: Node | null): SchemaNode | undefined {
  if (!node || !isMap(node)) return undefined;
  const e = entries(ctx, node);
  const num = (k: string) => {
    const v = e.get(k)?.value;
    return v && isScalar(v) && typeof v.value === 'number' ? v.value : undefined;
  };
  const enumNode = e.get('enum')?.value;
  let enumMaxLength: number | undefined;
  if (enumNode && isSeq(enumNode) && enumNode.items.length > 0) {
    enumMaxLength = 0;
    for (const item of enumNode.items) enumMaxLength = Math.max(enumMaxLength, [...(strOf(deref(ctx, item)) ?? '')].length);
  }
  const required = e.get('required')?.value;
  return {
    type: strOf(e.get('type')?.value),
    format: strOf(e.get('format')?.value),
    maxLength: num('maxLength'),
    maxItems: num('maxItems'),
    maxProperties: num('maxProperties'),
    intOrString: isTrue(e.get('x-kubernetes-int-or-string')?.value),
    embedded: isTrue(e.get('x-kubernetes-embedded-resource')?.value),
    preserveUnknown: isTrue(e.get('x-kubernetes-preserve-unknown-fields')?.value),
    additionalAllowed: isTrue(e.get('additionalProperties')?.value),
    hasDefault: e.has('default'),
    ...(enumMaxLength !== undefined ? { enumMaxLength } : {}),
    required: required && isSeq(required) ? required.items.map((n) => strOf(deref(ctx, n))).filter((s): s is string => s !== undefined) : [],
    properties: () => [...entries(ctx, e.get('properties')?.value ?? null)].flatMap(([k, v]) => {
      const s = schemaNode(ctx, v.value);
      return s ? [[k, s] as [string, SchemaNode]] : [];
    }),
    items: () => schemaNode(ctx, e.get('items')?.value ?? null),
    additionalProperties: () => schemaNode(ctx, e.get('additionalProperties')?.value ?? null),
  };
}

interface Contribution {
  cost: number;
  where: Range;
  path: string;
  /** Already reported over the per-rule limit (the per-CRD finding is not repeated there). */
  reported: boolean;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** "more than 100 times its limit (10,000,000)" (the API server's own wording past 100), "at least 2.5 times
 *  its limit (…)", "over its limit (…)". */
function over(cost: number, limit: number, what: string): string {
  const factor = cost / limit;
  const amount = factor > 100 ? 'more than 100 times ' : factor >= 2 ? `at least ${Math.floor(factor * 10) / 10} times ` : 'over ';
  return `${amount}${what} (${fmt(limit)})`;
}

const FIX = 'Add maxItems, maxLength or maxProperties to the lists, strings and maps the rule reads (without them the API server assumes each fills a 3 MiB request), or simplify the rule.';

/** Checks the CEL rules of one version's openAPIV3Schema. */
export function checkCelRules(ctx: Ctx, root: YAMLMap, path: string, ownerRange: Range): void {
  const contributions: Contribution[] = [];
  let total = 0;
  const ruleLimit = F.perRuleLimit.value;

  // Walk the schema as the API server does: the number of places a node's rules run is the product of the
  // maxItems / maxProperties of the lists and maps above it (undefined: one of them has no bound). `isRoot`: the
  // resource root (an embedded resource below it is a root by its own x-kubernetes-embedded-resource).
  const walk = (node: Node | null, p: string, isRoot: boolean, cardinality: number | undefined, depth: number): void => {
    if (!node || !isMap(node) || depth > 100) return;
    const e = entries(ctx, node);
    const rules = e.get('x-kubernetes-validations')?.value;
    if (rules && isSeq(rules) && rules.items.length > 0) {
      const s = schemaNode(ctx, node);
      const decl = s ? declOf(s, isRoot || s.embedded) : undefined;
      if (decl) {
        rules.items.forEach((item, i) => {
          const r = entries(ctx, deref(ctx, item));
          const rp = `${p}.x-kubernetes-validations[${i}]`;
          const ruleEntry = r.get('rule');
          const rule = strOf(ruleEntry?.value);
          const rr = range(ctx, ruleEntry?.value, range(ctx, ruleEntry?.key, ownerRange));
          if (rule !== undefined && rule.trim() !== '') {
            const runs = cardinality ?? unboundedCardinality(decl);
            const cost = checkExpression(rule, decl, runs, rr, `${rp}.rule`, 'rule');
            total += cost;
            if (cost >= F.perCrdLimit.value * F.mostExpensiveShare.value) contributions.push({ cost, where: rr, path: `${rp}.rule`, reported: cost > ruleLimit });
          }
          const msgEntry = r.get('messageExpression');
          const msg = strOf(msgEntry?.value);
          if (msg !== undefined && msg.trim() !== '') {
            const mr = range(ctx, msgEntry?.value, rr);
            const cost = checkExpression(msg, decl, 1, mr, `${rp}.messageExpression`, 'messageExpression');
            total += cost;
            if (cost >= F.perCrdLimit.value * F.mostExpensiveShare.value) contributions.push({ cost, where: mr, path: `${rp}.messageExpression`, reported: cost > ruleLimit });
          }
        });
      }
    }
    const type = strOf(e.get('type')?.value);
    const additional = e.get('additionalProperties')?.value ?? null;
    const num = (k: string) => {
      const v = e.get(k)?.value;
      return v && isScalar(v) && typeof v.value === 'number' ? Math.max(0, Math.floor(v.value)) : undefined;
    };
    const scaled = (bound: number | undefined) => (cardinality === undefined || bound === undefined ? undefined : cardinality * bound);
    for (const [key, prop] of entries(ctx, e.get('properties')?.value ?? null)) {
      walk(prop.value, `${p}.properties.${key}`, false, cardinality, depth + 1);
    }
    if (isMap(additional)) walk(additional, `${p}.additionalProperties`, false, type === 'object' ? scaled(num('maxProperties')) : cardinality, depth + 1);
    const items = e.get('items')?.value ?? null;
    if (isMap(items)) walk(items, `${p}.items`, false, type === 'array' ? scaled(num('maxItems')) : cardinality, depth + 1);
  };

  const checkExpression = (text: string, decl: Decl, cardinality: number, where: Range, p: string, what: 'rule' | 'messageExpression'): number => {
    const parsed = parsedCel(text);
    if (!parsed) return 0; // syntax errors are reported by crd-schema-rules.ts
    const estimate = estimateCel(parsed, decl);
    if (!estimate) return 0;
    for (const problem of estimate.problems) {
      if (problem.problem === 'unknown-field') {
        const near = closestName(problem.field, problem.known);
        add(ctx, 'invalid-value', 'cel-rule', `Applying fails: the CEL ${what} does not compile: no field ${problem.field} in the schema${near ? ` (did you mean ${near}?)` : ''}`, near ? `Change it to ${near}, or declare ${problem.field} in the schema.` : `Declare ${problem.field} in the schema, or read a field it declares.`, where, p, { data: { field: problem.field, ...(near ? { suggestion: near } : {}), source: COMPILATION } });
      } else if (what === 'rule') {
        add(ctx, 'invalid-value', 'cel-rule', `Applying fails: the CEL rule gives ${article(problem.kind)}, not a boolean`, 'Write a condition that is true for valid objects, e.g. self.items.size() <= 10.', where, p, { data: { resultType: problem.kind, source: COMPILATION } });
      }
    }
    const cost = Math.min(2 ** 64, estimate.cost * cardinality);
    if (cost > ruleLimit) {
      add(ctx, 'invalid-value', 'cel-cost', `Applying fails: the API server refuses the CRD: this ${what}'s estimated cost is ${over(cost, ruleLimit, 'its limit')}`, FIX, where, p, { data: { estimatedCostAtLeast: cost, limit: ruleLimit, cardinality, source: F.perRuleLimit.source } });
    }
    return cost;
  };

  walk(root, path, true, 1, 0);

  const crdLimit = F.perCrdLimit.value;
  if (total > crdLimit) {
    const message = `Applying fails: the API server refuses the CRD: its rules' estimated costs add up to ${over(total, crdLimit, 'the limit per CRD')}`;
    const top = contributions.sort((a, b) => b.cost - a.cost).slice(0, F.mostExpensiveCount.value);
    const data = { estimatedTotalAtLeast: total, limit: crdLimit, source: F.perCrdLimit.source };
    if (top.length === 0) add(ctx, 'invalid-value', 'cel-cost', message, FIX, ownerRange, path, { data });
    for (const c of top) if (!c.reported) add(ctx, 'invalid-value', 'cel-cost', message, FIX, c.where, c.path, { data: { ...data, estimatedCostAtLeast: c.cost } });
  }
}

function article(kind: string): string {
  const words: Record<string, string> = { int: 'an integer', double: 'a number', string: 'a string', bytes: 'bytes', list: 'a list', map: 'a map', object: 'an object' };
  return words[kind] ?? `a ${kind}`;
}
