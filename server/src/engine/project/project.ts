// The project model: for any file, what governs it — its root, its repository settings (`.kubegate.yaml`), the
// gate configs, CRDs and kustomize facts around it — and the analysis context built from those plus the front
// end's settings. The CLI and the language server each supply a host (file access) and their settings; everything
// else is decided here once, so a file gets the same context whichever front end asks. What is derived from a file
// (its configs, its CRDs) is kept until the host's version of the file moves on or the front end says it changed.
import * as path from 'node:path';
import { normal } from '../base/paths';
import { Analysis } from '../analysis';
import { buildCrdCatalog, packDefinesGroup, type CrdCatalog } from '../crd/catalog';
import { crdMentions, lazyCatalog, mentionsGroup, type CrdMentions, type LazyCatalog } from '../crd/lazy-catalog';
import type { CrdDefinition } from '../crd/format';
import { mayHoldCrd, readCrdFile, type CrdFileFacts } from '../crd/workspace';
import { readGateConfigsFromText, type ConfigDocInfo } from '../gates/config-readers';
import { configFilesOf } from '../gates/discover-configs';
import { buildGateEnvironment } from '../gates/environment';
import { mayHoldGateConfig } from '../gates/gate-places';
import { gateCatalog } from '../knowledge';
import type { KustomizeFacts } from '../kustomize/facts';
import type { GateEnvironment } from '../model';
import type { KubeVersion } from '../base/types';
import { FilePlaces } from './places';
import { append } from '../base/append';
import { folderLimitMessage, folderYamlFiles, nearestFolderWith } from '../base/nearest-folder';
import { DERIVED_FORMATS, isConfigList, isCrdFileFacts, throughStore, type DerivedStore } from './derived-store';
import type { ProjectHost } from './host';
import { sameItems, textKey } from './same';
import { KustomizeScope } from './kustomize-scope';
import { insideRoot, rootOf } from './root';
import { REPO_CONFIG_NAME } from './repo-config';
import { RepoSettingsScope, type RepoSettings } from './repo-settings';
import type { ProjectSettings } from './settings';

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

/** Everything that governs one file, and the engine's answers under it. */
export interface FileContext {
  file: string;
  root: string;
  version: KubeVersion;
  /** The configs that govern the file (named ones, else those discovered around it). */
  configs: ConfigDocInfo[];
  /** Their distinct files. */
  configFiles: string[];
  environment?: GateEnvironment;
  kustomize?: KustomizeFacts;
  crds: CrdCatalog;
  analysis: Analysis;
}

/** Files whose CRDs a project keeps at once (keepCrdFile). */
const CRD_FILES_KEPT = 8;

interface Derived<T> {
  /** The host's version of the file it was derived from (undefined: from a text handed in). */
  version?: string;
  /** The key of the text it was derived from. */
  text: string;
  value: T;
}

export class Project {
  private folders: string[];
  private readonly realRoots = new Map<string, string>();
  /** Per folder, its root; per root and file, whether it stays inside (links followed): kept until a change. */
  private readonly roots = new Map<string, string>();
  private readonly inside = new Map<string, boolean>();
  private readonly folderLists = new Map<string, string[]>();
  /** Per file, its gate configs, and its CRDs (derived only when a check needs a CRD: lazyCatalog). */
  private readonly configFacts = new Map<string, Derived<ConfigDocInfo[]>>();
  private readonly crdFacts = new Map<string, Derived<CrdFileFacts>>();
  private readonly crdMentions = new Map<string, Derived<CrdMentions>>();
  private readonly crdFiles: string[] = [];
  private readonly catalogs = new Map<string, { cluster: CrdDefinition[]; workspace: CrdDefinition[]; catalog: CrdCatalog }>();
  /** Per settings, folder and own CRD text: the catalog handed to contexts, built on first use (catalogFor). */
  private readonly lazyCatalogs = new Map<string, { named: CrdDefinition[]; cluster: CrdDefinition[]; catalog: LazyCatalog }>();
  private readonly environments = new Map<string, { configs: ConfigDocInfo[]; cluster: unknown; env: GateEnvironment }>();
  private readonly kustomize: KustomizeScope;
  private readonly places: FilePlaces;
  private readonly repoSettings: RepoSettingsScope;
  private readonly noted = new Set<string>();
  /** Work done, for tests and the server's statistics. */
  readonly counters = { configParses: 0, crdParses: 0, storeHits: 0 };

  constructor(
    readonly host: ProjectHost,
    private readonly options: ProjectOptions = {},
  ) {
    this.folders = (options.folders ?? []).map((f) => normal(f));
    this.kustomize = new KustomizeScope({ host, read: (f, root) => this.readInside(f, root), note: (m) => this.note(m) });
    this.places = new FilePlaces(host, (f, root) => this.readInside(f, root), this.kustomize);
    this.repoSettings = new RepoSettingsScope(host, (f, root) => this.isInside(f, root));
  }

  setFolders(folders: readonly string[]): void {
    this.folders = folders.map((f) => normal(f));
    this.changed();
  }

  /** A file changed, appeared or went away (no argument: anything may have). Settings changes need no call:
   *  contexts are built from the settings given each time. */
  changed(file?: string): void {
    if (file === undefined) {
      this.configFacts.clear();
      this.crdFacts.clear();
      this.crdMentions.clear();
    } else {
      this.configFacts.delete(file);
      this.crdFacts.delete(file);
      this.crdMentions.delete(file);
    }
    this.catalogs.clear();
    this.lazyCatalogs.clear();
    this.environments.clear();
    this.realRoots.clear();
    this.roots.clear();
    this.inside.clear();
    this.folderLists.clear();
    this.places.forget();
    this.kustomize.forget(file);
    this.repoSettings.forget(file);
  }

  rootOf(file: string): string {
    const dir = path.dirname(file);
    let root = this.roots.get(dir);
    if (root === undefined) {
      root = rootOf(file, this.host, this.folders, this.options.fallbackRoot);
      // A file outside every root gets its own folder: the same for every file of that folder.
      this.roots.set(dir, root);
    }
    return root;
  }

  /**
   * The repository settings (`.kubegate.yaml`) governing `file`: the nearest one from its folder up to its root,
   * read through the host (inside the root once links are followed) and parsed once per version of that file.
   * The front ends apply it under their own settings (command-line options and editor settings win).
   */
  repoSettingsOf(file: string): RepoSettings | undefined {
    return this.repoSettings.settingsIn(path.dirname(file), this.rootOf(file));
  }

  /** The repository settings governing what is in the folder `dir` (the CLI's working directory: its run policy). */
  repoSettingsAt(dir: string): RepoSettings | undefined {
    return this.repoSettingsOf(path.join(dir, REPO_CONFIG_NAME));
  }

  /** The gate configs discovered around `file` (its folder, else the nearest ancestor folder with any). */
  configsNear(file: string): ConfigDocInfo[] {
    // The file's own config documents are not its folder's: the check adds them itself.
    return this.nearest(file, (f) => this.configsOfFile(f), normal(file));
  }

  /** The CRDs discovered around `file`, the same way. */
  crdsNear(file: string): CrdDefinition[] {
    return this.nearest(file, (f) => this.crdsOfFile(f));
  }

  /** The gate configs of one file's text (kept per file version). */
  configsOfFile(file: string, text?: string): ConfigDocInfo[] {
    return this.derived(this.configFacts, file, text, (t) => this.configsOfText(file, t));
  }

  /** The CRDs of one file's text (kept per file version). A CRD file that cannot be used (it does not parse,
   *  nests too deep) is said so in a note, not skipped silently. */
  crdsOfFile(file: string, text?: string): CrdDefinition[] {
    const crds = this.crdFactsOf(file, text);
    for (const p of crds.problems) this.note(p);
    return crds.defs;
  }

  /** `given`: the facts the check of `text` read from its own documents (check/options.ts ownCrdFacts). */
  private crdFactsOf(file: string, text: string | undefined, given?: CrdFileFacts): CrdFileFacts {
    return this.derived(this.crdFacts, file, text, (t) => {
      const facts = this.crdsOfText(file, t, given);
      if (facts.defs.length > 0) this.keepCrdFile(file);
      return facts;
    });
  }

  /**
   * The CRDs of at most CRD_FILES_KEPT files are kept (the most recently derived): a run over a repository with
   * many bundles drops the schemas of folders it has left, and a file that needs them again derives them again
   * (from the store, when there is one). Catalogs built from dropped ones go too.
   */
  private keepCrdFile(file: string): void {
    const at = this.crdFiles.indexOf(file);
    if (at >= 0) this.crdFiles.splice(at, 1);
    this.crdFiles.push(file);
    if (this.crdFiles.length <= CRD_FILES_KEPT) return;
    for (const dropped of this.crdFiles.splice(0, this.crdFiles.length - CRD_FILES_KEPT)) this.crdFacts.delete(dropped);
    this.dropCatalogs();
  }

  /** Built catalogs go (the CRDs they hold with them); a catalog not built yet holds none and stays. */
  private dropCatalogs(): void {
    this.catalogs.clear();
    for (const [key, entry] of this.lazyCatalogs) if (entry.catalog.built) this.lazyCatalogs.delete(key);
  }

  private configsOfText(file: string, text: string): ConfigDocInfo[] {
    if (!mayHoldGateConfig(text)) return [];
    return this.stored(DERIVED_FORMATS.configs, file, text, isConfigList, () => {
      this.counters.configParses++;
      return readGateConfigsFromText(text, file);
    });
  }

  /** `given` (from the file's check) costs less than the store's copy: the store is not asked then. */
  private crdsOfText(file: string, text: string, given?: CrdFileFacts): CrdFileFacts {
    if (!mayHoldCrd(text)) return { defs: [], problems: [] };
    if (given) this.counters.crdParses++;
    return given ?? this.stored(DERIVED_FORMATS.crds, file, text, isCrdFileFacts, () => {
      this.counters.crdParses++;
      return readCrdFile(text, file);
    });
  }

  private stored<T>(what: string, file: string, text: string, shaped: (v: unknown) => v is T, compute: () => T): T {
    return throughStore(this.options.store, what, file, text, compute, shaped, () => this.counters.storeHits++);
  }

  /**
   * The context of `file` under `settings`. `text` is the file's text when the caller holds it (a buffer, stdin):
   * its own CRD documents then count even when the file is not on disk.
   */
  contextOf(file: string, settings: ProjectSettings, text?: string): FileContext {
    const root = this.rootOf(file);
    const configs = settings.namedConfigs !== undefined ? [...settings.namedConfigs] : this.configsNear(file);
    const configFiles = configFilesOf(configs);
    const environment = this.environmentOf(settings, configs, configFiles);
    const kustomize = this.kustomize.factsOf(file, root);
    const crds = this.catalogFor(file, settings, text);
    const analysis = new Analysis({
      file,
      place: this.places.placeOf(file, root, kustomize, text),
      version: settings.version,
      environment,
      crds,
      ownCrdFacts: { file, take: (t, facts) => void this.crdFactsOf(file, t, facts) },
      ...(kustomize ? { kustomize } : {}),
      ...(settings.reportUnusedDisables ? { reportUnusedDisables: true } : {}),
    });
    return { file, root, version: settings.version, configs, configFiles, ...(environment ? { environment } : {}), ...(kustomize ? { kustomize } : {}), crds, analysis };
  }

  private environmentOf(settings: ProjectSettings, configs: ConfigDocInfo[], configFiles: string[]): GateEnvironment | undefined {
    const explicit = settings.explicit ?? [];
    const runtime = settings.explicitRuntimeConfig ?? [];
    if (explicit.length === 0 && runtime.length === 0 && configs.length === 0 && !settings.cluster) return undefined;
    // Files with the same configs (the same objects: unchanged files) under the same settings share one environment.
    const key = settings.key === undefined ? undefined : `${settings.key}\u0001${configFiles.join('\u0000')}`;
    const hit = key === undefined ? undefined : this.environments.get(key);
    if (hit && hit.cluster === settings.cluster && sameItems(hit.configs, configs)) return hit.env;
    const env = buildGateEnvironment({ catalog: gateCatalog(), version: settings.version, explicit, explicitRuntimeConfig: runtime, configs, ...(settings.cluster ? { cluster: settings.cluster } : {}) });
    for (const n of env.notes) this.note(n);
    if (key !== undefined) {
      if (this.environments.size > 256) this.environments.clear();
      this.environments.set(key, { configs, cluster: settings.cluster, env });
    }
    return env;
  }

  /**
   * The CRD catalog of `file`, built when the check first asks it something (crd/lazy-catalog.ts): the CRDs around
   * a file of built-in kinds are never derived. Files of one folder without CRDs of their own share one under equal
   * settings; once built, a kept one is used while the CRDs it was built from are the same (catalogOf's own check).
   * A text with CRDs of its own gets a catalog of its own, not kept: a kept one would hold on to the text.
   */
  private catalogFor(file: string, settings: ProjectSettings, text: string | undefined): CrdCatalog {
    // A text without CRDs adds none of its own: the catalog is the folder's (catalogOf reads the same either way).
    const own = text !== undefined && mayHoldCrd(text) ? text : undefined;
    const build = (): CrdCatalog => this.catalogOf(file, settings, own);
    const mayDefine = (group: string): boolean => this.mayDefineGroup(file, settings, own, group);
    if (settings.key === undefined || own !== undefined) return lazyCatalog(build, mayDefine);
    const key = `${settings.key}\u0001${path.dirname(file)}`;
    const named = settings.namedCrds ?? [];
    const cluster = settings.clusterCrds ?? [];
    const hit = this.lazyCatalogs.get(key);
    if (hit && sameItems(hit.named, named) && sameItems(hit.cluster, cluster)) {
      if (!hit.catalog.built) return hit.catalog;
      const now = build();
      if (now === hit.catalog.built) return hit.catalog;
      const fresh = lazyCatalog(() => now);
      this.lazyCatalogs.set(key, { named, cluster, catalog: fresh });
      return fresh;
    }
    const catalog = lazyCatalog(build, mayDefine);
    if (this.lazyCatalogs.size > 256) this.lazyCatalogs.clear();
    this.lazyCatalogs.set(key, { named, cluster, catalog });
    return catalog;
  }

  /** Whether a CRD that the catalog of `file` would hold may define `group`: named, cluster and pack CRDs by their
   *  groups, the files it would read by a test of their text (crd/lazy-catalog.ts; kept per file version and
   *  group), without a parse. */
  private mayDefineGroup(file: string, settings: ProjectSettings, text: string | undefined, group: string): boolean {
    const defines = (defs: readonly CrdDefinition[] | undefined) => !!defs?.some((d) => d.group === group);
    if (defines(settings.namedCrds) || defines(settings.clusterCrds) || defines(settings.runCrds) || packDefinesGroup(group)) return true;
    const mentions = (f: string, own?: string): boolean => {
      const m = this.derived(this.crdMentions, f, own, crdMentions);
      if (!m.crd || m.any) return m.any;
      let yes = m.asked.get(group);
      if (yes === undefined) m.asked.set(group, (yes = mentionsGroup(own ?? this.host.readFile(f) ?? '', group)));
      return yes;
    };
    if (text !== undefined && mentions(file, text)) return true;
    const root = this.rootOf(file);
    return nearestFolderWith(file, root, (dir) => (this.folderFiles(dir, root).some((f) => mentions(f)) ? [true] : [])).length > 0;
  }

  private catalogOf(file: string, settings: ProjectSettings, text: string | undefined): CrdCatalog {
    // The CRDs of the text a front end holds for `file`: the same facts as its folder's discovery reads (one parse
    // when the file is checked and also sits beside others), its problems left to the check's findings.
    const own = text !== undefined ? this.crdFactsOf(file, text).defs : [];
    const near = this.crdsNear(file).filter((d) => !own.length || d.source.file !== file);
    const workspace = [...(settings.namedCrds ?? []), ...own, ...near, ...(settings.runCrds ?? [])];
    const cluster = settings.clusterCrds ?? [];
    // The same CRDs (one object per file text: crdFactsOf) under the same settings share one catalog.
    const key = settings.key === undefined ? undefined : `${settings.key}\u0001${workspace.map((d) => `${d.source.file ?? ''}#${d.group}/${d.kind}`).join('\n')}`;
    const hit = key === undefined ? undefined : this.catalogs.get(key);
    if (hit && sameItems(hit.cluster, cluster) && sameItems(hit.workspace, workspace)) return hit.catalog;
    const catalog = buildCrdCatalog({ cluster, workspace, selections: settings.packs ?? [], controllerGates: settings.controllerGates ?? {} });
    for (const n of catalog.notes) this.note(n);
    if (key !== undefined) {
      if (this.catalogs.size > 16) this.dropCatalogs();
      this.catalogs.set(key, { cluster, workspace, catalog });
    }
    return catalog;
  }

  /** Says something once (the front end shows it: a `note:` line, the status item). */
  note(message: string): void {
    if (this.noted.has(message)) return;
    this.noted.add(message);
    this.options.onNote?.(message);
  }

  /** A file's text when discovery may read it: a regular file inside the root once links are followed. */
  private readInside(file: string, root: string): string | undefined {
    return this.isInside(file, root) ? this.host.readFile(file) : undefined;
  }

  private isInside(file: string, root: string): boolean {
    const key = `${root}\u0000${file}`;
    let inside = this.inside.get(key);
    if (inside === undefined) this.inside.set(key, (inside = insideRoot(file, root, this.host, this.realRoots)));
    return inside;
  }

  /** The YAML files of a folder that discovery reads: name order, at most MAX_FOLDER_FILES (said once in a note),
   *  each inside the root once links are followed. Kept until something changes. */
  private folderFiles(dir: string, root: string): string[] {
    const key = `${root}\u0000${dir}`;
    let files = this.folderLists.get(key);
    if (!files) {
      const names = folderYamlFiles(dir, this.host.listDir(dir), (n) => this.note(folderLimitMessage(n)));
      files = names.map((n) => path.join(dir, n)).filter((f) => this.isInside(f, root));
      this.folderLists.set(key, files);
    }
    return files;
  }

  /** What the files of the nearest folder that gives anything give (its own folder first, never above the root). */
  private nearest<T>(file: string, of: (f: string) => T[], exclude?: string): T[] {
    const root = this.rootOf(file);
    return nearestFolderWith(file, root, (dir) => {
      const out: T[] = [];
      for (const f of this.folderFiles(dir, root)) if (f !== exclude) append(out, of(f));
      return out;
    });
  }

  /**
   * What `compute` derives from a file's text, kept per file: while the text handed in is the same, or while the
   * host's version of the file is (a host without versions: for the project's life). A text read from the host
   * that is the one handed in before (or the reverse) is not derived again.
   */
  private derived<T>(cache: Map<string, Derived<T>>, file: string, text: string | undefined, compute: (text: string) => T): T {
    const hit = cache.get(file);
    const version = text === undefined ? this.host.versionOf?.(file) : undefined;
    if (text === undefined && hit && (!this.host.versionOf || hit.version === version)) return hit.value;
    const t = text ?? this.host.readFile(file) ?? '';
    const key = textKey(t);
    const value = hit && hit.text === key ? hit.value : compute(t);
    cache.set(file, { ...(version !== undefined ? { version } : {}), text: key, value });
    return value;
  }
}
