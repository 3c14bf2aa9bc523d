// Document and workspace sync: what the client says changed (a buffer opened, edited, saved or closed; settings,
// files on disk, workspace folders, Red Hat's YAML extension) and what each change invalidates and re-checks.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { mayAffectOtherFiles, mayHoldCrd, REPO_CONFIG_NAME } from '../engine';
import { pathToUri, uriToPath } from './workspace';
import type { Session } from './session';

/** Whether a document is a repository settings file (`.kubegate.yaml`). */
function isRepoSettingsUri(uri: string): boolean {
  return uri.endsWith(`/${REPO_CONFIG_NAME}`);
}

export class DocumentSync {
  constructor(private readonly session: Session) {}

  documentOpened(doc: TextDocument): void {
    this.forgetDerived(doc.uri);
    this.session.snapshots.forget(doc.uri);
    this.documentChanged(doc, true);
    this.session.status.schedule();
  }

  /**
   * A document that holds (or held, before this edit) a config document (kind, kubeadm, kubelet, static Pod) or
   * CRDs changes what other documents see: they are re-checked. Its own CRDs are part of its own context (the CRD
   * catalog), which is then built again; its own configs are read by its check itself, so a config edit keeps the
   * context (and the document's incremental re-check).
   */
  documentChanged(doc: TextDocument, immediate = false): void {
    const { session } = this;
    if (isRepoSettingsUri(doc.uri)) this.repoSettingsChanged();
    // A check of the previous version still waiting or running in the check thread is of no use any more.
    session.checks.background.cancel(doc.uri);
    const snapshot = session.snapshots.of(doc.uri);
    const text = doc.getText();
    const affects = mayAffectOtherFiles(text);
    if (affects || snapshot.affectsOthers) session.checks.recheckOthers(doc.uri);
    const crds = mayHoldCrd(text);
    if (crds || snapshot.holdsCrds) snapshot.context = undefined;
    snapshot.affectsOthers = affects;
    snapshot.holdsCrds = crds;
    session.validator.schedule(doc.uri, immediate);
  }

  /** Saving a config document: the documents that read it see it again (they read open buffers first anyway). */
  documentSaved(doc: TextDocument): void {
    if (mayAffectOtherFiles(doc.getText())) this.session.checks.recheckOthers(doc.uri);
  }

  documentClosed(doc: TextDocument): void {
    const { session } = this;
    this.forgetDerived(doc.uri);
    if (isRepoSettingsUri(doc.uri)) this.repoSettingsChanged();
    session.checks.background.cancel(doc.uri);
    session.validator.forget(doc.uri);
    if (mayAffectOtherFiles(doc.getText())) session.checks.recheckOthers(doc.uri);
    session.status.schedule();
  }

  /** A didChangeConfiguration push: new settings for every document. */
  configurationChanged(pushed: unknown): void {
    this.session.settings.onPush(pushed);
    this.session.checks.recheckAll();
    void this.session.status.send().catch(() => undefined);
  }

  /** Watched files changed on disk: their texts are read again, a `.kubegate.yaml` drops cached settings, and a
   *  YAML file re-checks everything. */
  filesChanged(uris: string[]): void {
    const { session } = this;
    for (const uri of uris) {
      const file = uriToPath(uri);
      if (file) {
        session.ws.disk.invalidate(file);
        session.project.changed(file);
      }
    }
    if (uris.some(isRepoSettingsUri)) session.settings.forgetAll();
    if (uris.some((uri) => /\.ya?ml$/i.test(uri))) session.checks.recheckAll();
  }

  foldersChanged(added: string[], removed: string[]): void {
    const { session } = this;
    const now = new Set(session.ws.folders.list().map(pathToUri));
    for (const r of removed) now.delete(r);
    for (const a of added) now.add(a);
    this.setFolders([...now]);
    session.checks.recheckAll();
  }

  /** The workspace folders (URIs): the index, the project and the cache folder follow them. */
  setFolders(folders: string[]): void {
    const { session } = this;
    session.ws.folders.set(folders);
    session.project.setFolders(session.ws.folders.list());
    session.cache.open(session.ws.folders.list());
  }

  /** Whether Red Hat's YAML extension reports syntax errors changed: every document is published again. */
  yamlExtensionChanged(active: boolean): void {
    const { session } = this;
    if (!!session.client.yamlExtensionActive === active) return;
    session.setClient({ ...session.client, yamlExtensionActive: active });
    session.validator.scheduleAll();
  }

  /** A `.kubegate.yaml` buffer opened, changed or closed: every document's settings are taken again (the project
   *  reads the settings file's new version) and every open document is checked again. */
  private repoSettingsChanged(): void {
    this.session.settings.forgetAll();
    this.session.checks.recheckAll();
    this.session.status.schedule();
  }

  /** A buffer opened or closed: what was derived from the file is computed again (a reopened buffer starts its
   *  versions again). */
  private forgetDerived(uri: string): void {
    const file = uriToPath(uri);
    if (file) this.session.project.changed(file);
  }
}
