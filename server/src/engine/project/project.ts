// The project model: for any file, what governs it — its root, its repository settings (`.kubegate.yaml`), the
// files its settings name, the gate configs, CRDs and kustomize facts around it — and the analysis context built
// from those plus the front end's settings. The CLI and the language server each supply a host (file access) and
// their settings; everything else is decided here once, so a file gets the same context whichever front end asks.
// Three parts: the file tree (files.ts: roots, listings, settings files, named files), what is derived from each
// file (file-facts.ts) and the contexts built from them (contexts.ts, with kustomize-scope.ts and places.ts). Each
// keeps what it found until the host's version of a file moves on or the front end says a file changed
// (`changed`), which every part hears; no module of the engine keeps a file's text (tests/engine/boundaries.test.ts).
import * as path from 'node:path';
import type { CrdDefinition } from '../api-extensions/crd-data';
import type { ConfigDocInfo } from '../gates/config-readers';
import { append } from '../base/append';
import { ContextBuilder, type FileContext } from './contexts';
import type { DerivedStore } from './derived-store';
import { FileFacts } from './file-facts';
import { ProjectFiles } from './files';
import type { ProjectHost } from './host';
import type { NamedFiles, NamedFilesFound } from './named-files';
import { REPO_CONFIG_NAME } from './repo-config';
import type { RepoSettings } from './repo-settings';
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
  private readonly files: ProjectFiles;
  private readonly facts: FileFacts;
  private readonly contexts: ContextBuilder;
  private readonly noted = new Set<string>();

  constructor(
    readonly host: ProjectHost,
    private readonly options: ProjectOptions = {},
  ) {
    const note = (m: string) => this.note(m);
    this.files = new ProjectFiles(host, options.fallbackRoot, note);
    this.files.setFolders(options.folders ?? []);
    this.facts = new FileFacts(host, () => this.options.store, () => this.contexts.dropCatalogs());
    this.contexts = new ContextBuilder({ host, files: this.files, facts: this.facts, note });
  }

  /** Work done, for tests and the server's statistics. */
  get counters(): FileFacts['counters'] {
    return this.facts.counters;
  }

  /** Where what is derived from a file is kept across runs, from now on (the CLI knows it once its options are read). */
  useStore(store: DerivedStore | undefined): void {
    if (store) this.options.store = store;
    else delete this.options.store;
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
    this.files.forget(file);
  }

  rootOf(file: string): string {
    return this.files.rootOf(file);
  }

  /**
   * The repository settings (`.kubegate.yaml`) governing `file`: the nearest one from its folder up to its root,
   * read through the host (inside the root once links are followed) and parsed once per version of that file.
   * The front ends apply it under their own settings (resolve-settings.ts: the front end wins where it says
   * something). `file` may be a folder's settings file name (the CLI's working directory: its run policy).
   */
  repoSettingsOf(file: string): RepoSettings | undefined {
    return this.files.repoSettingsOf(file);
  }

  /** The repository settings governing what is in the folder `dir`. */
  repoSettingsAt(dir: string): RepoSettings | undefined {
    return this.files.repoSettingsOf(path.join(dir, REPO_CONFIG_NAME));
  }

  /** The files a `configFiles` / `crdFiles` list names, found through the host inside the root of the list's
   *  folder (named-files.ts); kept until something changes. */
  namedFiles(named: NamedFiles): NamedFilesFound {
    return this.files.namedFiles(named);
  }

  /** The gate configs of files named explicitly (each kept per version of its file). */
  configsOfFiles(files: readonly string[]): ConfigDocInfo[] {
    const out: ConfigDocInfo[] = [];
    for (const f of files) append(out, this.facts.configsOf(f));
    return out;
  }

  /** The CRDs of files named explicitly (each kept per version of its file), and one sentence per file that
   *  cannot be used or defines none. */
  crdsOfFiles(files: readonly string[]): { crds: CrdDefinition[]; problems: string[] } {
    const crds: CrdDefinition[] = [];
    const problems: string[] = [];
    for (const f of files) {
      if (this.host.kind(f) !== 'file') {
        problems.push(`${f}: cannot be read`);
        continue;
      }
      const facts = this.facts.crdFactsOf(f, undefined);
      append(crds, facts.defs);
      append(problems, facts.problems);
      if (facts.defs.length === 0 && facts.problems.length === 0) problems.push(`${f}: no CustomResourceDefinition in it`);
    }
    return { crds, problems };
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

  /** Says something once (the front end shows it: a `note:` line, the status item). */
  note(message: string): void {
    if (this.noted.has(message)) return;
    this.noted.add(message);
    this.options.onNote?.(message);
  }
}
