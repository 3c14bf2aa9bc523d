// The walker: every key of every mapping is looked up in its type; values are
// checked against the type (shape, scalar kind, +enum values, null on required fields); explicitly required
// fields that are absent are reported in API kinds; gated fields and enum values are collected, not judged.
import type { FindingData } from '../codes';
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import { resolveAlias } from '../parse/aliases';
import type { FieldDef, TypeDef, TypeRef } from '../knowledge/data-contract';
import { sameRange } from '../parse/ranges';
import { closestName } from '../base/similar-names';
import { fieldName } from '../gates/messages';
import type { Range } from '../base/types';
import { addFinding, extentOf, refuseValue, joinPath, rangeOfNode, shortTypeName, type WalkContext } from './context';
import { isUnderStatus } from '../base/field-path';
import { describeValue, scalarKind } from './yaml11-scalars';
import { scalarTypeProblem, yaml11Hint, type ScalarRef } from './decoder-scalars';
import { describeKubectl, kubectlScalar } from '../parse/kubectl-scalar';
import { checkFieldRules, checkStructRules } from './declarative-rules';
import { checkHandwrittenStruct } from './mapping-field-rules';
import { checkHandwrittenScalar } from './int-or-string-rules';
import { checkApiWarnings } from './warnings-from-table';

const MAX_DEPTH = 200;

interface Slot {
  path: string;
  /** The field this value belongs to (undefined for list items and map values). */
  field?: FieldDef;
  /** +enum values that apply to this scalar (for a list field: to its items). */
  enumKey?: string;
  configEnum?: string[];
  valueGates?: Record<string, string[]>;
  isItem: boolean;
  /** Where to point when the value has no source of its own (`key:` with nothing after it). */
  keyRange: Range;
  /** Type key of the mapping that holds the field (hand-written int-or-string rows are keyed by it). */
  owner?: string;
  depth: number;
}

const fieldIndexCache = new WeakMap<TypeDef, Map<string, FieldDef>>();

function fieldsOf(type: TypeDef): Map<string, FieldDef> {
  let index = fieldIndexCache.get(type);
  if (!index) {
    index = new Map(type.fields.map((f) => [f.name, f]));
    fieldIndexCache.set(type, index);
  }
  return index;
}

function resolve(ctx: WalkContext, node: Node | null | undefined): Node | null | undefined {
  let current = node;
  for (let hops = 0; current && isAlias(current) && hops < 50; hops++) {
    current = resolveAlias(ctx.doc, current) ?? null;
  }
  return current;
}

/** Walks the root mapping of a routed document with its root type. */
export function walkRoot(ctx: WalkContext, map: YAMLMap, rootType: string, ownerRange: Range): void {
  walkStruct(ctx, map, rootType, '', ownerRange, 0);
}

function walkStruct(ctx: WalkContext, map: YAMLMap, typeKey: string, path: string, ownerRange: Range, depth: number): void {
  const type = ctx.data.types[typeKey];
  if (!type || depth > MAX_DEPTH) return;
  const fields = fieldsOf(type);
  const present = new Set<string>();
  const keyRanges = new Map<string, Range>();
  for (const pair of map.items as Pair<Node | null, Node | null>[]) {
    const keyNode = resolve(ctx, pair.key);
    const name = keyName(ctx, keyNode);
    const keyRange = rangeOfNode(ctx, pair.key as Node | null, ownerRange);
    const field = name === undefined ? undefined : fields.get(name);
    if (!field || name === undefined) {
      if (type.open) continue;
      reportUnknownKey(ctx, name ?? sourceOf(ctx, pair.key as Node | null), typeKey, fields, path, keyRange);
      continue;
    }
    present.add(name);
    keyRanges.set(name, keyRange);
    const fieldPath = joinPath(path, name);
    collectFieldGates(ctx, field, fieldPath, keyRange, extentOf(ctx, keyRange, pair.value as Node | null));
    const enumKey = field.enum;
    walkValue(ctx, pair.value as Node | null, field.type, {
      path: fieldPath,
      field,
      enumKey,
      configEnum: field.configEnum,
      valueGates: field.valueGates,
      isItem: false,
      keyRange,
      owner: typeKey,
      depth: depth + 1,
    });
    checkFieldRules(ctx, field, pair.value as Node | null, fieldPath, keyRange);
  }
  checkStructRules(ctx, type, map, keyRanges, path, ownerRange);
  checkHandwrittenStruct(ctx, type, typeKey, map, keyRanges, path, ownerRange);
  checkApiWarnings(ctx, typeKey, map, path);
  if (!ctx.isConfig && !isUnderStatus(path)) reportMissing(ctx, type, typeKey, present, path, ownerRange);
}

function keyName(ctx: WalkContext, key: Node | null | undefined): string | undefined {
  if (!key || !isScalar(key)) return undefined;
  const v = key.value;
  if (v === null || v === undefined) return sourceOf(ctx, key);
  return typeof v === 'string' ? v : String(v);
}

function sourceOf(ctx: WalkContext, node: Node | null | undefined): string {
  const r = node?.range;
  return r ? ctx.text.slice(r[0], r[1]) : '';
}

function reportUnknownKey(
  ctx: WalkContext,
  name: string,
  typeKey: string,
  fields: Map<string, FieldDef>,
  path: string,
  keyRange: Range,
): void {
  const fieldPath = joinPath(path, name);
  const typeName = shortTypeName(typeKey);
  const since = ctx.data.later[typeKey]?.[name];
  if (since) {
    addFinding(
      ctx,
      'field-not-in-version',
      `${name} is not a field of ${typeName} in ${ctx.data.version}: it was added in ${since}`,
      keyRange,
      fieldPath,
      { field: name, type: typeName, version: ctx.data.version, since },
      { fix: `Target Kubernetes ${since} or later, or remove the field.` },
    );
    return;
  }
  const suggestion = closestName(name, fields.keys());
  const design = ctx.brief?.notShippedFields.find(
    (f) => f.apiVersion === ctx.entry.apiVersion && f.kind === ctx.entry.kind && f.path === fieldPath,
  );
  let message = `${name} is not a field of ${typeName}`;
  let fix = 'Remove it, or check its spelling and indentation.';
  let detail: string | undefined;
  if (suggestion) {
    message += `: did you mean ${suggestion}?`;
    fix = `Change it to ${suggestion}.`;
  } else if (design) {
    message += `: KEP-${design.kep} is not shipped in ${ctx.data.version}`;
    fix = 'Remove it.';
    detail = `It belongs to the design of KEP-${design.kep} (${design.feature}), which Kubernetes ${ctx.data.version} does not ship.`;
  }
  const data: FindingData['unknown-field'] = { field: name, type: typeName };
  if (suggestion) data.suggestion = suggestion;
  if (design) {
    data.kep = design.kep;
    data.feature = design.feature;
  }
  addFinding(ctx, 'unknown-field', message, keyRange, fieldPath, data, { fix, detail });
}

function reportMissing(
  ctx: WalkContext,
  type: TypeDef,
  typeKey: string,
  present: Set<string>,
  path: string,
  ownerRange: Range,
): void {
  for (const f of type.fields) {
    if (!f.required || present.has(f.name)) continue;
    if ('s' in f.type && (f.type.s === 'number' || f.type.s === 'boolean')) continue;
    const fieldPath = joinPath(path, f.name);
    if (isUnderStatus(fieldPath)) continue;
    addFinding(
      ctx,
      'missing-field',
      `${f.name} is missing: ${shortTypeName(typeKey)} requires it`,
      ownerRange,
      fieldPath,
      { field: f.name, type: shortTypeName(typeKey) },
      { fix: `Add ${f.name}${path ? ` under ${path}` : ''}.` },
    );
  }
}

function collectFieldGates(ctx: WalkContext, field: FieldDef, path: string, range: Range, extent: Range): void {
  const add = (gate: string, tag: string | undefined, dropped?: true) => {
    if (ctx.gatedUses.some((u) => u.gate === gate && u.path === path && sameRange(u.range, range))) return;
    ctx.gatedUses.push({
      gate,
      ...(tag && tag !== gate ? { tag } : {}),
      via: 'field',
      path,
      range,
      document: ctx.document,
      apiVersion: ctx.entry.apiVersion,
      kind: ctx.entry.kind,
      ...(ctx.component ? { component: ctx.component } : {}),
      ...(dropped ? { dropped } : {}),
      extent,
      ...(ctx.isConfig ? { config: true as const } : {}),
    });
  };
  (field.gates ?? []).forEach((gate, i) => {
    if (!field.gatesDropped?.includes(gate)) add(gate, field.gateTags?.[i]);
    // Status is written by the server: a field it drops there is not the manifest author's concern.
    else if (!isUnderStatus(path) && inDropScope(ctx, field, gate, path)) add(gate, field.gateTags?.[i], true);
  });
  if (ctx.isConfig) for (const gate of field.commentGates ?? []) add(gate, undefined);
}

function inDropScope(ctx: WalkContext, field: FieldDef, gate: string, path: string): boolean {
  if (ctx.isConfig) return false; // component configs are not written through the API server
  const scope = field.dropScope?.[gate];
  return !scope || scope.includes(`${ctx.entry.apiVersion} ${ctx.entry.kind} ${path}`);
}

function walkValue(ctx: WalkContext, raw: Node | null, type: TypeRef, slot: Slot): void {
  if (slot.depth > MAX_DEPTH) return;
  const node = resolve(ctx, raw);
  if (!node || (isScalar(node) && scalarKind(node) === 'null')) {
    if (slot.field?.required && !slot.isItem) {
      addFinding(
        ctx,
        'invalid-value',
        `${slot.field.name} cannot be null: it is required`,
        rangeOfNode(ctx, node, slot.keyRange),
        slot.path,
        { expected: describeType(type), got: 'null' },
        { fix: 'Give it a value.' },
      );
    }
    return;
  }
  if ('any' in type) return;
  if ('ref' in type) {
    if (!ctx.data.types[type.ref]) return; // open object: not walked
    if (!isMap(node)) return mismatch(ctx, node, type, slot);
    walkStruct(ctx, node, type.ref, slot.path, slot.keyRange, slot.depth);
    return;
  }
  if ('list' in type) {
    if (!isSeq(node)) return mismatch(ctx, node, type, slot);
    for (const item of node.items as (Node | null)[]) {
      const itemNode = resolve(ctx, item);
      walkValue(ctx, item, type.list, {
        ...slot,
        path: `${slot.path}[]`,
        field: undefined,
        isItem: true,
        keyRange: itemKeyRange(ctx, itemNode, slot.keyRange),
        depth: slot.depth + 1,
      });
    }
    return;
  }
  if ('map' in type) {
    if (!isMap(node)) return mismatch(ctx, node, type, slot);
    for (const pair of node.items as Pair<Node | null, Node | null>[]) {
      walkValue(ctx, pair.value, type.map, {
        path: `${slot.path}.*`,
        isItem: true,
        keyRange: rangeOfNode(ctx, pair.key, slot.keyRange),
        depth: slot.depth + 1,
      });
    }
    return;
  }
  if (!isScalar(node)) return mismatch(ctx, node, type, slot);
  checkScalar(ctx, node, type, slot);
}

/** Where to point for a list item that is a mapping: its first key (missing fields are reported there). */
function itemKeyRange(ctx: WalkContext, item: Node | null | undefined, fallback: Range): Range {
  if (item && isMap(item)) {
    const first = item.items[0] as Pair<Node | null, Node | null> | undefined;
    if (first?.key) return rangeOfNode(ctx, first.key as Node, fallback);
  }
  return rangeOfNode(ctx, item, fallback);
}

function checkScalar(ctx: WalkContext, node: Scalar, expected: ScalarRef, slot: Slot): void {
  const range = rangeOfNode(ctx, node, slot.keyRange);
  const source = node.range ? ctx.text.slice(node.range[0], node.range[1]) : '';
  const read = kubectlScalar(node, source);
  if (read.type === 'null') return;
  const problem = scalarTypeProblem(read, node, expected, ctx.entry.component === 'kind');
  if (problem) {
    refuseValue(ctx, range);
    addFinding(
      ctx,
      'invalid-value',
      `${label(slot)} expects ${problem.expected}, not ${describeKubectl(read, node.type === 'PLAIN' ? source : undefined)}`,
      range,
      slot.path,
      { expected: problem.expected, got: read.type },
      { fix: problem.fix },
    );
    return;
  }
  checkHandwrittenScalar(ctx, node, read, expected.s === 'int-or-string', expected.quantity === true, slot.owner, slot.field?.name, range, slot.path);
  const hint = node.type === 'PLAIN' ? yaml11Hint(source, read, slot) : undefined;
  if (hint) {
    addFinding(ctx, 'yaml11-scalar', hint.message, range, slot.path, { source, kubectl: describeKubectl(read) }, { fix: hint.fix });
  }
  if (read.type !== 'string') return;
  const value = read.value;
  if (slot.enumKey) {
    const allowed = ctx.data.enums[slot.enumKey] ?? [];
    const emptyAllowed = value === '' && !slot.isItem && slot.field?.optional === true;
    if (allowed.length > 0 && !allowed.includes(value) && !emptyAllowed) {
      const suggestion = closestName(value, allowed);
      addFinding(
        ctx,
        'invalid-value',
        `${JSON.stringify(value)} is not allowed ${slot.field ? 'in' : 'for'} ${label(slot)}` +
          (suggestion ? `: did you mean ${suggestion}?` : ''),
        range,
        slot.path,
        { value, allowed, ...(suggestion ? { suggestion } : {}) },
        { fix: `Use one of ${allowed.map((v) => (v === '' ? '"" (empty)' : v)).join(', ')}.` },
      );
    }
  } else if (slot.configEnum && value !== '' && !slot.configEnum.includes(value)) {
    addFinding(
      ctx,
      'value-not-recognised',
      `${JSON.stringify(value)} may not be understood: not a known value of ${label(slot)}`,
      range,
      slot.path,
      { value, known: slot.configEnum },
      {
        fix: `Known values: ${slot.configEnum.join(', ')}.`,
        detail: 'The list comes from the config documentation and may be incomplete.',
      },
    );
  }
  const gates = slot.valueGates?.[value];
  if (gates) {
    const path = `${slot.path}=${value}`;
    for (const gate of gates) {
      ctx.gatedUses.push({
        gate,
        via: 'enum-value',
        path,
        value,
        range,
        document: ctx.document,
        apiVersion: ctx.entry.apiVersion,
        kind: ctx.entry.kind,
        ...(ctx.component ? { component: ctx.component } : {}),
      });
    }
  }
}

function mismatch(ctx: WalkContext, node: Node, type: TypeRef, slot: Slot): void {
  const got = isMap(node) ? 'a mapping' : isSeq(node) ? 'a list' : isScalar(node) ? describeValue(node) : 'a value';
  refuseValue(ctx, rangeOfNode(ctx, node, slot.keyRange));
  addFinding(
    ctx,
    'invalid-value',
    `${label(slot)} expects ${describeType(type)}, not ${got}`,
    rangeOfNode(ctx, node, slot.keyRange),
    slot.path,
    { expected: describeType(type), got: isMap(node) ? 'mapping' : isSeq(node) ? 'list' : 'scalar' },
    { fix: 'Check the indentation and the value.' },
  );
}

function label(slot: Slot): string {
  if (slot.field) return slot.field.name;
  const owner = slot.path.replace(/(\[\]|\.\*)$/, '');
  return `each entry of ${owner ? fieldName(owner) : 'the list'}`;
}

function describeType(type: TypeRef): string {
  if ('any' in type) return 'any value';
  if ('ref' in type) return `an object (${shortTypeName(type.ref)})`;
  if ('list' in type) return 'a list';
  if ('map' in type) return 'a mapping';
  switch (type.s) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    default:
      return 'a number or a string';
  }
}
