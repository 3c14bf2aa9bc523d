// Offsets in the text ↔ 0-based LSP positions (UTF-16 code units, like JavaScript strings).
import type { LineCounter } from 'yaml';
import type { Position, Range } from '../types';

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

/** Character offset of a 0-based position (clamped to the text). */
export function offsetAt(lineCounter: LineCounter, text: string, pos: Position): number {
  const starts = lineCounter.lineStarts;
  if (pos.line >= starts.length) return text.length;
  const lineStart = starts[Math.max(0, pos.line)] ?? 0;
  const nextStart = pos.line + 1 < starts.length ? starts[pos.line + 1] : text.length;
  return Math.min(lineStart + Math.max(0, pos.character), nextStart);
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
