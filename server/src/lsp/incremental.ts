// The engine's per-document checker (engine/incremental: only the YAML documents an edit touched are checked
// again), held per open document URI and dropped when the document closes.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { OpenDocument, type FileReport } from '../engine';
import type { DocumentContext } from './analysis';

/** Files longer than this (in characters) are checked for YAML syntax only (initializationOptions.maxFileChars). */
export const DEFAULT_MAX_FILE_CHARS = 5_000_000;

export class OpenDocuments {
  private readonly open = new Map<string, OpenDocument>();

  /** The report of the document's current text, with the user's `kubegate.severity` overrides. */
  report(doc: TextDocument, ctx: DocumentContext, maxChars: number): FileReport {
    let state = this.open.get(doc.uri);
    if (!state) this.open.set(doc.uri, (state = new OpenDocument()));
    return ctx.analysis.report(doc.getText(), { maxChars, severity: ctx.settings.severity }, state);
  }

  forget(uri: string): void {
    this.open.delete(uri);
  }
}
