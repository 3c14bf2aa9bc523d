// One input of `kubegate check` from text to a plain, serializable outcome: the same function runs in the main
// thread (`--jobs 1`) and in each worker thread (check-jobs.ts), so both give the same bytes. What the check says
// on stderr on the way (project notes, `--fix` lines) is kept in the outcome and printed by the main thread in
// input order.
import * as path from 'node:path';
import type { Analysis, FileContext, FileReport, Finding, Project, ProjectSettings } from '../engine';
import { checkOne, fileFixes, fixInput, skippedByKindOf, type FileFix } from './check-file';
import { notCheckedDocuments, type FileResult } from './format/types';
import type { CheckInput, ReadInput } from './inputs';
import type { CliIO } from './io';
import type { SeverityMap } from './policy';

/** What the files governed by one `.kubegate.yaml` (or by none) are checked with: its settings under the
 *  command line's, which win. */
export interface RunGroup {
  severity: SeverityMap;
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
  /** Documents left out by `--skip-kind`; documents seen; of those, not checked. */
  skippedByKind: number;
  /** Template documents of a chart's template file (one note per chart: check.ts). */
  chartTemplates?: number;
  documents: number;
  /** Kubegate failed on the file (the report holds its check-failed finding). */
  failed: boolean;
  /** Lines for stderr, in the order they were said (`note:` lines are printed once per run). */
  messages: string[];
  text?: string;
  /** Why the input could not be read when its turn came (it was found readable when the run began): no report. */
  unread?: string;
}

/** The outcome of an input that could not be read when checked (removed, replaced or grown since the walk). */
export function unreadOutcome(index: number, input: CheckInput, why: string): FileOutcome {
  return {
    index,
    result: { path: input.path, report: { findings: [], documents: [] }, gateConfigs: [], gateConfigsAsWritten: [], notChecked: [] },
    skippedByKind: 0,
    documents: 0,
    failed: false,
    messages: [],
    unread: why,
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
  const text = options.fix ? fixInput(input, analysisOf, group.severity, options.stdinFilename, sayingIO) : input.text;
  const one = checkOne(analysisOf, text, group.severity, (err) => {
    if (process.env['KUBEGATE_DEBUG']) messages.push(`kubegate check: ${input.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  });
  const skipped = skippedByKindOf(one.report, group.skipKinds);
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
    skippedByKind: skipped.documents.size,
    ...(docs.chartTemplates > 0 ? { chartTemplates: docs.chartTemplates } : {}),
    documents: docs.documents + skipped.documents.size,
    failed: one.failed,
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
