// Line maps between a text made of pieces of a file (pieces.ts joinPieces) and the file itself (local-text.ts).
import type { Range } from '../base/types';

/** Maps a line of a checked text back to the file: [first line in checked text, line count, file line]. */
export type LineMap = [number, number, number][];

/** The first entry that holds `line` (entries are in line order; a piece's last line may also be the next
 *  one's first), found by binary search: a map may have an entry per document of a 100 000-document file. */
export function mapLine(map: LineMap, line: number): number | undefined {
  let lo = 0;
  let hi = map.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (map[mid][0] + map[mid][1] > line) hi = mid;
    else lo = mid + 1;
  }
  const e = map[lo];
  return e && line >= e[0] ? e[2] + (line - e[0]) : undefined;
}

/** A range moved down by `lines` (up when negative). */
export function shiftRange(r: Range, lines: number): Range {
  return { start: { line: r.start.line + lines, character: r.start.character }, end: { line: r.end.line + lines, character: r.end.character } };
}
