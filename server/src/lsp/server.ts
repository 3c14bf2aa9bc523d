// The language server: wires LSP requests and notifications to the engine through the modules beside it.
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  ExplainRequest,
  GateReportRequest,
  KindConfigRequest,
  RefreshClusterRequest,
  StatusNotification,
  WorkspaceStatsRequest,
  type WorkspaceStatsResult,
  type ExplainParams,
  type ExplainResult,
  type GateReportParams,
  type InitializationOptions,
  type KindConfigParams,
  SchemaRequest,
  type SchemaParams,
} from '../contract/protocol';
import { SETTINGS_SECTION } from '../contract/settings';
import { mayAffectOtherFiles, type DescriptionProvider, type OutlineCache } from '../engine';
import { codeActions, type ActionOptions } from './actions';
import { documentContext, settingsVersion, shouldCheck, type DocumentContext } from './analysis';
import { ClusterHolder } from './cluster';
import { peekClusterCrds } from './crds';
import { toCompletionItem } from './convert';
import { gateReport, kindConfigForWorkspace, type ReportSource } from './custom';
import { clusterFieldDescription } from '../cluster/openapi';
import { inlayHints } from './inlay';
import { overLimit, tooLargeMessage } from './guard';
import { statusParams } from './status';
import { DEFAULT_MAX_FILE_CHARS, OpenDocuments } from './incremental';
import { repoConfigFor } from './repo-config';
import { answerSchemaRequest } from './schema';
import { DocumentSettings } from './settings';
import { symbolsOf } from './symbols';
import { Validator } from './validation';
import { pathToUri, uriToPath, WorkspaceFiles } from './workspace';

/** Bound on one hover's OpenAPI fetch from a connected cluster (later hovers hit the cache). */
const HOVER_CLUSTER_TIMEOUT_MS = 3000;

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const ws = new WorkspaceFiles(documents);
  const settings = new DocumentSettings(connection, (uri) => repoConfigFor(uri, ws), () => trusted);
  const cluster = new ClusterHolder();
  let maxChars = DEFAULT_MAX_FILE_CHARS;
  let actionOptions: ActionOptions = { canCreateFiles: false };
  let snippetSupport = false;
  /** False when the client brings its own snippets (initializationOptions.serverSnippets). */
  let serverSnippets = true;
  let inlayRefreshSupport = false;
  let dynamicConfig = false;
  let dynamicWatch = false;
  // An untrusted workspace never reaches a cluster, whatever the settings say.
  let trusted = true;
  const clusterOn = (s: DocumentContext['settings']): boolean => trusted && s.cluster.enabled;

  const fileOf = (uri: string): string => uriToPath(uri) ?? uri;

  // Contexts (settings + gate environment) are kept per document until something they depend on changes:
  // settings, a config document, a file on disk, the cluster, the workspace folders.
  const contexts = new Map<string, Promise<DocumentContext>>();
  const openDocuments = new OpenDocuments();
  const symbolCaches = new Map<string, OutlineCache>();
  function contextFor(uri: string): Promise<DocumentContext> {
    let p = contexts.get(uri);
    if (!p) {
      p = (async () => {
        const { settings: s } = await settings.get(uri);
        // Never waits for the cluster: what is known now; re-checked when a read completes (onSettled below).
        const snapshot = cluster.peek(clusterOn(s), s.cluster.context, s.cluster.kubeconfig);
        const clusterCrds = clusterOn(s) ? peekClusterCrds(snapshot, recheckAll) : [];
        return documentContext(fileOf(uri), s, snapshot, ws, clusterCrds);
      })();
      contexts.set(uri, p);
      p.catch(() => contexts.delete(uri));
    }
    return p;
  }
  cluster.onSettled(() => {
    recheckAll();
    scheduleStatus();
  });
  function recheckAll(): void {
    contexts.clear();
    validator.scheduleAll();
    refreshInlayHints();
  }
  // Gate state, settings or the version changed: the client asks for inlay hints again (at most once per pause).
  let inlayTimer: NodeJS.Timeout | undefined;
  function refreshInlayHints(): void {
    if (!inlayRefreshSupport || inlayTimer) return;
    inlayTimer = setTimeout(() => {
      inlayTimer = undefined;
      void connection.languages.inlayHint.refresh().catch(() => undefined);
    }, 50);
  }
  /** A config document changed: every other document may read it (its own configs are part of its check). */
  function recheckOthers(uri: string): void {
    for (const key of [...contexts.keys()]) if (key !== uri) contexts.delete(key);
    for (const d of documents.all()) if (d.uri !== uri) validator.schedule(d.uri);
    refreshInlayHints();
    scheduleStatus();
  }

  const validator = new Validator(connection, documents, async (doc, isStale) => {
    const { settings: s, repoConfig } = await settings.get(doc.uri);
    const text = doc.getText();
    const docPath = uriToPath(doc.uri);
    if (!s.enable || !s.validate.enable) return { documents: [], findings: [] };
    if (docPath && repoConfig?.ignored(docPath)) return { documents: [], findings: [] };
    if (!shouldCheck(docPath, text, s, ws)) return { documents: [], findings: [] };
    const ctx = await contextFor(doc.uri);
    if (isStale()) return undefined;
    return openDocuments.report(doc, ctx, maxChars);
  });

  async function sendStatus(): Promise<void> {
    const { settings: s, problems } = await settings.get(undefined);
    const snapshot = await cluster.get(clusterOn(s), s.cluster.context, s.cluster.kubeconfig);
    const openFiles = documents.all().map((d) => uriToPath(d.uri)).filter((f): f is string => !!f);
    const params = statusParams({ settings: s, problems, snapshot, cluster: cluster.status(clusterOn(s)), openFiles, configsOf: (file) => documentContextSafe(file, s, snapshot) });
    await connection.sendNotification(StatusNotification, params);
  }

  // Status after documents open, close or change what sets gates: at most one per short pause.
  let statusTimer: NodeJS.Timeout | undefined;
  function scheduleStatus(): void {
    if (statusTimer) return;
    statusTimer = setTimeout(() => {
      statusTimer = undefined;
      void sendStatus().catch(() => undefined);
    }, 100);
  }

  function documentContextSafe(file: string, s: DocumentContext['settings'], snapshot: Awaited<ReturnType<ClusterHolder['get']>>) {
    try {
      return documentContext(file, s, snapshot, ws).configs;
    } catch {
      return [];
    }
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities;
    const init = (params.initializationOptions ?? {}) as InitializationOptions;
    if (typeof init.maxFileChars === 'number' && init.maxFileChars > 0) maxChars = init.maxFileChars;
    trusted = init.workspaceTrusted !== false;
    if (init.virtualWorkspace === true) ws.setDiskAccess(false);
    actionOptions = {
      settingCommand: typeof init.settingCommand === 'string' ? init.settingCommand : undefined,
      canCreateFiles: !!caps.workspace?.workspaceEdit?.documentChanges && !!caps.workspace.workspaceEdit.resourceOperations?.includes('create'),
    };
    settings.setPullSupported(!!caps.workspace?.configuration);
    snippetSupport = !!caps.textDocument?.completion?.completionItem?.snippetSupport;
    serverSnippets = init.serverSnippets !== false;
    inlayRefreshSupport = !!caps.workspace?.inlayHint?.refreshSupport;
    dynamicConfig = !!caps.workspace?.didChangeConfiguration?.dynamicRegistration;
    dynamicWatch = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    ws.setFolders(folders);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        completionProvider: { triggerCharacters: [':', '=', ','], resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        documentSymbolProvider: true,
        inlayHintProvider: true,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'kubegate-language-server', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    if (dynamicConfig) void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION });
    if (dynamicWatch) {
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{yaml,yml}' }] })
        .then(() => ws.setWatching(true), () => ws.setWatching(false));
    }
    if (ws.getFolders().length && connection.workspace) {
      try {
        connection.workspace.onDidChangeWorkspaceFolders((e) => {
          const now = new Set(ws.getFolders().map(pathToUri));
          for (const r of e.removed) now.delete(r.uri);
          for (const a of e.added) now.add(a.uri);
          ws.setFolders([...now]);
          recheckAll();
        });
      } catch {
        // the client did not announce workspace folder support
      }
    }
    void sendStatus().catch(() => undefined);
  });

  connection.onDidChangeConfiguration((change) => {
    settings.onPush(change.settings);
    recheckAll();
    void sendStatus().catch(() => undefined);
  });

  connection.onRequest(WorkspaceStatsRequest, (): WorkspaceStatsResult => ({ ...ws.stats }));

  connection.onDidChangeWatchedFiles((change) => {
    for (const c of change.changes) {
      const file = uriToPath(c.uri);
      if (file) ws.invalidate(file);
    }
    if (change.changes.some((c) => /\/\.kubegate\.yaml$/.test(c.uri))) settings.forgetAll();
    if (change.changes.some((c) => /\.ya?ml$/i.test(c.uri))) recheckAll();
  });

  // A config document (kind, kubeadm, kubelet, static Pod) changes what other documents see: re-check them all.
  const onChanged = (doc: TextDocument, immediate: boolean): void => {
    if (mayAffectOtherFiles(doc.getText())) recheckOthers(doc.uri);
    validator.schedule(doc.uri, immediate);
  };
  documents.onDidOpen((e) => {
    contexts.delete(e.document.uri);
    onChanged(e.document, true);
    scheduleStatus();
  });
  documents.onDidChangeContent((e) => onChanged(e.document, false));
  // Saving a config document: the documents that read it see it again (they read open buffers first anyway).
  documents.onDidSave((e) => {
    if (mayAffectOtherFiles(e.document.getText())) recheckOthers(e.document.uri);
  });
  documents.onDidClose((e) => {
    settings.forget(e.document.uri);
    contexts.delete(e.document.uri);
    openDocuments.forget(e.document.uri);
    symbolCaches.delete(e.document.uri);
    validator.forget(e.document.uri);
    if (mayAffectOtherFiles(e.document.getText())) recheckOthers(e.document.uri);
    scheduleStatus();
  });

  connection.onHover(async (params, token) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || token.isCancellationRequested) return null;
    const ctx = await contextFor(doc.uri);
    if (token.isCancellationRequested || !ctx.settings.enable || !ctx.settings.hover.enable) return null;
    if (overLimit(doc.getText(), maxChars)) return { contents: { kind: 'markdown', value: tooLargeMessage(doc.getText().length, maxChars) } };
    const view = await safeAsync(async () => ctx.analysis.hover(doc.getText(), params.position, await describerFor(ctx)));
    return view ? { contents: { kind: 'markdown', value: view.markdown }, range: view.range } : null;
  });

  connection.onRequest(ExplainRequest, async (params: ExplainParams): Promise<ExplainResult> => {
    const doc = documents.get(params.textDocument.uri);
    const text = doc?.getText() ?? ws.read(fileOf(params.textDocument.uri));
    if (text === undefined) return null;
    if (overLimit(text, maxChars)) return { markdown: tooLargeMessage(text.length, maxChars) };
    const ctx = await contextFor(params.textDocument.uri);
    const view = await safeAsync(async () => ctx.analysis.hover(text, params.position, await describerFor(ctx)));
    return view ? { markdown: view.markdown } : null;
  });

  connection.onCompletion(async (params, token) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || token.isCancellationRequested) return null;
    const ctx = await contextFor(doc.uri);
    if (token.isCancellationRequested) return null;
    if (!ctx.settings.enable || !ctx.settings.completion.enable) return null;
    if (overLimit(doc.getText(), maxChars)) return { isIncomplete: false, items: [] };
    const entries = (safe(() => ctx.analysis.complete(doc.getText(), params.position)) ?? []).filter((e) => serverSnippets || e.kind !== 'snippet');
    return { isIncomplete: false, items: entries.map((e) => toCompletionItem(e, snippetSupport)) };
  });

  connection.onCodeAction(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    const checked = validator.last(params.textDocument.uri);
    if (!doc || !checked || overLimit(doc.getText(), maxChars)) return [];
    const ctx = await contextFor(doc.uri);
    return safe(() => codeActions(doc, params.context.diagnostics, checked.report, ctx, ws, documents, actionOptions)) ?? [];
  });

  connection.onDocumentSymbol((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || overLimit(doc.getText(), maxChars)) return [];
    let cache = symbolCaches.get(doc.uri);
    if (!cache) symbolCaches.set(doc.uri, (cache = new Map()));
    const symbolCache = cache;
    return safe(() => symbolsOf(doc.getText(), symbolCache)) ?? [];
  });

  connection.languages.inlayHint.on(async (params, token) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || token.isCancellationRequested) return [];
    const text = doc.getText();
    if (text.length > maxChars) return [];
    const { settings: s } = await settings.get(doc.uri);
    if (!s.enable || !s.inlayHints.enable) return [];
    if (!shouldCheck(uriToPath(doc.uri), text, s, ws)) return [];
    const ctx = await contextFor(doc.uri);
    return safe(() => inlayHints(text, params.range, ctx)) ?? [];
  });

  async function reportSources(uris: string[] | undefined): Promise<ReportSource[]> {
    const list = uris ?? [...new Set([...documents.all().map((d) => d.uri), ...ws.allYamlFiles().map(pathToUri)])];
    const out: ReportSource[] = [];
    for (const uri of list) {
      const text = documents.get(uri)?.getText() ?? ws.read(fileOf(uri));
      if (text === undefined || text.length > maxChars) continue;
      const { settings: s } = await settings.get(uri);
      if (!shouldCheck(uriToPath(uri), text, s, ws)) continue;
      out.push({ uri, text, ctx: await contextFor(uri) });
    }
    return out;
  }

  connection.onRequest(GateReportRequest, async (params: GateReportParams | undefined) => {
    const { settings: s } = await settings.get(undefined);
    const version = settingsVersion(s, await cluster.get(clusterOn(s), s.cluster.context, s.cluster.kubeconfig));
    return gateReport(await reportSources(params?.uris), version);
  });

  connection.onRequest(KindConfigRequest, async (params: KindConfigParams | undefined) => {
    const { settings: s } = await settings.get(undefined);
    const version = settingsVersion(s, await cluster.get(clusterOn(s), s.cluster.context, s.cluster.kubeconfig));
    return kindConfigForWorkspace(await reportSources(params?.uris), version);
  });

  connection.onRequest(SchemaRequest, (params: SchemaParams | undefined) =>
    safeAsync(() =>
      answerSchemaRequest(params, {
        textOf: (uri) => documents.get(uri)?.getText() ?? ws.read(fileOf(uri)),
        contextFor,
        workspaceContext: async () => {
          const { settings: s } = await settings.get(undefined);
          const snapshot = await cluster.get(clusterOn(s), s.cluster.context, s.cluster.kubeconfig);
          return documentContext(ws.getFolders()[0] ?? process.cwd(), s, snapshot, ws);
        },
      }),
    ).then((r) => r ?? null),
  );

  connection.onRequest(RefreshClusterRequest, async () => {
    const { settings: s } = await settings.get(undefined);
    if (clusterOn(s)) await cluster.refresh(s.cluster.context, s.cluster.kubeconfig);
    recheckAll();
    void sendStatus().catch(() => undefined);
    return cluster.status(clusterOn(s));
  });

  documents.listen(connection);
  connection.listen();

  /** The connected cluster's OpenAPI descriptions for hovers: only when the user opted in, the workspace is
   *  trusted and the cluster answered (cached per cluster by the engine; bounded time per hover). */
  async function describerFor(ctx: DocumentContext): Promise<DescriptionProvider | undefined> {
    if (!clusterOn(ctx.settings)) return undefined;
    // A hover asks for the cluster's answer and may wait for it (within the read's time budget); diagnostics never do.
    const snapshot = await cluster.get(true, ctx.settings.cluster.context, ctx.settings.cluster.kubeconfig);
    if (!snapshot?.reachable) return undefined;
    return (apiVersion, kind, path) => clusterFieldDescription(snapshot, apiVersion, kind, path, { timeoutMs: HOVER_CLUSTER_TIMEOUT_MS });
  }

  async function safeAsync<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (e) {
      connection.console.error(`kubegate: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      return undefined;
    }
  }

  function safe<T>(fn: () => T): T | undefined {
    try {
      return fn();
    } catch (e) {
      connection.console.error(`kubegate: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      return undefined;
    }
  }
}
