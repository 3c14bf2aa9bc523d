// One input of `kubegate check`: its report (a `check-failed` finding when Kubegate fails on it, as the language
// server reports it), the fixes of its findings that edit only the file itself (JSON and SARIF output), and
// `--fix`: the safe fixes applied until none is left.
// A safe fix edits only the checked file, is the finding's preferred fix, and is no disable comment; fixes whose
// edits overlap are applied in later passes (the text is checked again between passes), so a second
// `kubegate check --fix` changes nothing.
import { kindSelected } from '../contract/repo-config';
import { Analysis, append, applyRangeEdits, checkFailedFinding, LineIndex, type DocumentReport, type FileReport, type Finding, type Fix } from '../engine';
import * as path from 'node:path';
import type { ReadInput } from './inputs';
import { EXIT_USAGE, type CliIO } from './io';
import type { RunVerdict } from './policy';
import { repoRootOf } from './repo-settings';

/** A fix that edits only the checked file (its edits, without the file name). */
export interface FileFix {
  title: string;
  edits: { range: Finding['range']; newText: string }[];
  preferred?: true;
  /** A disable comment rather than a correction. */
  suppression?: true;
}

export interface CheckedFile {
  report: FileReport;
  /** Kubegate failed on the file (the report holds its check-failed finding). */
  failed: boolean;
  /** Per finding, its fixes that edit only this file (when asked for). */
  fixes?: Map<Finding, FileFix[]>;
}

/** The report of one text; an internal error becomes the file's check-failed finding. */
export function checkOne(analysisOf: () => Analysis, text: string, severity: Parameters<Analysis['check']>[1], onError: (err: unknown) => void): { report: FileReport; failed: boolean; analysis?: Analysis } {
  try {
    const analysis = analysisOf();
    return { report: analysis.check(text, severity), failed: false, analysis };
  } catch (err) {
    onError(err);
    return { report: { documents: [], findings: [checkFailedFinding(err)] }, failed: true };
  }
}

/** Findings of one file whose fixes are computed (JSON, SARIF, --fix per pass): the work stays bounded. */
export const MAX_FIXED_FINDINGS = 100;

/** The fixes of each finding that edit only `file` (no new file, no setting, no other file); the first
 *  MAX_FIXED_FINDINGS findings only. */
export function fileFixes(analysis: Analysis | undefined, text: string, report: FileReport, file: string): Map<Finding, FileFix[]> {
  const out = new Map<Finding, FileFix[]>();
  if (!analysis) return out;
  let all: Map<Finding, Fix[]>;
  try {
    all = analysis.fixes(text, report, report.findings.slice(0, MAX_FIXED_FINDINGS), { offerSetting: false });
  } catch {
    return out;
  }
  for (const [finding, fixes] of all) {
    const own: FileFix[] = [];
    for (const fix of fixes) {
      if (fix.setting || fix.edits.length === 0) continue;
      const edits = fix.edits.flatMap((e) => ('range' in e && e.file === file ? [{ range: e.range, newText: e.newText }] : []));
      if (edits.length !== fix.edits.length) continue;
      own.push({ title: fix.title, edits, ...(fix.isPreferred ? { preferred: true as const } : {}), ...(fix.suppression ? { suppression: true as const } : {}) });
    }
    out.set(finding, own);
  }
  return out;
}

function offsetsOf(text: string, fix: FileFix): [number, number][] {
  const index = new LineIndex(text);
  return fix.edits.map((e) => [index.offsetAt(e.range.start), index.offsetAt(e.range.end)]);
}

/** One pass: the safe fixes of `fixes` whose edits do not overlap, applied to `text`. */
function applyPass(text: string, fixes: Map<Finding, FileFix[]>): { text: string; applied: { finding: Finding; fix: FileFix }[] } {
  const taken: [number, number][] = [];
  const applied: { finding: Finding; fix: FileFix }[] = [];
  for (const [finding, list] of fixes) {
    const fix = list.find((x) => x.preferred && !x.suppression);
    if (!fix) continue;
    const spans = offsetsOf(text, fix);
    if (spans.some(([s, e]) => taken.some(([ts, te]) => s < te && ts < e) || (s === e && taken.some(([ts, te]) => s >= ts && s <= te)))) continue;
    append(taken, spans);
    applied.push({ finding, fix });
  }
  if (applied.length === 0) return { text, applied };
  return { text: applyRangeEdits(text, applied.flatMap((a) => a.fix.edits)), applied };
}

/** Applies the safe fixes until none is left (at most `maxPasses` passes); the text and what was applied. */
export function applySafeFixes(
  text: string,
  file: string,
  check: (text: string) => { report: FileReport; analysis?: Analysis },
  maxPasses = 10,
): { text: string; applied: { finding: Finding; fix: FileFix }[] } {
  const applied: { finding: Finding; fix: FileFix }[] = [];
  let current = text;
  for (let pass = 0; pass < maxPasses; pass++) {
    const { report, analysis } = check(current);
    const next = applyPass(current, fileFixes(analysis, current, report, file));
    if (next.applied.length === 0 || next.text === current) break;
    append(applied, next.applied);
    current = next.text;
  }
  return { text: current, applied };
}

/** A file Kubegate could not check never passes: the run ends as an internal failure (exit 2), after every file. */
export function withFailedChecks(verdict: RunVerdict, failed: readonly string[]): RunVerdict {
  if (failed.length === 0) return verdict;
  const why = `Kubegate failed on ${failed.length === 1 ? '1 file' : `${failed.length} files`} (${failed.join(', ')}): not checked`;
  return { exitCode: EXIT_USAGE, reasons: [why, ...verdict.reasons], beyondFindings: [why, ...(verdict.beyondFindings ?? [])] };
}

/** The report without the documents `--skip-kind` / `skipKinds` select (List items too): their findings are
 *  dropped and they are counted as skipped, not as not checked. */
export function skippedByKindOf(report: FileReport, selectors: readonly string[]): { report: FileReport; documents: Set<DocumentReport> } {
  const documents = new Set<DocumentReport>();
  if (selectors.length === 0) return { report, documents };
  const visit = (d: DocumentReport) => {
    if (kindSelected(selectors, d.apiVersion, d.kind)) documents.add(d);
    else d.items?.forEach(visit);
  };
  report.documents.forEach(visit);
  if (documents.size === 0) return { report, documents };
  const inside = (p: { line: number; character: number }) =>
    [...documents].some((d) => {
      const { start, end } = d.range;
      return (p.line > start.line || (p.line === start.line && p.character >= start.character)) && (p.line < end.line || (p.line === end.line && p.character <= end.character));
    });
  return { report: { ...report, findings: report.findings.filter((f) => !inside(f.range.start)) }, documents };
}

/** `--fix`: the input's text after its safe fixes, written back to the file (a regular file only; stdin and
 *  FIFOs are checked as they are; never through a link: safe-write.ts); each applied fix is listed on stderr. A
 *  refused write keeps the text as it was and is `refused` (the run exits 2). */
export function fixInput(input: ReadInput, analysisOf: () => Analysis, severity: Parameters<Analysis['check']>[1], stdinName: string | undefined, io: CliIO): { text: string; refused?: true } {
  const file = path.resolve(io.cwd?.() ?? process.cwd(), input.path);
  const fromStdin = input.path.startsWith('<') || input.path === stdinName;
  if (fromStdin || io.stat?.(file)?.kind !== 'file' || !io.writeFile) {
    io.err(`kubegate check --fix: ${input.path}: not a regular file; not changed\n`);
    return { text: input.text };
  }
  const fixed = applySafeFixes(input.text, input.path, (t) => checkOne(analysisOf, t, severity, () => undefined));
  if (fixed.applied.length === 0 || fixed.text === input.text) return { text: input.text };
  try {
    io.writeFile(file, fixed.text, repoRootOf(io));
  } catch (err) {
    io.err(`kubegate check --fix: ${input.path}: not changed: ${err instanceof Error ? err.message : String(err)}\n`);
    return { text: input.text, refused: true };
  }
  const lines = fixed.applied.map((a) => `  line ${a.finding.range.start.line + 1}: ${a.finding.code}: ${a.fix.title}\n`).join('');
  io.err(`kubegate check --fix: ${input.path}: ${fixed.applied.length === 1 ? '1 fix' : `${fixed.applied.length} fixes`} applied\n${lines}`);
  return { text: fixed.text };
}
