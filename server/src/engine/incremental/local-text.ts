// A smaller text for requests about one place of a large file (hover, inlay hints): the YAML documents that
// the request touches plus the file's own gate config documents, with line maps both ways. The engine then
// works on a few documents instead of the whole file. Small files are used whole.
import type { Position, Range } from '../base/types';
import { mapLine, type LineMap } from './line-map';
import { joinPieces, splitDocuments, type Piece } from './pieces';

/** Below this many characters the whole file is used. */
const SMALL_FILE_CHARS = 4_000;

interface LocalText {
  text: string;
  /** File position → local position (undefined outside the kept documents). */
  toLocal(p: Position): Position | undefined;
  /** Local range → file range (undefined for a range in a line the file does not have). */
  toFile(r: Range): Range | undefined;
}

function identity(text: string): LocalText {
  return { text, toLocal: (p) => p, toFile: (r) => r };
}

/** The documents of `text` that overlap `lines` (inclusive, 0-based), and those `isConfig` keeps. `cut`: the
 *  text's pieces when the caller has them (an open document's snapshot), else the text is cut here. */
export function localText(text: string, lines: { from: number; to: number }, isConfig: (text: string) => boolean, cut?: () => Piece[] | undefined): LocalText {
  if (text.length < SMALL_FILE_CHARS) return identity(text);
  const pieces = cut ? cut() : splitDocuments(text);
  if (!pieces || pieces.length < 2) return identity(text);
  const kept = pieces.filter((p, i) => {
    const end = i + 1 < pieces.length ? pieces[i + 1].line : Number.MAX_SAFE_INTEGER;
    return (p.line <= lines.to && end > lines.from) || isConfig(p.text);
  });
  const joined = joinPieces(kept);
  const localMap = joined.maps.flat();
  // The inverse, without the `---` lines joinPieces inserts (an entry followed by one for the same file line).
  const fileMap: LineMap = localMap
    .filter((e, i) => !(localMap[i + 1] && localMap[i + 1][2] === e[2]))
    .map(([from, count, to]) => [to, count, from]);
  return {
    text: joined.text,
    toLocal: (p) => {
      const line = mapLine(fileMap, p.line);
      return line === undefined ? undefined : { line, character: p.character };
    },
    toFile: (r) => {
      const s = mapLine(localMap, r.start.line);
      const e = mapLine(localMap, r.end.line);
      return s === undefined || e === undefined ? undefined : { start: { line: s, character: r.start.character }, end: { line: e, character: r.end.character } };
    },
  };
}
