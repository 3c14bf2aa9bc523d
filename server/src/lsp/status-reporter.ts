// The kubegate/status notification's sending: the notes of what the project (or the cache folder) did not read or
// use, each once, and a status sent at most once per short pause after what it shows changed (its content:
// status.ts).
import type { Connection } from 'vscode-languageserver/node';
import { StatusNotification } from '../contract/protocol';
import { versionForText, type ConfigDocInfo } from '../engine';
import { configsFor, placeTaken, settingsVersion, type DocumentContext } from './document-context';
import { statusParams, templateDocuments } from './status';
import { pathToUri, uriToPath } from './workspace';
import type { Session } from './session';

/** Notes kept for the status at most (every one also goes to the output log). */
const MAX_NOTES = 50;

export class StatusReporter {
  private readonly notes: string[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly session: Session,
    private readonly connection: Connection,
  ) {}

  /** Something the server did not read or use: in the output log, and among the status notes (each once). */
  note(message: string): void {
    if (this.notes.includes(message)) return;
    this.connection.console.info(`Kubegate: ${message}`);
    if (this.notes.length >= MAX_NOTES) return;
    this.notes.push(message);
    this.schedule();
  }

  async send(): Promise<void> {
    const { session } = this;
    const { settings: s, problems } = await session.settings.get(undefined);
    const snapshot = await session.clusterReads.snapshot(s);
    const uriOf = new Map<string, string>();
    for (const d of session.documents.all()) {
      const file = uriToPath(d.uri);
      if (file) uriOf.set(file, d.uri);
    }
    const version = settingsVersion(s, snapshot);
    const uri = (file: string) => uriOf.get(file) ?? pathToUri(file);
    const params = statusParams({
      settings: s,
      problems: [...problems, ...this.notes],
      snapshot,
      cluster: session.clusterReads.status(s),
      openFiles: [...uriOf.keys()],
      configsOf: (file) => this.configsOf(file, s),
      // Each open document's own target version (its version comment, else the workspace's).
      versionOf: (file) => versionForText(session.ws.documentText(uri(file)) ?? '', version),
      templatesOf: (file) => templateDocuments(session.validator.last(uri(file))?.report),
      // A file the server does not check (no apiVersion and kind lines: values, Chart.yaml) is taken for what its
      // place says.
      takenOf: (file) => session.validator.last(uri(file))?.report.taken ?? placeTaken(file, s, snapshot, session.ws, session.project),
    });
    await this.connection.sendNotification(StatusNotification, params);
  }

  /** Status after documents open, close or change what sets gates: at most one per short pause. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.send().catch(() => undefined);
    }, 100);
  }

  /** The configs that govern a file, for the status (never throws). Only the configs: the rest of a document
   *  context (gate environment, kustomize facts, CRDs) is not needed here. */
  private configsOf(file: string, s: DocumentContext['settings']): ConfigDocInfo[] {
    try {
      return configsFor(file, s, this.session.ws, this.session.project);
    } catch {
      return [];
    }
  }
}
