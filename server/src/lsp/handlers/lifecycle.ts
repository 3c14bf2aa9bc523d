// initialize (client capabilities and initializationOptions → the session; the server's capabilities back),
// initialized (dynamic registrations, workspace folder changes, the first status), configuration pushes and
// watched files.
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import type { InitializationOptions } from '../../contract/protocol';
import { SETTINGS_SECTION } from '../../contract/settings';
import type { Session } from '../session';
import type { ClientSetup } from '../client-options';

/** The server's capabilities (a new object per answer: the library fills in its own parts). */
function capabilities(): InitializeResult['capabilities'] {
  return {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
    hoverProvider: true,
    completionProvider: { triggerCharacters: [':', '=', ','], resolveProvider: false },
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    documentSymbolProvider: true,
    inlayHintProvider: true,
    workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
  };
}

/** A positive number given, else the current value. */
function positive(given: unknown, current: number): number {
  return typeof given === 'number' && given > 0 ? given : current;
}

/** What the session keeps of the initialize params; the size bounds stay `current` unless positive numbers are given. */
function clientSetup(params: InitializeParams, current: Pick<ClientSetup, 'maxChars' | 'backgroundChars'>): ClientSetup {
  const caps = params.capabilities;
  const init = (params.initializationOptions ?? {}) as InitializationOptions;
  return {
    maxChars: positive(init.maxFileChars, current.maxChars),
    backgroundChars: positive(init.backgroundCheckChars, current.backgroundChars),
    trusted: init.workspaceTrusted !== false,
    virtualWorkspace: init.virtualWorkspace === true,
    actionOptions: {
      settingCommand: typeof init.settingCommand === 'string' ? init.settingCommand : undefined,
      canCreateFiles: !!caps.workspace?.workspaceEdit?.documentChanges && !!caps.workspace.workspaceEdit.resourceOperations?.includes('create'),
    },
    pullConfiguration: !!caps.workspace?.configuration,
    snippetSupport: !!caps.textDocument?.completion?.completionItem?.snippetSupport,
    serverSnippets: init.serverSnippets !== false,
    inlayRefreshSupport: !!caps.workspace?.inlayHint?.refreshSupport,
    dynamicConfig: !!caps.workspace?.didChangeConfiguration?.dynamicRegistration,
    dynamicWatch: !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration,
    yamlExtensionActive: init.yamlExtensionActive === true,
    folders: params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []),
  };
}

/** Takes what the client said at initialize: its options, the workspace's disk access, settings and folders. */
function takeSetup(session: Session, setup: ClientSetup): void {
  const { virtualWorkspace, pullConfiguration, folders, ...options } = setup;
  session.setClient(options);
  if (virtualWorkspace) session.ws.setDiskAccess(false);
  session.settings.setPullSupported(pullConfiguration);
  session.sync.setFolders(folders);
}

/** The client asked the server to shut down: the check thread stops, the derived-facts cache keeps its bound. */
export function shutDown(session: Session): void {
  session.checks.background.close();
  session.cache.prune();
}

export function registerLifecycle(connection: Connection, session: Session): void {
  connection.onInitialize((params: InitializeParams): InitializeResult => {
    takeSetup(session, clientSetup(params, session.client));
    return {
      capabilities: capabilities(),
      serverInfo: { name: 'kubegate-language-server', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    const { ws } = session;
    if (session.client.dynamicConfig) void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION });
    if (session.client.dynamicWatch) {
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{yaml,yml}' }] })
        .then(() => ws.disk.setWatching(true), () => ws.disk.setWatching(false));
    }
    if (ws.folders.list().length && connection.workspace) {
      try {
        connection.workspace.onDidChangeWorkspaceFolders((e) => {
          session.sync.foldersChanged(
            e.added.map((a) => a.uri),
            e.removed.map((r) => r.uri),
          );
        });
      } catch {
        // the client did not announce workspace folder support
      }
    }
    void session.status.send().catch(() => undefined);
  });

  connection.onDidChangeConfiguration((change) => session.sync.configurationChanged(change.settings));

  connection.onDidChangeWatchedFiles((change) => session.sync.filesChanged(change.changes.map((c) => c.uri)));
}
