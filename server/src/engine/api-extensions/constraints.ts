// What the type tables do not hold, checked against the CRD schema itself: minimum/maximum, min/max length,
// items and properties, pattern, a few formats (date-time, byte, ipv4, ipv6), list types `set` and `map`
// (duplicate items / keys), and CEL rules (cel.ts). `status` is not checked (the API server sets it).
import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair } from 'yaml';
import { finding, type FindingData } from '../codes';
import { rangeOf } from '../parse/ranges';
import type { Finding } from '../codes/finding';
import type { Range } from '../base/types';
import { compileRe2 } from '../base/regex';
import { CelObject, escapeCelName, evaluateRule, PER_CALL_COST_LIMIT, RUNTIME_COST_BUDGET } from './cel';
import { propertyOf, type CrdSchema } from './crd-data';

interface ConstraintContext {
  text: string;
  lineCounter: LineCounter;
  doc: Document.Parsed;
  document: number;
  findings: Finding[];
  /** Rules skipped in this document (oldSelf / not evaluable). */
  skippedRules: number;
  /** What the CRD in use does not have (Gateway API experimental-only rules and patterns under the standard channel). */
  skip?: { rules: Set<string>; patternPaths: Set<string> };
  /** What is left of the resource's CEL cost budget (RUNTIME_COST_BUDGET at the start); set when a rule went over
   *  a limit: no further rule is evaluated, as the API server stops. */
  celBudget?: number;
  celStopped?: boolean;
}

const MAX_DEPTH = 100;

function resolve(ctx: ConstraintContext, node: Node | null | undefined): Node | null | undefined {
  let current = node;
  for (let hops = 0; current && isAlias(current) && hops < 50; hops++) current = (current.resolve(ctx.doc) as Node | undefined) ?? null;
  return current;
}

function rangeOfNode(ctx: ConstraintContext, node: Node | null | undefined, fallback: Range): Range {
  const r = node?.range;
  return r && r[1] > r[0] ? rangeOf(ctx.lineCounter, r[0], r[1]) : fallback;
}

function add(ctx: ConstraintContext, message: string, range: Range, path: string, data: FindingData['invalid-value'], fix?: string): void {
  ctx.findings.push(finding('invalid-value', {
    message,
    range,
    path,
    document: ctx.document,
    data,
    ...(fix ? { fix } : {}),
  }));
}

/** Checks the root object of a custom resource against its schema. */
export function checkConstraints(ctx: ConstraintContext, root: Node, schema: CrdSchema, rootRange: Range): void {
  ctx.celBudget ??= RUNTIME_COST_BUDGET;
  visit(ctx, root, schema, '', rootRange, 0);
}

function visit(ctx: ConstraintContext, raw: Node | null, schema: CrdSchema, path: string, keyRange: Range, depth: number): void {
  const node = resolve(ctx, raw);
  if (!node || depth > MAX_DEPTH) return;
  if (isScalar(node) && (node.value === null || node.value === undefined)) return;
  const range = rangeOfNode(ctx, node, keyRange);
  if (isMap(node)) {
    const pairs = node.items as Pair<Node | null, Node | null>[];
    if (schema.minProperties !== undefined && pairs.length < schema.minProperties) {
      add(ctx, `${label(path)} needs at least ${schema.minProperties} entr${schema.minProperties === 1 ? 'y' : 'ies'}`, keyRange, path, { minProperties: schema.minProperties });
    }
    if (schema.maxProperties !== undefined && pairs.length > schema.maxProperties) {
      add(ctx, `${label(path)} allows at most ${schema.maxProperties} entr${schema.maxProperties === 1 ? 'y' : 'ies'}`, keyRange, path, { maxProperties: schema.maxProperties });
    }
    requiredScalars(ctx, pairs, schema, path, keyRange);
    for (const pair of pairs) {
      const key = resolve(ctx, pair.key);
      const name = isScalar(key) ? String(key.value) : undefined;
      if (name === undefined) continue;
      if (path === '' && name === 'status') continue;
      const child = propertyOf(schema, name) ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      if (!child) continue;
      const childPath = propertyOf(schema, name) ? (path ? `${path}.${name}` : name) : `${path}.*`;
      visit(ctx, pair.value, child, childPath, rangeOfNode(ctx, pair.key, keyRange), depth + 1);
    }
  } else if (isSeq(node)) {
    const items = node.items as (Node | null)[];
    if (schema.minItems !== undefined && items.length < schema.minItems) {
      add(ctx, `${label(path)} needs at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}, not ${items.length}`, keyRange, path, { minItems: schema.minItems, got: items.length });
    }
    if (schema.maxItems !== undefined && items.length > schema.maxItems) {
      add(ctx, `${label(path)} allows at most ${schema.maxItems} item${schema.maxItems === 1 ? '' : 's'}, not ${items.length}`, keyRange, path, { maxItems: schema.maxItems, got: items.length }, 'Remove items.');
    }
    listUniqueness(ctx, items, schema, path, keyRange);
    if (schema.items) for (const item of items) visit(ctx, item, schema.items, `${path}[]`, itemRange(ctx, item, keyRange), depth + 1);
  } else if (isScalar(node)) {
    scalar(ctx, node.value, schema, path, range);
  }
  let self: unknown;
  for (const rule of schema['x-kubernetes-validations'] ?? []) {
    if (ctx.skip?.rules.has(rule.rule)) continue;
    if (ctx.celStopped) {
      ctx.skippedRules++;
      continue;
    }
    self ??= celValue(ctx, node, schema, 0);
    const outcome = evaluateRule(rule, self, ctx.celBudget);
    if ('cost' in outcome) ctx.celBudget = Math.max(0, (ctx.celBudget ?? RUNTIME_COST_BUDGET) - outcome.cost);
    if (outcome.result === 'skipped') ctx.skippedRules++;
    else if (outcome.result === 'over-budget') {
      ctx.celStopped = true;
      const why =
        outcome.limit === 'per-call'
          ? `the rule costs more than the API server's limit per rule call (${PER_CALL_COST_LIMIT.toLocaleString('en-US')})`
          : `the CRD's rules cost more than the API server's budget per object (${RUNTIME_COST_BUDGET.toLocaleString('en-US')})`;
      add(ctx, `Applying fails: ${why}; the rule is not evaluated to the end and no further rules run: ${rule.rule}`, keyRange, path, {
        rule: 'crd-cel-cost',
        celRule: rule.rule,
        limit: outcome.limit === 'per-call' ? PER_CALL_COST_LIMIT : RUNTIME_COST_BUDGET,
        pipelineStage: 'validation',
        verdict: 'rejected',
      }, 'Make the value smaller (fewer items, shorter strings), or ask the CRD\'s authors to bound the rule (maxItems, maxLength).');
    }
    else if (outcome.result === 'fail') {
      const where = rule.fieldPath ? nodeAt(ctx, node, rule.fieldPath) : undefined;
      add(ctx, `${outcome.message}`, where ? rangeOfNode(ctx, where.node, keyRange) : keyRange, where ? joinRel(path, where.path) : path, {
        rule: rule.rule,
        ...(rule.reason ? { reason: rule.reason } : {}),
      }, 'Change the value so that the CRD\'s validation rule holds.');
    }
  }
}

/** Where to point for a list item: its first key when it is a mapping (as the walk does), else the item. */
function itemRange(ctx: ConstraintContext, raw: Node | null, fallback: Range): Range {
  const node = resolve(ctx, raw);
  if (node && isMap(node) && node.items.length > 0) return rangeOfNode(ctx, (node.items[0] as Pair<Node | null, Node | null>).key, fallback);
  return rangeOfNode(ctx, node, fallback);
}

/** Required number and boolean fields that are absent (the walk leaves those to the built-in zero-value rule;
 *  a CRD's required integer or boolean is rejected when absent). */
function requiredScalars(ctx: ConstraintContext, pairs: Pair<Node | null, Node | null>[], schema: CrdSchema, path: string, keyRange: Range): void {
  if (!schema.required || schema.required.length === 0) return;
  const present = new Set(pairs.map((p) => resolve(ctx, p.key)).filter((k) => isScalar(k)).map((k) => String((k as { value: unknown }).value)));
  for (const name of schema.required) {
    const child = propertyOf(schema, name);
    if (!child || present.has(name) || child.nullable) continue;
    if (child.type !== 'integer' && child.type !== 'number' && child.type !== 'boolean') continue;
    const fieldPath = path ? `${path}.${name}` : name;
    if (fieldPath.split('.')[0] === 'status') continue;
    ctx.findings.push(finding('missing-field', {
      message: `${name} is missing: the CRD requires it`,
      fix: `Add ${name}${path ? ` under ${path}` : ''}.`,
      range: keyRange,
      path: fieldPath,
      document: ctx.document,
      data: { field: name },
    }));
  }
}

function label(path: string): string {
  return path === '' ? 'the object' : path.replace(/^.*\./, '').replace(/(\[\]|\.\*)+$/, '') || path;
}

function scalar(ctx: ConstraintContext, value: unknown, schema: CrdSchema, path: string, range: Range): void {
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && (value < schema.minimum || (schema.exclusiveMinimum && value === schema.minimum))) {
      add(ctx, `${label(path)} must be ${schema.exclusiveMinimum ? 'greater than' : 'at least'} ${schema.minimum}, not ${value}`, range, path, { minimum: schema.minimum, got: value });
    }
    if (schema.maximum !== undefined && (value > schema.maximum || (schema.exclusiveMaximum && value === schema.maximum))) {
      add(ctx, `${label(path)} must be ${schema.exclusiveMaximum ? 'less than' : 'at most'} ${schema.maximum}, not ${value}`, range, path, { maximum: schema.maximum, got: value });
    }
    return;
  }
  if (typeof value !== 'string') return;
  if (schema.type !== 'string' && !schema['x-kubernetes-int-or-string']) return;
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) {
    add(ctx, `${label(path)} must be at least ${schema.minLength} character${schema.minLength === 1 ? '' : 's'} long`, range, path, { minLength: schema.minLength, got: length });
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    add(ctx, `${label(path)} must be at most ${schema.maxLength} characters long, not ${length}`, range, path, { maxLength: schema.maxLength, got: length });
  }
  if (schema.pattern && !ctx.skip?.patternPaths.has(path)) {
    // RE2, as the API server: linear in the value. A pattern RE2 refuses is reported on the CRD itself
    // (crd-document.ts: the API server refuses such a CRD), not on each resource.
    const re = compileRe2(schema.pattern);
    if (re.ok && !re.test(value)) add(ctx, `${JSON.stringify(value)} does not match the pattern of ${label(path)}`, range, path, { pattern: schema.pattern, value }, `Write a value matching ${schema.pattern}.`);
  }
  if (schema.format && schema.type === 'string') {
    const check = FORMATS[schema.format];
    if (check && !check(value)) add(ctx, `${JSON.stringify(value)} is not a valid ${schema.format} for ${label(path)}`, range, path, { format: schema.format, value });
  }
}

const FORMATS: Record<string, (v: string) => boolean> = {
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(v),
  byte: (v) => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(v),
  ipv4: (v) => /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(v),
  ipv6: (v) => v.includes(':') && /^[0-9A-Fa-f:.]+$/.test(v) && (v.match(/::/g)?.length ?? 0) <= 1,
};

function listUniqueness(ctx: ConstraintContext, items: (Node | null)[], schema: CrdSchema, path: string, keyRange: Range): void {
  const type = schema['x-kubernetes-list-type'];
  if (type !== 'set' && type !== 'map') return;
  const keys = schema['x-kubernetes-list-map-keys'] ?? [];
  const seen = new Map<string, number>();
  items.forEach((raw, i) => {
    const node = resolve(ctx, raw);
    if (!node) return;
    let id: string;
    if (type === 'set') {
      if (!isScalar(node)) return;
      id = JSON.stringify(node.value);
    } else {
      if (!isMap(node)) return;
      const js = node.toJSON() as Record<string, unknown>;
      // Absent keys take their schema default, as the API server does before comparing.
      id = JSON.stringify(keys.map((k) => js[k] ?? propertyOf(schema.items, k)?.default ?? null));
    }
    if (seen.has(id)) {
      const what = type === 'set' ? `the value ${id}` : `the key ${keys.map((k, j) => `${k}=${JSON.stringify(JSON.parse(id)[j])}`).join(', ')}`;
      add(ctx, `${label(path)} has ${what} twice (entries ${seen.get(id)! + 1} and ${i + 1})`, rangeOfNode(ctx, node, keyRange), `${path}[]`, { listType: type, duplicateOf: seen.get(id) }, 'Remove or merge the duplicate entry.');
    } else seen.set(id, i);
  });
}

/** The node's value as CEL sees it: integers as int (bigint) where the schema says integer, maps with escaped keys. */
function celValue(ctx: ConstraintContext, raw: Node | null | undefined, schema: CrdSchema | undefined, depth: number): unknown {
  const node = resolve(ctx, raw);
  if (!node || depth > MAX_DEPTH) return null;
  if (isScalar(node)) {
    const v = node.value;
    if (typeof v === 'number') {
      const integer = schema?.type === 'integer' || schema?.['x-kubernetes-int-or-string'] || (!schema?.type && Number.isInteger(v));
      return integer && Number.isInteger(v) ? BigInt(v) : v;
    }
    if (typeof v === 'bigint') return v;
    return v ?? null;
  }
  if (isSeq(node)) return (node.items as (Node | null)[]).map((item) => celValue(ctx, item, schema?.items, depth + 1));
  if (isMap(node)) {
    const out = schema?.properties ? new CelObject() : new Map<string, unknown>();
    for (const pair of node.items as Pair<Node | null, Node | null>[]) {
      const key = resolve(ctx, pair.key);
      if (!isScalar(key)) continue;
      const name = String(key.value);
      const child = propertyOf(schema, name) ?? (typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      const value = celValue(ctx, pair.value, child, depth + 1);
      if (value === null && propertyOf(schema, name) && !propertyOf(schema, name)!.nullable) continue; // null drops the field
      out.set(schema?.properties ? escapeCelName(name) : name, value);
    }
    return out;
  }
  return null;
}

/** `.spec.foo` / `.items[0]` / `['a.b']` relative to a node. */
function nodeAt(ctx: ConstraintContext, start: Node, fieldPath: string): { node: Node; path: string } | undefined {
  let node: Node | null | undefined = start;
  const parts: string[] = [];
  const re = /\.([A-Za-z0-9_-]+)|\['([^']+)'\]|\[(\d+)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(fieldPath))) {
    node = resolve(ctx, node);
    if (m[3] !== undefined) {
      if (!isSeq(node)) return undefined;
      node = node.items[Number(m[3])] as Node | null;
      parts.push('[]');
    } else {
      const name = m[1] ?? m[2];
      if (!isMap(node)) return undefined;
      const pair = (node.items as Pair<Node | null, Node | null>[]).find((p) => isScalar(p.key) && String(p.key.value) === name);
      if (!pair) return undefined;
      node = pair.key ?? pair.value;
      node = pair.value ?? pair.key;
      parts.push(`.${name}`);
    }
  }
  return node ? { node, path: parts.join('').replace(/^\./, '') } : undefined;
}

function joinRel(path: string, rel: string): string {
  if (!rel) return path;
  if (rel.startsWith('[]')) return `${path}${rel}`;
  return path ? `${path}.${rel}` : rel;
}
