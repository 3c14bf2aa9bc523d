// The report of a text over the size limit: YAML syntax findings plus `file-too-large`, or (far over the
// limit, where even parsing takes long) `file-too-large` alone.
import { capFindings } from './cap-findings';
import { assignVerdicts } from '../gates/verdict-pass';
import { finding } from '../codes';
import { parseFile } from '../parse/parseFile';
import { lineCount } from '../base/line-index';
import type { FileReport, Finding } from '../codes/finding';

/** Above this many times the size limit, not even the syntax is checked (parsing 60 MB took half a minute). */
export const SYNTAX_ONLY_FACTOR = 4;

function notChecked(text: string, maxChars: number): FileReport {
  const lines = lineCount(text);
  const end = { line: 0, character: 0 };
  return {
    documents: [{ index: 0, checked: false, status: 'too-large', reason: 'file too large', range: { start: end, end } }],
    findings: assignVerdicts([
      finding('file-too-large', {
        message: `Not checked: the file is over ${maxChars * SYNTAX_ONLY_FACTOR} characters`,
        fix: 'Split the file to get every check.',
        detail: `This file has ${text.length} characters; Kubegate checks files of up to ${maxChars} characters fully, and the YAML syntax of files of up to ${maxChars * SYNTAX_ONLY_FACTOR}.`,
        range: { start: end, end },
        data: { size: text.length, limit: maxChars, lines },
      }),
    ], []),
  };
}

/** The report of a text longer than `maxChars` characters (the full check is skipped). */
export function syntaxOnlyReport(text: string, maxChars: number): FileReport {
  if (text.length > maxChars * SYNTAX_ONLY_FACTOR) return notChecked(text, maxChars);
  const parsed = parseFile(text);
  const findings: Finding[] = [];
  const lastLine = parsed.lineCounter.lineStarts.length - 1;
  findings.push(finding('file-too-large', {
    message: `Only YAML syntax is checked: the file is over ${maxChars} characters`,
    fix: 'Split the file to get every check.',
    detail: `This file has ${text.length} characters; Kubegate checks files of up to ${maxChars} characters fully.`,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    data: { size: text.length, limit: maxChars, lines: lastLine + 1 },
  }));
  for (const d of parsed.documents) {
    for (const e of d.errors) {
      findings.push(finding('yaml-syntax', { message: e.message, fix: 'Fix the YAML.', range: e.range, document: d.index }));
    }
  }
  return {
    documents: parsed.documents.map((d) => ({ index: d.index, checked: false, status: 'too-large', reason: 'file too large', range: d.range })),
    findings: assignVerdicts(capFindings(findings), []),
  };
}
