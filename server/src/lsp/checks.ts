// The scheduling of checks: each document's context (settings, project, the cluster known now), which documents
// are checked again when something they depend on changes, and the check of one document (a large one in the
// check thread, background-checks.ts). The cluster reads are cluster-reads.ts's.
import type { Connection } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileReport, KubeVersion } from '../engine';
import { BackgroundChecks, ContextIds } from './background-checks';
import { besideYamlExtension, documentContext, settingsVersion, shouldCheck, type DocumentContext } from './document-context';
import type { ReportSource } from './custom';
import { relaxedSettingsReport } from './settings-relaxed';
import { pathToUri, uriToPath } from './workspace';
import type { Session } from './session';

type Settings = DocumentContext['settings'];

function fileOf(uri: string): string {
  return uriToPath(uri) ?? uri;
}

export class Checks {
  private inlayTimer: NodeJS.Timeout | undefined;
  /** The check thread, for documents of client.backgroundChars characters or more (this file is the server's). */
  readonly background = new BackgroundChecks(__filename);
  private readonly contextIds = new ContextIds();

  constructor(
    private readonly session: Session,
    private readonly connection: Connection,
  ) {}

  contextFor(uri: string): Promise<DocumentContext> {
    const { session } = this;
    const snapshot = session.snapshots.of(uri);
    let p = snapshot.context;
    if (!p) {
      p = (async () => {
        const { settings: s } = await session.settings.get(uri);
        // Never waits for the cluster: what is known now; re-checked when a read completes (Session's onSettled).
        const { cluster, crds } = session.clusterReads.known(s);
        return documentContext(fileOf(uri), s, cluster, session.ws, session.project, crds);
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
    const cluster = await session.clusterReads.snapshot(s);
    return documentContext(session.ws.folders.list()[0] ?? process.cwd(), s, cluster, session.ws, session.project);
  }

  /** The target version of the workspace settings (and cluster, when the version is `cluster`). */
  async workspaceVersion(): Promise<KubeVersion> {
    const { settings: s } = await this.session.settings.get(undefined);
    return settingsVersion(s, await this.session.clusterReads.snapshot(s));
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

  /** The documents of a workspace report: the given URIs, else the open documents and the workspace's YAML files
   *  (those the server checks, within the size guard). */
  async reportSources(uris: string[] | undefined): Promise<ReportSource[]> {
    const { session } = this;
    const list = uris ?? [...new Set([...session.documents.all().map((d) => d.uri), ...session.ws.allYamlFiles().map(pathToUri)])];
    const out: ReportSource[] = [];
    for (const uri of list) {
      const text = session.ws.documentText(uri);
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
    if (text.length >= session.client.backgroundChars) return this.checkInThread(doc.uri, text, s, isStale);
    const ctx = await this.contextFor(doc.uri);
    if (isStale()) return undefined;
    const { maxChars, yamlExtensionActive } = session.client;
    const report = ctx.analysis.report(text, { maxChars, severity: ctx.settings.severity }, session.snapshots.of(doc.uri).engine);
    return besideYamlExtension(report, yamlExtensionActive === true);
  }

  /** The check of a large document in the check thread, under the settings and the cluster known now and with the
   *  open buffers other files may read; undefined when a newer edit cancelled it. */
  private async checkInThread(uri: string, text: string, s: Settings, isStale: () => boolean): Promise<FileReport | undefined> {
    const { session } = this;
    const { backgroundChars, maxChars, yamlExtensionActive } = session.client;
    const { cluster, crds: clusterCrds } = session.clusterReads.known(s);
    const buffers = session.documents
      .all()
      .filter((d) => d.uri !== uri && d.getText().length < backgroundChars)
      .map((d) => ({ uri: d.uri, text: d.getText() }));
    const contextId = this.contextIds.of(await this.contextFor(uri));
    if (isStale()) return undefined;
    const done = await this.background.check(uri, {
      file: fileOf(uri),
      text,
      settings: s,
      ...(cluster ? { cluster } : {}),
      clusterCrds,
      folders: session.ws.folders.list().map(pathToUri),
      disk: session.ws.diskAccess,
      buffers,
      maxChars,
      yamlExtensionActive: yamlExtensionActive === true,
      contextId,
    });
    if (!done) return undefined;
    for (const note of done.notes) session.status.note(note);
    return done.report;
  }
}
