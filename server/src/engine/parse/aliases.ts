// Alias → anchored node, for a whole document in one pass (document order, the last anchor of that name before
// the alias, as the parser resolves it). The package's Alias.resolve(doc) walks the whole document per call,
// which made 20 000 aliases cost seconds. Cached per document (documents are never mutated after parsing).
import { isAlias, visit, type Alias, type Document, type Node } from 'yaml';

const cache = new WeakMap<Document, Map<Alias, Node | undefined>>();

interface AliasIndex {
  sources: Map<Alias, Node | undefined>;
  /** Nodes of the document (aliases counted once, not expanded). */
  nodes: number;
}

function index(doc: Document): AliasIndex {
  const anchors = new Map<string, Node>();
  const sources = new Map<Alias, Node | undefined>();
  let nodes = 0;
  visit(doc, {
    Node(_key, node) {
      nodes++;
      if (isAlias(node)) sources.set(node, anchors.get(node.source));
      else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  cache.set(doc, sources);
  return { sources, nodes };
}

/** Every alias of the document with its anchored node (undefined when the anchor is not defined before it). */
export function aliasIndex(doc: Document): AliasIndex {
  return index(doc);
}

/** The node an alias stands for, undefined when none. */
export function resolveAlias(doc: Document, alias: Alias): Node | undefined {
  const sources = cache.get(doc) ?? index(doc).sources;
  return sources.get(alias);
}

/** Documents with more aliases than this are not converted to plain values (the package's conversion walks the
 *  anchor list once per alias): CRDs, kustomizations and such never have that many. */
const MAX_CONVERTED_ALIASES = 1000;

/** Whether `doc` may be converted with toJS in bounded time (few aliases). */
export function fewAliases(doc: Document): boolean {
  return aliasIndex(doc).sources.size <= MAX_CONVERTED_ALIASES;
}
