// Where the scalars that the block reader (block-cst.ts) reads end: plain and quoted scalars, on one line or
// folded over several (the long descriptions and CEL rules of CRDs), and block scalars. Each function either finds
// the end the `yaml` package's Parser finds or refuses the document (`unsupported`), so that the package reads it.
// A scalar folded over lines is read only in its simplest form: every further line indented deeper than the
// collection around it and no blank line within it; a plain one also has no trailing spaces within it, no comment
// but on its last line, and no line that would start a sequence item or a key.
import type { CST } from 'yaml';
import { token, unsupported, type Line } from './block-trivia';

/** The document being read: its text, its lines and the end (exclusive) of its lines. */
export interface DocumentLines {
  readonly text: string;
  readonly lines: readonly Line[];
  readonly docEnd: number;
}

/** Where a scalar ends: the offset after its last character, and the line that holds it. */
interface ScalarEnd {
  to: number;
  line: number;
}

/**
 * The end of the plain scalar that starts at `at` on line i, in a collection at column `parent`: the end of its
 * line's text before a comment and trailing spaces, or of a further line deeper than `parent` that continues it.
 */
export function plainEnd(d: DocumentLines, i: number, at: number, parent: number): ScalarEnd {
  const t = d.text;
  for (let line = i, from = at; ; ) {
    const ln = d.lines[line]!;
    // Searched within the line (a search of the text would run to its end for every value without a comment).
    const hash = t.slice(from, ln.end).indexOf(' #');
    let to = hash >= 0 ? from + hash : ln.end;
    while (t.charCodeAt(to - 1) === 32) to--;
    const piece = t.slice(from, to);
    if (piece.includes(': ') || piece.endsWith(':')) unsupported();
    if (hash >= 0 || line + 1 >= d.docEnd || !continues(t, d.lines[line + 1]!, parent)) return { to, line };
    if (to !== ln.end) unsupported(); // trailing spaces inside the scalar
    line++;
    from = d.lines[line]!.start + d.lines[line]!.indent;
  }
}

/** Whether a line continues a plain scalar of a collection at column `parent` (blank and comment lines end it). */
function continues(t: string, ln: Line, parent: number): boolean {
  if (ln.indent <= parent || ln.start + ln.indent === ln.end) return false;
  const at = ln.start + ln.indent;
  const c = t[at];
  if (c === '#') return false;
  // `- `, `? ` and `: ` read as text here, but the package's reading of them was not checked.
  if ((c === '-' || c === '?' || c === ':') && (at + 1 === ln.end || t.charCodeAt(at + 1) === 32)) unsupported();
  return true;
}

/**
 * The end (just after the closing quote) of the quoted scalar opened at `at` on line i. With `parent` undefined
 * it must close on its line (undefined when it does not: an implicit key); otherwise it may go on over further
 * lines deeper than `parent`, and a scalar that does not close is refused.
 */
export function quoteEnd(d: DocumentLines, i: number, at: number, parent?: number): ScalarEnd | undefined {
  const t = d.text;
  const q = t[at];
  for (let line = i, from = at + 1; ; ) {
    const ln = d.lines[line]!;
    for (let k = from; k < ln.end; k++) {
      const c = t[k];
      if (q === '"' && c === '\\') {
        k++;
        continue;
      }
      if (c !== q) continue;
      if (q === "'" && t[k + 1] === "'") {
        k++;
        continue;
      }
      return { to: k + 1, line };
    }
    if (parent === undefined) return undefined;
    const next = d.lines[line + 1];
    if (line + 1 >= d.docEnd || !next || next.indent <= parent || next.start + next.indent === next.end) unsupported();
    line++;
    from = next!.start + next!.indent;
  }
}

/** A block scalar (`|`, `|-`, `>` or `>-`, nothing after it on its line) whose header is at `at` on line i, the
 *  value of a key at column col: its lines are those indented deeper than the first of them, and blank lines
 *  between them; blank lines after them are trivia. Returns the token and the line after its last line. */
export function blockScalar(d: DocumentLines, i: number, at: number, col: number): { token: CST.BlockScalar; next: number } {
  const t = d.text;
  const ln = d.lines[i]!;
  const headerEnd = t.charCodeAt(at + 1) === 45 /* - */ ? at + 2 : at + 1;
  if (headerEnd !== ln.end || !ln.hasBreak) unsupported();
  let indent = -1;
  let last = -1;
  let j = i + 1;
  for (; j < d.docEnd; j++) {
    const l = d.lines[j]!;
    if (l.start === l.end) continue;
    if (l.start + l.indent === l.end) unsupported(); // spaces alone
    if (indent < 0) {
      indent = l.indent;
      if (indent <= col) unsupported(); // no line of the scalar: an empty one
    }
    if (l.indent < indent) break;
    if (!l.hasBreak) unsupported();
    last = j;
  }
  if (last < 0) unsupported();
  if (j < d.docEnd && d.lines[j]!.indent > col) unsupported(); // less indented than the scalar, deeper than its key
  const props = [token('block-scalar-header', at, col, t.slice(at, headerEnd)), token('newline', ln.end, col, '\n')];
  const source = t.slice(d.lines[i + 1]!.start, d.lines[last]!.end + 1);
  return { token: { type: 'block-scalar', offset: at, indent: col, props, source }, next: last + 1 };
}
