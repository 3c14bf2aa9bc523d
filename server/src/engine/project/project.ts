// The project model: for any file, what governs it — its root, its repository settings (`.kubegate.yaml`), the
// files its settings name, the gate configs, CRDs and kustomize facts around it — and the analysis context built
// from those plus the front end's settings. The CLI and the language server each supply a host (file access) and
// their settings; everything else is decided here once, so a file gets the same context whichever front end asks.
// Its parts: the file tree (files.ts: roots, listings), the settings files (repo-settings.ts), the files and sources
// the front end names (named-sources.ts), what is derived from each file (file-facts.ts) and the contexts built
// from them (contexts.ts, with crd-catalogs.ts, kustomize-scope.ts and places.ts); notes.ts says things once. Each
// keeps what it found until the host's version of a file moves on or the front end says a file changed
// (`changed`), which every part hears; no module of the engine keeps a file's text (tests/engine/boundaries.test.ts).
import type { ConfigDocInfo } from '../gates/config-readers';
import { ContextBuilder, type FileContext } from './contexts';
import type { DerivedStore } from './derived-store';
import { FileFacts, type FactCounters } from './file-facts';
import { ProjectFiles } from './files';
import type { ProjectHost } from './host';
import { NamedSources } from './named-sources';
import { ProjectNotes } from './notes';
import { RepoSettingsScope } from './repo-settings';
import type { ProjectSettings } from './settings';

export type { FileContext } from './contexts';

export interface ProjectOptions {
  /** The editor's workspace folders: a file's root is never above the folder holding it. */
  folders?: readonly string[];
  /** The root of a file outside every folder with no `.git` above it (the CLI: its working directory). */
  fallbackRoot?: string;
  /** Called once per distinct note (what was not read, what a kustomization names that is missing, …). */
  onNote?: (message: string) => void;
  /** Where what is derived from a file is kept across runs (the user's cache folder); none: derived every run. */
  store?: DerivedStore;
}

export class Project {
  /** The `.kubegate.yaml` governing a file (`of`) or a folder (`at`): repo-settings.ts. */
  readonly repoSettings: RepoSettingsScope;
  /** The configs and CRDs of files named by `configFiles` / `crdFiles` lists and `--crd` (named-sources.ts). */
  readonly named: NamedSources;
  /** What the project says (what was not read, what a kustomization names that is missing), each once. */
  readonly notes: ProjectNotes;
  private readonly files: ProjectFiles;
  private readonly facts: FileFacts;
  private readonly contexts: ContextBuilder;

  constructor(
    readonly host: ProjectHost,
    options: ProjectOptions = {},
  ) {
    this.notes = new ProjectNotes(options.onNote);
    const note = (m: string) => this.notes.say(m);
    this.files = new ProjectFiles(host, options.fallbackRoot, note);
    this.files.setFolders(options.folders ?? []);
    this.repoSettings = new RepoSettingsScope(host, this.files.roots);
    this.facts = new FileFacts(host, options.store, () => this.contexts.dropCatalogs(), (f) => this.files.shownName(f));
    this.contexts = new ContextBuilder({ host, files: this.files, facts: this.facts, note });
    this.named = new NamedSources(host, this.files, this.facts);
  }

  /** Work done, for tests and the server's statistics. */
  get counters(): Readonly<FactCounters> {
    return this.facts.counters;
  }

  /** Where what is derived from a file is kept across runs, from now on (the CLI knows it once its options are read). */
  useStore(store: DerivedStore | undefined): void {
    this.facts.store = store;
  }

  setFolders(folders: readonly string[]): void {
    this.files.setFolders(folders);
    this.changed();
  }

  /** A file changed, appeared or went away (no argument: anything may have). Settings changes need no call:
   *  contexts are built from the settings given each time. */
  changed(file?: string): void {
    this.facts.forget(file);
    this.contexts.forget(file);
    this.files.forget();
    this.repoSettings.forget(file);
    this.named.forget();
  }

  rootOf(file: string): string {
    return this.files.rootOf(file);
  }

  /** The gate configs discovered around `file` (its folder, else the nearest ancestor folder with any). */
  configsNear(file: string): ConfigDocInfo[] {
    return this.contexts.configsNear(file);
  }

  /**
   * The context of `file` under `settings`. `text` is the file's text when the caller holds it (a buffer, stdin):
   * its own CRD documents then count even when the file is not on disk.
   */
  contextOf(file: string, settings: ProjectSettings, text?: string): FileContext {
    return this.contexts.contextOf(file, settings, text);
  }
}
