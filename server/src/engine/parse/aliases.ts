// Alias → anchored node, for a whole document in one pass (document order, the last anchor of that name before
// the alias, as the parser resolves it). The package's Alias.resolve(doc) walks the whole document per call,
// which made 20 000 aliases cost seconds. Cached per document (documents are never mutated after parsing).
import { isAlias, isCollection, isNode, isPair, type Alias, type Document, type Node } from 'yaml';

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
  eachNode(doc, (node) => {
    nodes++;
    if (isAlias(node)) sources.set(node, anchors.get(node.source));
    else if (node.anchor) anchors.set(node.anchor, node);
  });
  cache.set(doc, sources);
  return { sources, nodes };
}

/**
 * Every node of the document (scalars, collections, aliases; keys before their values) in document order, until
 * `visit` returns true. A walk from a stack: the package's visit() copies the path of every node it passes, most of
 * its cost over a large document (a CRD).
 */
export function eachNode(doc: Document, visit: (node: Node) => boolean | void): void {
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isNode(node)) continue;
    if (visit(node)) return;
    if (!isCollection(node)) continue;
    for (let i = node.items.length - 1; i >= 0; i--) {
      const item = node.items[i];
      if (isPair(item)) stack.push(item.value, item.key);
      else stack.push(item);
    }
  }
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
