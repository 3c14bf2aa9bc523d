// The defaults of a CRD version's schema, checked the way the API server checks them when the CRD is created
// (apiextensions-apiserver ValidateDefaults, run once the schema is structural): each `default` must be a value
// the schema at that point accepts (type, nullable, enum, required properties, and the value checks of the custom
// resource validator: minimum/maximum, lengths, items, pattern, formats, list types) and must be pruned (no field
// the schema does not declare under an object that does not preserve unknown fields). Defaults are followed into
// properties and items, not into additionalProperties or allOf/anyOf/oneOf/not. Below the metadata, apiVersion and
// kind of the root or of an embedded resource a default must make valid object metadata instead of being pruned
// (crd-meta-defaults.ts). CEL rules are not run on defaults here.
import { isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import type { Range } from '../base/types';
import { isWholeNumber, kubectlScalar, type KubectlScalar } from '../parse/kubectl-scalar';
import { checkConstraints } from './constraints';
import type { Finding } from '../codes/finding';
import { propertyOf, type CrdSchema } from './crd-data';
import { add, deref, entries, isNull, range, type Ctx } from './api-object-context';
import { metaDefaultProblem } from './crd-meta-defaults';

const META_FIELDS = new Set(['metadata', 'apiVersion', 'kind']);

const MAX_DEPTH = 100;

interface Problem {
  node: Node | null;
  /** Where to point when there is no node. */
  range?: Range;
  /** Below the default: `.name`, `[1]`. */
  at: string;
  message: string;
}

/** Every `default` of the schema at `path` (a version's openAPIV3Schema), checked against its own schema. */
export function checkDefaults(ctx: Ctx, schema: YAMLMap, path: string, ownerRange: Range): void {
  visitSchema(ctx, schema, path, true, ownerRange, 0);
}

function visitSchema(ctx: Ctx, node: Node | null, path: string, resourceRoot: boolean, ownerRange: Range, depth: number): void {
  if (!node || !isMap(node) || depth > MAX_DEPTH) return;
  const e = entries(ctx, node);
  const def = e.get('default');
  if (def && !isNull(def.value)) {
    // ValidateDefaults treats the resource root as an embedded resource (apiVersion, kind and metadata are kept).
    const schema = { ...(node.toJS(ctx.doc) as CrdSchema), ...(resourceRoot ? { 'x-kubernetes-embedded-resource': true } : {}) };
    const problems: Problem[] = [];
    checkValue(ctx, def.value, schema, '', problems, 0);
    if (problems.length === 0) constraintProblems(ctx, def.value!, schema, range(ctx, def.key, ownerRange), problems);
    const seen = new Set<string>();
    for (const p of problems) {
      const at = `${path}.default${p.at}`;
      if (seen.has(`${at}\u0000${p.message}`)) continue;
      seen.add(`${at}\u0000${p.message}`);
      add(ctx, 'invalid-value', 'schema-default', `Applying fails: the default ${p.message}`, 'Change the default so that the schema at this place accepts it, or remove it.', p.range ?? range(ctx, p.node, range(ctx, def.key, ownerRange)), at);
    }
  }
  const embedded = e.get('x-kubernetes-embedded-resource');
  const metaLevel = resourceRoot || (!!embedded && isScalar(embedded.value) && embedded.value.value === true);
  for (const [key, entry] of entries(ctx, e.get('properties')?.value ?? null)) {
    if (metaLevel && META_FIELDS.has(key)) visitMeta(ctx, entry.value, `${path}.properties.${key}`, [key], ownerRange, depth + 1);
    else visitSchema(ctx, entry.value, `${path}.properties.${key}`, false, ownerRange, depth + 1);
  }
  const items = e.get('items');
  if (items) visitSchema(ctx, items.value, `${path}.items`, false, ownerRange, depth + 1);
}

/** Below the metadata, apiVersion or kind of a resource (`keys` from there): a default must make valid object
 *  metadata (crd-meta-defaults.ts), then pass its own schema; it need not be pruned. An embedded resource below
 *  starts over. */
function visitMeta(ctx: Ctx, node: Node | null, path: string, keys: (string | number)[], ownerRange: Range, depth: number): void {
  if (!node || !isMap(node) || depth > MAX_DEPTH) return;
  const e = entries(ctx, node);
  const embedded = e.get('x-kubernetes-embedded-resource');
  if (embedded && isScalar(embedded.value) && embedded.value.value === true) {
    visitSchema(ctx, node, path, false, ownerRange, depth);
    return;
  }
  const def = e.get('default');
  if (def && !isNull(def.value)) {
    const at = `${path}.default`;
    const where = range(ctx, def.key, ownerRange);
    const bad = metaDefaultProblem(keys, (def.value as Node).toJS(ctx.doc) as Parameters<typeof metaDefaultProblem>[1]);
    const problems: Problem[] = [];
    if (bad) problems.push({ node: def.value, at: '', message: `must make valid object metadata: ${bad}` });
    else checkValue(ctx, def.value, node.toJS(ctx.doc) as CrdSchema, '', problems, 0, false);
    if (problems.length === 0) constraintProblems(ctx, def.value!, node.toJS(ctx.doc) as CrdSchema, where, problems);
    for (const p of problems) add(ctx, 'invalid-value', 'schema-default', `Applying fails: the default ${p.message}`, 'Change the default so that it makes valid object metadata and fits its schema, or remove it.', p.range ?? range(ctx, p.node, where), `${at}${p.at}`);
  }
  for (const [key, entry] of entries(ctx, e.get('properties')?.value ?? null)) visitMeta(ctx, entry.value, `${path}.properties.${key}`, [...keys, key], ownerRange, depth + 1);
  const items = e.get('items');
  if (items) visitMeta(ctx, items.value, `${path}.items`, [...keys, 0], ownerRange, depth + 1);
}

function read(node: Node): KubectlScalar | undefined {
  return isScalar(node) ? kubectlScalar(node, node.source ?? String(node.value ?? '')) : undefined;
}

function typeMatches(node: Node, s: KubectlScalar | undefined, type: string): boolean {
  switch (type) {
    case 'object':
      return isMap(node);
    case 'array':
      return isSeq(node);
    case 'string':
      return s?.type === 'string';
    case 'integer':
      return !!s && isWholeNumber(s);
    case 'number':
      return s?.type === 'int' || s?.type === 'float';
    case 'boolean':
      return s?.type === 'bool';
    default:
      return true;
  }
}

function words(s: KubectlScalar | undefined, node: Node): string {
  if (isMap(node)) return 'an object';
  if (isSeq(node)) return 'a list';
  if (!s) return 'a value';
  return s.type === 'null' ? 'null' : s.type === 'bool' ? 'a boolean' : s.type === 'string' ? 'a string' : 'a number';
}

function scalarEquals(s: KubectlScalar, v: unknown): boolean {
  if (s.type === 'null') return v === null;
  if (s.type === 'bool') return v === s.value;
  if (s.type === 'string') return v === s.value;
  if (typeof v === 'number' || typeof v === 'bigint') return Number(s.value) === Number(v);
  return false;
}

/** Type, nullable, enum, required properties and pruning, recursively. */
function checkValue(ctx: Ctx, raw: Node | null, schema: CrdSchema, at: string, out: Problem[], depth: number, pruned = true): void {
  const node = deref(ctx, raw);
  if (!node || depth > MAX_DEPTH) return;
  const s = read(node);
  if (s?.type === 'null') {
    if (!schema.nullable && (schema.type !== undefined || schema['x-kubernetes-int-or-string'])) out.push({ node, at, message: `${where(at)}is null, and the schema is not nullable` });
    return;
  }
  if (schema['x-kubernetes-int-or-string']) {
    if (!(s && (s.type === 'string' || isWholeNumber(s)))) out.push({ node, at, message: `${where(at)}must be an integer or a string, not ${words(s, node)}` });
    return;
  }
  if (schema.type !== undefined && !typeMatches(node, s, schema.type)) {
    out.push({ node, at, message: `${where(at)}must be of type ${schema.type}, not ${words(s, node)}` });
    return;
  }
  if (s && Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => v === null || typeof v !== 'object')) {
    if (!schema.enum.some((v) => scalarEquals(s, v))) out.push({ node, at, message: `${where(at)}${JSON.stringify(String(s.value))} is not one of the schema's enum values` });
  }
  if (isMap(node)) {
    const present = new Set<string>();
    for (const pair of node.items as Pair<Node | null, Node | null>[]) {
      const key = deref(ctx, pair.key);
      if (!key || !isScalar(key)) continue;
      const name = String(key.value);
      present.add(name);
      const child = propertyOf(schema, name);
      const childAt = `${at}.${name}`;
      // The metadata, apiVersion and kind of an embedded resource are judged as object metadata upstream: not here.
      if (schema['x-kubernetes-embedded-resource'] && META_FIELDS.has(name)) continue;
      if (child) checkValue(ctx, pair.value, child, childAt, out, depth + 1, pruned);
      else if (typeof schema.additionalProperties === 'object') checkValue(ctx, pair.value, schema.additionalProperties, childAt, out, depth + 1, pruned);
      else if (pruned && !schema['x-kubernetes-preserve-unknown-fields'] && schema.additionalProperties !== true) {
        out.push({ node: key, at: childAt, message: `has the field ${name}, which the schema does not declare (defaults must be pruned)` });
      }
    }
    for (const name of schema.required ?? []) {
      if (!present.has(name)) out.push({ node, at, message: `${where(at)}lacks ${name}, which the schema requires` });
    }
  } else if (isSeq(node) && schema.items) {
    node.items.forEach((item, i) => checkValue(ctx, item as Node | null, schema.items!, `${at}[${i}]`, out, depth + 1, pruned));
  }
}

function where(at: string): string {
  return at === '' ? '' : `at ${at.replace(/^\./, '')} `;
}

/** The custom resource validator's value checks (constraints.ts), without CEL rules. */
function constraintProblems(ctx: Ctx, node: Node, schema: CrdSchema, keyRange: Range, out: Problem[]): void {
  const findings: Finding[] = [];
  const cctx = { text: '', lineCounter: ctx.lineCounter, doc: ctx.doc, document: ctx.document, findings, skippedRules: 0 };
  checkConstraints(cctx, node, withoutRules(schema), keyRange);
  for (const f of findings) {
    if (f.code !== 'invalid-value') continue;
    const rel = (f.path ?? '').replace(/\.\*/g, '');
    const own = f.message.startsWith('the object ');
    const text = f.message.replace(/^the object /, '').replace(/ (of|for) the object$/, '');
    out.push({ node: null, range: f.range, at: rel === '' ? '' : rel.startsWith('[') ? rel : `.${rel}`, message: own ? text : `is refused by its schema: ${text}` });
  }
}

function withoutRules(schema: CrdSchema): CrdSchema {
  return JSON.parse(JSON.stringify(schema, (k, v: unknown) => (k === 'x-kubernetes-validations' ? undefined : v))) as CrdSchema;
}
