// The YAML node under a position: the chain of keys from the document root, whether the cursor is on a key or
// a value, and the object (document root or List item) the chain starts from.
import { isMap, isPair, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import type { ParsedDocument, ParsedFile } from '../model';
import { offsetAt, rangeOf } from '../parse/ranges';
import type { Position, Range } from '../base/types';

export interface Spot {
  document: ParsedDocument;
  /** Keys from the object root; '[]' for a list item. */
  segments: string[];
  /** The object the segments start from (document root, or a List item). */
  root: YAMLMap;
  /** True when the cursor is on a key (the last segment), false on a scalar value. */
  onKey: boolean;
  /** The scalar under the cursor (key or value). */
  node: Node;
  range: Range;
  /** Offset of the cursor in the file. */
  offset: number;
  /** The innermost pair and the map holding it. */
  pair?: Pair<Node | null, Node | null>;
  parentMap?: YAMLMap;
}

function within(node: { range?: [number, number, number] | null } | null | undefined, offset: number): boolean {
  const r = node?.range;
  return !!r && offset >= r[0] && offset <= r[1];
}

function descend(
  file: ParsedFile,
  document: ParsedDocument,
  node: Node,
  offset: number,
  segments: string[],
  root: YAMLMap,
  listDoc: boolean,
  parent?: { pair: Pair<Node | null, Node | null>; map: YAMLMap },
): Spot | undefined {
  if (isMap(node)) {
    // An item of a List document starts a new object root.
    const newRoot = listDoc && node !== root && segments.length === 2 && segments[0] === 'items' && segments[1] === '[]';
    const mapRoot = newRoot ? (node as YAMLMap) : root;
    const segs = newRoot ? [] : segments;
    for (const item of (node as YAMLMap<Node | null, Node | null>).items) {
      if (!isPair(item) || !isScalar(item.key)) continue;
      const key = String(item.key.value);
      if (within(item.key, offset)) {
        const r = item.key.range!;
        return { document, segments: [...segs, key], root: mapRoot, onKey: true, node: item.key, range: rangeOf(file.lineCounter, r[0], r[1]), offset, pair: item, parentMap: node as YAMLMap };
      }
      if (item.value && within(item.value, offset)) {
        return descend(file, document, item.value, offset, [...segs, key], mapRoot, listDoc, { pair: item, map: node as YAMLMap });
      }
    }
    return undefined;
  }
  if (isSeq(node)) {
    for (const item of node.items) {
      if (item && within(item as Node, offset)) return descend(file, document, item as Node, offset, [...segments, '[]'], root, listDoc, parent);
    }
    return undefined;
  }
  if (isScalar(node) && node.range) {
    const r = node.range;
    return { document, segments, root, onKey: false, node, range: rangeOf(file.lineCounter, r[0], r[1]), offset, pair: parent?.pair, parentMap: parent?.map };
  }
  return undefined;
}

/** `isList` tells whether a document root is a List (its `items` are objects of their own). */
export function spotAt(file: ParsedFile, position: Position, isList: (root: YAMLMap) => boolean = () => false): Spot | undefined {
  const offset = offsetAt(file.lineCounter, file.text, position);
  for (const document of file.documents) {
    if (offset < document.start || offset > document.end) continue;
    const contents = document.doc?.contents as Node | null | undefined;
    if (!contents || !isMap(contents) || document.errors.length > 0) continue;
    return descend(file, document, contents, offset, [], contents as YAMLMap, isList(contents as YAMLMap));
  }
  return undefined;
}

/** A string value of a key in a map. */
export function stringAt(map: YAMLMap | undefined, key: string): string | undefined {
  if (!map) return undefined;
  for (const item of (map as YAMLMap<Node | null, Node | null>).items) {
    if (isScalar(item.key) && item.key.value === key && isScalar(item.value) && typeof item.value.value === 'string') return item.value.value;
  }
  return undefined;
}
