// Offsets in a text ↔ 0-based LSP positions (UTF-16 code units, as JavaScript strings count), lines of a text,
// and edits applied to a text. A line ends at LF, CR LF or a lone CR, as LSP counts lines and as the parsed
// file's LineCounter does (parse/parseFile.ts), so positions of findings and of these helpers agree.
import type { Position, Range } from './types';

/** Offsets where each line starts. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  if (!text.includes('\r')) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/** Number of lines of a text (one more than its line breaks), without building a line table. */
export function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  if (text.includes('\r')) for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) n++;
  return n;
}

/** Offset where line `line` (0-based) starts; the text's length when it has fewer lines. Reads no further. */
export function lineStartAt(text: string, line: number): number {
  if (line <= 0) return 0;
  let found = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) && ++found === line) return i + 1;
  }
  return text.length;
}

/** The lines of a text without their line breaks. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Position of an offset (clamped to the text) in a line table of a text of `length` characters. */
function positionIn(starts: readonly number[], length: number, offset: number): Position {
  const o = Math.max(0, Math.min(offset, length));
  const line = lineAtOffset(starts, o);
  return { line, character: o - starts[line]! };
}

/** The last line of a line table (`starts[0]` is 0) starting at or before offset `o`, by binary search. */
export function lineAtOffset(starts: readonly number[], o: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= o) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Offset of a position in a line table: clamped to the text, and a character past its line to the next line's start. */
export function offsetIn(starts: readonly number[], length: number, pos: Position): number {
  if (pos.line >= starts.length) return length;
  const lineStart = starts[Math.max(0, pos.line)] ?? 0;
  const next = pos.line + 1 < starts.length ? starts[pos.line + 1]! : length;
  return Math.min(lineStart + Math.max(0, pos.character), next);
}

/** A text with its line table, for several conversions over the same text. */
export class LineIndex {
  readonly starts: readonly number[];

  /** `starts`: the text's line table when the caller has it (a parsed file's), else it is built here. */
  constructor(
    readonly text: string,
    starts?: readonly number[],
  ) {
    this.starts = starts ?? lineStarts(text);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): Position {
    return positionIn(this.starts, this.text.length, offset);
  }

  offsetAt(pos: Position): number {
    return offsetIn(this.starts, this.text.length, pos);
  }

  rangeAt(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  /** The text of a line without its line break ('' past the last line). */
  lineText(line: number): string {
    if (line < 0 || line >= this.starts.length) return '';
    const start = this.starts[line]!;
    const end = line + 1 < this.starts.length ? this.starts[line + 1]! : this.text.length;
    return this.text.slice(start, end).replace(/\r?\n$|\r$/, '');
  }
}

export function positionAt(text: string, offset: number): Position {
  return new LineIndex(text).positionAt(offset);
}

export function offsetAt(text: string, pos: Position): number {
  return new LineIndex(text).offsetAt(pos);
}

/** Applies non-overlapping offset edits; inserts at one offset keep their array order in the result (as in LSP). */
export function applyOffsetEdits(text: string, edits: readonly { start: number; end: number; newText: string }[]): string {
  const sorted = edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.start - a.start || b.i - a.i);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

/** Applies LSP-style range edits. */
export function applyRangeEdits(text: string, edits: readonly { range: Range; newText: string }[]): string {
  const index = new LineIndex(text);
  return applyOffsetEdits(
    text,
    edits.map((e) => ({ start: index.offsetAt(e.range.start), end: index.offsetAt(e.range.end), newText: e.newText })),
  );
}
