// What the report writers of `kubegate check` receive: one FileResult per checked input (severity overrides
// already applied), then the summary. Writers print as they go, so a huge report is never one string.
import type { FileReport, KubeVersion, Severity } from '../../engine';
import type { InputProblem } from '../inputs';

export interface FileResult {
  /** As given on the command line (or found in a folder); `--stdin-filename` for stdin. */
  path: string;
  report: FileReport;
  /** Config files that supplied gate state to this file (the config-scoping model), relative to the cwd. */
  gateConfigs?: string[];
}

export interface RunSummary {
  version: KubeVersion;
  /** Inputs checked. */
  files: number;
  /** Inputs with at least one shown finding. */
  filesWithFindings: number;
  /** Findings per severity (all of them, shown or not). */
  counts: Record<Severity, number>;
  /** Documents (and List items) not checked, with a reason. */
  notChecked: number;
  /** Found in folders and not read (FIFO, device, too large, unreadable folder). */
  skipped: InputProblem[];
  /** Named on the command line and not readable. */
  failed: InputProblem[];
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
