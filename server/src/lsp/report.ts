// Producing a document's FileReport for the server: the engine's checkText, the user's severity overrides,
// and the size guard (a very large file gets only syntax findings plus `file-too-large`).
import type { KubegateSettings } from '../contract/settings';
import {
  checkText,
  capFindings,
  defaultSeverity,
  parseFile,
  type FileReport,
  type Finding,
  mayHoldGateConfig,
} from '../engine';
import { effectiveVersion, headOf, type DocumentContext } from './analysis';
import type { IncrementalChecker } from './incremental';

/** Files longer than this (in characters) are checked for YAML syntax only. */
export const DEFAULT_MAX_FILE_CHARS = 5_000_000;

export function applySeverity(findings: Finding[], settings: KubegateSettings): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const override = settings.severity[f.code];
    if (override === 'off') continue;
    out.push(override ? { ...f, severity: override } : f);
  }
  return out;
}

/** Above this many times the size guard, not even the syntax is checked (parsing 60 MB took half a minute). */
export const SYNTAX_ONLY_FACTOR = 4;

function notChecked(text: string, maxChars: number): FileReport {
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  const end = { line: 0, character: 0 };
  return {
    documents: [{ index: 0, checked: false, reason: 'file too large', range: { start: end, end } }],
    findings: [
      {
        code: 'file-too-large',
        severity: defaultSeverity('file-too-large'),
        message: `Not checked: the file is over ${maxChars * SYNTAX_ONLY_FACTOR} characters`,
        fix: 'Split the file to get every check.',
        detail: `This file has ${text.length} characters; Kubegate checks files of up to ${maxChars} characters fully, and the YAML syntax of files of up to ${maxChars * SYNTAX_ONLY_FACTOR}.`,
        range: { start: end, end },
        data: { size: text.length, limit: maxChars, lines },
      },
    ],
  };
}

function syntaxOnly(text: string, maxChars: number): FileReport {
  if (text.length > maxChars * SYNTAX_ONLY_FACTOR) return notChecked(text, maxChars);
  const parsed = parseFile(text);
  const findings: Finding[] = [];
  const lastLine = parsed.lineCounter.lineStarts.length - 1;
  findings.push({
    code: 'file-too-large',
    severity: defaultSeverity('file-too-large'),
    message: `Only YAML syntax is checked: the file is over ${maxChars} characters`,
    fix: 'Split the file to get every check.',
    detail: `This file has ${text.length} characters; Kubegate checks files of up to ${maxChars} characters fully.`,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    data: { size: text.length, limit: maxChars, lines: lastLine + 1 },
  });
  for (const d of parsed.documents) {
    for (const e of d.errors) {
      findings.push({ code: 'yaml-syntax', severity: defaultSeverity('yaml-syntax'), message: e.message, fix: 'Fix the YAML.', range: e.range, document: d.index });
    }
  }
  return {
    documents: parsed.documents.map((d) => ({ index: d.index, checked: false, reason: 'file too large', range: d.range })),
    findings: capFindings(findings),
  };
}

/** The report of a document; with `checker`, only the YAML documents that changed since its last call are checked. */
export function reportFor(text: string, ctx: DocumentContext, maxChars: number, checker?: IncrementalChecker): FileReport {
  let report: FileReport;
  if (text.length > maxChars) report = syntaxOnly(text, maxChars);
  else {
    // The version comment (first lines of the file) applies to every piece the checker checks on its own.
    const version = effectiveVersion(parseFile(headOf(text)), ctx.version);
    const whole = (t: string) => checkText(t, { version, environment: ctx.environment, file: ctx.file, kustomize: ctx.kustomize, crds: ctx.crds });
    report = checker ? checker.check(text, `${version}`, ctx, whole, mayHoldGateConfig, ctx.file) : whole(text);
  }
  return { documents: report.documents, findings: applySeverity(report.findings, ctx.settings) };
}
