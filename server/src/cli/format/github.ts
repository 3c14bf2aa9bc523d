// `--format github`: GitHub Actions workflow commands, one per finding, which the runner shows as annotations
// on the changed lines: `::warning file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`.
import type { Severity } from '../../engine';
import { escapeControls, shown } from '../shown-text';
import { kepOf, settingsLine, summaryLine, verdictLine } from './text';
import { ChunkedOut, shownWhenQuiet, type FileResult, type ReportWriter, type RunSummary, type WriterOptions } from './types';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/** Escaping of a workflow command's message, as GitHub documents it (% CR LF); the text is `shown` first. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escaping of a workflow command's property value (also `:` and `,`). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function githubWriter(out: ChunkedOut, options: WriterOptions, pathFor: (p: string) => string): ReportWriter {
  return {
    file(r: FileResult) {
      // The name exactly as GitHub decodes a property (a line break as %0A), any other control character escaped.
      const file = escapeControls(escapeProperty(pathFor(r.path)));
      for (const f of r.report.findings) {
        if (options.quiet && !shownWhenQuiet(f.severity)) continue;
        const { start, end } = f.range;
        const props = [
          `file=${file}`,
          `line=${start.line + 1}`,
          `col=${start.character + 1}`,
          `endLine=${end.line + 1}`,
          `endColumn=${end.character + 1}`,
          `title=${escapeProperty(`kubegate ${f.code}`)}`,
        ].join(',');
        const evidence = (f.related ?? []).map((e) => `\n${shown(e.message)}`).join('');
        const kep = kepOf(f);
        const link = kep ? `\n${kep.label}: ${kep.url}` : '';
        out.write(`::${COMMAND[f.severity]} ${props}::${escapeData(shown(f.message) + (f.fix ? `\n${shown(f.fix)}` : '') + link + evidence)}\n`);
      }
    },
    end(summary: RunSummary) {
      const settings = settingsLine(summary);
      if (settings) out.write(`${settings}\n`);
      out.write(`${summaryLine(summary, options.quiet)}\n`);
      const failing = verdictLine(summary);
      if (failing) out.write(`::error title=${escapeProperty('kubegate check failed')}::${escapeData(failing)}\n`);
      out.flush();
    },
  };
}
