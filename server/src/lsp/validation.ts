// When to check a document and what to publish: a per-document debounce that follows how long the last
// check of that document took, stale-result dropping (a newer edit wins), and the last report per URI
// for code actions, inlay hints and the custom requests.
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { checkFailedFinding, type FileReport } from '../engine';
import { toDiagnostic } from './convert';

export interface CheckedDocument {
  version: number;
  report: FileReport;
}

export type CheckFn = (doc: TextDocument, isStale: () => boolean) => Promise<FileReport | undefined>;

const MIN_DELAY_MS = 10;
const MAX_DELAY_MS = 100;

export class Validator {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly generation = new Map<string, number>();
  private readonly lastCost = new Map<string, number>();
  private readonly results = new Map<string, CheckedDocument>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly check: CheckFn,
  ) {}

  /** Checks after a short pause (half the cost of the previous check of this document, 10 to 100 ms), so that
   *  fast typing is checked once per pause rather than once per key. */
  schedule(uri: string, immediate = false): void {
    const gen = (this.generation.get(uri) ?? 0) + 1;
    this.generation.set(uri, gen);
    const old = this.timers.get(uri);
    if (old) clearTimeout(old);
    const cost = this.lastCost.get(uri) ?? 0;
    const delay = immediate ? 0 : Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, Math.round(cost / 2)));
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      void this.run(uri, gen);
    }, delay);
    this.timers.set(uri, timer);
  }

  scheduleAll(): void {
    for (const d of this.documents.all()) this.schedule(d.uri);
  }

  forget(uri: string): void {
    const t = this.timers.get(uri);
    if (t) clearTimeout(t);
    this.timers.delete(uri);
    this.generation.set(uri, (this.generation.get(uri) ?? 0) + 1);
    this.results.delete(uri);
    this.lastCost.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  last(uri: string): CheckedDocument | undefined {
    return this.results.get(uri);
  }

  private async run(uri: string, gen: number): Promise<void> {
    const doc = this.documents.get(uri);
    if (!doc) return;
    const isStale = (): boolean => this.generation.get(uri) !== gen || this.documents.get(uri)?.version !== doc.version;
    const started = Date.now();
    let report: FileReport | undefined;
    try {
      report = await this.check(doc, isStale);
    } catch (e) {
      this.connection.console.error(`kubegate: checking ${uri} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      // The file must not look clean: one check-failed finding (the registry's, as the CLI reports it).
      report = { documents: [], findings: [checkFailedFinding(e ?? 'unknown error')] };
    }
    this.lastCost.set(uri, Date.now() - started);
    if (!report || isStale()) return;
    this.results.set(uri, { version: doc.version, report });
    await this.connection.sendDiagnostics({
      uri,
      version: doc.version,
      diagnostics: report.findings.map((f) => toDiagnostic(f, uri)),
    });
  }
}
