// A file cut at its `---` lines into one piece per YAML document (parse/cut-documents.ts), where the incremental
// check may walk each piece on its own (walks.ts), and pieces joined back into one text with line maps (requests
// about a few documents of a large file: local-text.ts, hover). Lines are counted by LSP rules (LF, CR LF and a
// lone CR each end a line).
import { lineCount, lineStartAt } from '../base/line-index';
import { VERSION_DIRECTIVE_MAX_LINE } from '../check/directives';
import { cutDocuments, type Piece } from '../parse/cut-documents';
import { hasTemplateBlock } from '../parse/templates';
import type { LineMap } from './line-map';

export type { Piece };

const SEPARATOR = /^---(?:[ \t\r\n]|$)/;

/** Pieces of one YAML document each, or undefined when the file must be checked whole: where the cut is unsure
 *  (`...` markers, `%` directives, a lone CR: cutDocuments), a template block, a version comment below the first
 *  lines. */
export function splitDocuments(text: string): Piece[] | undefined {
  // A template block (`{{- range }}` … `{{- end }}`) may span documents: the engine decides over the whole file.
  if (hasTemplateBlock(text)) return undefined;
  // A version comment is read from the file's first lines only (directives.ts): one further down must not count.
  if (/#\s*kubegate\s*:/.test(text.slice(lineStartAt(text, VERSION_DIRECTIVE_MAX_LINE)))) return undefined;
  return cutDocuments(text);
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
