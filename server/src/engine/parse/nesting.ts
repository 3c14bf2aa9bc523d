// How deeply a document nests, measured on the parser's syntax tokens before the document is composed. Composing
// (the `yaml` package) and the engine's walks recurse once per level, so a document nested deeply enough overflows
// the stack, at a depth that depends on the thread and on V8's flags: the same file gave a syntax error in the
// CLI's main thread and ordinary findings in a `--jobs` worker (whose stack is larger), and another answer again
// in the language server (run without the optimizing compiler). A document nested deeper than MAX_NESTING is not
// composed at all: it stands as an empty document over the same text, reported as not checked, the same everywhere.
// The package's parser builds the whole token tree of a document before anything can look at it, and on deeply
// nested flow collections it takes time and memory far beyond the text's size (600 KB of `[` took 12 s and 1 GB).
// guardedParse runs the same lexer and parser but looks at the parser's stack after every lexeme: a document is given
// up the moment it nests deeper than MAX_NESTING (the rest of it is never tokenized).
import { CST, Lexer, Parser, type Composer, type Document } from 'yaml';
import { documentMarkers } from './cut-documents';

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

/** Document tokens guardedParse gave up on, with how far into them the first too-deep collection starts. */
const givenUp = new WeakMap<CST.Document, number>();

/** The first collection of the parser's stack deeper than `limit` collections, or undefined. */
function tooDeepInStack(stack: readonly CST.Token[], limit: number): CST.Token | undefined {
  let depth = 0;
  for (const t of stack) if (isCollection(t) && ++depth > limit) return t;
  return undefined;
}

/** Where a document token guardedParse gave up on first nests too deeply; undefined for any other token. */
export function givenUpAt(token: CST.Document): number | undefined {
  const cut = givenUp.get(token);
  return cut === undefined ? undefined : token.offset + cut;
}

/**
 * The package's CST tokens of `text`, as `new Parser(onNewLine).parse(text)` gives them, but bounded while
 * tokenizing: a document that nests deeper than MAX_NESTING is given up at that point and stands as an empty
 * document token (its markers only) marked for composeWithStandIns; the parser starts again at the next `---` line.
 */
export function* guardedParse(text: string, onNewLine?: (offset: number) => void): Generator<CST.Token> {
  onNewLine?.(0);
  let from = 0;
  while (from < text.length || from === 0) {
    const parser = new Parser(onNewLine);
    parser.offset = from;
    let deep = false;
    // Slices of a long string share its characters (no copy).
    for (const lexeme of new Lexer().lex(from === 0 ? text : text.slice(from))) {
      yield* parser.next(lexeme);
      if (parser.stack.length > MAX_NESTING && tooDeepInStack(parser.stack, MAX_NESTING)) {
        deep = true;
        break;
      }
    }
    if (!deep) {
      yield* parser.end();
      return;
    }
    const doc = parser.stack[0]?.type === 'document' ? (parser.stack[0] as CST.Document) : undefined;
    const docStart = doc ? doc.offset : parser.offset;
    const at = tooDeepInStack(parser.stack, MAX_NESTING)!.offset;
    const standIn: CST.Document = { type: 'document', offset: docStart, start: doc ? doc.start : [] };
    givenUp.set(standIn, at - docStart);
    yield standIn;
    // The next `---` line after where it went too deep, else the end; its lines still count.
    const lineAfter = text.indexOf('\n', parser.offset);
    const next = lineAfter < 0 ? undefined : documentMarkers(text, lineAfter + 1)[0];
    const resume = next ?? text.length;
    if (onNewLine) for (let nl = text.indexOf('\n', parser.offset); nl >= 0 && nl < resume; nl = text.indexOf('\n', nl + 1)) onNewLine(nl + 1);
    if (next === undefined) return;
    from = next;
  }
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
    const cut = token.type === 'document' ? givenUp.get(token) : undefined;
    const at = token.type !== 'document' ? undefined : cut !== undefined ? token.offset + cut : tooDeepOffset(token);
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
