// A fast path for the most common shape of Kubernetes YAML: block mappings and sequences of plain and quoted
// scalars (on one line, or folded over several as CRDs' descriptions are), block scalars (`|`, `|-`, `>`, `>-`),
// `{}` and `[]`, flow sequences of scalars on one line, indented with spaces, with comments and blank lines, in
// documents split by bare `---` lines (block-scalars.ts finds where scalars end; block-flow.ts reads the flow
// sequences; block-trivia.ts places comments and blank lines). For such a document
// this builds the same CST tokens as the `yaml` package's Parser, in one pass over its lines instead of the
// package's character-by-character lexer; the package's Composer then turns the tokens into documents as usual. A
// document of any other shape (anchors, tags, other flow collections with items, block scalars with other headers,
// empty values, anything the parser would call an error) is handed to the package's Parser alone, from its `---`
// line to the next: a document this module reads ends on a clean line, so the package reads the next one as it
// would within the whole text. Texts with tabs, CRs, a byte order mark, `...` or `%` lines are left to the
// package whole. tests/engine/block-cst.test.ts compares the tokens with the package's on inline texts, the
// corpus, generated streams and seeded mutations of them.
import type { CST } from 'yaml';
import { guardedParse } from './nesting';
import { blockScalar, plainEnd, quoteEnd, type DocumentLines } from './block-scalars';
import { flowSequence } from './block-flow';
import { afterItem, handOn, INDICATOR, readLines, spaces, token, triviaFrom, unsupported, Unsupported, type Line } from './block-trivia';

/** Thrown (and caught in blockCst) where the package's reading of a document alone is not what this module expects. */
class LeaveToPackage extends Error {}


/** How the tokens of a text were made: all by this module, or some documents by the package's Parser. */
export type BlockCstMode = 'block' | 'mixed';

/**
 * Hands the CST tokens of the text to `onToken` in order, a document at a time (so that each can be composed and
 * dropped before the next is built); undefined where the text is left to the package (the caller then discards
 * what it made of any tokens handed over). With 'mixed', a document the package read alone may have an error that
 * the whole text would give otherwise (a flow collection left open runs past the next `---`): the caller parses the
 * whole text with the package when any document has one.
 */
export function blockCst(text: string, onToken: (token: CST.Token) => void): BlockCstMode | undefined {
  if (text.length === 0 || /[\t\r\uFEFF]/.test(text) || /^(?:\.\.\.|%)/m.test(text)) return undefined;
  try {
    return new BlockReader(text).tokens(onToken) ? 'mixed' : 'block';
  } catch (err) {
    if (err instanceof LeaveToPackage) return undefined;
    throw err;
  }
}

/** A node read from line i: its token, the content line after it (undefined at the end of the document) and the
 *  trivia item it hands to the collection around it (block-trivia.ts). */
type Result<T> = { token: T; next: number | undefined; open?: CST.SourceToken[] | undefined };

class BlockReader implements DocumentLines {
  readonly lines: Line[];

  constructor(readonly text: string) {
    this.lines = readLines(text);
  }

  /** Emits every document's tokens; true when some were read by the package's Parser. */
  tokens(emit: (token: CST.Token) => void): boolean {
    let mixed = false;
    for (let i = 0; i < this.lines.length; ) {
      const end = this.nextDocumentStart(i);
      let doc: CST.Token[] | undefined;
      try {
        doc = this.document(i, end);
      } catch (err) {
        // A document nested too deeply for this reader's recursion goes to the package too, which reports it.
        if (!(err instanceof Unsupported) && !(err instanceof RangeError)) throw err;
      }
      if (doc) for (const t of doc) emit(t);
      else {
        this.packageTokens(i, end, emit);
        mixed = true;
      }
      i = end;
    }
    return mixed;
  }

  /** The first line after line i that starts a document (the number of lines when none does). */
  private nextDocumentStart(i: number): number {
    let j = i + 1;
    while (j < this.lines.length && !this.isDocumentStart(j)) j++;
    return j;
  }

  /** The tokens of the document of lines i to end (exclusive): a `---` line (only the first document may lack
   *  one), blank and comment lines, one block collection at column 0 (or nothing after a `---`), blank and comment
   *  lines. Before the first document's content, the package makes its blank and comment lines tokens of their
   *  own, ahead of the document. */
  private document(i: number, end: number): CST.Token[] {
    this.docEnd = end;
    const line = this.lines[i]!;
    const start: CST.SourceToken[] = [];
    const marked = this.isDocumentStart(i);
    if (marked) {
      if (line.end !== line.start + 3) unsupported();
      start.push(token('doc-start', line.start, 0, '---'));
      if (line.hasBreak) start.push(token('newline', line.end, 0, '\n'));
      i++;
    }
    // `---` and nothing else: an empty document (the incremental check ends a document's text so).
    if (i === end) return [{ type: 'document', offset: line.start, start }];
    const before = triviaFrom(this.text, this.lines, i, end);
    if (before.next === undefined) unsupported();
    const first = this.lines[before.next!]!;
    if (first.indent !== 0) unsupported();
    const value = this.isSequenceItem(first, 0) ? this.sequence(before.next!, 0) : this.mapping(before.next!, 0);
    if (value.next !== undefined) unsupported();
    const doc: CST.Document = marked
      ? { type: 'document', offset: line.start, start: start.concat(before.tokens), value: value.token }
      : { type: 'document', offset: first.start, start, value: value.token };
    if (value.open) doc.end = value.open;
    return marked ? [doc] : [...before.tokens, doc];
  }

  /** The package's tokens of lines i to end (exclusive), read alone and moved to where they are in the text. The
   *  next document's `---` is read too, so that the package ends this document as it does within the whole text
   *  (it drops the blank lines after an empty value there, say), and the document it starts is dropped. */
  private packageTokens(i: number, end: number, emit: (token: CST.Token) => void): void {
    const from = this.lines[i]!.start;
    const last = end === this.lines.length;
    const to = last ? this.text.length : this.lines[end]!.start;
    // Bounded as every parse of the package is (nesting.ts): a document nested too deeply stands in empty, at once.
    const tokens = [...guardedParse(this.text.slice(from, to) + (last ? '' : '---'))];
    if (!last) {
      const next = tokens.pop();
      if (next?.type !== 'document' || next.offset !== to - from || next.value !== undefined) throw new LeaveToPackage();
    }
    for (const t of tokens) emit(from === 0 ? t : shifted(t, from));
  }

  private isDocumentStart(i: number): boolean {
    const line = this.lines[i]!;
    return this.text.startsWith('---', line.start) && (line.end === line.start + 3 || this.text.charCodeAt(line.start + 3) === 32);
  }

  /** The end (exclusive) of the document being read (set by document()). */
  docEnd = 0;

  /** Whether the line has a sequence item indicator (`- ` or a lone `-`) at column col. */
  private isSequenceItem(line: Line, col: number): boolean {
    const at = line.start + col;
    return this.text.charCodeAt(at) === 45 /* - */ && (at + 1 === line.end || this.text.charCodeAt(at + 1) === 32);
  }

  /** The trivia after an item of the collection at column col whose value (a one-line value or a block scalar)
   *  ended before line i: where it goes, and the next content line. */
  private afterValue(i: number, col: number, value: CST.Token): { open: CST.SourceToken[] | undefined; next: number | undefined } {
    const trivia = triviaFrom(this.text, this.lines, i, this.docEnd);
    const end = 'end' in value && Array.isArray(value.end) ? (value.end as CST.SourceToken[]) : undefined;
    return { open: afterItem(trivia.tokens, col, end), next: trivia.next };
  }

  /** A block mapping whose first key is on line i at column col. */
  private mapping(i: number, col: number): Result<CST.BlockMap> {
    const items: CST.BlockMap['items'] = [];
    let line = i;
    let start: CST.SourceToken[] = [];
    let open: CST.SourceToken[] | undefined;
    for (;;) {
      const ln = this.lines[line]!;
      const keyAt = ln.start + col;
      const key = this.key(line, keyAt, col);
      if (!key) unsupported();
      const { scalar, colon } = key!;
      const sep: CST.SourceToken[] = [token('map-value-ind', colon, col, ':')];
      let value: CST.Token;
      let next: number | undefined;
      const rest = this.lineComment(ln, colon + 1, col);
      if (rest) {
        // The value is the block below: deeper, or a sequence at the key's own column.
        for (const t of rest) sep.push(t);
        if (!ln.hasBreak) unsupported();
        sep.push(token('newline', ln.end, col, '\n'));
        const below = triviaFrom(this.text, this.lines, line + 1, this.docEnd);
        if (below.next === undefined) unsupported();
        for (const t of below.tokens) sep.push(t);
        const nl = this.lines[below.next!]!;
        const seqHere = nl.indent === col && this.isSequenceItem(nl, col);
        if (nl.indent <= col && !seqHere) unsupported();
        const nested = this.block(below.next!, nl.indent);
        value = nested.token;
        next = nested.next;
        open = nested.open;
      } else {
        const gap = this.spacesAt(colon + 1, ln.end);
        sep.push(token('space', colon + 1, col, spaces(gap)));
        const inline = this.inlineValue(line, colon + 1 + gap, col, col);
        value = inline.token;
        ({ open, next } = this.afterValue(inline.next!, col, value));
      }
      items.push({ start, key: scalar, sep, value });
      line = next!;
      if (next === undefined) break;
      const nl = this.lines[next]!;
      if (nl.indent > col) unsupported();
      if (nl.indent < col) break;
      if (this.isSequenceItem(nl, col)) unsupported();
      start = open ?? [];
      open = undefined;
    }
    return { token: { type: 'block-map', offset: this.lines[i]!.start + col, indent: col, items }, next: line, open: handOn(items, open, col) };
  }

  /** A block sequence whose first `-` is on line i at column col. */
  private sequence(i: number, col: number): Result<CST.BlockSequence> {
    const items: CST.BlockSequence['items'] = [];
    let line = i;
    let start: CST.SourceToken[] = [];
    let open: CST.SourceToken[] | undefined;
    for (;;) {
      const ln = this.lines[line]!;
      const dash = ln.start + col;
      start.push(token('seq-item-ind', dash, col, '-'));
      if (dash + 1 === ln.end) unsupported(); // `-` with its value below
      const gap = this.spacesAt(dash + 1, ln.end);
      start.push(token('space', dash + 1, col + 1, spaces(gap)));
      const at = dash + 1 + gap;
      const valueCol = col + 1 + gap;
      let value: CST.Token;
      let next: number | undefined;
      if (at === ln.end || this.isSequenceItem(ln, valueCol)) unsupported();
      if (this.key(line, at, valueCol)) {
        const map = this.mapping(line, valueCol);
        value = map.token;
        next = map.next;
        open = map.open;
      } else {
        const inline = this.inlineValue(line, at, valueCol, col);
        if (inline.token.type === 'block-scalar') unsupported();
        value = inline.token;
        ({ open, next } = this.afterValue(inline.next!, col, value));
      }
      items.push({ start, value });
      line = next!;
      if (next === undefined) break;
      const nl = this.lines[next]!;
      if (nl.indent > col) unsupported();
      if (nl.indent < col || !this.isSequenceItem(nl, col)) break;
      start = open ?? [];
      open = undefined;
    }
    return { token: { type: 'block-seq', offset: this.lines[i]!.start + col, indent: col, items }, next: line, open: handOn(items, open, col) };
  }

  /** The block collection that starts on line i at column col. */
  private block(i: number, col: number): Result<CST.BlockMap | CST.BlockSequence> {
    const ln = this.lines[i]!;
    if (this.isSequenceItem(ln, col)) return this.sequence(i, col);
    if (!this.key(i, ln.start + col, col)) unsupported(); // a scalar on the line below its key
    return this.mapping(i, col);
  }

  /** A one-line key followed by `:` and a space or the line's end at offset `at`; undefined when the text there
   *  is no key (a scalar value). */
  private key(i: number, at: number, indent: number): { scalar: CST.FlowScalar; colon: number } | undefined {
    const t = this.text;
    const ln = this.lines[i]!;
    const c = t[at]!;
    if (c === '"' || c === "'") {
      const close = quoteEnd(this, i, at)?.to;
      if (close === undefined || t.charCodeAt(close) !== 58 /* : */) return undefined;
      if (close + 1 !== ln.end && t.charCodeAt(close + 1) !== 32) unsupported();
      const type = c === '"' ? 'double-quoted-scalar' : 'single-quoted-scalar';
      return { scalar: { type, offset: at, indent, source: t.slice(at, close) }, colon: close };
    }
    let colon = t.indexOf(':', at);
    while (colon >= 0 && colon < ln.end && colon + 1 !== ln.end && t.charCodeAt(colon + 1) !== 32) colon = t.indexOf(':', colon + 1);
    if (colon < 0 || colon >= ln.end) return undefined;
    if (INDICATOR.has(c)) unsupported();
    const source = t.slice(at, colon);
    if (source.endsWith(' ') || source.includes(' #')) unsupported();
    return { scalar: { type: 'scalar', offset: at, indent, source }, colon };
  }

  /** The tokens of the rest of a line from `from` when it holds no value: nothing, or spaces and a comment
   *  (undefined when a value is there). */
  private lineComment(ln: Line, from: number, indent: number): CST.SourceToken[] | undefined {
    if (from === ln.end) return [];
    const gap = this.spacesAt(from, ln.end);
    if (from + gap === ln.end) unsupported(); // trailing spaces
    if (gap === 0 || this.text.charCodeAt(from + gap) !== 35 /* # */) return undefined;
    if (this.text.charCodeAt(ln.end - 1) === 32) unsupported();
    return [token('space', from, indent, spaces(gap)), token('comment', from + gap, indent, this.text.slice(from + gap, ln.end))];
  }

  /** The line end after a value that ends at `to` on line ln: a comment, then the line break. */
  private valueEnd(ln: Line, to: number, indent: number): CST.SourceToken[] | undefined {
    const end = this.lineComment(ln, to, indent);
    if (!end) unsupported();
    if (ln.hasBreak) end!.push(token('newline', ln.end, indent, '\n'));
    return end!.length > 0 ? end : undefined;
  }

  /** A value that starts at `at` on line i, in a collection at column `parent`: a plain or quoted scalar (on
   *  one line or more), `{}` or `[]`, a flow sequence of scalars on one line (block-flow.ts), or a block scalar. */
  private inlineValue(i: number, at: number, indent: number, parent: number): Result<CST.Token> {
    const t = this.text;
    const ln = this.lines[i]!;
    const c = t[at]!;
    if (c === '|' || c === '>') return blockScalar(this, i, at, indent);
    if ((c === '{' || c === '[') && at + 2 === ln.end) {
      const open = c === '{';
      if (t[at + 1] !== (open ? '}' : ']')) unsupported();
      const closing = token(open ? 'flow-map-end' : 'flow-seq-end', at + 1, indent, open ? '}' : ']');
      const end = ln.hasBreak ? [closing, token('newline', ln.end, indent, '\n')] : [closing];
      const start = token(open ? 'flow-map-start' : 'flow-seq-start', at, indent, c);
      return { token: { type: 'flow-collection', offset: at, indent, start, items: [], end }, next: i + 1 };
    }
    if (c === '[') return { token: flowSequence(t, ln, at, indent), next: i + 1 };
    let type: CST.FlowScalar['type'] = 'scalar';
    if (c === '"') type = 'double-quoted-scalar';
    else if (c === "'") type = 'single-quoted-scalar';
    // `-` may start a plain scalar when no space follows it (`--flag`, `-1`).
    else if (INDICATOR.has(c) && !(c === '-' && at + 1 < ln.end && t.charCodeAt(at + 1) !== 32)) unsupported();
    const { to, line } = type === 'scalar' ? plainEnd(this, i, at, parent) : quoteEnd(this, i, at, parent)!;
    const scalar: CST.FlowScalar = { type, offset: at, indent, source: t.slice(at, to) };
    const end = this.valueEnd(this.lines[line]!, to, indent);
    if (end) scalar.end = end;
    return { token: scalar, next: line + 1 };
  }

  private spacesAt(from: number, end: number): number {
    let n = 0;
    while (from + n < end && this.text.charCodeAt(from + n) === 32) n++;
    return n;
  }
}

/** A token of a piece of the text, its offsets (and those of everything in it) moved by `by`. */
function shifted<T>(node: T, by: number): T {
  if (Array.isArray(node)) for (const item of node) shifted(item, by);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (typeof o['offset'] === 'number') o['offset'] += by;
    for (const key in o) if (key !== 'offset' && o[key] && typeof o[key] === 'object') shifted(o[key], by);
  }
  return node;
}
