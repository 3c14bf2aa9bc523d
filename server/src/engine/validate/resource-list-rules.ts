// Generic checks over two more kinds of rows of the hand-written validation table (field-rule-table.ts):
// resource lists (every quantity 0 or more, a request not above the limit of the same resource) and a nested field
// whose allowed values are narrower than its enum (a Job's pod template restartPolicy). Called by
// checkHandwrittenStruct with the type key of the mapping; rows are looked up by it.
import { isAlias, isMap, isScalar, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import { resolveAlias } from '../parse/aliases';
import type { KubectlScalar } from '../parse/kubectl-scalar';
import { joinPath, rangeOfNode, type WalkContext } from './context';
import { report, scalarRead, show } from './mapping-field-rules';
import { NARROWED_VALUES, RESOURCE_LISTS, type NarrowedValueRow, type ResourceListsRow } from './field-rule-table';
import { compareQuantities, quantityValue, type QuantityValue } from './quantity';

const RESOURCE_LISTS_BY_TYPE = new Map(RESOURCE_LISTS.map((row) => [row.type, row]));
const NARROWED_BY_TYPE = new Map(NARROWED_VALUES.map((row) => [row.type, row]));

function resolved(ctx: WalkContext, node: Node | null | undefined): Node | null | undefined {
  let current = node;
  for (let hops = 0; current && isAlias(current) && hops < 50; hops++) current = resolveAlias(ctx.doc, current) ?? null;
  return current;
}

function pairOf(ctx: WalkContext, map: YAMLMap, name: string): Pair<Node | null, Node | null> | undefined {
  return (map.items as Pair<Node | null, Node | null>[]).find((p) => {
    const key = resolved(ctx, p.key);
    return !!key && isScalar(key) && String((key as Scalar).value) === name;
  });
}

export function checkHandwrittenMappings(ctx: WalkContext, typeKey: string, map: YAMLMap, path: string): void {
  const lists = RESOURCE_LISTS_BY_TYPE.get(typeKey);
  if (lists) checkResourceLists(ctx, lists, map, path);
  const narrowed = NARROWED_BY_TYPE.get(typeKey);
  if (narrowed) checkNarrowedValue(ctx, narrowed, map, path);
}

// ── Resource lists ──────────────────────────────────────────────────────────────────────────────────────

interface Entry {
  name: string;
  text: string;
  value: QuantityValue;
  node: Node;
}

function numberText(read: KubectlScalar | undefined): string | undefined {
  if (!read) return undefined;
  if (read.type === 'string') return read.value;
  if (read.type === 'int' || read.type === 'float') return String(read.value);
  return undefined;
}

/** The quantities of one resource list that decode (others are the decoder's findings). */
function entries(ctx: WalkContext, map: YAMLMap, field: string): Entry[] {
  const list = resolved(ctx, pairOf(ctx, map, field)?.value);
  if (!list || !isMap(list)) return [];
  const out: Entry[] = [];
  for (const pair of list.items as Pair<Node | null, Node | null>[]) {
    const key = resolved(ctx, pair.key);
    const node = resolved(ctx, pair.value);
    if (!key || !isScalar(key) || !node) continue;
    const text = numberText(scalarRead(ctx, node));
    const value = text === undefined ? undefined : quantityValue(text);
    if (!value || text === undefined) continue;
    // Messages show the value as written (1e9 stays 1e9), without quotes.
    const written = node.range ? ctx.text.slice(node.range[0], node.range[1]).replace(/^["']|["']$/g, '') : text;
    out.push({ name: String((key as Scalar).value), text: written.trim() || text.trim(), value, node });
  }
  return out;
}

function checkResourceLists(ctx: WalkContext, row: ResourceListsRow, map: YAMLMap, path: string): void {
  const how = { rule: 'quantityRange', stage: 'validation' as const, verdict: 'rejected' as const, source: row.source };
  const requests = entries(ctx, map, row.requests);
  const limits = entries(ctx, map, row.limits);
  for (const [field, list] of [[row.limits, limits], [row.requests, requests]] as const) {
    for (const e of list) {
      if (!e.value.negative) continue;
      report(
        ctx,
        'invalid-value',
        `Applying fails: ${field}.${e.name} ${show(e.text)} is negative`,
        rangeOfNode(ctx, e.node),
        joinPath(joinPath(path, field), e.name),
        how,
        `Use a quantity of 0 or more for ${e.name}.`,
        { resource: e.name, value: e.text },
      );
    }
  }
  const limitOf = new Map(limits.map((e) => [e.name, e]));
  for (const request of requests) {
    const limit = limitOf.get(request.name);
    if (!limit || request.value.negative || limit.value.negative) continue;
    if (compareQuantities(request.value, limit.value) <= 0) continue;
    report(
      ctx,
      'invalid-value',
      `Applying fails: ${row.requests}.${request.name} ${request.text} is above ${row.limits}.${request.name} ${limit.text}`,
      rangeOfNode(ctx, request.node),
      joinPath(joinPath(path, row.requests), request.name),
      how,
      `Lower the ${request.name} request to at most ${limit.text}, or raise the limit.`,
      { resource: request.name, request: request.text, limit: limit.text },
    );
  }
}

// ── A nested value narrower than its enum ───────────────────────────────────────────────────────────────

function checkNarrowedValue(ctx: WalkContext, row: NarrowedValueRow, map: YAMLMap, path: string): void {
  // Walk down to the mapping that holds the last field; an absent step is someone else's finding.
  let current: YAMLMap = map;
  let currentPath = path;
  let holderKey: Node | null | undefined;
  const steps = row.path.slice(0, -1);
  for (const step of steps) {
    const pair = pairOf(ctx, current, step);
    const next = resolved(ctx, pair?.value);
    if (!pair || !next || !isMap(next)) return;
    holderKey = pair.key;
    current = next;
    currentPath = joinPath(currentPath, step);
  }
  const field = row.path[row.path.length - 1] as string;
  const how = { rule: row.rule, stage: 'validation' as const, verdict: 'rejected' as const, source: [row.source, row.defaultsSource] };
  const allowed = row.allowed.join(' or ');
  const pair = pairOf(ctx, current, field);
  const node = resolved(ctx, pair?.value);
  const read = scalarRead(ctx, node);
  if (!pair || !node || read?.type === 'null' || (read?.type === 'string' && read.value === '')) {
    report(
      ctx,
      'invalid-value',
      `Applying fails: a ${row.owner} needs ${field} ${allowed}; without it the default ${row.defaulted} is refused`,
      rangeOfNode(ctx, holderKey ?? null, rangeOfNode(ctx, current)),
      // The server reports the (defaulted) field's path; the range is the key that would hold it.
      joinPath(currentPath, field),
      how,
      `Add ${field}: ${row.allowed[0]} (or ${row.allowed.slice(1).join(', ')}) under ${currentPath}.`,
      // Absence is judged on the whole object: a patch that leaves the field out changes nothing.
      { field, allowed: row.allowed, wholeObject: true },
    );
    return;
  }
  if (read?.type !== 'string' || read.value !== row.defaulted) return;
  report(
    ctx,
    'invalid-value',
    `Applying fails: a ${row.owner} needs ${field} ${allowed}, not ${row.defaulted}`,
    rangeOfNode(ctx, node),
    joinPath(currentPath, field),
    how,
    `Set ${field} to ${row.allowed[0]} (or ${row.allowed.slice(1).join(', ')}).`,
    { field, allowed: row.allowed, value: read.value },
  );
}
