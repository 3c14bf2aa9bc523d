// Offsets in the text ↔ 0-based LSP positions through a parsed file's LineCounter (whose lines are base/line-index.ts's).
import type { LineCounter } from 'yaml';
import type { Position, Range } from '../base/types';
import { lineAtOffset, offsetIn } from '../base/line-index';

/** 0-based position of a character offset. */
export function positionAt(lineCounter: LineCounter, offset: number): Position {
  const o = Math.max(0, offset);
  const starts = lineCounter.lineStarts;
  // The parser's own answer where the table does not start at offset 0 (never for the engine's line counters).
  if (starts[0] !== 0) {
    const { line, col } = lineCounter.linePos(o);
    return { line: line - 1, character: col - 1 };
  }
  const line = lineAtOffset(starts, o);
  return { line, character: o - starts[line]! };
}

/** The range of two offsets. Called for most nodes of every check: an end on the start's line (most ranges) is
 *  found without a second search. */
export function rangeOf(lineCounter: LineCounter, start: number, end: number): Range {
  const s = positionAt(lineCounter, start);
  if (end <= start) return { start: s, end: s };
  const starts = lineCounter.lineStarts;
  const next = starts[s.line + 1];
  if (starts[0] === 0 && (next === undefined || next > end)) return { start: s, end: { line: s.line, character: end - starts[s.line]! } };
  return { start: s, end: positionAt(lineCounter, end) };
}

/** Character offset of a 0-based position (clamped to the text; base/line-index.ts offsetIn). */
export function offsetAt(lineCounter: LineCounter, text: string, pos: Position): number {
  return offsetIn(lineCounter.lineStarts, text.length, pos);
}

export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

export function sameRange(a: Range, b: Range): boolean {
  return comparePositions(a.start, b.start) === 0 && comparePositions(a.end, b.end) === 0;
}
