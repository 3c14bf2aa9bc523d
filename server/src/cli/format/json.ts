// `--format json`: `{"files":[…],"skipped":[…],"summary":{…}}`, written file by file and finding by finding,
// so a report of any size is printed without building one string.
import { jsonDocument, jsonFinding } from '../report-format';
import { ChunkedOut, shownWhenQuiet, type FileResult, type ReportWriter, type RunSummary, type WriterOptions } from './types';

export function jsonWriter(out: ChunkedOut, options: WriterOptions): ReportWriter {
  let first = true;
  out.write('{\n  "files": [');
  const fileHead = (path: string) => {
    out.write(`${first ? '\n' : ',\n'}    {\n      "path": ${JSON.stringify(path)},\n`);
    first = false;
  };
  return {
    file(r: FileResult) {
      fileHead(r.path);
      if (r.report.taken) out.write(`      "taken": ${JSON.stringify(r.report.taken)},\n`);
      out.write(`      "documents": ${JSON.stringify(r.report.documents.map(jsonDocument))},\n`);
      out.write(`      "gateConfigs": ${JSON.stringify(r.gateConfigs ?? [])},\n      "findings": [`);
      let firstFinding = true;
      for (const f of r.report.findings) {
        if (options.quiet && !shownWhenQuiet(f.severity)) continue;
        out.write(`${firstFinding ? '\n' : ',\n'}        ${JSON.stringify(jsonFinding(f, r.fixes?.get(f)))}`);
        firstFinding = false;
      }
      out.write(firstFinding ? ']\n    }' : '\n      ]\n    }');
    },
    end(summary: RunSummary) {
      for (const f of summary.failed) {
        fileHead(f.path);
        out.write(`      "documents": [],\n      "findings": [],\n      "error": ${JSON.stringify(f.message)}\n    }`);
      }
      out.write(first ? '],\n' : '\n  ],\n');
      out.write(`  "skipped": ${JSON.stringify(summary.skipped)},\n`);
      const { skipped: _s, failed: _f, verdict, ...counts } = summary;
      out.write(`  "summary": ${JSON.stringify({ ...counts, exitCode: verdict.exitCode, failures: verdict.reasons })}\n}\n`);
      out.flush();
    },
  };
}
