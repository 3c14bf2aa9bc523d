// A fast path for the most common shape of Kubernetes YAML: block mappings and sequences of one-line scalars,
// indented with spaces, in documents split by bare `---` lines. For such a document this builds the same CST
// tokens as the `yaml` package's Parser, in one pass over its lines instead of the package's
// character-by-character lexer; the package's Composer then turns the tokens into documents as usual. A document
// of any other shape (comments, blank lines, block scalars, anchors, tags, flow collections other than `{}` and
// `[]`, multi-line scalars, empty values, anything the parser would call an error) is handed to the package's
// Parser alone, from its `---` line to the next: a document this module reads ends on a clean line, so the
// package reads the next one as it would within the whole text. Texts with tabs, CRs, a byte order mark, `...`
// or `%` lines are left to the package whole. tests/engine/block-cst.test.ts compares the tokens with the
// package's on inline texts, the corpus, generated streams and seeded mutations of them.
import { Parser, type CST } from 'yaml';

interface Line {
  start: number;
  /** Offset of the line break (or of the end of the text on a last line without one). */
  end: number;
  /** Leading spaces. */
  indent: number;
  hasBreak: boolean;
}

/** Thrown (and caught in BlockReader.tokens) where a document leaves the shape this module reads. */
class Unsupported extends Error {}

const unsupported = (): never => {
  throw new Unsupported();
};

/** Thrown (and caught in blockCst) where the package's reading of a document alone is not what this module expects. */
class LeaveToPackage extends Error {}

/** Characters a plain scalar may not start with (YAML's indicators). `-`, `?` and `:` are refused too. */
const INDICATOR = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);

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

type Result<T> = { token: T; next: number };

class BlockReader {
  private readonly lines: Line[] = [];

  constructor(private readonly text: string) {
    for (let start = 0; start < text.length; ) {
      const nl = text.indexOf('\n', start);
      const end = nl < 0 ? text.length : nl;
      let indent = 0;
      while (start + indent < end && text.charCodeAt(start + indent) === 32) indent++;
      this.lines.push({ start, end, indent, hasBreak: nl >= 0 });
      start = end + 1;
    }
  }

  /** Emits every document's tokens; true when some were read by the package's Parser. */
  tokens(emit: (token: CST.Token) => void): boolean {
    let mixed = false;
    for (let i = 0; i < this.lines.length; ) {
      const end = this.nextDocumentStart(i);
      let doc: CST.Document | undefined;
      try {
        doc = this.document(i, end);
      } catch (err) {
        // A document nested too deeply for this reader's recursion goes to the package too, which reports it.
        if (!(err instanceof Unsupported) && !(err instanceof RangeError)) throw err;
      }
      if (doc) emit(doc);
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

  /** The document of lines i to end (exclusive): a `---` line (only the first document may lack one), then one
   *  block collection, or nothing. */
  private document(i: number, end: number): CST.Document {
    const line = this.lines[i]!;
    const start: CST.SourceToken[] = [];
    if (this.isDocumentStart(i)) {
      if (line.end !== line.start + 3) unsupported();
      start.push(token('doc-start', line.start, 0, '---'));
      if (line.hasBreak) start.push(token('newline', line.end, 0, '\n'));
      i++;
    }
    // `---` and nothing else: an empty document (the incremental check ends a document's text so).
    if (i === end) return { type: 'document', offset: line.start, start };
    const first = this.contentLine(i);
    if (first.indent !== 0) unsupported();
    const value = this.isSequenceItem(first, 0) ? this.sequence(i, 0) : this.mapping(i, 0);
    if (value.next !== end) unsupported();
    return { type: 'document', offset: line.start, start, value: value.token };
  }

  /** The package's tokens of lines i to end (exclusive), read alone and moved to where they are in the text. The
   *  next document's `---` is read too, so that the package ends this document as it does within the whole text
   *  (it drops the blank lines after an empty value there, say), and the document it starts is dropped. */
  private packageTokens(i: number, end: number, emit: (token: CST.Token) => void): void {
    const from = this.lines[i]!.start;
    const last = end === this.lines.length;
    const to = last ? this.text.length : this.lines[end]!.start;
    const tokens = [...new Parser().parse(this.text.slice(from, to) + (last ? '' : '---'))];
    if (!last) {
      const next = tokens.pop();
      if (next?.type !== 'document' || next.offset !== to - from || next.value !== undefined) throw new LeaveToPackage();
    }
    for (const t of tokens) emit(from === 0 ? t : shifted(t, from));
  }

  /** A line with content (blank and comment lines are not read here). */
  private contentLine(i: number): Line {
    const line = this.lines[i]!;
    if (line.start + line.indent === line.end || this.text.charCodeAt(line.start + line.indent) === 35 /* # */) unsupported();
    return line;
  }

  private isDocumentStart(i: number): boolean {
    const line = this.lines[i]!;
    return this.text.startsWith('---', line.start) && (line.end === line.start + 3 || this.text.charCodeAt(line.start + 3) === 32);
  }

  /** Whether the line has a sequence item indicator (`- ` or a lone `-`) at column col. */
  private isSequenceItem(line: Line, col: number): boolean {
    const at = line.start + col;
    return this.text.charCodeAt(at) === 45 /* - */ && (at + 1 === line.end || this.text.charCodeAt(at + 1) === 32);
  }

  /** The line after a finished node, which must have content; undefined at a `---` line or the end of the text. */
  private after(i: number): number | undefined {
    if (i >= this.lines.length || this.isDocumentStart(i)) return undefined;
    this.contentLine(i);
    return i;
  }

  /** A block mapping whose first key is on line i at column col. */
  private mapping(i: number, col: number): Result<CST.BlockMap> {
    const items: CST.BlockMap['items'] = [];
    let line = i;
    for (;;) {
      const ln = this.lines[line]!;
      const start = items.length > 0 && col > 0 ? [token('space', ln.start, 0, spaces(col))] : [];
      const keyAt = ln.start + col;
      const key = this.key(ln, keyAt, col);
      if (!key) unsupported();
      const { scalar, colon } = key!;
      const sep: CST.SourceToken[] = [token('map-value-ind', colon, col, ':')];
      let value: CST.Token;
      if (colon + 1 === ln.end) {
        // The value is the block below: deeper, or a sequence at the key's own column.
        if (!ln.hasBreak) unsupported();
        sep.push(token('newline', ln.end, col, '\n'));
        const below = this.after(line + 1);
        if (below === undefined) unsupported();
        const next = this.lines[below!]!;
        const seqHere = next.indent === col && this.isSequenceItem(next, col);
        if (next.indent <= col && !seqHere) unsupported();
        if (next.indent > 0) sep.push(token('space', next.start, 0, spaces(next.indent)));
        const nested = this.block(below!, next.indent);
        value = nested.token;
        line = nested.next;
      } else {
        const gap = this.spacesAt(colon + 1, ln.end);
        if (colon + 1 + gap === ln.end) unsupported(); // trailing spaces
        sep.push(token('space', colon + 1, col, spaces(gap)));
        value = this.inlineValue(ln, colon + 1 + gap, col);
        line = line + 1;
      }
      items.push({ start, key: scalar, sep, value });
      const next = this.after(line);
      if (next === undefined) break;
      const nl = this.lines[next]!;
      if (nl.indent > col) unsupported();
      if (nl.indent < col) break;
      if (this.isSequenceItem(nl, col)) unsupported();
    }
    return { token: { type: 'block-map', offset: this.lines[i]!.start + col, indent: col, items }, next: line };
  }

  /** A block sequence whose first `-` is on line i at column col. */
  private sequence(i: number, col: number): Result<CST.BlockSequence> {
    const items: CST.BlockSequence['items'] = [];
    let line = i;
    for (;;) {
      const ln = this.lines[line]!;
      const dash = ln.start + col;
      const start = items.length > 0 && col > 0 ? [token('space', ln.start, 0, spaces(col))] : [];
      start.push(token('seq-item-ind', dash, col, '-'));
      if (dash + 1 === ln.end) unsupported(); // `-` with its value below
      const gap = this.spacesAt(dash + 1, ln.end);
      start.push(token('space', dash + 1, col + 1, spaces(gap)));
      const at = dash + 1 + gap;
      const valueCol = col + 1 + gap;
      let value: CST.Token;
      if (at === ln.end || this.isSequenceItem(ln, valueCol)) unsupported();
      if (this.key(ln, at, valueCol)) {
        const map = this.mapping(line, valueCol);
        value = map.token;
        line = map.next;
      } else {
        value = this.inlineValue(ln, at, valueCol);
        line = line + 1;
      }
      items.push({ start, value });
      const next = this.after(line);
      if (next === undefined) break;
      const nl = this.lines[next]!;
      if (nl.indent > col) unsupported();
      if (nl.indent < col || !this.isSequenceItem(nl, col)) break;
    }
    return { token: { type: 'block-seq', offset: this.lines[i]!.start + col, indent: col, items }, next: line };
  }

  /** The block collection that starts on line i at column col. */
  private block(i: number, col: number): Result<CST.BlockMap | CST.BlockSequence> {
    const ln = this.lines[i]!;
    if (this.isSequenceItem(ln, col)) return this.sequence(i, col);
    if (!this.key(ln, ln.start + col, col)) unsupported(); // a scalar on the line below its key
    return this.mapping(i, col);
  }

  /** A one-line key followed by `:` and a space or the line's end at offset `at`; undefined when the text there
   *  is no key (a scalar value). */
  private key(ln: Line, at: number, indent: number): { scalar: CST.FlowScalar; colon: number } | undefined {
    const t = this.text;
    const c = t[at]!;
    if (c === '"' || c === "'") {
      const close = this.quoteEnd(ln, at);
      if (t.charCodeAt(close) !== 58 /* : */) return undefined;
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

  /** A value that fills the rest of the line from `at`: a plain or quoted scalar, `{}` or `[]`. */
  private inlineValue(ln: Line, at: number, indent: number): CST.Token {
    const t = this.text;
    const c = t[at]!;
    const end = ln.hasBreak ? [token('newline', ln.end, indent, '\n')] : undefined;
    if ((c === '{' || c === '[') && at + 2 === ln.end) {
      const open = c === '{';
      if (t[at + 1] !== (open ? '}' : ']')) unsupported();
      const closing = token(open ? 'flow-map-end' : 'flow-seq-end', at + 1, indent, open ? '}' : ']');
      return {
        type: 'flow-collection',
        offset: at,
        indent,
        start: token(open ? 'flow-map-start' : 'flow-seq-start', at, indent, c),
        items: [],
        end: end ? [closing, ...end] : [closing],
      };
    }
    let scalar: CST.FlowScalar;
    if (c === '"' || c === "'") {
      const close = this.quoteEnd(ln, at);
      if (close !== ln.end) unsupported();
      scalar = { type: c === '"' ? 'double-quoted-scalar' : 'single-quoted-scalar', offset: at, indent, source: t.slice(at, close) };
    } else {
      // `-` may start a plain scalar when no space follows it (`--flag`, `-1`).
      if (INDICATOR.has(c) && !(c === '-' && at + 1 < ln.end && t.charCodeAt(at + 1) !== 32)) unsupported();
      const source = t.slice(at, ln.end);
      if (source.includes(': ') || source.includes(' #') || source.endsWith(':') || source.endsWith(' ')) unsupported();
      scalar = { type: 'scalar', offset: at, indent, source };
    }
    if (end) scalar.end = end;
    return scalar;
  }

  /** The offset just after the quote that closes the quoted scalar opened at `at`, on the same line. */
  private quoteEnd(ln: Line, at: number): number {
    const t = this.text;
    const q = t[at];
    for (let i = at + 1; i < ln.end; i++) {
      const c = t[i];
      if (q === '"' && c === '\\') {
        i++;
        continue;
      }
      if (c !== q) continue;
      if (q === "'" && t[i + 1] === "'") {
        i++;
        continue;
      }
      return i + 1;
    }
    return unsupported();
  }

  private spacesAt(from: number, end: number): number {
    let n = 0;
    while (from + n < end && this.text.charCodeAt(from + n) === 32) n++;
    return n;
  }
}

const SPACES: string[] = [];
/** n spaces (one string per length, not one per token). */
function spaces(n: number): string {
  return (SPACES[n] ??= ' '.repeat(n));
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

function token(type: CST.SourceToken['type'], offset: number, indent: number, source: string): CST.SourceToken {
  return { type, offset, indent, source };
}
