// The walker (corpus rules 4, 9 and 10): every key of every mapping is looked up in its type; values are
// checked against the type (shape, scalar kind, +enum values, null on required fields); explicitly required
// fields that are absent are reported in API kinds; gated fields and enum values are collected, not judged.
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import type { FieldDef, TypeDef, TypeRef } from '../knowledge/format';
import { sameRange } from '../parse/ranges';
import { closestName } from '../route/similar';
import type { Range } from '../types';
import {
  addFinding,
  isUnderStatus,
  joinPath,
  rangeOfNode,
  shortTypeName,
  type WalkContext,
} from './context';
import { describeValue, scalarKind, yaml11Reading } from './scalars';

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
    current = current.resolve(ctx.doc) ?? null;
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
  for (const pair of map.items as Pair<Node | null, Node | null>[]) {
    const keyNode = resolve(ctx, pair.key);
    const name = keyName(ctx, keyNode);
    const keyRange = rangeOfNode(ctx, pair.key as Node | null, ownerRange);
    const field = name === undefined ? undefined : fields.get(name);
    if (!field || name === undefined) {
      reportUnknownKey(ctx, name ?? sourceOf(ctx, pair.key as Node | null), typeKey, fields, path, keyRange);
      continue;
    }
    present.add(name);
    const fieldPath = joinPath(path, name);
    collectFieldGates(ctx, field, fieldPath, keyRange);
    const enumKey = field.enum;
    walkValue(ctx, pair.value as Node | null, field.type, {
      path: fieldPath,
      field,
      enumKey,
      configEnum: field.configEnum,
      valueGates: field.valueGates,
      isItem: false,
      keyRange,
      depth: depth + 1,
    });
  }
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
      `"${name}" is not a field of ${typeName} in Kubernetes ${ctx.data.version}: it was added in ${since}. ` +
        `Target Kubernetes ${since} or later, or remove the field.`,
      keyRange,
      fieldPath,
      { field: name, type: typeName, version: ctx.data.version, since },
    );
    return;
  }
  const suggestion = closestName(name, fields.keys());
  const design = ctx.brief?.notShippedFields.find(
    (f) => f.apiVersion === ctx.entry.apiVersion && f.kind === ctx.entry.kind && f.path === fieldPath,
  );
  let message = `"${name}" is not a field of ${typeName} (${ctx.entry.apiVersion} ${ctx.entry.kind}).`;
  if (suggestion) message += ` Did you mean "${suggestion}"?`;
  else if (design) {
    message +=
      ` It belongs to the design of KEP-${design.kep} (${design.feature}), which Kubernetes ${ctx.data.version} ` +
      `does not ship; remove it.`;
  } else message += ' Remove it or check its spelling and indentation.';
  const data: Record<string, unknown> = { field: name, type: typeName };
  if (suggestion) data.suggestion = suggestion;
  if (design) {
    data.kep = design.kep;
    data.feature = design.feature;
  }
  addFinding(ctx, 'unknown-field', message, keyRange, fieldPath, data);
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
      `${shortTypeName(typeKey)} requires "${f.name}"; add it${path ? ` under ${path}` : ''}.`,
      ownerRange,
      fieldPath,
      { field: f.name, type: shortTypeName(typeKey) },
    );
  }
}

function collectFieldGates(ctx: WalkContext, field: FieldDef, path: string, range: Range): void {
  const add = (gate: string, tag: string | undefined) => {
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
    });
  };
  (field.gates ?? []).forEach((gate, i) => add(gate, field.gateTags?.[i]));
  if (ctx.isConfig) for (const gate of field.commentGates ?? []) add(gate, undefined);
}

function walkValue(ctx: WalkContext, raw: Node | null, type: TypeRef, slot: Slot): void {
  if (slot.depth > MAX_DEPTH) return;
  const node = resolve(ctx, raw);
  if (!node || (isScalar(node) && scalarKind(node) === 'null')) {
    if (slot.field?.required && !slot.isItem) {
      addFinding(
        ctx,
        'invalid-value',
        `"${slot.field.name}" is required and cannot be null; give it a value.`,
        rangeOfNode(ctx, node, slot.keyRange),
        slot.path,
        { expected: describeType(type), got: 'null' },
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
  checkScalar(ctx, node, type.s, slot);
}

/** Where to point for a list item that is a mapping: its first key (missing fields are reported there). */
function itemKeyRange(ctx: WalkContext, item: Node | null | undefined, fallback: Range): Range {
  if (item && isMap(item)) {
    const first = item.items[0] as Pair<Node | null, Node | null> | undefined;
    if (first?.key) return rangeOfNode(ctx, first.key as Node, fallback);
  }
  return rangeOfNode(ctx, item, fallback);
}

function checkScalar(ctx: WalkContext, node: Scalar, expected: 'string' | 'number' | 'boolean' | 'int-or-string', slot: Slot): void {
  const kind = scalarKind(node);
  const range = rangeOfNode(ctx, node, slot.keyRange);
  if (node.type === 'PLAIN' && node.range) {
    const source = ctx.text.slice(node.range[0], node.range[1]);
    const reading = yaml11Reading(source);
    if (reading) {
      addFinding(
        ctx,
        'yaml11-scalar',
        `YAML 1.2 reads ${source} as ${describeValue(node)}, but YAML 1.1 parsers (kubectl) read it as ${reading}. ` +
          'Quote it, or write the value unambiguously.',
        range,
        slot.path,
        { source, yaml12: describeValue(node), yaml11: reading },
      );
    }
  }
  if ((expected === 'boolean' || expected === 'number') && kind === 'string') {
    const hint = expected === 'boolean' ? 'true or false' : 'a number';
    addFinding(
      ctx,
      'invalid-value',
      `${label(slot)} expects ${hint}, but this is ${describeValue(node)}.` +
        (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? ' Remove the quotes.' : ''),
      range,
      slot.path,
      { expected, got: 'string' },
    );
    return;
  }
  if (kind !== 'string') return;
  const value = node.value as string;
  if (slot.enumKey) {
    const allowed = ctx.data.enums[slot.enumKey] ?? [];
    const emptyAllowed = value === '' && !slot.isItem && slot.field?.optional === true;
    if (allowed.length > 0 && !allowed.includes(value) && !emptyAllowed) {
      const suggestion = closestName(value, allowed);
      addFinding(
        ctx,
        'invalid-value',
        `${JSON.stringify(value)} is not an allowed value ${slot.field ? 'of' : 'for'} ${label(slot)}: ` +
          `use one of ${allowed.map((v) => (v === '' ? '"" (empty)' : v)).join(', ')}.` +
          (suggestion ? ` Did you mean "${suggestion}"?` : ''),
        range,
        slot.path,
        { value, allowed, ...(suggestion ? { suggestion } : {}) },
      );
    }
  } else if (slot.configEnum && value !== '' && !slot.configEnum.includes(value)) {
    addFinding(
      ctx,
      'value-not-recognised',
      `${JSON.stringify(value)} is not one of the values known for ${label(slot)} (${slot.configEnum.join(', ')}); ` +
        'the list comes from the config documentation and may be incomplete.',
      range,
      slot.path,
      { value, known: slot.configEnum },
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
  addFinding(
    ctx,
    'invalid-value',
    `${label(slot)} expects ${describeType(type)}, but this is ${got}. Check the indentation and the value.`,
    rangeOfNode(ctx, node, slot.keyRange),
    slot.path,
    { expected: describeType(type), got: isMap(node) ? 'mapping' : isSeq(node) ? 'list' : 'scalar' },
  );
}

function label(slot: Slot): string {
  if (slot.field) return `"${slot.field.name}"`;
  return `each entry of ${slot.path.replace(/(\[\]|\.\*)$/, '') || 'the list'}`;
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
