// What the report writers of `kubegate check` receive: one FileResult per checked input (severity overrides
// already applied), then the summary. Writers print as they go, so a huge report is never one string.
import { isJudged, takenPhrase, type DocumentCheckStatus, type DocumentReport, type FileReport, type Finding, type KubeVersion, type Severity } from '../../engine';
import type { FileFix } from '../check-file';
import type { InputProblem } from '../inputs';
import type { RunVerdict } from '../policy';

/** A document (or List item) that was not checked, with its label in notes (`document 2, item 3`). */
export interface NotCheckedDocument {
  doc: DocumentReport;
  label: string;
}

export interface FileResult {
  /** As given on the command line (or found in a folder); `--stdin-filename` for stdin. */
  path: string;
  report: FileReport;
  /** Config files that supplied gate state to this file (the config-scoping model), relative to the cwd. */
  gateConfigs?: string[];
  /** The same written like `path` (absolute beside an absolute path), for text notes. */
  gateConfigsAsWritten?: string[];
  /** Documents not checked and not already explained by a finding of their own (notes). */
  notChecked?: NotCheckedDocument[];
  /** Per finding, its fixes that edit only this file (JSON and SARIF output). */
  fixes?: Map<Finding, FileFix[]>;
}

export interface RunSummary {
  version: KubeVersion;
  /** Inputs checked. */
  files: number;
  /** Inputs with at least one shown finding. */
  filesWithFindings: number;
  /** Findings per severity (all of them, shown or not). */
  counts: Record<Severity, number>;
  /** Documents (a List counts as its items) seen in the checked files. */
  documents: number;
  /** Of those, not checked (a reason each; those explained by an error of their own are not counted, those stopped
   *  by a bound are), and files not read because of a bound (one each). */
  notChecked: number;
  /** Documents skipped on purpose (`--skip-kind`, `skipKinds`). */
  skippedByKind: number;
  /** Nothing silenced without a count (every format says it): findings dropped by disable comments and by
   *  configuration (a severity `off`), files read as kustomize patches (fragments), and patch documents written as
   *  whole objects and checked as such. */
  silenced: SilencedCounts;
  /** Helm charts whose templates were met (one note each; their template documents count as not checked). */
  charts: ChartSummary[];
  /** Found in folders and not read (FIFO, device, too large, unreadable folder). */
  skipped: InputProblem[];
  /** Named on the command line and not readable. */
  failed: InputProblem[];
  /** The `.kubegate.yaml` files that governed the run (the root's first), and what each did. */
  settings: SettingsUse[];
  /** The exit code and, when it is not 0, why (every format says it). */
  verdict: RunVerdict;
}

export interface SilencedCounts {
  disableComments: number;
  configuration: number;
  patchFiles: number;
  /** Documents of patches written as whole objects, checked as such (kustomize/apply.ts). */
  patchesCheckedWhole: number;
}

/** Adds what a file's report silenced to the run's counts. */
export function addSilenced(counts: SilencedCounts, report: FileReport): void {
  counts.disableComments += report.silenced?.disableComments ?? 0;
  counts.configuration += report.silenced?.configuration ?? 0;
  if (report.silenced?.readAsPatch) counts.patchFiles++;
  counts.patchesCheckedWhole += report.silenced?.patchesCheckedWhole ?? 0;
}

/** A settings file of the run and what it did (every format lists them). */
export interface SettingsUse {
  /** Its path as the run writes paths (relative to the working directory when inside it). */
  path: string;
  /** Checked files it governed (0 when not applied). */
  files: number;
  /** Files its `ignore` / `files` globs left out. */
  ignored: number;
  /** Findings its `severity: {code: off}` dropped. */
  off: number;
  /** False: found around some files but not applied (`--settings` or `pin: true` pins another file). */
  applied: boolean;
  /** Its settings-relaxed findings (keys that relax the root settings' policy). */
  relaxations: number;
}

/** A chart met in a run: its name, its folder (as the run writes paths) and how many of its templates were met. */
export interface ChartSummary {
  name: string;
  dir: string;
  templates: number;
  documents: number;
}

export interface ReportWriter {
  file(result: FileResult): void;
  end(summary: RunSummary): void;
}

export interface WriterOptions {
  /** Hide information and hint findings and not-checked notes. */
  quiet: boolean;
}

/** Collects small writes into chunks of about 64 KiB before handing them on. */
export class ChunkedOut {
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly sink: (text: string) => void) {}

  write(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= 65536) this.flush();
  }

  flush(): void {
    if (this.parts.length === 0) return;
    this.sink(this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
}

/** Whether a finding is shown under --quiet. */
export function shownWhenQuiet(severity: Severity): boolean {
  return severity === 'error' || severity === 'warning';
}

/** Finding codes that already say a document was not checked (no note beside them: one finding per fact). */
const EXPLAINS_NOT_CHECKED = new Set(['api-not-served', 'unknown-kind', 'yaml-syntax', 'file-too-large']);

/** Of those, the code of a bound (size, nesting, template documents): its note is informational, so the document
 *  is still counted as not checked (it fails --fail-on-unchecked; an error code fails the run by itself). */
const BOUND_CODE = 'file-too-large';

function within(r: DocumentReport['range'], p: { line: number; character: number }): boolean {
  const after = p.line > r.start.line || (p.line === r.start.line && p.character >= r.start.character);
  const before = p.line < r.end.line || (p.line === r.end.line && p.character <= r.end.character);
  return after && before;
}

/** Documents that hold no Kubernetes object to apply (a kustomization, a chart's metadata or values, a golden file):
 *  nothing was left unchecked, the file's note says what it was taken for. */
const NO_OBJECT_TO_CHECK: ReadonlySet<DocumentCheckStatus> = new Set(['kustomization', 'chart-file', 'not-kubernetes']);

/**
 * The documents of a report that were not checked (List items on their own), each with its label, leaving out
 * those a finding of theirs already explains (an `api-not-served` error says the document is not checked), those
 * that hold no object (NO_OBJECT_TO_CHECK), a chart's templates (one note per chart: counted in `chartTemplates`)
 * and those `skipped` names. Also the number of documents seen (a List counts as its items) and of those not checked
 * (`count`: the listed ones and those whose own finding is a bound's note, `file-too-large`).
 */
export function notCheckedDocuments(report: FileReport, skipped: ReadonlySet<DocumentReport> = new Set()): { notChecked: NotCheckedDocument[]; documents: number; count: number; chartTemplates: number } {
  const out: NotCheckedDocument[] = [];
  let documents = 0;
  let count = 0;
  let chartTemplates = 0;
  const chart = report.taken?.as === 'chart-template';
  const explainedBy = (d: DocumentReport) =>
    report.findings.find((f) => EXPLAINS_NOT_CHECKED.has(f.code) && within(d.range, f.range.start))?.code;
  const visit = (d: DocumentReport, label: string) => {
    if (skipped.has(d)) return;
    if (d.items && d.items.length > 0) {
      d.items.forEach((item) => visit(item, `${label}, item ${item.index + 1}`));
      return;
    }
    documents++;
    if (chart && d.status === 'template') {
      chartTemplates++;
      return;
    }
    if (d.checked || !d.reason || NO_OBJECT_TO_CHECK.has(d.status)) return;
    const code = explainedBy(d);
    if (code === undefined) out.push({ doc: d, label });
    if (code === undefined || code === BOUND_CODE) count++;
  };
  for (const d of report.documents) visit(d, `document ${d.index + 1}`);
  return { notChecked: out, documents, count, chartTemplates };
}

/** The one note of a file that was not judged as Kubernetes objects, saying what it was taken for (a chart's
 *  templates get one note per chart instead: chartNote; a template of another tool, a note per document). */
export function takenNote(report: FileReport): string | undefined {
  const taken = report.taken;
  const whole = report.silenced?.patchesCheckedWhole ?? 0;
  if (whole > 0 && (taken?.as === 'kustomize-patch' || taken?.as === 'kustomize-unused')) {
    return `a kustomize patch written as ${whole === 1 ? 'a whole object' : `${whole} whole objects`}: checked as such, nothing it leaves out excused`;
  }
  if (!taken || isJudged(taken.as) || taken.as === 'chart-template' || taken.as === 'template') return undefined;
  if (taken.as === 'kustomize-unused') {
    return `no kustomization uses this file (${taken.kustomization ?? 'a kustomization'} owns its folder): read as a patch, missing fields not reported`;
  }
  // Fragments have a note each already (notCheckedDocuments): only a document taken for no object gets this one.
  if (taken.as === 'not-kubernetes') return report.documents.find((d) => d.status === 'not-kubernetes')?.reason;
  return `${takenPhrase(taken)}: no Kubernetes object to check`;
}

/** The note of a chart whose templates a run met. */
export function chartNote(chart: ChartSummary): string {
  const templates = chart.templates === 1 ? '1 template' : `${chart.templates} templates`;
  return `chart ${chart.name} (${chart.dir}): ${templates} not checked; render with \`helm template ${chart.dir} | kubegate check -\``;
}
