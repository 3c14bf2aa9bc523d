// When to check a document and what to publish: a per-document debounce that follows how long the last
// check of that document took, stale-result dropping (a newer edit wins), and the last report (kept in the
// document's snapshot) for code actions, inlay hints and the custom requests.
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { checkFailedFinding, type FileReport } from '../engine';
import { toDiagnostics } from './convert';
import type { CheckedDocument, Snapshots } from './snapshots';

export type CheckFn = (doc: TextDocument, isStale: () => boolean) => Promise<FileReport | undefined>;
/** Called after a report is published, with the report it replaces (the status follows what a check found). */
export type PublishedFn = (uri: string, report: FileReport, previous: FileReport | undefined) => void;

const MIN_DELAY_MS = 10;
const MAX_DELAY_MS = 100;

export class Validator {
  constructor(
    private readonly snapshots: Snapshots,
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly check: CheckFn,
    private readonly onPublished?: PublishedFn,
  ) {}

  /** Checks after a short pause (half the cost of the previous check of this document, 10 to 100 ms), so that
   *  fast typing is checked once per pause rather than once per key. */
  schedule(uri: string, immediate = false): void {
    const s = this.snapshots.of(uri);
    const gen = ++s.generation;
    if (s.timer) clearTimeout(s.timer);
    const delay = immediate ? 0 : Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, Math.round(s.lastCostMs / 2)));
    s.timer = setTimeout(() => {
      s.timer = undefined;
      void this.run(uri, gen);
    }, delay);
  }

  scheduleAll(): void {
    for (const d of this.documents.all()) this.schedule(d.uri);
  }

  /** The document closed: its snapshot goes (a pending check with it) and its diagnostics are cleared. */
  forget(uri: string): void {
    this.snapshots.forget(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  last(uri: string): CheckedDocument | undefined {
    return this.snapshots.peek(uri)?.checked;
  }

  private async run(uri: string, gen: number): Promise<void> {
    const doc = this.documents.get(uri);
    if (!doc) return;
    const snapshot = this.snapshots.peek(uri);
    if (!snapshot) return;
    const isStale = (): boolean => this.snapshots.peek(uri) !== snapshot || snapshot.generation !== gen || this.documents.get(uri)?.version !== doc.version;
    const started = Date.now();
    let report: FileReport | undefined;
    try {
      report = await this.check(doc, isStale);
    } catch (e) {
      this.connection.console.error(`kubegate: checking ${uri} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      // The file must not look clean: one check-failed finding (the registry's, as the CLI reports it).
      report = { documents: [], findings: [checkFailedFinding(e ?? 'unknown error')] };
    }
    snapshot.lastCostMs = Date.now() - started;
    if (!report || isStale()) return;
    const previous = snapshot.checked?.report;
    snapshot.checked = { version: doc.version, report };
    await this.connection.sendDiagnostics({
      uri,
      version: doc.version,
      diagnostics: toDiagnostics(report.findings, uri),
    });
    this.onPublished?.(uri, report, previous);
  }
}
