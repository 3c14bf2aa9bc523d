// The language server: a session (the state, session.ts) and the handlers that map LSP requests and
// notifications to it and to the engine (handlers/*.ts).
import type { Connection } from 'vscode-languageserver/node';
import { registerCustomRequests } from './handlers/custom-requests';
import { registerDocuments } from './handlers/documents';
import { registerFeatures } from './handlers/features';
import { registerLifecycle } from './handlers/lifecycle';
import { Session } from './session';

export function startServer(connection: Connection): Session {
  const session = new Session(connection);
  registerLifecycle(connection, session);
  registerFeatures(connection, session);
  registerCustomRequests(connection, session);
  // Starts the text document sync, which must be listening before the connection is.
  registerDocuments(connection, session);
  connection.listen();
  return session;
}
