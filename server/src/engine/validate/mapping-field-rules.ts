// Generic checks over the hand-written validation table (field-rule-table.ts), mapping half: required fields the
// schema does not mark, int-or-string pairs that may not both be zero, and repeated keys of list-map lists with
// what the API server does with them. The walker calls in with the type key of the mapping; rows are looked up
// by it. The scalar half (ports, percentages, quantities) is int-or-string-rules.ts.
import type { FindingData } from '../codes';
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import type { FieldDef, TypeDef } from '../knowledge/data-contract';
import { resolveAlias } from '../parse/aliases';
import { kubectlScalar, type KubectlScalar } from '../parse/kubectl-scalar';
import type { Range } from '../base/types';
import { addFinding, joinPath, rangeOfNode, shortTypeName, type WalkContext } from './context';
import { isUnderStatus } from '../base/field-path';
import { formatProblem } from './declarative-formats';
import {
  LIST_KEYS,
  NOT_BOTH_ZERO,
  REQUIRED,
  sourceText,
  type ListKeyRow,
  type RequiredRow,
  type UpstreamSource,
} from './field-rule-table';
import { checkHandwrittenMappings } from './resource-list-rules';
import { duplicateListKeys, keyValueNode } from './declarative-rules';
import { VERDICT_SEVERITY } from '../codes/verdicts';
import { serverFieldPath } from './server-field-path';

type Verdict = 'rejected' | 'accepted-with-warning';
type Stage = 'decode' | 'validation' | 'warning';

function byType<T extends { type: string; field: string }>(rows: readonly T[]): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const row of rows) index.set(row.type, [...(index.get(row.type) ?? []), row]);
  return index;
}

const REQUIRED_BY_TYPE = byType(REQUIRED);
const LIST_KEYS_BY_TYPE = byType(LIST_KEYS);
const NOT_BOTH_ZERO_BY_TYPE = new Map(NOT_BOTH_ZERO.map((row) => [row.type, row]));

export function report<C extends 'invalid-value' | 'missing-field' | 'api-warning'>(
  ctx: WalkContext,
  code: C,
  message: string,
  range: Range,
  path: string,
  how: { rule: string; stage: Stage; verdict: Verdict; source: UpstreamSource | UpstreamSource[] },
  fix: string,
  data?: FindingData[C],
  detail?: string,
): void {
  const sources = Array.isArray(how.source) ? how.source : [how.source];
  const fieldPath = data?.fieldPath ?? serverFieldPath(ctx, ctx.root ?? (ctx.doc.contents as Node | null), path, range);
  addFinding(
    ctx,
    code,
    message,
    range,
    path,
    { ...data, fieldPath, rule: how.rule, pipelineStage: how.stage, verdict: how.verdict, source: sources.map(sourceText).join('; ') },
    { fix, severity: VERDICT_SEVERITY[how.verdict], ...(detail ? { detail } : {}) },
  );
}

export function scalarRead(ctx: WalkContext, node: Node | null | undefined): KubectlScalar | undefined {
  if (!node || !isScalar(node)) return undefined;
  const source = node.range ? ctx.text.slice(node.range[0], node.range[1]) : '';
  return kubectlScalar(node, source);
}

function pairOf(map: YAMLMap, name: string): Pair<Node | null, Node | null> | undefined {
  return (map.items as Pair<Node | null, Node | null>[]).find((p) => isScalar(p.key) && String((p.key as Scalar).value) === name);
}

function resolved(ctx: WalkContext, node: Node | null | undefined): Node | null | undefined {
  let current = node;
  for (let hops = 0; current && isAlias(current) && hops < 50; hops++) current = resolveAlias(ctx.doc, current) ?? null;
  return current;
}

// ── Struct level: required fields and list keys ─────────────────────────────────────────────────────────

/** Checks of one mapping of type `typeKey` (called by the walker after its own checks of the mapping). */
export function checkHandwrittenStruct(ctx: WalkContext, type: TypeDef, typeKey: string, map: YAMLMap, keyRanges: ReadonlyMap<string, Range>, path: string, ownerRange: Range): void {
  if (ctx.isConfig || isUnderStatus(path)) return;
  for (const row of REQUIRED_BY_TYPE.get(typeKey) ?? []) checkRequired(ctx, row, typeKey, map, keyRanges, path, ownerRange);
  const pair = NOT_BOTH_ZERO_BY_TYPE.get(typeKey);
  if (pair) checkNotBothZero(ctx, pair.fields, pair.source, map, path);
  checkHandwrittenMappings(ctx, typeKey, map, path);
  const rows = LIST_KEYS_BY_TYPE.get(typeKey);
  if (!rows) return;
  const fields = new Map<string, FieldDef>(type.fields.map((f) => [f.name, f]));
  for (const row of rows) {
    // A declarative listMapKeys rule on the field already reports its repeated keys (rules.ts).
    const declared = fields.get(row.field)?.rules?.find((r) => r.rule === 'listMapKeys');
    if (declared && Array.isArray(declared.value) && declared.value.join('\u0000') === row.keys.join('\u0000')) continue;
    const node = resolved(ctx, pairOf(map, row.field)?.value);
    if (!node || !isSeq(node)) continue;
    if (row.sharedWith) checkSharedNames(ctx, row, map, node, joinPath(path, row.field));
    else checkListKeys(ctx, row, node, joinPath(path, row.field));
  }
}

function isZero(read: KubectlScalar | undefined): boolean {
  if (!read) return false;
  if (read.type === 'int' || read.type === 'float') return Number(read.value) === 0;
  return read.type === 'string' && /^0+%?$/.test(read.value);
}

function checkNotBothZero(ctx: WalkContext, fields: [string, string], source: UpstreamSource, map: YAMLMap, path: string): void {
  const nodes = fields.map((f) => resolved(ctx, pairOf(map, f)?.value));
  if (!nodes.every((n) => isZero(scalarRead(ctx, n)))) return;
  const [first, second] = fields;
  report(
    ctx,
    'invalid-value',
    `Applying fails: ${first} and ${second} are both 0, so a rollout could never progress`,
    rangeOfNode(ctx, nodes[0]),
    joinPath(path, first),
    { rule: 'percent', stage: 'validation', verdict: 'rejected', source },
    `Set ${first} or ${second} above 0.`,
  );
}

function checkRequired(ctx: WalkContext, row: RequiredRow, typeKey: string, map: YAMLMap, keyRanges: ReadonlyMap<string, Range>, path: string, ownerRange: Range): void {
  const fieldPath = joinPath(path, row.field);
  const how = { rule: row.rule, stage: 'validation' as const, verdict: 'rejected' as const, source: row.source };
  const owner = shortTypeName(typeKey);
  const where = path ? ` under ${path}` : '';
  const keyRange = keyRanges.get(row.field);
  if (!keyRange) {
    const noun = OWNER_WORDS[owner] ?? owner;
    const what = `Applying fails: the ${noun} has no ${row.field}`;
    report(ctx, 'missing-field', what, ownerRange, fieldPath, how, `Add ${row.field}${where}.`, { field: row.field, type: owner });
    return;
  }
  const node = resolved(ctx, pairOf(map, row.field)?.value);
  if (row.kind === 'nonEmpty') {
    const isNull = !node || scalarRead(ctx, node)?.type === 'null';
    if (isNull || (isSeq(node) && node.items.length === 0)) {
      report(ctx, 'invalid-value', `Applying fails: ${row.field} is empty`, rangeOfNode(ctx, node, keyRange), fieldPath, how, `Add an entry to ${row.field}.`, { field: row.field, ...(isNull ? { got: 'null' } : {}) });
    }
    return;
  }
  const read = scalarRead(ctx, node);
  if (!node || read?.type === 'null' || (read?.type === 'string' && read.value === '')) {
    // `got: 'null'`: in a strategic-merge patch a null is a delete, which the kustomize step does not judge.
    const got = !node || read?.type === 'null' ? { got: 'null' } : {};
    report(ctx, 'invalid-value', `Applying fails: ${row.field} is empty`, rangeOfNode(ctx, node, keyRange), fieldPath, how, `Give ${row.field} a value.`, { field: row.field, ...got });
    return;
  }
  if (row.format && read?.type === 'string') {
    const problem = formatProblem(row.format, read.value);
    if (problem) {
      report(
        ctx,
        'invalid-value',
        `Applying fails: ${row.field} ${show(read.value)} is not a valid ${FORMAT_WORDS[row.format] ?? row.format}`,
        rangeOfNode(ctx, node, keyRange),
        fieldPath,
        how,
        `Rename it, e.g. ${JSON.stringify(suggestLabel(read.value))}: the ${row.field} ${problem}.`,
        { field: row.field, value: read.value, format: row.format },
      );
    }
  }
}

/** A value quoted for a message, cut to keep messages one short line. */
export function show(value: string | undefined): string {
  const v = value ?? '';
  return JSON.stringify(v.length > 30 ? `${v.slice(0, 29)}…` : v);
}

const OWNER_WORDS: Record<string, string> = { Container: 'container', EphemeralContainer: 'ephemeral container', PodSpec: 'pod spec' };

const FORMAT_WORDS: Record<string, string> = { 'k8s-short-name': 'DNS label' };

function suggestLabel(value: string): string {
  const cleaned = value.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 63).replace(/-+$/, '');
  return cleaned || 'main';
}

/** Where to point for an entry: the value of its first key field, else its first key. */
function entryRange(ctx: WalkContext, item: YAMLMap, keys: string[]): Range {
  const value = keyValueNode(ctx, item, keys[0] as string);
  if (value && value.range && value.range[1] > value.range[0]) return rangeOfNode(ctx, value);
  const first = item.items[0] as Pair<Node | null, Node | null> | undefined;
  return rangeOfNode(ctx, (first?.key as Node | null) ?? item);
}

function showKey(values: string[], keys: string[]): string {
  return keys.length === 1 ? `${keys[0]} ${show(values[0])}` : `${keys.join('/')} ${values.map((v) => (v.length > 30 ? `${v.slice(0, 29)}…` : v)).join('/')}`;
}

function checkListKeys(ctx: WalkContext, row: ListKeyRow, list: Node, path: string): void {
  const sources = [row.source, ...(row.defaultsSource ? [row.defaultsSource] : [])];
  for (const d of duplicateListKeys(ctx, list, row.keys, row.defaults ?? {})) {
    const items = `items ${d.first + 1} and ${d.index + 1}`;
    const key = showKey(d.values, row.keys);
    const range = entryRange(ctx, d.item, row.keys);
    const data = { keys: row.keys, items: [d.first + 1, d.index + 1] };
    if (row.skipUnset && d.values.some((v) => v === 'absent' || v === '') && isUnset(ctx, d.item, row.keys)) continue;
    let verdict: Verdict = row.verdict;
    if (row.when === 'envShadow' && !envHidesEarlier(ctx, d.item, d.values[0] as string)) continue;
    if (row.when === 'portOverlap') {
      const earlier = (list as { items: (Node | null)[] }).items[d.first];
      const outcome = portOutcome(ctx, resolved(ctx, earlier), d.item);
      if (!outcome) continue;
      verdict = outcome;
    }
    const how = { rule: 'duplicateListKey', stage: verdict === 'rejected' ? ('validation' as const) : ('warning' as const), verdict, source: sources };
    if (verdict === 'rejected') {
      report(ctx, 'invalid-value', `Applying fails: ${row.field} ${items} have the same ${key}`, range, row.atKey ? `${path}[].${row.keys[0]}` : `${path}[]`, how, 'Remove one of the two entries, or change its key.', data);
    } else {
      report(
        ctx,
        'api-warning',
        `kubectl apply warns: ${row.field} ${items} repeat ${key}; server-side apply rejects the list`,
        range,
        row.atKey ? `${path}[].${row.keys[0]}` : `${path}[]`,
        how,
        'Remove one of the two entries: only one value is kept, and server-side apply refuses repeated keys.',
        data,
      );
    }
  }
}

/** An entry whose key is absent, null or "" (upstream compares only keys that are set). */
function isUnset(ctx: WalkContext, item: YAMLMap, keys: string[]): boolean {
  return keys.some((k) => {
    const read = scalarRead(ctx, keyValueNode(ctx, item, k));
    return !read || read.type === 'null' || (read.type === 'string' && read.value === '');
  });
}

/** warnings.go: a later env entry of the same name warns unless it builds on the earlier value ("$(NAME)…"). */
function envHidesEarlier(ctx: WalkContext, item: YAMLMap, name: string): boolean {
  const ref = `$(${name})`;
  const valueFrom = scalarRead(ctx, keyValueNode(ctx, item, 'valueFrom'));
  if (keyValueNode(ctx, item, 'valueFrom') && valueFrom?.type !== 'null') return true;
  const read = scalarRead(ctx, keyValueNode(ctx, item, 'value'));
  const value = read && read.type !== 'null' ? String(read.value) : '';
  return value === ref || !value.includes(ref);
}

/** Two container ports with the same containerPort/protocol: equal or overlapping host ports warn (warnings.go);
 *  distinct non-zero host ports pass silently. Equal non-zero host ports on the same host IP are refused by
 *  validation, which the pod-spec rule hostPortConflicts (apiserver/pod-handlers.ts) reports at the hostPort. */
function portOutcome(ctx: WalkContext, earlier: Node | null | undefined, later: YAMLMap): Verdict | undefined {
  if (!earlier || !isMap(earlier)) return undefined;
  const hostPort = (m: YAMLMap) => {
    const s = scalarRead(ctx, keyValueNode(ctx, m, 'hostPort'));
    return s && (s.type === 'int' || s.type === 'float') ? Number(s.value) : 0;
  };
  const hostIP = (m: YAMLMap) => {
    const s = scalarRead(ctx, keyValueNode(ctx, m, 'hostIP'));
    return s && s.type === 'string' ? s.value : '';
  };
  const [p1, p2, ip1, ip2] = [hostPort(earlier), hostPort(later), hostIP(earlier), hostIP(later)];
  if (p1 !== 0 && p1 === p2 && ip1 === ip2) return undefined;
  if (p1 === p2 && ip1 === ip2) return 'accepted-with-warning';
  if (p1 === 0 || p2 === 0) return 'accepted-with-warning';
  if (p1 === p2 && (ip1 === '') !== (ip2 === '')) return 'accepted-with-warning';
  return undefined;
}

/** Container names: unique within a list and across the lists that share the name space (init containers with
 *  regular ones, ephemeral containers with both); one finding per repeated entry, on the later one. */
function checkSharedNames(ctx: WalkContext, row: ListKeyRow, map: YAMLMap, list: Node, path: string): void {
  const key = row.keys[0] as string;
  const seen = new Map<string, string>();
  for (const other of row.sharedWith ?? []) {
    const node = resolved(ctx, pairOf(map, other)?.value);
    if (!node || !isSeq(node)) continue;
    (node.items as (Node | null)[]).forEach((raw, i) => {
      const item = resolved(ctx, raw);
      const read = item && isMap(item) ? scalarRead(ctx, keyValueNode(ctx, item, key)) : undefined;
      if (read?.type === 'string' && read.value !== '' && !seen.has(read.value)) seen.set(read.value, `${other} item ${i + 1}`);
    });
  }
  (list as { items: (Node | null)[] }).items.forEach((raw, i) => {
    const item = resolved(ctx, raw);
    if (!item || !isMap(item)) return;
    const read = scalarRead(ctx, keyValueNode(ctx, item, key));
    if (read?.type !== 'string' || read.value === '') return;
    const earlier = seen.get(read.value);
    if (earlier) {
      report(
        ctx,
        'invalid-value',
        `Applying fails: ${key} ${show(read.value)} of ${row.field} item ${i + 1} is already used by ${earlier}`,
        entryRange(ctx, item, row.keys),
        row.atKey ? `${path}[].${key}` : `${path}[]`,
        { rule: 'duplicateListKey', stage: 'validation', verdict: 'rejected', source: row.source },
        `Give each container a unique ${key}.`,
        { keys: row.keys, items: [i + 1] },
      );
    } else seen.set(read.value, `${row.field} item ${i + 1}`);
  });
}
