// How deeply a document nests, measured on the parser's syntax tokens before the document is composed. Composing
// (the `yaml` package) and the engine's walks recurse once per level, so a document nested deeply enough overflows
// the stack, at a depth that depends on the thread and on V8's flags: the same file gave a syntax error in the
// CLI's main thread and ordinary findings in a `--jobs` worker (whose stack is larger), and another answer again
// in the language server (run without the optimizing compiler). A document nested deeper than MAX_NESTING is not
// composed at all: it stands as an empty document over the same text, reported as not checked, the same everywhere.
import type { Composer, CST, Document } from 'yaml';

/**
 * Levels of collections the engine reads in one document. Ten times the deepest file of ../shared (24 levels: the
 * Gateway API CRDs), and about a third of where composing first overflowed a main thread's stack under the
 * language server's flags (`node --no-opt`: 835 nested flow sequences, 935 nested block mappings). A document
 * between this and KUBECTL_MAX_NESTING is one kubectl reads and the engine does not check.
 */
export const MAX_NESTING = 256;

/** kubectl's YAML reader refuses a document nested deeper than this ("exceeded max depth"; go-yaml/yaml
 *  scannerc.go @ 01c0521edf7a0d83650270898a38972a8d8264b4, max_flow_level and max_indents). */
export const KUBECTL_MAX_NESTING = 10_000;

type Collection = CST.BlockMap | CST.BlockSequence | CST.FlowCollection;

function isCollection(t: CST.Token | null | undefined): t is Collection {
  return !!t && (t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection');
}

/** Where the first collection nested deeper than `limit` levels starts in a document token, or undefined. It walks
 *  the collections with a stack of its own (the tokens it is meant for are too deep for recursion); it runs on every
 *  document the engine parses, so scalars are never pushed. */
export function tooDeepOffset(token: CST.Document, limit = MAX_NESTING): number | undefined {
  if (!isCollection(token.value)) return undefined;
  let first: number | undefined;
  const pending: Collection[] = [token.value];
  const depths: number[] = [0];
  while (pending.length > 0) {
    const t = pending.pop()!;
    const depth = depths.pop()!;
    if (depth === limit) {
      if (first === undefined || t.offset < first) first = t.offset;
      continue;
    }
    for (const item of t.items) {
      if ('key' in item && isCollection(item.key)) {
        pending.push(item.key);
        depths.push(depth + 1);
      }
      if (isCollection(item.value)) {
        pending.push(item.value);
        depths.push(depth + 1);
      }
    }
  }
  return first;
}

/**
 * The documents `composer` makes of the parser's tokens, with an empty stand-in composed in place of each document
 * nested too deeply: its markers and properties without its content, its range the whole document's text (up to
 * the next token), marked for tooDeepAt.
 */
export function composeWithStandIns(tokens: Iterable<CST.Token>, composer: Composer, textEnd: number): Document.Parsed[] {
  const out: Document.Parsed[] = [];
  /** The stand-ins by the offset of their document: where it nests too deeply, where the next token starts. */
  const standIns = new Map<number, { at: number; end: number }>();
  let awaitingEnd: { at: number; end: number } | undefined;
  const compose = (token: CST.Token) => {
    for (const doc of composer.next(token)) out.push(doc as Document.Parsed);
  };
  for (const token of tokens) {
    if (awaitingEnd) awaitingEnd.end = token.offset;
    awaitingEnd = undefined;
    const at = token.type === 'document' ? tooDeepOffset(token) : undefined;
    if (token.type === 'document' && at !== undefined) {
      awaitingEnd = { at, end: textEnd };
      standIns.set(token.offset, awaitingEnd);
      compose({ type: 'document', offset: token.offset, start: token.start });
    } else compose(token);
  }
  for (const doc of composer.end()) out.push(doc as Document.Parsed);
  for (const doc of out) {
    const standIn = standIns.get(doc.range[0]);
    if (!standIn) continue;
    doc.range = [doc.range[0], standIn.end, Math.max(doc.range[2], standIn.end)];
    tooDeep.set(doc, standIn.at);
  }
  return out;
}

const tooDeep = new WeakMap<Document, number>();

/** Where a stand-in document's text first nests deeper than MAX_NESTING; undefined for any other document. */
export function tooDeepAt(doc: Document): number | undefined {
  return tooDeep.get(doc);
}
