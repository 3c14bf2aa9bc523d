// Document events (open, change, save, close) → the session, then the text document sync on the connection.
import type { Connection } from 'vscode-languageserver/node';
import type { Session } from '../session';

/** Listens for the documents' sync notifications: call before connection.listen(). */
export function registerDocuments(connection: Connection, session: Session): void {
  const { documents } = session;
  documents.onDidOpen((e) => session.documentOpened(e.document));
  documents.onDidChangeContent((e) => session.documentChanged(e.document));
  documents.onDidSave((e) => session.documentSaved(e.document));
  documents.onDidClose((e) => session.documentClosed(e.document));
  documents.listen(connection);
}
