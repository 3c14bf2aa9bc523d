// The language server's state: the open documents, the workspace files, the project model, settings, the cluster,
// the per-document snapshots and the validator, and what the client said at initialize. The operations on it are
// in parts a reader can take one at a time: document and workspace sync (document-sync.ts), the scheduling of
// checks (checks.ts), cluster reads (cluster-reads.ts) and the status (status-reporter.ts); what the client says at
// initialize and shutdown is taken by handlers/lifecycle.ts. The handlers (handlers/*.ts) map protocol messages to
// these parts and to engine calls.
import { TextDocuments, type Connection } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Project } from '../engine';
import { DEFAULT_BACKGROUND_CHARS } from './background-checks';
import { WorkspaceCache } from './cache-store';
import { Checks } from './checks';
import { ClusterReads } from './cluster-reads';
import { DocumentSync } from './document-sync';
import { DEFAULT_MAX_FILE_CHARS, Snapshots } from './snapshots';
import { repoConfigFor } from './repo-config';
import { DocumentSettings } from './settings';
import { StatusReporter } from './status-reporter';
import { templateDocuments } from './status';
import { Validator } from './validation';
import { WorkspaceFiles } from './workspace';
import type { ClientOptions } from './client-options';

export class Session {
  readonly documents = new TextDocuments(TextDocument);
  readonly ws = new WorkspaceFiles(this.documents);
  readonly status: StatusReporter;
  readonly checks: Checks;
  readonly sync = new DocumentSync(this);
  /** The derived-facts cache the CLI also uses (parsed CRD bundles and configs survive a restart). */
  readonly cache = new WorkspaceCache((why) => this.status.note(why));
  /** What governs each file (configs, CRDs, kustomize facts), over the workspace index. What the project did not
   *  read or use is a status note. */
  readonly project = new Project(this.ws, { onNote: (m) => this.status.note(m), store: this.cache });
  readonly settings: DocumentSettings;
  readonly clusterReads = new ClusterReads(this);
  // Everything kept per document (context, engine document, outline, last check) is in its snapshot. Contexts
  // are kept until something they depend on changes: settings, a config document, a file on disk, the cluster,
  // the workspace folders.
  readonly snapshots = new Snapshots();
  readonly validator: Validator;
  private options: ClientOptions = {
    maxChars: DEFAULT_MAX_FILE_CHARS,
    backgroundChars: DEFAULT_BACKGROUND_CHARS,
    trusted: true,
    actionOptions: { canCreateFiles: false },
    snippetSupport: false,
    serverSnippets: true,
    inlayRefreshSupport: false,
    dynamicConfig: false,
    dynamicWatch: false,
  };

  constructor(connection: Connection) {
    this.status = new StatusReporter(this, connection);
    this.checks = new Checks(this, connection);
    this.settings = new DocumentSettings(this.snapshots, connection, (uri) => repoConfigFor(uri, this.ws, this.project), () => this.options.trusted);
    this.clusterReads.holder.onSettled(() => {
      this.checks.recheckAll();
      this.status.schedule();
    });
    this.validator = new Validator(
      this.snapshots,
      connection,
      this.documents,
      (doc, isStale) => this.checks.check(doc, isStale),
      // The status says which open documents hold templates that are not checked and what each was taken for:
      // sent again when that changes.
      (_uri, report, previous) => {
        if (templateDocuments(report) !== templateDocuments(previous) || report?.taken?.as !== previous?.taken?.as) this.status.schedule();
      },
    );
  }

  get client(): Readonly<ClientOptions> {
    return this.options;
  }

  setClient(options: ClientOptions): void {
    this.options = options;
  }
}
