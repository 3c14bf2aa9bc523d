// A file cut at its `---` lines into one piece per YAML document, and pieces joined back into one text with
// line maps. Documents are cut only at LF lines; a text with a lone CR (a line break for kubectl and the parser,
// parse/kubectl-lexical.ts) is not cut. Lines are counted by LSP rules (LF, CR LF and a lone CR each end a line).
import { lineCount, lineStartAt, lineStarts, positionIn } from '../line-index';
import { VERSION_DIRECTIVE_MAX_LINE } from '../directives';
import { hasTemplateBlock } from '../parse/templates';
import type { LineMap } from './line-map';

/** One YAML document's text and the file line it starts on. */
export interface Piece {
  text: string;
  line: number;
}

const SEPARATOR = /^---(?:[ \t\r\n]|$)/;

/** Pieces of one YAML document each, or undefined when the file must be checked whole: where the cut is unsure
 *  (`...` markers, `%` directives, a template block, a version comment below the first lines). */
export function splitDocuments(text: string): Piece[] | undefined {
  if (/^(?:\.\.\.|%)/m.test(text)) return undefined;
  // A lone CR ends a line for the parser too (kubectl's reading, parse/kubectl-lexical.ts): such a rare file is
  // checked whole rather than cut by a second set of line rules.
  if (/\r(?!\n)/.test(text)) return undefined;
  // A template block (`{{- range }}` … `{{- end }}`) may span documents: the engine decides over the whole file.
  if (hasTemplateBlock(text)) return undefined;
  // A version comment is read from the file's first lines only (directives.ts): one further down must not count.
  if (/#\s*kubegate\s*:/.test(text.slice(lineStartAt(text, VERSION_DIRECTIVE_MAX_LINE)))) return undefined;
  const pieces: Piece[] = [];
  let start = 0;
  let startLine = 0;
  let line = 0;
  let pos = 0;
  // With a CR in the text a lone CR also ends a line (LSP rules): lines are then read from the line table.
  const starts = text.includes('\r') ? lineStarts(text) : undefined;
  for (;;) {
    const nl = text.indexOf('\n', pos);
    if (pos > 0 && SEPARATOR.test(text.slice(pos, pos + 4))) {
      pieces.push({ text: text.slice(start, pos), line: startLine });
      start = pos;
      startLine = starts ? positionIn(starts, text.length, pos).line : line;
    }
    if (nl < 0) break;
    line++;
    pos = nl + 1;
  }
  pieces.push({ text: text.slice(start), line: startLine });
  // Comments and blank lines (a line may start with a byte order mark) before the first `---` belong to the first
  // document: the parser makes no document of them, and piece i must be document i.
  if (pieces.length > 1 && !SEPARATOR.test(pieces[0].text) && /^(?:\uFEFF?[ \t]*(?:#[^\n\r]*)?(?:\r\n|\n|\r|$))*$/.test(pieces[0].text)) {
    pieces[1] = { text: pieces[0].text + pieces[1].text, line: 0 };
    pieces.shift();
  }
  return pieces;
}

/** A text made of pieces (each starting on a new line, a `---` put before any piece that lacks one; that line
 *  maps to the piece's first line, where the document starts in the file). One line map per piece. `followed`:
 *  the last piece is followed by another document in the file, so a `---` line ends the text (unmapped): the
 *  parser may read the end of a document differently before a `---` (e.g. a key with no value, then a line of a
 *  tab, is a syntax error only there). */
export function joinPieces(list: Piece[], followed = false): { text: string; maps: LineMap[] } {
  // Parts joined once at the end: testing the end of a growing string flattens it each time (quadratic).
  const parts: string[] = [];
  let empty = true;
  let endsWithNewline = false;
  let line = 0;
  const maps: LineMap[] = [];
  for (const p of list) {
    const map: LineMap = [];
    if (!empty && !endsWithNewline) parts.push('\n');
    if (!empty && !isSeparatorStart(p.text)) {
      parts.push('---\n');
      map.push([line, 1, p.line]);
      line++;
    }
    const count = lineCount(p.text);
    map.push([line, count, p.line]);
    maps.push(map);
    parts.push(p.text);
    if (p.text !== '') {
      empty = false;
      endsWithNewline = p.text.endsWith('\n');
    } else if (!empty) endsWithNewline = true;
    line += count - 1;
  }
  if (followed && !empty) parts.push(endsWithNewline ? '---\n' : '\n---\n');
  return { text: parts.join(''), maps };
}

function isSeparatorStart(text: string): boolean {
  return SEPARATOR.test(text.slice(0, 4));
}

/** The last piece starting at or before `line` (-1 when none), by binary search. */
export function pieceOfLine(pieces: Piece[], line: number): number {
  let lo = 0;
  let hi = pieces.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pieces[mid].line <= line) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
