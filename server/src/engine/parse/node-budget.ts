// A file's node budget: the parser and the composer allocate per node (a ConfigMap of 2 MB of short flow lists,
// 600,000 nodes, took 900 MB), so a file is read up to MAX_FILE_NODES nodes and the documents from the one where
// the budget runs out are listed as not read (one file-too-large note). Counted before any document is parsed: a
// bound on the count from single characters first (linear, no allocation), then, only for a text that may be over
// it, the package's lexer alone, which allocates nothing per node.
import { CST, Lexer } from 'yaml';
import { documentMarkers } from './cut-documents';
import { MAX_NESTING } from './nesting';

/** Nodes (scalars, aliases, flow collections, block sequence items, comments) read from one file at most: ten times the
 *  nodes of the largest file of the bench (the 1.8 MB Gateway API bundle), and under half a GB of parsed tokens and
 *  documents. */
export const MAX_FILE_NODES = 500_000;

/** Nodes the text can hold at most: every node starts after an indicator (`:` gives a key and a value, `-` an item
 *  that may hold a collection, `,` `[` `{` `?` an item or key, `#` a comment) or on a line of its own. */
function nodeBound(text: string): number {
  let n = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 /* : */ || c === 45 /* - */ || c === 91 /* [ */ || c === 123 /* { */) n += 2;
    else if (c === 44 /* , */ || c === 63 /* ? */ || c === 10 /* \n */ || c === 35 /* # */) n++;
  }
  return n;
}

/** A lexeme that makes a node: a scalar (plain ones come after the lexer's SCALAR mark), an alias, a flow
 *  collection, a block sequence item, a block scalar; and a comment, which the parser keeps as a token and the
 *  composer as text, at about a node's cost (31 MB of comment lines took more than a 768 MB heap). */
function makesNode(lexeme: string): boolean {
  if (lexeme === CST.SCALAR || lexeme === '[' || lexeme === '{' || lexeme === '-') return true;
  const c = lexeme.charCodeAt(0);
  return c === 34 /* " */ || c === 39 /* ' */ || c === 42 /* * */ || c === 124 /* | */ || c === 62 /* > */ || c === 35 /* # */;
}

/** The lexer's marks, which stand for no text. */
const MARKS = new Set<string>([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);

/** Whether the text may hold more than `limit` nodes (a bound from single characters: linear, no allocation). */
export function mayExceedNodeBudget(text: string, limit = MAX_FILE_NODES): boolean {
  return nodeBound(text) > limit;
}

/** Where the unread documents start (the line of the `---` of the document in which the text passes `limit`
 *  nodes, or 0), or undefined when the whole text is within it. A document whose flow collections nest deeper than
 *  MAX_NESTING is not read further (the parser gives it up there too, nesting.ts): the count goes on from the next
 *  `---` line, so a deep document costs its first levels, not its length. */
export function nodeBudgetCap(text: string, limit = MAX_FILE_NODES): number | undefined {
  if (!mayExceedNodeBudget(text, limit)) return undefined;
  // The check and then its fixes ask about the same text: the last answer is kept.
  if (last?.text === text && last.limit === limit) return last.cap;
  const cap = countedCap(text, limit);
  last = { text, limit, cap };
  return cap;
}

let last: { text: string; limit: number; cap: number | undefined } | undefined;

function countedCap(text: string, limit: number): number | undefined {
  let nodes = 0;
  for (let from = 0; ; ) {
    let offset = from;
    let docStart = from;
    let flow = 0;
    let deep = false;
    // Slices of a long string share its characters (no copy).
    for (const lexeme of new Lexer().lex(from === 0 ? text : text.slice(from))) {
      if (lexeme === '---') {
        docStart = offset;
        flow = 0;
      }
      if (makesNode(lexeme) && ++nodes > limit) return text.lastIndexOf('\n', docStart - 1) + 1;
      if (lexeme === '[' || lexeme === '{') deep = ++flow > MAX_NESTING;
      else if ((lexeme === ']' || lexeme === '}') && flow > 0) flow--;
      if (!MARKS.has(lexeme)) offset += lexeme.length;
      if (deep) break;
    }
    if (!deep) return undefined;
    const lineAfter = text.indexOf('\n', offset);
    const next = lineAfter < 0 ? undefined : documentMarkers(text, lineAfter + 1)[0];
    if (next === undefined) return undefined;
    from = next;
  }
}
