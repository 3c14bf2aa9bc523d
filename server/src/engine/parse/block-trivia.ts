// The lines of a text as the block reader (block-cst.ts) sees them, and its blank and comment lines ("trivia")
// turned into the CST tokens the `yaml` package's Parser makes of them and placed where that Parser places them.
// The placement follows what the Parser does, measured on it (tests/engine/block-cst.test.ts compares the tokens):
// - between a key and the block below it, every such token goes to the key's separator;
// - after an item of a collection, the tokens open a new item that holds only them (its `start`), except that a
//   comment indented deeper than the collection, with only blank lines before it, joins the line end of a
//   one-line value above it (and the line breaks after it follow);
// - when the collection ends there, that item goes up to the collection around it, unless it holds a comment
//   indented as deep as the collection or deeper (a collection at column 0 hands everything on).
import type { CST } from 'yaml';

export interface Line {
  start: number;
  /** Offset of the line break (or of the end of the text on a last line without one). */
  end: number;
  /** Leading spaces. */
  indent: number;
  hasBreak: boolean;
}

/** Thrown (and caught in BlockReader.tokens) where a document leaves the shape the block reader reads. */
export class Unsupported extends Error {}

/** Characters a plain scalar may not start with (YAML's indicators). `-`, `?` and `:` are refused too (the
 *  readers allow `-` when a character of the scalar follows it). */
export const INDICATOR = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);

export const unsupported = (): never => {
  throw new Unsupported();
};

export function readLines(text: string): Line[] {
  const lines: Line[] = [];
  for (let start = 0; start < text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    let indent = 0;
    while (start + indent < end && text.charCodeAt(start + indent) === 32) indent++;
    lines.push({ start, end, indent, hasBreak: nl >= 0 });
    start = end + 1;
  }
  return lines;
}

export function token(type: CST.SourceToken['type'], offset: number, indent: number, source: string): CST.SourceToken {
  return { type, offset, indent, source };
}

const SPACES: string[] = [];
/** n spaces (one string per length, not one per token). */
export function spaces(n: number): string {
  return (SPACES[n] ??= ' '.repeat(n));
}

/** Blank and comment lines, then the indentation of the content line after them. */
interface Trivia {
  tokens: CST.SourceToken[];
  /** The content line after them; undefined at the end of the document. */
  next: number | undefined;
}

/** Whether line i holds content (not blank, not a comment). Lines of spaces alone, and comments that end in
 *  spaces, are not read. */
function isContent(text: string, line: Line): boolean {
  if (line.start + line.indent === line.end) {
    if (line.indent > 0) unsupported();
    return false;
  }
  if (text.charCodeAt(line.start + line.indent) !== 35 /* # */) return true;
  if (text.charCodeAt(line.end - 1) === 32) unsupported();
  return false;
}

/** The tokens of the trivia lines from line i up to `end` (the document's end, exclusive) or the first content
 *  line, whose leading spaces end them. */
export function triviaFrom(text: string, lines: readonly Line[], i: number, end: number): Trivia {
  const tokens: CST.SourceToken[] = [];
  for (; i < end; i++) {
    const ln = lines[i]!;
    const content = isContent(text, ln);
    if (ln.indent > 0) tokens.push(token('space', ln.start, 0, spaces(ln.indent)));
    if (content) return { tokens, next: i };
    if (ln.start === ln.end) {
      tokens.push(token('newline', ln.end, 0, '\n'));
      continue;
    }
    tokens.push(token('comment', ln.start + ln.indent, ln.indent, text.slice(ln.start + ln.indent, ln.end)));
    if (ln.hasBreak) tokens.push(token('newline', ln.end, ln.indent, '\n'));
  }
  return { tokens, next: undefined };
}

/**
 * Places trivia that follows an item of a collection at column `col` whose value ends with the line-end tokens
 * `valueEnd` (a one-line value's; undefined for others): tokens joining that line end are pushed to it, and the
 * item the rest opens is returned (undefined when there is none).
 */
export function afterItem(tokens: readonly CST.SourceToken[], col: number, valueEnd: CST.SourceToken[] | undefined): CST.SourceToken[] | undefined {
  let open: CST.SourceToken[] | undefined;
  for (const t of tokens) {
    if (t.type === 'newline' && !open && valueEnd && valueEnd[valueEnd.length - 1]!.type === 'comment') valueEnd.push(t);
    else if (t.type === 'comment' && open && valueEnd && t.indent > col && open.every(blankToken)) {
      for (const o of open) valueEnd.push(o);
      valueEnd.push(t);
      open = undefined;
    } else if (open) open.push(t);
    else open = [t];
  }
  return open;
}

const blankToken = (t: CST.SourceToken): boolean => t.type === 'newline' || t.type === 'space';

/** What a collection at column `col` that ends does with its open item: hands it to the collection around it
 *  (returned), or keeps it as its last item. */
export function handOn(items: { start: CST.SourceToken[] }[], open: CST.SourceToken[] | undefined, col: number): CST.SourceToken[] | undefined {
  if (!open) return undefined;
  if (col === 0 || open.every((t) => t.type !== 'comment' || t.indent < col)) return open;
  items.push({ start: open });
  return undefined;
}
