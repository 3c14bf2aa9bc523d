// Line helpers over raw text for YAML edits (a line ends at '\n'; '\r' stays part of it). Offsets ↔ positions and
// applying edits are base/line-index.ts's, re-exported here.
export { applyOffsetEdits, offsetAt, positionAt } from '../base/line-index';

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
