// `--format text`: on a terminal, findings grouped under their file; otherwise (or with --no-group) one line
// per finding, `file:line:col severity code message` (1-based). Evidence lines are indented below a finding;
// documents that were not checked are notes, not findings. The summary reads as a sentence.
import type { DocumentReport, Finding, Severity } from '../../engine';
import { ChunkedOut, shownWhenQuiet, type FileResult, type ReportWriter, type RunSummary, type WriterOptions } from './types';

export interface TextOptions extends WriterOptions {
  grouped: boolean;
  color: boolean;
}

const COLORS: Record<Severity, string> = { error: '31', warning: '33', information: '36', hint: '90' };

function paint(text: string, code: string | undefined, color: boolean): string {
  return color && code ? `\u001b[${code}m${text}\u001b[0m` : text;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "2 errors, 1 warning in 3 of 40 files" (only the severities present; "no problems" when none). */
export function summaryLine(s: RunSummary, quiet: boolean): string {
  const parts: string[] = [];
  if (s.counts.error) parts.push(plural(s.counts.error, 'error'));
  if (s.counts.warning) parts.push(plural(s.counts.warning, 'warning'));
  if (!quiet && s.counts.information) parts.push(`${s.counts.information} information`);
  if (!quiet && s.counts.hint) parts.push(plural(s.counts.hint, 'hint'));
  const files = s.files === 1 ? '1 file' : `${s.files} files`;
  let line =
    parts.length === 0
      ? `No problems in ${files}`
      : `${parts.join(', ')} in ${s.filesWithFindings === s.files && s.files === 1 ? '1 file' : `${s.filesWithFindings} of ${files}`}`;
  line += ` (Kubernetes ${s.version})`;
  const extra: string[] = [];
  if (!quiet && s.notChecked) extra.push(`${plural(s.notChecked, 'document')} not checked`);
  if (s.skipped.length) extra.push(`${plural(s.skipped.length, 'file')} skipped`);
  if (s.failed.length) extra.push(`${s.failed.length} not readable`);
  return `${line}${extra.length ? `; ${extra.join(', ')}` : ''}.`;
}

function notChecked(report: FileResult['report']): { doc: DocumentReport; label: string }[] {
  const out: { doc: DocumentReport; label: string }[] = [];
  const visit = (d: DocumentReport, label: string) => {
    if (!d.checked && d.reason) out.push({ doc: d, label });
    d.items?.forEach((item) => visit(item, `${label}, item ${item.index + 1}`));
  };
  for (const d of report.documents) visit(d, `document ${d.index + 1}`);
  return out;
}

function where(f: { range: Finding['range'] }): string {
  return `${f.range.start.line + 1}:${f.range.start.character + 1}`;
}

export function textWriter(out: ChunkedOut, options: TextOptions): ReportWriter {
  const { color, quiet, grouped } = options;
  const sev = (s: Severity, pad: number) => paint(s.padEnd(pad), COLORS[s], color);
  return {
    file(r: FileResult) {
      const findings = quiet ? r.report.findings.filter((f) => shownWhenQuiet(f.severity)) : r.report.findings;
      const notes = quiet ? [] : notChecked(r.report);
      if (grouped) {
        if (findings.length === 0 && notes.length === 0) return;
        out.write(`${paint(r.path, '1;4', color)}\n`);
        if (findings.length > 0 && r.gateConfigs?.length) out.write(`  ${paint(`gates from ${r.gateConfigs.join(', ')}`, '2', color)}\n`);
        const posWidth = Math.max(0, ...findings.map((f) => where(f).length), ...notes.map((n) => where(n.doc).length));
        const codeWidth = Math.max(0, ...findings.map((f) => f.code.length));
        for (const f of findings) {
          out.write(`  ${where(f).padEnd(posWidth)}  ${sev(f.severity, 11)}  ${f.code.padEnd(codeWidth)}  ${f.message}\n`);
          if (f.fix) out.write(`  ${' '.repeat(posWidth + 2 + 11 + 2 + codeWidth + 2)}${paint(f.fix, '2', color)}\n`);
          for (const e of f.related ?? []) out.write(`  ${' '.repeat(posWidth)}  ${paint(`↳ ${e.message}`, '2', color)}\n`);
        }
        for (const n of notes) out.write(`  ${where(n.doc).padEnd(posWidth)}  ${paint(`note: ${n.label} not checked: ${n.doc.reason}`, '2', color)}\n`);
        out.write('\n');
        return;
      }
      for (const f of findings) {
        out.write(`${r.path}:${where(f)} ${paint(f.severity, COLORS[f.severity], color)} ${f.code} ${f.message}\n`);
        if (f.fix) out.write(`    ${f.fix}\n`);
        for (const e of f.related ?? []) out.write(`    ${e.message}\n`);
      }
      for (const n of notes) out.write(`note: ${r.path}:${where(n.doc)} ${n.label} not checked: ${n.doc.reason}\n`);
      if (findings.length > 0 && r.gateConfigs?.length) out.write(`note: ${r.path}: gates from ${r.gateConfigs.join(', ')}\n`);
    },
    end(summary: RunSummary) {
      out.write(`${paint(summaryLine(summary, quiet), summary.counts.error ? '1' : undefined, color)}\n`);
      out.flush();
    },
  };
}
