// The language server's state and the operations on it: the open documents, the workspace files, settings, the
// cluster, the per-document contexts and checkers, and what the client said at initialize. The handlers
// (handlers/*.ts) map protocol messages to these operations and to engine calls.
import { openStore, storeSpecFor } from '../host/derived-store';
import { TextDocuments, type Connection } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { StatusNotification, type ClusterStatus } from '../contract/protocol';
import { clusterFieldDescription } from '../cluster/openapi';
import { CLUSTER_TIMEOUT_ENV, defaultClusterTimeout } from '../cluster/read';
import type { ClusterSnapshot } from '../cluster/types';
import { mayAffectOtherFiles, mayHoldCrd, Project, REPO_CONFIG_NAME, versionForText, type ConfigDocInfo, type DescriptionProvider, type FileReport, type KubeVersion, type OutlineCache } from '../engine';
import { besideYamlExtension, configsFor, documentContext, placeTaken, settingsVersion, shouldCheck, type DocumentContext } from './analysis';
import { ClusterHolder } from './cluster';
import { peekClusterCrds } from './crds';
import type { ReportSource } from './custom';
import { DEFAULT_MAX_FILE_CHARS, Snapshots } from './snapshots';
import { repoConfigFor } from './repo-config';
import { DocumentSettings } from './settings';
import { statusParams, templateDocuments } from './status';
import { Validator } from './validation';
import { pathToUri, uriToPath, WorkspaceFiles } from './workspace';
import { relaxedSettingsReport } from './settings-relaxed';
import type { ClientOptions, ClientSetup } from './client-options';

/** Bound on one hover's OpenAPI fetch from a connected cluster (later hovers hit the cache): 3 s, or the
 *  KUBEGATE_CLUSTER_TIMEOUT_MS budget when the environment sets one (so that a test names its own budget). */
const HOVER_CLUSTER_TIMEOUT_MS = 3000;
function hoverClusterTimeout(env: NodeJS.ProcessEnv = process.env): number {
  return env[CLUSTER_TIMEOUT_ENV] ? defaultClusterTimeout(env) : HOVER_CLUSTER_TIMEOUT_MS;
}

type Settings = DocumentContext['settings'];

/** Whether a document is a repository settings file (`.kubegate.yaml`). */
function isRepoSettingsUri(uri: string): boolean {
  return uri.endsWith(`/${REPO_CONFIG_NAME}`);
}

function fileOf(uri: string): string {
  return uriToPath(uri) ?? uri;
}

export class Session {
  readonly documents = new TextDocuments(TextDocument);
  readonly ws = new WorkspaceFiles(this.documents);
  /** What governs each file (configs, CRDs, kustomize facts), over the workspace index. */
  /** The derived-facts cache the CLI also uses (parsed CRD bundles and configs survive a restart). */
  private readonly store = openStore(storeSpecFor(false, process.env));
  readonly project = new Project(this.ws, { onNote: (m) => this.projectNote(m), ...(this.store ? { store: this.store } : {}) });
  /** What the project did not read or use (kustomizations naming missing patches, folder bounds, CRD files that
   *  do not parse), each once: shown with the status notes and in the output log. */
  private readonly projectNotes: string[] = [];
  readonly settings: DocumentSettings;
  readonly cluster = new ClusterHolder();
  readonly validator: Validator;
  private options: ClientOptions = {
    maxChars: DEFAULT_MAX_FILE_CHARS,
    trusted: true,
    actionOptions: { canCreateFiles: false },
    snippetSupport: false,
    serverSnippets: true,
    inlayRefreshSupport: false,
    dynamicConfig: false,
    dynamicWatch: false,
  };
  // Everything kept per document (context, engine document, outline, last check) is in its snapshot. Contexts
  // are kept until something they depend on changes: settings, a config document, a file on disk, the cluster,
  // the workspace folders.
  readonly snapshots = new Snapshots();
  private inlayTimer: NodeJS.Timeout | undefined;
  private statusTimer: NodeJS.Timeout | undefined;

  constructor(private readonly connection: Connection) {
    this.settings = new DocumentSettings(this.snapshots, connection, (uri) => repoConfigFor(uri, this.ws, this.project), () => this.options.trusted);
    this.cluster.onSettled(() => {
      this.recheckAll();
      this.scheduleStatus();
    });
    this.validator = new Validator(
      this.snapshots,
      connection,
      this.documents,
      (doc, isStale) => this.check(doc, isStale),
      // The status says which open documents hold templates that are not checked and what each was taken for:
      // sent again when that changes.
      (_uri, report, previous) => {
        if (templateDocuments(report) !== templateDocuments(previous) || report?.taken?.as !== previous?.taken?.as) this.scheduleStatus();
      },
    );
  }

  /** Whether Red Hat's YAML extension reports syntax errors changed: every document is published again. */
  yamlExtensionChanged(active: boolean): void {
    if (!!this.options.yamlExtensionActive === active) return;
    this.options = { ...this.options, yamlExtensionActive: active };
    this.validator.scheduleAll();
  }

  /** The client asked the server to shut down. */
  shutdown(): void {
    this.store?.prune();
  }

  get client(): Readonly<ClientOptions> {
    return this.options;
  }

  /** Takes what the client said at initialize (handlers/lifecycle.ts reads it from the params). */
  initialize(setup: ClientSetup): void {
    const { virtualWorkspace, pullConfiguration, folders, ...options } = setup;
    this.options = options;
    if (virtualWorkspace) this.ws.setDiskAccess(false);
    this.settings.setPullSupported(pullConfiguration);
    this.ws.setFolders(folders);
    this.project.setFolders(this.ws.getFolders());
  }

  /** An untrusted workspace never reaches a cluster, whatever the settings say. */
  clusterOn(s: Settings): boolean {
    return this.options.trusted && s.cluster.enabled;
  }

  /** The cluster snapshot for these settings, waiting for a read when none is known (never while disabled). */
  clusterSnapshot(s: Settings): Promise<ClusterSnapshot | undefined> {
    return this.cluster.get(this.clusterOn(s), s.cluster.context, s.cluster.kubeconfig);
  }

  private projectNote(message: string): void {
    this.connection.console.info(`Kubegate: ${message}`);
    if (this.projectNotes.length >= 50) return;
    this.projectNotes.push(message);
    this.scheduleStatus();
  }

  /** The text of a document: its open buffer, else the file on disk. */
  textOf(uri: string): string | undefined {
    return this.documents.get(uri)?.getText() ?? this.ws.read(fileOf(uri));
  }

  contextFor(uri: string): Promise<DocumentContext> {
    const snapshot = this.snapshots.of(uri);
    let p = snapshot.context;
    if (!p) {
      p = (async () => {
        const { settings: s } = await this.settings.get(uri);
        // Never waits for the cluster: what is known now; re-checked when a read completes (onSettled above).
        const snapshot = this.cluster.peek(this.clusterOn(s), s.cluster.context, s.cluster.kubeconfig);
        const clusterCrds = this.clusterOn(s) ? peekClusterCrds(snapshot, () => this.recheckAll()) : [];
        return documentContext(fileOf(uri), s, snapshot, this.ws, this.project, clusterCrds);
      })();
      snapshot.context = p;
      p.catch(() => {
        if (snapshot.context === p) snapshot.context = undefined;
      });
    }
    return p;
  }

  /** The context of a request without a document: the workspace settings and cluster, at the first folder. */
  async workspaceContext(): Promise<DocumentContext> {
    const { settings: s } = await this.settings.get(undefined);
    const snapshot = await this.clusterSnapshot(s);
    return documentContext(this.ws.getFolders()[0] ?? process.cwd(), s, snapshot, this.ws, this.project);
  }

  /** The target version of the workspace settings (and cluster, when the version is `cluster`). */
  async workspaceVersion(): Promise<KubeVersion> {
    const { settings: s } = await this.settings.get(undefined);
    return settingsVersion(s, await this.clusterSnapshot(s));
  }

  /** The outline cache of an open document (kept until it closes). */
  symbolCache(uri: string): OutlineCache {
    return this.snapshots.of(uri).outline;
  }

  /** Settings, the cluster, files on disk or the workspace folders changed: every context is rebuilt and every
   *  open document checked again. */
  recheckAll(): void {
    this.snapshots.dropContexts((uri) => !!this.documents.get(uri));
    this.validator.scheduleAll();
    this.refreshInlayHints();
  }

  /** A config document changed: every other document may read it (its own configs are part of its check). */
  recheckOthers(uri: string): void {
    this.snapshots.dropContexts((u) => !!this.documents.get(u), uri);
    for (const d of this.documents.all()) if (d.uri !== uri) this.validator.schedule(d.uri);
    this.refreshInlayHints();
    this.scheduleStatus();
  }

  /** Gate state, settings or the version changed: the client asks for inlay hints again (at most once per pause). */
  refreshInlayHints(): void {
    if (!this.options.inlayRefreshSupport || this.inlayTimer) return;
    this.inlayTimer = setTimeout(() => {
      this.inlayTimer = undefined;
      void this.connection.languages.inlayHint.refresh().catch(() => undefined);
    }, 50);
  }

  async sendStatus(): Promise<void> {
    const { settings: s, problems } = await this.settings.get(undefined);
    const snapshot = await this.clusterSnapshot(s);
    const uriOf = new Map<string, string>();
    for (const d of this.documents.all()) {
      const file = uriToPath(d.uri);
      if (file) uriOf.set(file, d.uri);
    }
    const openFiles = [...uriOf.keys()];
    const version = settingsVersion(s, snapshot);
    const params = statusParams({
      settings: s,
      problems: [...problems, ...this.projectNotes],
      snapshot,
      cluster: this.cluster.status(this.clusterOn(s)),
      openFiles,
      configsOf: (file) => this.configsOf(file, s),
      // Each open document's own target version (its version comment, else the workspace's).
      versionOf: (file) => versionForText(this.textOf(uriOf.get(file) ?? pathToUri(file)) ?? '', version),
      templatesOf: (file) => templateDocuments(this.validator.last(uriOf.get(file) ?? pathToUri(file))?.report),
      // A file the server does not check (no apiVersion and kind lines: values, Chart.yaml) is taken for what its
      // place says.
      takenOf: (file) => this.validator.last(uriOf.get(file) ?? pathToUri(file))?.report.taken ?? placeTaken(file, s, snapshot, this.ws, this.project),
    });
    await this.connection.sendNotification(StatusNotification, params);
  }

  /** Status after documents open, close or change what sets gates: at most one per short pause. */
  scheduleStatus(): void {
    if (this.statusTimer) return;
    this.statusTimer = setTimeout(() => {
      this.statusTimer = undefined;
      void this.sendStatus().catch(() => undefined);
    }, 100);
  }

  /** A didChangeConfiguration push: new settings for every document. */
  configurationChanged(pushed: unknown): void {
    this.settings.onPush(pushed);
    this.recheckAll();
    void this.sendStatus().catch(() => undefined);
  }

  /** Watched files changed on disk: their texts are read again, a `.kubegate.yaml` drops cached settings, and a
   *  YAML file re-checks everything. */
  filesChanged(uris: string[]): void {
    for (const uri of uris) {
      const file = uriToPath(uri);
      if (file) {
        this.ws.invalidate(file);
        this.project.changed(file);
      }
    }
    if (uris.some(isRepoSettingsUri)) this.settings.forgetAll();
    if (uris.some((uri) => /\.ya?ml$/i.test(uri))) this.recheckAll();
  }

  /** A `.kubegate.yaml` buffer opened, changed or closed: every document's settings are taken again (the project
   *  reads the settings file's new version) and every open document is checked again. */
  private repoSettingsChanged(): void {
    this.settings.forgetAll();
    this.recheckAll();
    this.scheduleStatus();
  }

  foldersChanged(added: string[], removed: string[]): void {
    const now = new Set(this.ws.getFolders().map(pathToUri));
    for (const r of removed) now.delete(r);
    for (const a of added) now.add(a);
    this.ws.setFolders([...now]);
    this.project.setFolders(this.ws.getFolders());
    this.recheckAll();
  }

  /** A buffer opened or closed: what was derived from the file is computed again (a reopened buffer starts its
   *  versions again). */
  private forgetDerived(uri: string): void {
    const file = uriToPath(uri);
    if (file) this.project.changed(file);
  }

  documentOpened(doc: TextDocument): void {
    this.forgetDerived(doc.uri);
    this.snapshots.forget(doc.uri);
    this.documentChanged(doc, true);
    this.scheduleStatus();
  }

  /**
   * A document that holds (or held, before this edit) a config document (kind, kubeadm, kubelet, static Pod) or
   * CRDs changes what other documents see: they are re-checked. Its own CRDs are part of its own context (the CRD
   * catalog), which is then built again; its own configs are read by its check itself, so a config edit keeps the
   * context (and the document's incremental re-check).
   */
  documentChanged(doc: TextDocument, immediate = false): void {
    if (isRepoSettingsUri(doc.uri)) this.repoSettingsChanged();
    const snapshot = this.snapshots.of(doc.uri);
    const text = doc.getText();
    const affects = mayAffectOtherFiles(text);
    if (affects || snapshot.affectsOthers) this.recheckOthers(doc.uri);
    const crds = mayHoldCrd(text);
    if (crds || snapshot.holdsCrds) snapshot.context = undefined;
    snapshot.affectsOthers = affects;
    snapshot.holdsCrds = crds;
    this.validator.schedule(doc.uri, immediate);
  }

  /** Saving a config document: the documents that read it see it again (they read open buffers first anyway). */
  documentSaved(doc: TextDocument): void {
    if (mayAffectOtherFiles(doc.getText())) this.recheckOthers(doc.uri);
  }

  documentClosed(doc: TextDocument): void {
    this.forgetDerived(doc.uri);
    if (isRepoSettingsUri(doc.uri)) this.repoSettingsChanged();
    this.validator.forget(doc.uri);
    if (mayAffectOtherFiles(doc.getText())) this.recheckOthers(doc.uri);
    this.scheduleStatus();
  }

  /** kubegate/refreshCluster: reads the cluster again (when on), re-checks everything and answers its state. */
  async refreshCluster(): Promise<ClusterStatus> {
    const { settings: s } = await this.settings.get(undefined);
    if (this.clusterOn(s)) await this.cluster.refresh(s.cluster.context, s.cluster.kubeconfig);
    this.recheckAll();
    void this.sendStatus().catch(() => undefined);
    return this.cluster.status(this.clusterOn(s));
  }

  /** The documents of a workspace report: the given URIs, else the open documents and the workspace's YAML files
   *  (those the server checks, within the size guard). */
  async reportSources(uris: string[] | undefined): Promise<ReportSource[]> {
    const list = uris ?? [...new Set([...this.documents.all().map((d) => d.uri), ...this.ws.allYamlFiles().map(pathToUri)])];
    const out: ReportSource[] = [];
    for (const uri of list) {
      const text = this.textOf(uri);
      if (text === undefined || text.length > this.options.maxChars || !shouldCheck(uriToPath(uri), (await this.settings.get(uri)).settings, this.ws)) continue;
      out.push({ uri, text, ctx: await this.contextFor(uri) });
    }
    return out;
  }

  /** The connected cluster's OpenAPI descriptions for hovers: only when the user opted in, the workspace is
   *  trusted and the cluster answered (cached per cluster by the engine; bounded time per hover). */
  async describerFor(ctx: DocumentContext): Promise<DescriptionProvider | undefined> {
    if (!this.clusterOn(ctx.settings)) return undefined;
    // A hover asks for the cluster's answer and may wait for it (within the read's time budget); diagnostics never do.
    const snapshot = await this.cluster.get(true, ctx.settings.cluster.context, ctx.settings.cluster.kubeconfig);
    if (!snapshot?.reachable) return undefined;
    return (apiVersion, kind, path) => clusterFieldDescription(snapshot, apiVersion, kind, path, { timeoutMs: hoverClusterTimeout() });
  }

  /** The validator's check of an open document: an empty report when checking is off or the file is ignored or
   *  not selected; undefined when a newer edit made it stale. */
  private async check(doc: TextDocument, isStale: () => boolean): Promise<FileReport | undefined> {
    const { settings: s, repoConfig } = await this.settings.get(doc.uri);
    const text = doc.getText();
    const docPath = uriToPath(doc.uri);
    if (!s.enable || !s.validate.enable) return { documents: [], findings: [] };
    if (docPath && repoConfig?.ignored(docPath)) return { documents: [], findings: [] };
    const relaxed = docPath ? relaxedSettingsReport(docPath, text, this.ws, this.project) : undefined;
    if (relaxed) return relaxed;
    if (!shouldCheck(docPath, s, this.ws)) return { documents: [], findings: [] };
    const ctx = await this.contextFor(doc.uri);
    if (isStale()) return undefined;
    return besideYamlExtension(ctx.analysis.report(text, { maxChars: this.options.maxChars, severity: ctx.settings.severity }, this.snapshots.of(doc.uri).engine), this.options.yamlExtensionActive === true);
  }

  /** The configs that govern a file, for the status (never throws). Only the configs: the rest of a document
   *  context (gate environment, kustomize facts, CRDs) is not needed here. */
  private configsOf(file: string, s: Settings): ConfigDocInfo[] {
    try {
      return configsFor(file, s, this.ws, this.project);
    } catch {
      return [];
    }
  }
}
