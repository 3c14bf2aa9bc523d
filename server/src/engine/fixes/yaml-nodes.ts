// Finding YAML nodes by offset and measuring their exact text spans (for minimal edits).
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseAllDocuments,
  type Document,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { keep, SnapshotSlot, type TextSnapshot } from '../incremental/snapshot';
import type { ParsedFile } from '../model';
import { parseFile } from '../parse/parseFile';
import type { YamlDoc } from './types';
import { lineEndAfter, lineStartOf, startsLine } from './text';

export type AnyPair = Pair<unknown, unknown>;
export type AnyMap = YAMLMap<unknown, unknown>;
export type AnySeq = YAMLSeq<unknown>;

const PARSE_OPTIONS = { uniqueKeys: false, prettyErrors: false } as const;

/** Documents of a text that parsed into something (the engine's ParsedFile when given, else parsed here). */
export function yamlDocs(text: string, parsed?: ParsedFile): YamlDoc[] {
  if (parsed && parsed.text === text) {
    return parsed.documents.flatMap((d) => (d.doc ? [{ index: d.index, doc: d.doc }] : []));
  }
  // Read as the check reads it (parseFile): within its bounds of nesting, nodes and template documents, so a text
  // over a bound costs no more here than there (there is no finding to fix past them).
  // parseFile reads a lone CR as LF (same length, so offsets hold): its text may differ from `text`, so its
  // documents are taken as they are rather than handed back here (which would parse again without end).
  return parseFile(text).documents.flatMap((d) => (d.doc ? [{ index: d.index, doc: d.doc }] : []));
}

/** The document of a snapshot's text that holds a finding (document `index`, else the one around `offset`),
 *  parsed alone with its node offsets moved to the text's, and kept with the snapshot; undefined when the
 *  snapshot does not know the text's documents or the document does not read as one alone. */
export function snapshotDocs(snapshot: TextSnapshot, index: number | undefined, offset: number): YamlDoc[] | undefined {
  const spans = snapshot.documentSpans();
  if (!spans) return undefined;
  const span = index !== undefined && spans[index]?.index === index ? spans[index] : spans.find((s) => s.start <= offset && offset <= s.end);
  if (!span) return undefined;
  const byIndex = keep(snapshot, FIX_DOCUMENT, () => new Map<number, YamlDoc[] | undefined>());
  if (byIndex.has(span.index)) return byIndex.get(span.index);
  const made = ((): YamlDoc[] | undefined => {
    const docs = parseAllDocuments(snapshot.text.slice(span.start, span.end), PARSE_OPTIONS);
    if (docs.length !== 1) return undefined;
    const doc = docs[0] as Document.Parsed;
    if (!doc.contents) return [];
    moveOffsets(doc, span.start);
    return [{ index: span.index, doc }];
  })();
  byIndex.set(span.index, made);
  return made;
}

/** Per document index, the document of a snapshot's text that a fix parsed alone. */
const FIX_DOCUMENT = new SnapshotSlot<Map<number, YamlDoc[] | undefined>>('fix-document');

/** Adds `by` to the offsets of a document and of every node in it. */
function moveOffsets(doc: Document.Parsed, by: number): void {
  const moved = (r: [number, number, number]): [number, number, number] => [r[0] + by, r[1] + by, r[2] + by];
  doc.range = moved(doc.range);
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isPair(node)) {
      stack.push(node.key, node.value);
      continue;
    }
    const n = node as { range?: [number, number, number] | null } | null;
    if (n?.range) n.range = moved(n.range);
    if (isMap(node) || isSeq(node)) for (const item of (node as AnySeq).items) stack.push(item);
  }
}

export function nodeRange(node: unknown): [number, number, number] | undefined {
  const r = (node as { range?: [number, number, number] | null } | null)?.range;
  return r ?? undefined;
}

export function keyName(pair: AnyPair): string | undefined {
  const k = pair.key;
  if (isScalar(k)) return k.value === null || k.value === undefined ? undefined : String(k.value);
  return typeof k === 'string' ? k : undefined;
}

export function pairByKey(map: AnyMap, key: string): AnyPair | undefined {
  return map.items.find((p) => keyName(p) === key);
}

export function mapValue(map: AnyMap, key: string): AnyMap | undefined {
  const v = pairByKey(map, key)?.value;
  return isMap(v) ? (v as AnyMap) : undefined;
}

export function stringValue(map: AnyMap, key: string): string | undefined {
  const v = pairByKey(map, key)?.value;
  return isScalar(v) && typeof v.value === 'string' ? v.value : undefined;
}

/** The root mapping of a document, when it is one. */
export function rootMap(d: YamlDoc): AnyMap | undefined {
  return isMap(d.doc.contents) ? (d.doc.contents as AnyMap) : undefined;
}

export function docAt(docs: YamlDoc[], offset: number, index?: number): YamlDoc | undefined {
  if (index !== undefined) {
    const byIndex = docs.find((d) => d.index === index);
    if (byIndex) return byIndex;
  }
  return docs.find((d) => d.doc.range[0] <= offset && offset <= d.doc.range[2]);
}

/** A pair found at an offset with the chain of collections and pairs above it (outermost first). */
export interface PairHit {
  pair: AnyPair;
  /** The mapping that holds `pair`. */
  map: AnyMap;
  /** Ancestors from the root: collections and the pairs whose values they are. */
  ancestors: (AnyMap | AnySeq | AnyPair)[];
  /** True when the offset is inside the key, false when inside the value. */
  onKey: boolean;
}

/** The innermost pair whose key (preferred) or scalar value contains `offset`. */
export function pairAt(d: YamlDoc, offset: number): PairHit | undefined {
  let best: PairHit | undefined;
  const walk = (node: unknown, ancestors: (AnyMap | AnySeq | AnyPair)[]): void => {
    if (isMap(node)) {
      const map = node as AnyMap;
      for (const pair of map.items) {
        const kr = nodeRange(pair.key);
        const vr = nodeRange(pair.value);
        if (kr && kr[0] <= offset && offset <= kr[1]) best = { pair, map, ancestors, onKey: true };
        else if (vr && isScalar(pair.value) && vr[0] <= offset && offset <= vr[1]) {
          best = { pair, map, ancestors, onKey: false };
        } else if (vr && vr[0] === offset) best = { pair, map, ancestors, onKey: false };
        if (vr && vr[0] <= offset && offset <= vr[2]) walk(pair.value, [...ancestors, map, pair]);
      }
    } else if (isSeq(node)) {
      for (const item of (node as AnySeq).items) {
        const r = nodeRange(item);
        if (r && r[0] <= offset && offset <= r[2]) walk(item, [...ancestors, node as AnySeq]);
      }
    }
  };
  walk(d.doc.contents, []);
  return best;
}

export function isBlock(node: unknown): boolean {
  return (isMap(node) || isSeq(node)) && !(node as { flow?: boolean }).flow;
}

/** Offset just past the text a pair occupies (its last line, trailing comment and line break included). */
export function pairEnd(text: string, pair: AnyPair): number {
  const vr = nodeRange(pair.value);
  const kr = nodeRange(pair.key);
  const end = Math.max(vr ? vr[1] : 0, kr ? kr[1] : 0);
  // Block collections and block scalars end after their last line break; others end mid-line.
  return end > 0 && text[end - 1] === '\n' ? end : lineEndAfter(text, end);
}

/** Start of the first line of a pair when the key begins its line; otherwise the key itself. */
export function pairStart(text: string, pair: AnyPair): number {
  const kr = nodeRange(pair.key);
  if (!kr) return 0;
  return startsLine(text, kr[0]) ? lineStartOf(text, kr[0]) : kr[0];
}

/** Offset of the `-` of a block sequence item (the item node starts after it). */
export function dashOf(text: string, item: unknown): number | undefined {
  const r = nodeRange(item);
  if (!r) return undefined;
  const lineStart = lineStartOf(text, r[0]);
  const before = text.slice(lineStart, r[0]);
  const m = /^([ \t]*)-/.exec(before);
  return m ? lineStart + m[1].length : undefined;
}
