// `--format junit`: JUnit XML as CI systems (GitLab, Jenkins, Azure) read it. One <testsuite> per file, one
// <testcase> per document (named by kind and name); a document with a finding at the --fail-on level gets a
// <failure> listing its findings, other findings go to <system-out>, a document that was not checked is
// <skipped> with the reason. A run that fails for another reason (--max-warnings, --fail-on-unchecked, an
// unreadable PATH) ends with a "kubegate policy" testcase whose <failure> says why.
import type { DocumentReport, Finding, Severity } from '../../engine';
import { ChunkedOut, shownWhenQuiet, type FileResult, type ReportWriter, type RunSummary, type WriterOptions } from './types';

export interface JunitOptions extends WriterOptions {
  /** Whether a finding of this severity fails the run (the --fail-on level). */
  failing(severity: Severity): boolean;
}

export function escapeXml(text: string): string {
  return (
    text
      // Characters XML 1.0 does not allow at all (lone surrogates, U+FFFE, U+FFFF too).
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // Allowed, but written as references so that the file holds no raw CR, DEL, C1 or bidi control (the same
      // characters for a parser; none reaches a log that prints the file).
      .replace(/\r/g, '&#13;')
      .replace(/[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`)
  );
}

/** An attribute value: also LF, CR and tab as character references, so that a name holding a line break stays
 *  one attribute on one line (a parser would read a raw one as a space; a line-based reader as a new line). */
function attr(text: string): string {
  return escapeXml(text).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

function line(path: string, f: Finding): string {
  return `${path}:${f.range.start.line + 1}:${f.range.start.character + 1} ${f.severity} ${f.code} ${f.message}${f.fix ? `\n    ${f.fix}` : ''}`;
}

function inside(d: DocumentReport, f: Finding): boolean {
  const p = f.range.start;
  const { start, end } = d.range;
  return (p.line > start.line || (p.line === start.line && p.character >= start.character)) && (p.line < end.line || (p.line === end.line && p.character <= end.character));
}

export function junitWriter(out: ChunkedOut, options: JunitOptions): ReportWriter {
  out.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="kubegate">\n');
  return {
    file(r: FileResult) {
      const findings = r.report.findings.filter((f) => !options.quiet || shownWhenQuiet(f.severity));
      const notChecked = new Set((r.notChecked ?? []).map((n) => n.doc));
      const cases: string[] = [];
      let failures = 0;
      let skipped = 0;
      const used = new Set<Finding>();
      const caseFor = (name: string, own: Finding[], skipReason?: string) => {
        for (const f of own) used.add(f);
        const failing = own.filter((f) => options.failing(f.severity));
        const other = own.filter((f) => !options.failing(f.severity));
        let body = '';
        if (failing.length > 0) {
          failures++;
          const first = failing[0]!;
          body += `      <failure message="${attr(`${failing.length === 1 ? first.message : `${failing.length} findings`}`)}" type="${attr(first.code)}">${escapeXml(failing.map((f) => line(r.path, f)).join('\n'))}</failure>\n`;
        } else if (skipReason !== undefined) {
          skipped++;
          body += `      <skipped message="${attr(`not checked: ${skipReason}`)}"/>\n`;
        }
        if (other.length > 0) body += `      <system-out>${escapeXml(other.map((f) => line(r.path, f)).join('\n'))}</system-out>\n`;
        cases.push(`    <testcase classname="${attr(r.path)}" name="${attr(name)}"${body ? `>\n${body}    </testcase>` : '/>'}`);
      };
      const visit = (d: DocumentReport, label: string) => {
        if (d.items && d.items.length > 0) {
          d.items.forEach((item) => visit(item, `${label}, item ${item.index + 1}`));
          return;
        }
        const own = findings.filter((f) => !used.has(f) && inside(d, f));
        caseFor(`${label}${d.kind ? ` ${d.kind}` : ''}`, own, notChecked.has(d) ? d.reason : undefined);
      };
      for (const d of r.report.documents) visit(d, `document ${d.index + 1}`);
      const rest = findings.filter((f) => !used.has(f));
      if (rest.length > 0 || cases.length === 0) caseFor('file', rest);
      out.write(`  <testsuite name="${attr(r.path)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">\n${cases.join('\n')}\n  </testsuite>\n`);
    },
    end(summary: RunSummary) {
      for (const f of summary.failed) {
        out.write(`  <testsuite name="${attr(f.path)}" tests="1" failures="0" errors="1" skipped="0">\n    <testcase classname="${attr(f.path)}" name="file">\n      <error message="${attr(`cannot read: ${f.message}`)}"/>\n    </testcase>\n  </testsuite>\n`);
      }
      // The .kubegate.yaml files that governed the run: one property each (path, then what it did).
      if (summary.settings.length > 0) {
        const props = summary.settings.map(
          (u) => `      <property name="settings" value="${escapeXml(`${u.path}: applied=${u.applied} files=${u.files} ignored=${u.ignored} off=${u.off} relaxations=${u.relaxations}`)}"/>`,
        );
        out.write(`  <testsuite name="kubegate settings" tests="0" failures="0" errors="0" skipped="0">\n    <properties>\n${props.join('\n')}\n    </properties>\n  </testsuite>\n`);
      }
      // Reasons the finding testcases do not show by themselves (warnings over the limit, documents not checked).
      const policy = summary.verdict.beyondFindings ?? [];
      if (summary.verdict.exitCode !== 0 && policy.length > 0) {
        out.write(
          `  <testsuite name="kubegate policy" tests="1" failures="1" errors="0" skipped="0">\n    <testcase classname="kubegate" name="policy">\n      <failure message="${attr(`Failing (exit ${summary.verdict.exitCode}): ${summary.verdict.reasons.join('; ')}`)}" type="policy"/>\n    </testcase>\n  </testsuite>\n`,
        );
      }
      // Nothing silenced without a count: a suite of no tests whose properties say what was left out on purpose.
      const { disableComments, configuration, patchFiles, patchesCheckedWhole } = summary.silenced;
      if (disableComments + configuration + patchFiles + patchesCheckedWhole > 0) {
        out.write(
          `  <testsuite name="kubegate silenced" tests="0" failures="0" errors="0" skipped="0">\n    <properties>\n` +
            `      <property name="findings silenced by disable comments" value="${disableComments}"/>\n` +
            `      <property name="findings switched off by configuration" value="${configuration}"/>\n` +
            `      <property name="files read as kustomize patches" value="${patchFiles}"/>\n` +
            `      <property name="kustomize patch documents checked as whole objects" value="${patchesCheckedWhole}"/>\n    </properties>\n  </testsuite>\n`,
        );
      }
      out.write('</testsuites>\n');
      out.flush();
    },
  };
}
