// The project model: for any file, what governs it — its root, the gate configs, CRDs and kustomize facts
// around it — and the analysis context built from those plus the front end's settings. The CLI and the language
// server each supply a host (file access) and their settings; everything else is decided here once, so a file
// gets the same context whichever front end asks. What is derived from a file (its configs, its CRDs) is kept
// until the host's version of the file moves on or the front end says it changed.
import * as path from 'node:path';
import { normal } from '../paths';
import { Analysis } from '../analysis';
import { buildCrdCatalog, type CrdCatalog } from '../crd/catalog';
import type { CrdDefinition } from '../crd/format';
import { crdFileProblems, crdsFromText, discoverCrds, mayHoldCrd, type CrdFileAccess } from '../crd/workspace';
import { readGateConfigsFromText, type ConfigDocInfo } from '../gates/config-readers';
import { configFilesOf, discoverConfigs, type ConfigFileAccess } from '../gates/discover-configs';
import { buildGateEnvironment } from '../gates/environment';
import { mayHoldGateConfig } from '../gates/gate-places';
import { gateCatalog } from '../knowledge';
import type { KustomizeFacts } from '../kustomize/facts';
import type { GateEnvironment } from '../model';
import type { KubeVersion } from '../types';
import { folderLimitMessage } from '../nearest-folder';
import type { ProjectHost } from './host';
import { KustomizeScope } from './kustomize-scope';
import { insideRoot, rootOf } from './root';
import type { ProjectSettings } from './settings';

const YAML_FILE = /\.ya?ml$/i;

export interface ProjectOptions {
  /** The editor's workspace folders: a file's root is never above the folder holding it. */
  folders?: readonly string[];
  /** The root of a file outside every folder with no `.git` above it (the CLI: its working directory). */
  fallbackRoot?: string;
  /** Called once per distinct note (what was not read, what a kustomization names that is missing, …). */
  onNote?: (message: string) => void;
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

interface Derived<T> {
  version: string;
  value: T[];
}

export class Project {
  private folders: string[];
  private readonly realRoots = new Map<string, string>();
  private readonly configCache = new Map<string, Derived<ConfigDocInfo>>();
  private readonly crdCache = new Map<string, Derived<CrdDefinition>>();
  private readonly catalogs = new Map<string, { cluster: CrdDefinition[]; workspace: CrdDefinition[]; catalog: CrdCatalog }>();
  private readonly environments = new Map<string, { configs: ConfigDocInfo[]; cluster: unknown; env: GateEnvironment }>();
  private readonly kustomize: KustomizeScope;
  private readonly noted = new Set<string>();
  /** Work done, for tests and the server's statistics. */
  readonly counters = { configParses: 0, crdParses: 0 };

  constructor(
    readonly host: ProjectHost,
    private readonly options: ProjectOptions = {},
  ) {
    this.folders = (options.folders ?? []).map((f) => normal(f));
    this.kustomize = new KustomizeScope({ host, read: (f, root) => this.readInside(f, root), note: (m) => this.note(m) });
  }

  setFolders(folders: readonly string[]): void {
    this.folders = folders.map((f) => normal(f));
    this.realRoots.clear();
    this.changed();
  }

  /** A file changed, appeared or went away (no argument: anything may have). Settings changes need no call:
   *  contexts are built from the settings given each time. */
  changed(file?: string): void {
    if (file === undefined) {
      this.configCache.clear();
      this.crdCache.clear();
    } else {
      this.configCache.delete(file);
      this.crdCache.delete(file);
    }
    this.catalogs.clear();
    this.environments.clear();
    this.kustomize.forget(file);
  }

  rootOf(file: string): string {
    return rootOf(file, this.host, this.folders, this.options.fallbackRoot);
  }

  /** The gate configs discovered around `file` (its folder, else the nearest ancestor folder with any). */
  configsNear(file: string): ConfigDocInfo[] {
    return discoverConfigs(file, this.rootOf(file), this.configAccess(this.rootOf(file)));
  }

  /** The CRDs discovered around `file`, the same way. */
  crdsNear(file: string): CrdDefinition[] {
    return discoverCrds(file, this.rootOf(file), this.crdAccess(this.rootOf(file)));
  }

  kustomizeOf(file: string): KustomizeFacts | undefined {
    return this.kustomize.factsOf(file, this.rootOf(file));
  }

  /** The gate configs of one file's text (kept per file version). */
  configsOfFile(file: string, text?: string): ConfigDocInfo[] {
    return this.derived(this.configCache, file, text, (t) => {
      if (!mayHoldGateConfig(t)) return [];
      this.counters.configParses++;
      return readGateConfigsFromText(t, file);
    });
  }

  /** The CRDs of one file's text (kept per file version). */
  crdsOfFile(file: string, text?: string): CrdDefinition[] {
    return this.derived(this.crdCache, file, text, (t) => {
      this.counters.crdParses++;
      // A CRD file that cannot be used (it does not parse, nests too deep) is said so, not skipped silently.
      if (mayHoldCrd(t)) for (const p of crdFileProblems(t, file)) this.note(p);
      return crdsFromText(t, file);
    });
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
    const kustomize = this.kustomizeOf(file);
    const crds = this.catalogOf(file, settings, text);
    const analysis = new Analysis({
      file,
      version: settings.version,
      environment,
      crds,
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

  private catalogOf(file: string, settings: ProjectSettings, text: string | undefined): CrdCatalog {
    const own = text !== undefined ? crdsFromText(text, file) : [];
    const near = this.crdsNear(file).filter((d) => !own.length || d.source.file !== file);
    const workspace = [...(settings.namedCrds ?? []), ...own, ...near];
    const cluster = settings.clusterCrds ?? [];
    // The same CRDs (crdsFromText keeps one object per text) under the same settings share one catalog.
    const key = settings.key === undefined ? undefined : `${settings.key}\u0001${workspace.map((d) => `${d.source.file ?? ''}#${d.group}/${d.kind}`).join('\n')}`;
    const hit = key === undefined ? undefined : this.catalogs.get(key);
    if (hit && sameItems(hit.cluster, cluster) && sameItems(hit.workspace, workspace)) return hit.catalog;
    const catalog = buildCrdCatalog({ cluster, workspace, selections: settings.packs ?? [], controllerGates: settings.controllerGates ?? {} });
    for (const n of catalog.notes) this.note(n);
    if (key !== undefined) {
      if (this.catalogs.size > 64) this.catalogs.clear();
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
    if (!insideRoot(file, root, this.host, this.realRoots)) return undefined;
    return this.host.readFile(file);
  }

  private listYaml(dir: string): string[] {
    return this.host.listDir(dir).filter((n) => YAML_FILE.test(n));
  }

  private configAccess(root: string): ConfigFileAccess {
    return {
      listFiles: (dir) => this.listYaml(dir),
      readFile: (f) => this.readInside(f, root),
      configsOf: (f) => (insideRoot(f, root, this.host, this.realRoots) ? this.configsOfFile(f) : []),
      onFolderLimit: (n) => this.note(folderLimitMessage(n)),
    };
  }

  private crdAccess(root: string): CrdFileAccess {
    return {
      listFiles: (dir) => this.listYaml(dir),
      readFile: (f) => this.readInside(f, root),
      crdsOf: (f) => (insideRoot(f, root, this.host, this.realRoots) ? this.crdsOfFile(f) : []),
      onFolderLimit: (n) => this.note(folderLimitMessage(n)),
    };
  }

  private derived<T>(cache: Map<string, Derived<T>>, file: string, text: string | undefined, compute: (text: string) => T[]): T[] {
    const version = text !== undefined ? `text:${text.length}:${hashOf(text)}` : (this.host.versionOf?.(file) ?? '');
    const hit = cache.get(file);
    if (hit && hit.version === version) return hit.value;
    const t = text ?? this.host.readFile(file);
    const value = t === undefined ? [] : compute(t);
    cache.set(file, { version, value });
    return value;
  }
}

/** The same objects in the same order (what a file gives is kept as one object while the file is unchanged). */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A cheap 32-bit hash (FNV-1a) of a text, to key what is derived from a buffer handed in directly. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
