// Minimal text edits on YAML source: insert entries into block mappings and sequences, replace scalars,
// delete pairs. Everything outside the edited span stays byte-for-byte; new text follows the file's style.
import { isScalar } from 'yaml';
import {
  type AnyMap,
  type AnyPair,
  type AnySeq,
  dashOf,
  isBlock,
  nodeRange,
  pairEnd,
  pairStart,
} from './yaml-nodes';
import { columnOf, eolOf, lineEndAfter } from './text';

export interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

export interface YamlStyle {
  /** Spaces per nesting level. */
  unit: number;
  /** Whether block sequence dashes are indented under their key (`key:\n  - a`) or not (`key:\n- a`). */
  seqIndented: boolean;
  eol: string;
}

/** One line of new YAML: nesting depth relative to the insertion indent, and its text. */
export type Line = [depth: number, text: string];

/** Indent of a line that holds only `key:` (and maybe a comment), else undefined. Linear time. */
function keyOnlyIndent(line: string): number | undefined {
  const hash = line.indexOf(' #');
  const body = (hash >= 0 ? line.slice(0, hash) : line).trimEnd();
  const lead = body.length - body.trimStart().length;
  const first = body[lead];
  if (!body.endsWith(':') || first === undefined || first === '-' || first === '#') return undefined;
  return lead;
}

/** Indentation habits of a file, from its first nested blocks (looks at most at the first 2000 lines). */
export function styleOf(text: string): YamlStyle {
  const lines = text.split(/\r?\n/, 2000);
  let unit: number | undefined;
  let seqIndented: boolean | undefined;
  for (let i = 0; i + 1 < lines.length && (unit === undefined || seqIndented === undefined); i++) {
    const indent = keyOnlyIndent(lines[i]);
    if (indent === undefined) continue;
    let j = i + 1;
    while (j < lines.length && /^\s*(#.*)?$/.test(lines[j])) j++;
    if (j >= lines.length) break;
    const nextLead = lines[j].length - lines[j].trimStart().length;
    const isItem = /^-(\s|$)/.test(lines[j].slice(nextLead));
    const diff = nextLead - indent;
    if (isItem) {
      if (seqIndented === undefined && diff >= 0) seqIndented = diff > 0;
      if (unit === undefined && diff > 0) unit = diff;
    } else if (unit === undefined && diff > 0) unit = diff;
  }
  return { unit: unit ?? 2, seqIndented: seqIndented ?? true, eol: eolOf(text) };
}

export function renderLines(lines: Line[], base: number, style: YamlStyle): string {
  return lines.map(([depth, t]) => ' '.repeat(base + depth * style.unit) + t + style.eol).join('');
}

/** Lines of a block sequence item holding a mapping (`- a: 1` / `  b: 2`) at a depth. */
export function seqItemLines(depth: number, entries: string[]): Line[] {
  return entries.map((e, i) => [depth, (i === 0 ? '- ' : '  ') + e] as Line);
}

function insertAt(text: string, at: number, body: string, style: YamlStyle): OffsetEdit {
  const needsBreak = at > 0 && text[at - 1] !== '\n';
  return { start: at, end: at, newText: (needsBreak ? style.eol : '') + body };
}

/** Insert lines (depth 0 = the mapping's own key indent) after the last entry of a non-empty block mapping. */
export function appendToBlockMap(text: string, map: AnyMap, lines: Line[], style: YamlStyle): OffsetEdit | undefined {
  const first = map.items[0];
  const last = map.items[map.items.length - 1];
  const kr = nodeRange(first?.key);
  if (!first || !last || !kr || !isBlock(map)) return undefined;
  return insertAt(text, pairEnd(text, last), renderLines(lines, columnOf(text, kr[0]), style), style);
}

/** Give an empty (null) value of a pair a nested block: lines at depth 0 sit one level under the key. */
export function fillEmptyValue(text: string, pair: AnyPair, lines: Line[], style: YamlStyle, asSeq = false): OffsetEdit | undefined {
  const kr = nodeRange(pair.key);
  if (!kr) return undefined;
  const vr = nodeRange(pair.value);
  const from = Math.max(kr[1], vr ? vr[1] : 0);
  const base = columnOf(text, kr[0]) + (asSeq && !style.seqIndented ? 0 : style.unit);
  return insertAt(text, lineEndAfter(text, from), renderLines(lines, base, style), style);
}

/** Append a `key: value` entry to a flow mapping (`{}` or `{a: 1}`). */
export function appendToFlowMap(text: string, map: AnyMap, entry: string): OffsetEdit | undefined {
  const r = nodeRange(map);
  if (!r) return undefined;
  const close = text.lastIndexOf('}', r[1]);
  if (close < r[0]) return undefined;
  if (map.items.length === 0) return { start: r[0], end: close + 1, newText: `{${entry}}` };
  const inner = text.slice(r[0] + 1, close);
  const trimmedEnd = r[0] + 1 + inner.replace(/\s+$/, '').length;
  return { start: trimmedEnd, end: trimmedEnd, newText: `, ${entry}` };
}

/** Append a mapping item to a non-empty block sequence, at the indent of its dashes. */
export function appendToBlockSeq(text: string, seq: AnySeq, entries: string[], style: YamlStyle): OffsetEdit | undefined {
  const first = seq.items[0];
  const last = seq.items[seq.items.length - 1];
  const dash = dashOf(text, first);
  const lr = nodeRange(last);
  if (dash === undefined || !lr || !isBlock(seq)) return undefined;
  const end = lr[1] > 0 && text[lr[1] - 1] === '\n' ? lr[1] : lineEndAfter(text, lr[1]);
  return insertAt(text, end, renderLines(seqItemLines(0, entries), columnOf(text, dash), style), style);
}

/** Replace the text of a node (its value range, comments after it untouched). */
export function replaceNode(node: unknown, newText: string): OffsetEdit | undefined {
  const r = nodeRange(node);
  return r ? { start: r[0], end: r[1], newText } : undefined;
}

/** Delete a pair of a block mapping with its lines; a pair right after `- ` keeps the dash for the next key. */
export function deletePair(text: string, map: AnyMap, pair: AnyPair): OffsetEdit | undefined {
  if (!isBlock(map)) return undefined;
  const kr = nodeRange(pair.key);
  if (!kr) return undefined;
  const start = pairStart(text, pair);
  const idx = map.items.indexOf(pair);
  if (start === kr[0]) {
    // First key of a sequence item (`- key: v`): pull the next key up behind the dash.
    const next = map.items[idx + 1];
    const nr = nodeRange(next?.key);
    if (!next || !nr) return undefined;
    return { start, end: nr[0], newText: '' };
  }
  return { start, end: pairEnd(text, pair), newText: '' };
}

/** Whether a node is a scalar holding `true` (YAML 1.2 core). */
export function isTrue(node: unknown): boolean {
  return isScalar(node) && node.value === true;
}

export function isEmptyValue(node: unknown): boolean {
  return node === null || node === undefined || (isScalar(node) && (node.value === null || node.value === ''));
}
