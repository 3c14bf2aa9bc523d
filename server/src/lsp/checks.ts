// The scheduling of checks and cluster reads: each document's context (settings, project, the cluster known now),
// which documents are checked again when something they depend on changes, the check of one document, and the
// cluster reads that hovers and requests may wait for (checks never do).
import type { Connection } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ClusterStatus } from '../contract/protocol';
import { clusterFieldDescription } from '../cluster/openapi';
import { CLUSTER_TIMEOUT_ENV, defaultClusterTimeout } from '../cluster/read';
import type { ClusterSnapshot } from '../cluster/types';
import type { DescriptionProvider, FileReport, KubeVersion } from '../engine';
import { besideYamlExtension, documentContext, settingsVersion, shouldCheck, type DocumentContext } from './analysis';
import { peekClusterCrds } from './crds';
import type { ReportSource } from './custom';
import { relaxedSettingsReport } from './settings-relaxed';
import { pathToUri, uriToPath } from './workspace';
import type { Session } from './session';

/** Bound on one hover's OpenAPI fetch from a connected cluster (later hovers hit the cache): 3 s, or the
 *  KUBEGATE_CLUSTER_TIMEOUT_MS budget when the environment sets one (so that a test names its own budget). */
const HOVER_CLUSTER_TIMEOUT_MS = 3000;
function hoverClusterTimeout(env: NodeJS.ProcessEnv = process.env): number {
  return env[CLUSTER_TIMEOUT_ENV] ? defaultClusterTimeout(env) : HOVER_CLUSTER_TIMEOUT_MS;
}

type Settings = DocumentContext['settings'];

export function fileOf(uri: string): string {
  return uriToPath(uri) ?? uri;
}

export class Checks {
  private inlayTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly session: Session,
    private readonly connection: Connection,
  ) {}

  /** An untrusted workspace never reaches a cluster, whatever the settings say. */
  clusterOn(s: Settings): boolean {
    return this.session.client.trusted && s.cluster.enabled;
  }

  /** The cluster snapshot for these settings, waiting for a read when none is known (never while disabled). */
  clusterSnapshot(s: Settings): Promise<ClusterSnapshot | undefined> {
    return this.session.cluster.get(this.clusterOn(s), s.cluster.context, s.cluster.kubeconfig);
  }

  contextFor(uri: string): Promise<DocumentContext> {
    const { session } = this;
    const snapshot = session.snapshots.of(uri);
    let p = snapshot.context;
    if (!p) {
      p = (async () => {
        const { settings: s } = await session.settings.get(uri);
        // Never waits for the cluster: what is known now; re-checked when a read completes (Session's onSettled).
        const cluster = session.cluster.peek(this.clusterOn(s), s.cluster.context, s.cluster.kubeconfig);
        const clusterCrds = this.clusterOn(s) ? peekClusterCrds(cluster, () => this.recheckAll()) : [];
        return documentContext(fileOf(uri), s, cluster, session.ws, session.project, clusterCrds);
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
    const { session } = this;
    const { settings: s } = await session.settings.get(undefined);
    const cluster = await this.clusterSnapshot(s);
    return documentContext(session.ws.getFolders()[0] ?? process.cwd(), s, cluster, session.ws, session.project);
  }

  /** The target version of the workspace settings (and cluster, when the version is `cluster`). */
  async workspaceVersion(): Promise<KubeVersion> {
    const { settings: s } = await this.session.settings.get(undefined);
    return settingsVersion(s, await this.clusterSnapshot(s));
  }

  /** Settings, the cluster, files on disk or the workspace folders changed: every context is rebuilt and every
   *  open document checked again. */
  recheckAll(): void {
    const { session } = this;
    session.snapshots.dropContexts((uri) => !!session.documents.get(uri));
    session.validator.scheduleAll();
    this.refreshInlayHints();
  }

  /** A config document changed: every other document may read it (its own configs are part of its check). */
  recheckOthers(uri: string): void {
    const { session } = this;
    session.snapshots.dropContexts((u) => !!session.documents.get(u), uri);
    for (const d of session.documents.all()) if (d.uri !== uri) session.validator.schedule(d.uri);
    this.refreshInlayHints();
    session.status.schedule();
  }

  /** Gate state, settings or the version changed: the client asks for inlay hints again (at most once per pause). */
  refreshInlayHints(): void {
    if (!this.session.client.inlayRefreshSupport || this.inlayTimer) return;
    this.inlayTimer = setTimeout(() => {
      this.inlayTimer = undefined;
      void this.connection.languages.inlayHint.refresh().catch(() => undefined);
    }, 50);
  }

  /** kubegate/refreshCluster: reads the cluster again (when on), re-checks everything and answers its state. */
  async refreshCluster(): Promise<ClusterStatus> {
    const { session } = this;
    const { settings: s } = await session.settings.get(undefined);
    if (this.clusterOn(s)) await session.cluster.refresh(s.cluster.context, s.cluster.kubeconfig);
    this.recheckAll();
    void session.status.send().catch(() => undefined);
    return session.cluster.status(this.clusterOn(s));
  }

  /** The connected cluster's OpenAPI descriptions for hovers: only when the user opted in, the workspace is
   *  trusted and the cluster answered (cached per cluster by the engine; bounded time per hover). */
  async describerFor(ctx: DocumentContext): Promise<DescriptionProvider | undefined> {
    if (!this.clusterOn(ctx.settings)) return undefined;
    // A hover asks for the cluster's answer and may wait for it (within the read's time budget); diagnostics never do.
    const snapshot = await this.session.cluster.get(true, ctx.settings.cluster.context, ctx.settings.cluster.kubeconfig);
    if (!snapshot?.reachable) return undefined;
    return (apiVersion, kind, path) => clusterFieldDescription(snapshot, apiVersion, kind, path, { timeoutMs: hoverClusterTimeout() });
  }

  /** The documents of a workspace report: the given URIs, else the open documents and the workspace's YAML files
   *  (those the server checks, within the size guard). */
  async reportSources(uris: string[] | undefined): Promise<ReportSource[]> {
    const { session } = this;
    const list = uris ?? [...new Set([...session.documents.all().map((d) => d.uri), ...session.ws.allYamlFiles().map(pathToUri)])];
    const out: ReportSource[] = [];
    for (const uri of list) {
      const text = session.textOf(uri);
      if (text === undefined || text.length > session.client.maxChars || !shouldCheck(uriToPath(uri), (await session.settings.get(uri)).settings, session.ws)) continue;
      out.push({ uri, text, ctx: await this.contextFor(uri) });
    }
    return out;
  }

  /** The validator's check of an open document: an empty report when checking is off or the file is ignored or
   *  not selected; undefined when a newer edit made it stale. */
  async check(doc: TextDocument, isStale: () => boolean): Promise<FileReport | undefined> {
    const { session } = this;
    const { settings: s, repoConfig } = await session.settings.get(doc.uri);
    const text = doc.getText();
    const docPath = uriToPath(doc.uri);
    if (!s.enable || !s.validate.enable) return { documents: [], findings: [] };
    if (docPath && repoConfig?.ignored(docPath)) return { documents: [], findings: [] };
    const relaxed = docPath ? relaxedSettingsReport(docPath, text, session.ws, session.project) : undefined;
    if (relaxed) return relaxed;
    if (!shouldCheck(docPath, s, session.ws)) return { documents: [], findings: [] };
    const ctx = await this.contextFor(doc.uri);
    if (isStale()) return undefined;
    const { maxChars, yamlExtensionActive } = session.client;
    const report = ctx.analysis.report(text, { maxChars, severity: ctx.settings.severity }, session.snapshots.of(doc.uri).engine);
    return besideYamlExtension(report, yamlExtensionActive === true);
  }
}
