// The lines of the YAML document that holds a line, read around that line without splitting the whole text:
// completion looks at one document (splitting a 50,000-line file into lines took most of a completion).
// Lines end as LSP counts them (LF, CR LF, a lone CR), as base/line-index.ts splitLines cuts them.
import { splitLines } from '../base/line-index';

/** Lines from `first` on of a text: `lines[i]` is the file's line `first + i`, without its line break. */
interface LineWindow {
  first: number;
  lines: string[];
}

/** A line that ends the document above it (`---` or `...`); the cursor's own line counts only as `---`. */
const MARKER = /^(---|\.\.\.)(\s|$)/;
const START_MARKER = /^---(\s|$)/;

/**
 * The lines of the document holding `line`: from the line after the nearest `---`/`...` line above it (the line
 * itself when it is a `---` line other than the first) to the line before the next such line below. `lineStart`,
 * when known (a kept line table), is the offset where `line` starts. Undefined for a line the text does not have.
 */
export function documentWindow(text: string, line: number, lineStart?: number): LineWindow | undefined {
  if (line < 0) return undefined;
  // A lone CR ends a line too: such a rare text is split whole (the same lines, read the slow way).
  if (text.includes('\r') && /\r(?!\n)/.test(text)) return windowOf(splitLines(text), line);
  const start = lineStart ?? lineStartOf(text, line);
  if (start === undefined || start > text.length) return undefined;
  const lineAt = (from: number): string => {
    const nl = text.indexOf('\n', from);
    const raw = nl < 0 ? text.slice(from) : text.slice(from, nl);
    return raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  };
  const cursor = lineAt(start);
  const above: string[] = [];
  if (!(line > 0 && START_MARKER.test(cursor))) {
    // Up to the nearest marker line above (not included).
    for (let from = start; from > 0; ) {
      // The line above ends at the LF at from - 1.
      from = from === 1 ? 0 : text.lastIndexOf('\n', from - 2) + 1;
      const l = lineAt(from);
      if (MARKER.test(l)) break;
      above.push(l);
    }
  }
  const first = line - above.length;
  const lines = above.reverse();
  lines.push(cursor);
  for (let nl = text.indexOf('\n', start); nl >= 0; nl = text.indexOf('\n', nl + 1)) {
    const l = lineAt(nl + 1);
    if (MARKER.test(l)) break;
    lines.push(l);
  }
  return { first, lines };
}

/** Offset where `line` starts (LF-ended lines), or undefined when the text has fewer lines. */
function lineStartOf(text: string, line: number): number | undefined {
  let at = 0;
  for (let i = 0; i < line; i++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return undefined;
    at = nl + 1;
  }
  return at;
}

/** The same window taken from every line of the text. */
function windowOf(all: string[], line: number): LineWindow | undefined {
  if (line >= all.length) return undefined;
  let first = 0;
  if (line > 0 && START_MARKER.test(all[line])) first = line;
  else {
    for (let i = line - 1; i >= 0; i--) {
      if (MARKER.test(all[i])) {
        first = i + 1;
        break;
      }
    }
  }
  let end = all.length;
  for (let i = line + 1; i < all.length; i++) {
    if (MARKER.test(all[i])) {
      end = i;
      break;
    }
  }
  return { first, lines: all.slice(first, end) };
}
