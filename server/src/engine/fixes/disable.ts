// The two fixes every finding gets (as ESLint offers them): "Disable CODE on this line" — a
// `# kubegate-disable-next-line CODE` comment above the finding's line (or CODE added to such a comment already
// there) — and "Disable CODE in this file" — a `# kubegate-disable CODE` comment at the top of each YAML document
// (it holds to the end of its document; engine/directives.ts). A comment line is never put inside a scalar that
// spans lines (a block scalar, a quoted or plain scalar over several lines): that would change the value.
import { Lexer } from 'yaml';
import { LineIndex } from '../line-index';
import { parseFile } from '../parse/parseFile';
import type { Finding } from '../types';
import type { Fix, TextEdit } from './types';

const NEXT_LINE_RE = /^(\s*)#\s*kubegate-disable-next-line\s+([^#]*?)\s*$/;

/** Lines before which no line may be inserted: their start lies inside a scalar that spans lines. */
function linesInsideScalars(text: string, index: LineIndex): Set<number> {
  const out = new Set<number>();
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    const control = token === '\x02' || token === '\x1f' || token === '\x18';
    if (!control && token.includes('\n') && token.trim() !== '' && !token.startsWith('#')) {
      const first = index.positionAt(offset).line;
      const last = index.positionAt(offset + token.length - 1).line;
      // A block scalar's content starts a line: that line counts too; a quoted or plain scalar starts after a key.
      const from = index.offsetAt({ line: first, character: 0 }) === offset ? first : first + 1;
      for (let l = from; l <= last; l++) out.add(l);
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

/** The first line of each document that has content (after its `---`), where a file-wide comment goes. */
function documentTops(text: string, index: LineIndex, unsafe: Set<number>): number[] {
  const out: number[] = [];
  for (const d of parseFile(text).documents) {
    if (!d.doc) continue;
    let line = index.positionAt(d.start).line;
    if (/^---/.test(lineText(text, index, line))) line++;
    if (line < index.lineCount && !unsafe.has(line)) out.push(line);
  }
  return out;
}

/** "Disable CODE in this file": a comment at the top of each document that has content. */
function fileFix(finding: Finding, text: string, file: string, tops: readonly number[]): Fix | undefined {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const edits: TextEdit[] = tops.map((line) => ({ file, range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `# kubegate-disable ${finding.code}${eol}` }));
  if (edits.length === 0) return undefined;
  return { title: `Disable ${finding.code} in this file`, kind: 'quickfix', code: finding.code, edits, suppression: true };
}

/** The disable fixes of each finding (line, then file), for a text whose findings they are. */
export function disableFixes(findings: readonly Finding[], text: string, file: string): Map<Finding, Fix[]> {
  const out = new Map<Finding, Fix[]>();
  if (findings.length === 0) return out;
  const index = new LineIndex(text);
  const unsafe = linesInsideScalars(text, index);
  const tops = documentTops(text, index, unsafe);
  for (const f of findings) {
    const fixes: Fix[] = [];
    const line = lineFix(f, text, file, index, unsafe);
    if (line) fixes.push(line);
    const whole = fileFix(f, text, file, tops);
    if (whole) fixes.push(whole);
    out.set(f, fixes);
  }
  return out;
}
