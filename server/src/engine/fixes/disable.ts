// The two fixes every finding gets (as ESLint offers them): "Disable CODE on this line" — a
// `# kubegate-disable-next-line CODE` comment above the finding's line (or CODE added to such a comment already
// there) — and "Disable CODE in this file" — a `# kubegate-disable-file CODE` line at the top (engine/check/directives.ts).
// A comment line is never put inside a scalar that spans lines (a block scalar, a quoted or plain scalar over
// several lines): that would change the value. JSON input gets none (JSON has no comments).
import { Lexer } from 'yaml';
import { spanAtLine, type DocumentSpan, type TextSnapshot } from '../incremental/snapshot';
import { LineIndex } from '../base/line-index';
import type { Finding } from '../codes/finding';
import type { Fix, TextEdit } from './types';
import { readEnd } from '../parse/parseFile';

/** How much of the last finding's line is lexed to tell whether lines start inside a scalar. */
const LINE_READ = 65_536;

const NEXT_LINE_RE = /^(\s*)#\s*kubegate-disable-next-line\s+([^#]*?)\s*$/;

/** Lines before which no line may be inserted: their start lies inside a scalar that spans lines. Only the text
 *  from `from` to `to` is read (one YAML document: no scalar runs past its end). */
function linesInsideScalars(text: string, index: LineIndex, out = new Set<number>(), from = 0, to = text.length): Set<number> {
  let offset = from;
  for (const token of new Lexer().lex(from === 0 && to === text.length ? text : text.slice(from, to))) {
    const control = token === '\x02' || token === '\x1f' || token === '\x18';
    if (!control && token.includes('\n') && token.trim() !== '' && !token.startsWith('#')) {
      const first = index.positionAt(offset).line;
      const last = index.positionAt(offset + token.length - 1).line;
      // A block scalar's content starts a line: that line counts too; a quoted or plain scalar starts after a key.
      const firstInside = index.offsetAt({ line: first, character: 0 }) === offset ? first : first + 1;
      for (let l = firstInside; l <= last; l++) out.add(l);
    }
    if (!control) offset += token.length;
  }
  return out;
}

function lineText(text: string, index: LineIndex, line: number): string {
  return index.lineText(line).replace(/\r$/, '');
}

/** "Disable CODE on this line", or none when the finding's line starts inside a multi-line scalar. */
function lineFix(finding: Finding, text: string, file: string, index: LineIndex, unsafe: Set<number>): Fix | undefined {
  const line = finding.range.start.line;
  if (line >= index.lineCount || unsafe.has(line)) return undefined;
  const title = `Disable ${finding.code} on this line`;
  const above = line > 0 ? NEXT_LINE_RE.exec(lineText(text, index, line - 1)) : null;
  let edit: TextEdit;
  if (above && above[2]) {
    const at = { line: line - 1, character: lineText(text, index, line - 1).trimEnd().length };
    edit = { file, range: { start: at, end: at }, newText: `, ${finding.code}` };
  } else {
    const indent = /^[ \t]*/.exec(lineText(text, index, line))![0];
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const at = { line, character: 0 };
    edit = { file, range: { start: at, end: at }, newText: `${indent}# kubegate-disable-next-line ${finding.code}${eol}` };
  }
  return { title, kind: 'quickfix', code: finding.code, edits: [edit], suppression: true };
}

const FILE_RE = /^#\s*kubegate-disable-file\s+([^#]*?)\s*$/;

/** "Disable CODE in this file": a `# kubegate-disable-file CODE` line after the file's leading comments (so a
 *  version comment keeps its line), or CODE added to such a line among them. */
function fileFix(finding: Finding, text: string, file: string, index: LineIndex): Fix {
  let line = 0;
  let there: { line: number; end: number } | undefined;
  for (; line < index.lineCount - 1 && lineText(text, index, line).trimStart().startsWith('#'); line++) {
    const t = lineText(text, index, line);
    const m = FILE_RE.exec(t.trimStart());
    if (m && m[1] && !there) there = { line, end: t.trimEnd().length };
  }
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const at = there ? { line: there.line, character: there.end } : { line, character: 0 };
  const newText = there ? `, ${finding.code}` : `# kubegate-disable-file ${finding.code}${eol}`;
  return { title: `Disable ${finding.code} in this file`, kind: 'quickfix', code: finding.code, edits: [{ file, range: { start: at, end: at }, newText }], suppression: true };
}

/** The lines of the findings' documents inside multi-line scalars: with the snapshot's documents, only the
 *  documents that hold a finding are read, else the whole text. */
function unsafeLines(findings: readonly Finding[], text: string, index: LineIndex, snapshot: TextSnapshot | undefined): Set<number> {
  const spans = snapshot?.documentSpans();
  // Up to the end of the last finding's line (at most LINE_READ of it: a 30 MB line of brackets is not lexed for a
  // note at its start), and no further than the check read the text (past its bounds, no finding but the note at
  // the start of the first document not read).
  if (!spans) {
    const last = findings.reduce((n, f) => Math.max(n, f.range.start.line), 0);
    const start = index.offsetAt({ line: last, character: 0 });
    const lineEnd = last + 1 < index.lineCount ? index.offsetAt({ line: last + 1, character: 0 }) : text.length;
    return linesInsideScalars(text, index, new Set(), 0, Math.min(lineEnd, start + LINE_READ, readEnd(text)));
  }
  const out = new Set<number>();
  const read = new Set<DocumentSpan>();
  for (const f of findings) {
    const span = spanAtLine(spans, f.range.start.line);
    if (!span || read.has(span)) continue;
    read.add(span);
    linesInsideScalars(text, index, out, span.start, span.end);
  }
  return out;
}

/** The disable fixes of each finding (line, then file), for a text whose findings they are. `snapshot`: the open
 *  document's snapshot of the text (its line table and documents are read, not the whole text). */
export function disableFixes(findings: readonly Finding[], text: string, file: string, snapshot?: TextSnapshot): Map<Finding, Fix[]> {
  const out = new Map<Finding, Fix[]>();
  if (findings.length === 0) return out;
  const own = snapshot?.text === text ? snapshot : undefined;
  const index = new LineIndex(text, own?.analysis?.parsed.lineCounter.lineStarts);
  // JSON has no comments (kubectl reads input starting with `{` as JSON).
  if (/^\s*\{/.test(text) || /\.json$/i.test(file)) return out;
  const unsafe = unsafeLines(findings, text, index, own);
  for (const f of findings) {
    const fixes: Fix[] = [];
    const line = lineFix(f, text, file, index, unsafe);
    if (line) fixes.push(line);
    fixes.push(fileFix(f, text, file, index));
    out.set(f, fixes);
  }
  return out;
}
