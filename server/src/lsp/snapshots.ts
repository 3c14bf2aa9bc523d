// The one per-document store of the language server: for each document, its settings and its context (what
// governs it, kept until something it depends on changes), the engine's open document (its walk kept, edits re-checked
// piece by piece, gate-state changes re-running only the gate step), its outline, the last published check and
// the scheduling of its next check. Everything is dropped in one place when the document closes.
import type { ResolvedSettings } from '../contract/settings';
import { OpenDocument, type FileReport, type OutlineCache } from '../engine';
import type { DocumentContext } from './document-context';

/** Files longer than this (in characters) are checked for YAML syntax only (initializationOptions.maxFileChars). */
export const DEFAULT_MAX_FILE_CHARS = 5_000_000;

export interface CheckedDocument {
  version: number;
  report: FileReport;
}

export interface DocumentSnapshot {
  /** The document's settings (workspace/configuration for its URI, over its `.kubegate.yaml`); undefined until
   *  asked for, or after the configuration changed. */
  settings?: Promise<ResolvedSettings>;
  /** Settings and project context; undefined until asked for, or after what it depends on changed. */
  context?: Promise<DocumentContext>;
  readonly engine: OpenDocument;
  readonly outline: OutlineCache;
  /** Whether the text last seen may hold a gate config or CRDs that other files read. */
  affectsOthers?: boolean;
  /** Whether the text last seen may hold CRDs (its own context's CRD catalog reads them). */
  holdsCrds?: boolean;
  /** The report last published, with the document version it is for. */
  checked?: CheckedDocument;
  /** The pending check, its generation (a newer schedule makes an older run stale) and the last check's cost. */
  timer?: NodeJS.Timeout;
  generation: number;
  lastCostMs: number;
}

export class Snapshots {
  private readonly byUri = new Map<string, DocumentSnapshot>();

  /** The snapshot of a document, created on first use. */
  of(uri: string): DocumentSnapshot {
    let s = this.byUri.get(uri);
    if (!s) this.byUri.set(uri, (s = { engine: new OpenDocument(), outline: new Map(), generation: 0, lastCostMs: 0 }));
    return s;
  }

  peek(uri: string): DocumentSnapshot | undefined {
    return this.byUri.get(uri);
  }

  /** The document closed: everything kept for it goes (a pending check is cancelled). */
  forget(uri: string): void {
    const s = this.byUri.get(uri);
    if (s?.timer) clearTimeout(s.timer);
    this.byUri.delete(uri);
  }

  /** Contexts are built again on next use (settings, configs, files, the cluster or folders changed); the
   *  snapshots of documents that are not open (workspace reports) go entirely. */
  dropContexts(isOpen: (uri: string) => boolean, except?: string): void {
    for (const [uri, s] of this.byUri) {
      if (uri === except) continue;
      if (!isOpen(uri) && !s.timer) this.byUri.delete(uri);
      else s.context = undefined;
    }
  }

  /** The configuration changed: every document's settings are asked for again. */
  dropSettings(): void {
    for (const s of this.byUri.values()) s.settings = undefined;
  }

  /** Walks done by the open documents' engines (the server's statistics). */
  walks(): number {
    let n = 0;
    for (const s of this.byUri.values()) n += s.engine.walks;
    return n;
  }
}
