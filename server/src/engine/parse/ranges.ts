// Offsets in the text ↔ 0-based LSP positions through a parsed file's LineCounter (whose lines are line-index.ts's).
import type { LineCounter } from 'yaml';
import type { Position, Range } from '../types';
import { offsetIn } from '../line-index';

/** 0-based position of a character offset. */
export function positionAt(lineCounter: LineCounter, offset: number): Position {
  const { line, col } = lineCounter.linePos(Math.max(0, offset));
  return { line: line - 1, character: col - 1 };
}

export function rangeOf(lineCounter: LineCounter, start: number, end: number): Range {
  const s = positionAt(lineCounter, start);
  const e = end <= start ? s : positionAt(lineCounter, end);
  return { start: s, end: e };
}

/** Character offset of a 0-based position (clamped to the text; line-index.ts offsetIn). */
export function offsetAt(lineCounter: LineCounter, text: string, pos: Position): number {
  return offsetIn(lineCounter.lineStarts, text.length, pos);
}

/** Range of a yaml node (value part only, without trailing comments). */
export function nodeRange(
  lineCounter: LineCounter,
  node: { range?: [number, number, number] | null } | null | undefined,
  fallback: Range,
): Range {
  const r = node?.range;
  if (!r) return fallback;
  return rangeOf(lineCounter, r[0], r[1]);
}

export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

export function sameRange(a: Range, b: Range): boolean {
  return comparePositions(a.start, b.start) === 0 && comparePositions(a.end, b.end) === 0;
}
