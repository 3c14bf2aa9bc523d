// The engine's per-document checker (engine/incremental: only the YAML documents an edit touched are checked
// again), held per open document URI and dropped when the document closes.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { OpenDocument, type FileReport } from '../engine';
import type { DocumentContext } from './analysis';
import { reportFor } from './report';

export class OpenDocuments {
  private readonly open = new Map<string, OpenDocument>();

  /** The report of the document's current text. */
  report(doc: TextDocument, ctx: DocumentContext, maxChars: number): FileReport {
    let state = this.open.get(doc.uri);
    if (!state) this.open.set(doc.uri, (state = new OpenDocument()));
    return reportFor(doc.getText(), ctx, maxChars, state);
  }

  forget(uri: string): void {
    this.open.delete(uri);
  }
}
