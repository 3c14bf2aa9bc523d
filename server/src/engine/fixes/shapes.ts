// Fixes for shapes people copy from blog posts, decided from the type data:
// `true` for a list whose enum has "*" → ["*"]; a `- name/value` list where a string map is expected → a map;
// a field placed on a struct whose list entries own it → moved into each entry.
import { isMap, isScalar, isSeq } from 'yaml';
import type { Fix } from './types';
import { type FixInput, toTextEdits } from './input';
import { type AnyMap, type AnySeq, isBlock, nodeRange, pairByKey } from './yaml-nodes';
import { type OffsetEdit, appendToBlockMap, deletePair, isTrue, renderLines } from './yaml-edits';
import { fieldAt, refOf, siblingFields } from './type-lookup';
import { columnOf, lineEndAfter } from './text';

const WILDCARD = '*';
const ITEM_NAME = 'name';
const ITEM_VALUE = 'value';

function fix(input: FixInput, title: string, edits: OffsetEdit[], preferred = true): Fix {
  return {
    title,
    kind: 'quickfix',
    code: input.finding.code,
    edits: toTextEdits(input.ctx.file, input.ctx.text, edits),
    isPreferred: preferred || undefined,
  };
}

/** `field: true` where the field is a list of an enum that has the "*" (all) value → `["*"]`. */
export function booleanToWildcardList(input: FixInput): Fix[] {
  const { hit, segs, entry, ctx } = input;
  if (!hit || !segs || !entry || !ctx.versionData || !isTrue(hit.pair.value)) return [];
  const field = fieldAt(ctx.versionData, entry, segs);
  if (!field || !('list' in field.type) || !field.enum) return [];
  if (!(ctx.versionData.enums[field.enum] ?? []).includes(WILDCARD)) return [];
  const e = { start: nodeRange(hit.pair.value)![0], end: nodeRange(hit.pair.value)![1], newText: `["${WILDCARD}"]` };
  return [fix(input, `Replace true with ["${WILDCARD}"] (${field.name} is a list of values)`, [e])];
}

function scalarSource(text: string, node: unknown): string | undefined {
  if (!isScalar(node)) return undefined;
  const r = nodeRange(node);
  if (!r) return undefined;
  const src = text.slice(r[0], r[1]);
  return typeof node.value === 'string' ? src : JSON.stringify(String(node.value));
}

/** A list of `- name: k / value: v` items where the type data expects a string map → `k: v` entries. */
export function nameValueListToMap(input: FixInput): Fix[] {
  const { hit, segs, entry, ctx, style } = input;
  if (!hit || !segs || !entry || !ctx.versionData) return [];
  const field = fieldAt(ctx.versionData, entry, segs);
  if (!field || !('map' in field.type)) return [];
  const seq = hit.pair.value;
  if (!isSeq(seq)) return [];
  const text = ctx.text;
  const entries: string[] = [];
  for (const item of (seq as AnySeq).items) {
    if (!isMap(item)) return [];
    const name = pairByKey(item as AnyMap, ITEM_NAME);
    const value = pairByKey(item as AnyMap, ITEM_VALUE);
    const n = name && scalarSource(text, name.value);
    const v = value ? scalarSource(text, value.value) : '""';
    if (!n || !v || (item as AnyMap).items.length > 2) return [];
    entries.push(`${n}: ${v}`);
  }
  const kr = nodeRange(hit.pair.key)!;
  const vr = nodeRange(seq)!;
  let e: OffsetEdit;
  if (isBlock(seq)) {
    // Keep the key line (and its comment); replace the list lines with map lines.
    const base = columnOf(text, kr[0]) + style.unit;
    const body = renderLines(entries.map((x) => [0, x]), base, style);
    const end = text[vr[1] - 1] === '\n' ? vr[1] : lineEndAfter(text, vr[1]);
    e = { start: lineEndAfter(text, kr[1]), end, newText: body };
  } else {
    e = { start: vr[0], end: vr[1], newText: `{${entries.join(', ')}}` };
  }
  return [fix(input, `Write ${field.name} as a map (${entries.length === 1 ? 'one entry' : `${entries.length} entries`})`, [e])];
}

/** A field that is unknown where it is but belongs to each entry of a sibling list → move it there. */
export function moveIntoListEntries(input: FixInput): Fix[] {
  const { hit, segs, entry, ctx, style } = input;
  if (!hit || !segs || !entry || !ctx.versionData) return [];
  const data = ctx.versionData;
  const name = segs[segs.length - 1];
  const siblings = siblingFields(data, entry, segs);
  if (!siblings || siblings.some((f) => f.name === name)) return [];
  const text = ctx.text;
  const value = valueAsInline(text, hit.pair.value);
  if (value === undefined) return [];
  for (const list of siblings) {
    if (!('list' in list.type)) continue;
    const itemType = refOf(list.type);
    if (!itemType || !data.types[itemType]?.fields.some((f) => f.name === name)) continue;
    const seq = pairByKey(hit.map, list.name)?.value;
    if (!isSeq(seq) || (seq as AnySeq).items.length === 0) continue;
    const edits: OffsetEdit[] = [];
    for (const item of (seq as AnySeq).items) {
      if (!isMap(item) || pairByKey(item as AnyMap, name)) continue;
      const e = appendToBlockMap(text, item as AnyMap, [[0, `${name}: ${value}`]], style);
      if (!e) return [];
      edits.push(e);
    }
    const del = deletePair(text, hit.map, hit.pair);
    if (!del || edits.length === 0) continue;
    const each = (seq as AnySeq).items.length > 1 ? 'each entry of ' : '';
    return [fix(input, `Move ${name} into ${each}${list.name}`, [del, ...edits])];
  }
  return [];
}

/** A value written on one line: scalars and flow collections as written, block lists of scalars as `[a, b]`. */
function valueAsInline(text: string, node: unknown): string | undefined {
  const r = nodeRange(node);
  if (!r) return undefined;
  if (!isBlock(node)) {
    const src = text.slice(r[0], r[1]);
    return src.includes('\n') ? undefined : src;
  }
  if (!isSeq(node)) return undefined;
  const parts: string[] = [];
  for (const item of (node as AnySeq).items) {
    const ir = nodeRange(item);
    if (!isScalar(item) || !ir) return undefined;
    parts.push(text.slice(ir[0], ir[1]));
  }
  return `[${parts.join(', ')}]`;
}
