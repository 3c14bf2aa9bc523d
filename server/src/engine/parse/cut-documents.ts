// The one place a text is cut into YAML documents at its `---` lines (`---` at the start of a line, then a blank, a
// line end or the end of the text), without the parser: the incremental check and the requests about one document
// (incremental/pieces.ts), config discovery in large files (gates/config-readers.ts) and the template-document bound
// (parseFile.ts). Lines end at an LF (a CR LF ends at its LF). A text with a lone CR, which ends a line for the
// parser too (kubectl-lexical.ts), is not cut (or is handed over with its lone CRs made LFs), so line numbers here
// are the ones LSP and the parser count.
import { hasKubectlOnlyBreak } from './kubectl-lexical';

/** One YAML document's text and the file line it starts on. */
export interface Piece {
  text: string;
  line: number;
}

/** Whether the line starting at `at` is a document marker line. */
function markerAt(text: string, at: number): boolean {
  if (!text.startsWith('---', at)) return false;
  const c = text.charCodeAt(at + 3);
  return Number.isNaN(c) || c === 32 || c === 9 || c === 13 || c === 10;
}

/** Offsets of the document marker lines from `from` (a line start) on, in order. */
export function documentMarkers(text: string, from = 0): number[] {
  const out: number[] = [];
  for (let pos = from; ; ) {
    if (markerAt(text, pos)) out.push(pos);
    const nl = text.indexOf('\n', pos);
    if (nl < 0) return out;
    pos = nl + 1;
  }
}

/** The text cut before each `---` line but the first line, with the line each piece starts on; undefined where
 *  a plain cut is unsafe: a `...` (document end) or `%` (directive) line, a lone CR, NEL, LS or PS (a line
 *  break for the parser that LSP does not count, kubectl-lexical.ts). Comments and blank lines
 *  (a line may start with a byte order mark) before the first `---` belong to the first document, as the parser
 *  makes no document of them: piece i is the parser's document i. */
export function cutDocuments(text: string): Piece[] | undefined {
  if (/^(?:\.\.\.|%)/m.test(text)) return undefined;
  if (text.includes('\r') && /\r(?!\n)/.test(text)) return undefined;
  if (hasKubectlOnlyBreak(text)) return undefined;
  const pieces: Piece[] = [];
  let start = 0;
  let startLine = 0;
  let line = 0;
  for (let pos = 0; ; ) {
    if (pos > 0 && markerAt(text, pos)) {
      pieces.push({ text: text.slice(start, pos), line: startLine });
      start = pos;
      startLine = line;
    }
    const nl = text.indexOf('\n', pos);
    if (nl < 0) break;
    line++;
    pos = nl + 1;
  }
  pieces.push({ text: text.slice(start), line: startLine });
  if (pieces.length > 1 && !markerAt(pieces[0]!.text, 0) && /^(?:\uFEFF?[ \t]*(?:#[^\n\r]*)?(?:\r\n|\n|\r|$))*$/.test(pieces[0]!.text)) {
    pieces[1] = { text: pieces[0]!.text + pieces[1]!.text, line: 0 };
    pieces.shift();
  }
  return pieces;
}
