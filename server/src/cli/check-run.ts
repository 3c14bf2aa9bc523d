// One input of `kubegate check` from text to a plain, serializable outcome: the same function runs in the main
// thread (`--jobs 1`) and in each worker thread (check-jobs.ts), so both give the same bytes. What the check says
// on stderr on the way (project notes, `--fix` lines) is kept in the outcome and printed by the main thread in
// input order.
import * as path from 'node:path';
import type { Analysis, FileContext, FileReport, Finding, Project, ProjectSettings } from '../engine';
import { checkOne, fileFixes, fixInput, skippedByKindOf, type FileFix } from './check-file';
import { notCheckedDocuments, type FileResult } from './format/types';
import type { CheckInput, InputProblem, ReadInput } from './inputs';
import type { CliIO } from './io';
import type { SeverityMap } from './policy';

/** What the files governed by one `.kubegate.yaml` (or by none) are checked with: its settings under the
 *  command line's, which win. */
export interface RunGroup {
  severity: SeverityMap;
  /** Codes its settings file turns off (the command line does not set them): their findings are counted. */
  offBySettings: string[];
  skipKinds: string[];
  projectSettings: ProjectSettings;
}

/** What every file of a run is checked with (plain data: it is sent to worker threads as it is). */
export interface FileRunOptions {
  cwd: string;
  /** Per settings file (its path; '' for files no `.kubegate.yaml` governs), what its files are checked with. */
  groups: Record<string, RunGroup>;
  fix: boolean;
  stdinFilename?: string;
  /** JSON and SARIF output list each finding's fixes. */
  wantFixes: boolean;
  /** SARIF quotes the checked text: the outcome carries it (after `--fix`). */
  keepText: boolean;
  /** Bytes read from one input at most (--max-file-size). */
  maxFileBytes: number;
}

/** The result of one input, as plain data. */
export interface FileOutcome {
  index: number;
  result: Omit<FileResult, 'fixes'>;
  /** Per finding of the report (same order), its fixes when asked for (null: not computed for that finding). */
  fixes?: (FileFix[] | null)[];
  /** Findings its settings file turned off (`severity: {code: off}`). */
  switchedOff: number;
  /** Documents left out by `--skip-kind`; documents seen; of those, not checked (format/types.ts). */
  skippedByKind: number;
  /** Template documents of a chart's template file (one note per chart: check.ts). */
  chartTemplates?: number;
  documents: number;
  notChecked: number;
  /** Kubegate failed on the file (the report holds its check-failed finding). */
  failed: boolean;
  /** Lines for stderr, in the order they were said (`note:` lines are printed once per run). */
  messages: string[];
  text?: string;
  /** Why the input could not be read when its turn came (it was found readable when the run began): no report. */
  unread?: string;
  /** `--fix` did not write the file back (a link, another user's file): said on stderr, the run exits 2. */
  refusedWrite?: true;
  /** The unread input went past a bound (grew over the size limit): a file not checked (inputs.ts InputProblem). */
  unreadBound?: true;
}

/** The outcome of an input that could not be read when checked (removed, replaced or grown since the walk). */
export function unreadOutcome(index: number, input: CheckInput, why: InputProblem): FileOutcome {
  return {
    index,
    result: { path: input.path, report: { findings: [], documents: [] }, gateConfigs: [], gateConfigsAsWritten: [], notChecked: [] },
    switchedOff: 0,
    skippedByKind: 0,
    documents: 0,
    notChecked: 0,
    failed: false,
    messages: [],
    unread: why.message,
    ...(why.bound ? { unreadBound: true as const } : {}),
  };
}

/** Checks one input in `project`. `said` collects what is said for stderr while it runs (project notes). */
export function checkInput(input: ReadInput, index: number, project: Project, options: FileRunOptions, io: CliIO, said: string[]): FileOutcome {
  const messages = said;
  const group = options.groups[input.settings ?? ''] ?? options.groups['']!;
  const sayingIO: CliIO = { ...io, err: (t) => messages.push(t), out: (t) => messages.push(t) };
  let context: FileContext | undefined;
  // The project's context, built once per file; the analysis names the file as the user wrote it.
  const analysisOf = (): Analysis => (context ??= project.contextOf(path.resolve(options.cwd, input.path), group.projectSettings, input.text)).analysis.withFile(input.path);
  const fixed = options.fix ? fixInput(input, analysisOf, group.severity, options.stdinFilename, sayingIO) : { text: input.text };
  const text = fixed.text;
  // The codes the settings file turns off are checked at their default severity, then dropped and counted.
  const off = new Set(group.offBySettings);
  const severity = off.size === 0 ? group.severity : Object.fromEntries(Object.entries(group.severity).filter(([code]) => !off.has(code)));
  const one = checkOne(analysisOf, text, severity, (err) => {
    if (process.env['KUBEGATE_DEBUG']) messages.push(`kubegate check: ${input.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  });
  // kubectl -R reads .json files too: one found in a folder is checked when it holds a Kubernetes object, and one
  // that parses and holds none (package.json, tsconfig.json) is named as skipped, with why (not an unchecked manifest).
  if (!input.named && /\.json$/i.test(input.path) && one.report.findings.length === 0 && !one.report.documents.some((d) => d.kind !== undefined || d.apiVersion !== undefined)) {
    return unreadOutcome(index, input, { path: input.path, message: 'a .json file without apiVersion and kind (not a Kubernetes object): not checked' });
  }
  const kept = off.size === 0 ? one.report : { ...one.report, findings: one.report.findings.filter((f) => !off.has(f.code)) };
  const switchedOff = one.report.findings.length - kept.findings.length;
  const skipped = skippedByKindOf(kept, group.skipKinds);
  const report = withRelativeTaken(skipped.report, options.cwd, input.path);
  const docs = notCheckedDocuments(report, skipped.documents);
  // In notes, config paths are written like the file's own: absolute beside an absolute path.
  const configFiles = context?.configFiles ?? [];
  const gateConfigs = configFiles.map((f) => path.relative(options.cwd, f) || f);
  const fixes = options.wantFixes ? fileFixes(one.analysis, text, skipped.report, input.path) : undefined;
  return {
    index,
    result: {
      path: input.path,
      report,
      gateConfigs,
      gateConfigsAsWritten: path.isAbsolute(input.path) ? configFiles : gateConfigs,
      notChecked: docs.notChecked,
    },
    ...(fixes ? { fixes: skipped.report.findings.map((f) => fixes.get(f) ?? null) } : {}),
    switchedOff,
    skippedByKind: skipped.documents.size,
    ...(docs.chartTemplates > 0 ? { chartTemplates: docs.chartTemplates } : {}),
    documents: docs.documents + skipped.documents.size,
    notChecked: docs.count,
    failed: one.failed,
    ...(fixed.refused ? { refusedWrite: true as const } : {}),
    messages,
    ...(options.keepText ? { text } : {}),
  };
}

/** The report with the paths of what the file was taken for written as the run writes paths (relative to the
 *  working directory, or absolute beside an absolute path). */
function withRelativeTaken(report: FileReport, cwd: string, written: string): FileReport {
  const taken = report.taken;
  if (!taken || (!taken.chart && !taken.kustomization)) return report;
  const as = (p: string) => (path.isAbsolute(written) ? p : path.relative(cwd, p) || '.');
  return {
    ...report,
    taken: {
      ...taken,
      ...(taken.chart ? { chart: { ...taken.chart, dir: as(taken.chart.dir) } } : {}),
      ...(taken.kustomization ? { kustomization: as(taken.kustomization) } : {}),
    },
  };
}

/** The writer's record of an outcome (fixes keyed by finding again). */
export function fileResultOf(outcome: FileOutcome): FileResult {
  const { report } = outcome.result;
  let fixes: Map<Finding, FileFix[]> | undefined;
  if (outcome.fixes) {
    fixes = new Map();
    report.findings.forEach((f, i) => {
      const list = outcome.fixes![i];
      if (list) fixes!.set(f, list);
    });
  }
  return { ...outcome.result, ...(fixes ? { fixes } : {}) };
}
