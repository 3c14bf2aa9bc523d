// Offsets ↔ LSP positions and line helpers over raw text. Positions count UTF-16 code units (JS string indices).
import type { Position, Range } from '../types';

/** Character offsets where each line starts (a line ends at '\n'; '\r' stays part of the line). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

export function positionAt(text: string, offset: number, starts = lineStarts(text)): Position {
  const o = Math.max(0, Math.min(offset, text.length));
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= o) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: o - starts[lo] };
}

export function offsetAt(text: string, pos: Position, starts = lineStarts(text)): number {
  if (pos.line >= starts.length) return text.length;
  const lineStart = starts[Math.max(0, pos.line)];
  const next = pos.line + 1 < starts.length ? starts[pos.line + 1] : text.length;
  return Math.min(lineStart + Math.max(0, pos.character), next);
}

export function rangeOf(text: string, start: number, end: number): Range {
  const starts = lineStarts(text);
  return { start: positionAt(text, start, starts), end: positionAt(text, end, starts) };
}

export function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just after the '\n' ending the line that holds `offset` (text length on the last line). */
export function lineEndAfter(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

/** Column of an offset (characters since the start of its line). */
export function columnOf(text: string, offset: number): number {
  return offset - lineStartOf(text, offset);
}

/** True when only spaces precede `offset` on its line. */
export function startsLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStartOf(text, offset), offset));
}

/** The line break the file uses ("\r\n" when its first line break is one). */
export function eolOf(text: string): string {
  const nl = text.indexOf('\n');
  return nl > 0 && text[nl - 1] === '\r' ? '\r\n' : '\n';
}

/** Apply non-overlapping offset edits to a text (used to preview and by tests). */
export function applyOffsetEdits(text: string, edits: { start: number; end: number; newText: string }[]): string {
  // Applied from the end; inserts at one offset keep their array order in the result (as in LSP).
  const sorted = edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.start - a.start || b.i - a.i);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

/** Apply LSP-style range edits to a text. */
export function applyRangeEdits(text: string, edits: { range: Range; newText: string }[]): string {
  const starts = lineStarts(text);
  return applyOffsetEdits(
    text,
    edits.map((e) => ({ start: offsetAt(text, e.range.start, starts), end: offsetAt(text, e.range.end, starts), newText: e.newText })),
  );
}
