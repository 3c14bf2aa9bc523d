// Document events (open, change, save, close) → the session, then the text document sync on the connection.
import type { Connection } from 'vscode-languageserver/node';
import type { Session } from '../session';

/** Listens for the documents' sync notifications: call before connection.listen(). */
export function registerDocuments(connection: Connection, session: Session): void {
  const { documents } = session;
  documents.onDidOpen((e) => session.sync.documentOpened(e.document));
  documents.onDidChangeContent((e) => session.sync.documentChanged(e.document));
  documents.onDidSave((e) => session.sync.documentSaved(e.document));
  documents.onDidClose((e) => session.sync.documentClosed(e.document));
  documents.listen(connection);
}
