// `--format text`: on a terminal, findings grouped under their file; otherwise (or with --no-group) one line
// per finding, `file:line:col severity code message` (1-based). Evidence lines are indented below a finding;
// documents that were not checked are notes, not findings. The summary reads as a sentence.
import { kepOf as kepOfFinding, type Finding, type Severity } from '../../engine';
import { shown } from '../shown-text';
import { ChunkedOut, chartNote, shownWhenQuiet, takenNote, type FileResult, type ReportWriter, type RunSummary, type WriterOptions } from './types';

export interface TextOptions extends WriterOptions {
  grouped: boolean;
  color: boolean;
  /** Terminal hyperlinks (OSC 8) for KEP links: on a terminal only. */
  links?: boolean;
}

/** The KEP a finding points to (gate findings), as `KEP-5945` and its URL. */
export function kepOf(f: Finding): { label: string; url: string } | undefined {
  const kep = kepOfFinding(f);
  return kep ? { label: `KEP-${kep.number}`, url: kep.url } : undefined;
}

/** `text` as a terminal hyperlink to `url` (OSC 8). */
export function hyperlink(text: string, url: string): string {
  return `\u001b]8;;${url}\u001b\\${text}\u001b]8;;\u001b\\`;
}

const COLORS: Record<Severity, string> = { error: '31', warning: '33', information: '36', hint: '90' };

function paint(text: string, code: string | undefined, color: boolean): string {
  return color && code ? `\u001b[${code}m${text}\u001b[0m` : text;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * "2 errors, 1 warning in 3 of 40 files (Kubernetes 1.37); 2 of 9 documents not checked." Only the severities
 * present; "No problems" only when something was checked and nothing found; "Nothing checked" when no file was
 * read. --quiet hides information and hints but keeps every count.
 */
export function summaryLine(s: RunSummary, quiet: boolean): string {
  const parts: string[] = [];
  if (s.counts.error) parts.push(plural(s.counts.error, 'error'));
  if (s.counts.warning) parts.push(plural(s.counts.warning, 'warning'));
  if (!quiet && s.counts.information) parts.push(`${s.counts.information} information`);
  if (!quiet && s.counts.hint) parts.push(plural(s.counts.hint, 'hint'));
  const files = s.files === 1 ? '1 file' : `${s.files} files`;
  let line: string;
  if (s.files === 0) line = 'Nothing checked';
  else if (parts.length > 0) {
    line = `${parts.join(', ')} in ${s.filesWithFindings === s.files && s.files === 1 ? '1 file' : `${s.filesWithFindings} of ${files}`}`;
  } else if (s.documents > 0 && s.notChecked + s.skippedByKind >= s.documents) line = `No document checked in ${files}`;
  else line = `No problems in ${files}`;
  line += ` (Kubernetes ${s.version})`;
  const extra: string[] = [];
  if (s.notChecked) extra.push(`${s.notChecked} of ${plural(s.documents, 'document')} not checked`);
  if (s.skippedByKind) extra.push(`${plural(s.skippedByKind, 'document')} skipped by kind`);
  if (s.silenced.disableComments) extra.push(`${plural(s.silenced.disableComments, 'finding')} silenced by disable comments`);
  if (s.silenced.configuration) extra.push(`${plural(s.silenced.configuration, 'finding')} switched off by configuration`);
  if (s.silenced.patchFiles) extra.push(`${plural(s.silenced.patchFiles, 'file')} read as kustomize patches`);
  if (s.silenced.patchesCheckedWhole) extra.push(`${plural(s.silenced.patchesCheckedWhole, 'patch document')} checked as ${s.silenced.patchesCheckedWhole === 1 ? 'a whole object' : 'whole objects'}`);
  if (quiet) {
    const hidden: string[] = [];
    if (s.counts.information) hidden.push(`${s.counts.information} information`);
    if (s.counts.hint) hidden.push(plural(s.counts.hint, 'hint'));
    if (hidden.length) extra.push(`${hidden.join(', ')} not shown (--quiet)`);
  }
  if (s.skipped.length) extra.push(`${plural(s.skipped.length, 'file')} skipped`);
  if (s.failed.length) extra.push(`${plural(s.failed.length, 'path')} not readable`);
  return `${line}${extra.length ? `; ${extra.join(', ')}` : ''}.`;
}

/**
 * "Settings: .kubegate.yaml (38 files); team/.kubegate.yaml (3 files, 2 files ignored, 5 findings off, 2 keys
 * relax the root's policy)." — the settings files of the run, or undefined when none governed it.
 */
export function settingsLine(s: RunSummary): string | undefined {
  if (s.settings.length === 0) return undefined;
  const parts = s.settings.map((u) => {
    const facts: string[] = u.applied ? [plural(u.files, 'file')] : ['not applied: the run\'s settings are pinned'];
    if (u.ignored) facts.push(`${plural(u.ignored, 'file')} ignored`);
    if (u.off) facts.push(`${plural(u.off, 'finding')} off`);
    if (u.relaxations) facts.push(`${u.relaxations === 1 ? "1 key relaxes" : `${u.relaxations} keys relax`} the root's policy`);
    return `${u.path} (${facts.join(', ')})`;
  });
  return `Settings: ${parts.join('; ')}.`;
}

/** "Failing (exit 1): 5 warnings, more than --max-warnings 0." — or undefined when the run passed. */
export function verdictLine(s: RunSummary): string | undefined {
  if (s.verdict.exitCode === 0) return undefined;
  return `Failing (exit ${s.verdict.exitCode}): ${s.verdict.reasons.join('; ')}.`;
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
      const notes = quiet ? [] : (r.notChecked ?? []);
      const taken = quiet ? undefined : takenNote(r.report);
      const configs = r.gateConfigsAsWritten ?? r.gateConfigs ?? [];
      if (grouped) {
        if (findings.length === 0 && notes.length === 0 && !taken) return;
        out.write(`${paint(shown(r.path), '1;4', color)}\n`);
        if (findings.length > 0 && configs.length) out.write(`  ${paint(`gates from ${shown(configs.join(', '))}`, '2', color)}\n`);
        const posWidth = Math.max(0, ...findings.map((f) => where(f).length), ...notes.map((n) => where(n.doc).length));
        const codeWidth = Math.max(0, ...findings.map((f) => f.code.length));
        for (const f of findings) {
          out.write(`  ${where(f).padEnd(posWidth)}  ${sev(f.severity, 11)}  ${f.code.padEnd(codeWidth)}  ${shown(f.message)}\n`);
          const indent = ' '.repeat(posWidth + 2 + 11 + 2 + codeWidth + 2);
          if (f.fix) out.write(`  ${indent}${paint(shown(f.fix), '2', color)}\n`);
          const kep = kepOf(f);
          if (kep) out.write(`  ${indent}${options.links ? hyperlink(kep.label, kep.url) : `${kep.label}: ${kep.url}`}\n`);
          for (const e of f.related ?? []) out.write(`  ${' '.repeat(posWidth)}  ${paint(`↳ ${shown(e.message)}`, '2', color)}\n`);
        }
        for (const n of notes) out.write(`  ${where(n.doc).padEnd(posWidth)}  ${paint(`note: ${shown(n.label)} not checked: ${shown(n.doc.reason ?? '')}`, '2', color)}\n`);
        if (taken) out.write(`  ${paint(`note: ${shown(taken)}`, '2', color)}\n`);
        out.write('\n');
        return;
      }
      const file = shown(r.path);
      for (const f of findings) {
        out.write(`${file}:${where(f)} ${paint(f.severity, COLORS[f.severity], color)} ${f.code} ${shown(f.message)}\n`);
        if (f.fix) out.write(`    ${shown(f.fix)}\n`);
        const kep = kepOf(f);
        if (kep) out.write(`    ${options.links ? hyperlink(kep.label, kep.url) : `${kep.label}: ${kep.url}`}\n`);
        for (const e of f.related ?? []) out.write(`    ${shown(e.message)}\n`);
      }
      for (const n of notes) out.write(`note: ${file}:${where(n.doc)} ${shown(n.label)} not checked: ${shown(n.doc.reason ?? '')}\n`);
      if (taken) out.write(`note: ${file}: ${shown(taken)}\n`);
      if (findings.length > 0 && configs.length) out.write(`note: ${file}: gates from ${shown(configs.join(', '))}\n`);
    },
    end(summary: RunSummary) {
      const settings = settingsLine(summary);
      if (settings) out.write(`${paint(settings, '2', color)}\n`);
      if (!quiet) for (const c of summary.charts) out.write(`${paint(`note: ${shown(chartNote(c))}`, '2', color)}\n`);
      out.write(`${paint(summaryLine(summary, quiet), summary.counts.error ? '1' : undefined, color)}\n`);
      const failing = verdictLine(summary);
      if (failing) out.write(`${paint(failing, '1', color)}\n`);
      out.flush();
    },
  };
}
