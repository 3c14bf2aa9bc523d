// A file's context under a front end's settings: its root, the configs and CRDs that govern it (named, else found
// around it), its gate environment, kustomize facts and place, and the Analysis built from them. Environments and
// CRD catalogs are shared by files under equal settings (`ProjectSettings.key`) while what they were built from is
// the same object (unchanged files).
import * as path from 'node:path';
import { Analysis } from '../analysis';
import { buildCrdCatalog, packDefinesGroup, type CrdCatalog } from '../api-extensions/catalog';
import { lazyCatalog, mentionsGroup, type LazyCatalog } from '../api-extensions/lazy-catalog';
import type { CrdDefinition } from '../api-extensions/crd-data';
import { mayHoldCrd } from '../api-extensions/workspace';
import type { ConfigDocInfo } from '../gates/config-readers';
import { configFilesOf } from '../gates/discover-configs';
import { buildGateEnvironment } from '../gates/environment';
import { gateCatalog } from '../knowledge';
import type { KustomizeFacts } from '../kustomize/facts';
import type { GateEnvironment } from '../model';
import type { KubeVersion } from '../base/types';
import { normal } from '../base/paths';
import { nearestFolderWith } from '../base/nearest-folder';
import type { FileFacts } from './file-facts';
import type { ProjectFiles } from './files';
import type { ProjectHost } from './host';
import { KustomizeScope } from './kustomize-scope';
import { FilePlaces } from './places';
import { sameItems } from './identity';
import type { ProjectSettings } from './settings';

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

/** The project's parts a context is built from. */
interface ContextParts {
  host: ProjectHost;
  files: ProjectFiles;
  facts: FileFacts;
  note(message: string): void;
}

export class ContextBuilder {
  private readonly catalogs = new Map<string, { cluster: CrdDefinition[]; workspace: CrdDefinition[]; catalog: CrdCatalog }>();
  /** Per settings, folder and own CRD text: the catalog handed to contexts, built on first use (catalogFor). */
  private readonly lazyCatalogs = new Map<string, { named: CrdDefinition[]; cluster: CrdDefinition[]; catalog: LazyCatalog }>();
  private readonly environments = new Map<string, { configs: ConfigDocInfo[]; cluster: unknown; env: GateEnvironment }>();
  /** What kustomize makes of a file, and where a file stands (a chart's, a kustomize leftover). */
  private readonly kustomize: KustomizeScope;
  private readonly places: FilePlaces;

  constructor(private readonly parts: ContextParts) {
    const { host, files, note } = parts;
    const read = (f: string, root: string) => files.readInside(f, root);
    this.kustomize = new KustomizeScope({ host, read, note });
    this.places = new FilePlaces(host, read, this.kustomize);
  }

  /** A file changed (no argument: anything may have): nothing built is used again. */
  forget(file?: string): void {
    this.catalogs.clear();
    this.lazyCatalogs.clear();
    this.environments.clear();
    this.places.forget();
    this.kustomize.forget(file);
  }

  /** Built catalogs go (the CRDs they hold with them); a catalog not built yet holds none and stays. */
  dropCatalogs(): void {
    this.catalogs.clear();
    for (const [key, entry] of this.lazyCatalogs) if (entry.catalog.built) this.lazyCatalogs.delete(key);
  }

  /** The gate configs discovered around `file` (its folder, else the nearest ancestor folder with any). */
  configsNear(file: string): ConfigDocInfo[] {
    // The file's own config documents are not its folder's: the check adds them itself.
    return this.parts.files.nearest(file, (f) => this.parts.facts.configsOf(f), normal(file));
  }

  /** The CRDs discovered around `file`, the same way; a CRD file that cannot be used is said so in a note. */
  private crdsNear(file: string): CrdDefinition[] {
    return this.parts.files.nearest(file, (f) => {
      const crds = this.parts.facts.crdFactsOf(f, undefined);
      for (const p of crds.problems) this.parts.note(p);
      return crds.defs;
    });
  }

  contextOf(file: string, settings: ProjectSettings, text?: string): FileContext {
    const { files, facts } = this.parts;
    const { kustomize: scope, places } = this;
    const root = files.rootOf(file);
    const configs = settings.namedConfigs !== undefined ? [...settings.namedConfigs] : this.configsNear(file);
    const configFiles = configFilesOf(configs);
    const environment = this.environmentOf(settings, configs, configFiles);
    const kustomize = scope.factsOf(file, root);
    const crds = this.catalogFor(file, settings, text);
    const analysis = new Analysis({
      file,
      place: places.placeOf(file, root, kustomize, text),
      version: settings.version,
      environment,
      crds,
      ownCrdFacts: { file, take: (t, given) => void facts.crdFactsOf(file, t, given) },
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
    for (const n of env.notes) this.parts.note(n);
    if (key !== undefined) {
      if (this.environments.size > 256) this.environments.clear();
      this.environments.set(key, { configs, cluster: settings.cluster, env });
    }
    return env;
  }

  /**
   * The CRD catalog of `file`, built when the check first asks it something (api-extensions/lazy-catalog.ts): the CRDs around
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
   *  groups, the files it would read by a test of their text (api-extensions/lazy-catalog.ts; kept per file version and
   *  group), without a parse. */
  private mayDefineGroup(file: string, settings: ProjectSettings, text: string | undefined, group: string): boolean {
    const { files, facts, host } = this.parts;
    const defines = (defs: readonly CrdDefinition[] | undefined) => !!defs?.some((d) => d.group === group);
    if (defines(settings.namedCrds) || defines(settings.clusterCrds) || defines(settings.runCrds) || packDefinesGroup(group)) return true;
    const mentions = (f: string, own?: string): boolean => {
      const m = facts.mentionsOf(f, own);
      if (!m.crd || m.any) return m.any;
      let yes = m.asked.get(group);
      if (yes === undefined) m.asked.set(group, (yes = mentionsGroup(own ?? host.readFile(f) ?? '', group)));
      return yes;
    };
    if (text !== undefined && mentions(file, text)) return true;
    const root = files.rootOf(file);
    return nearestFolderWith(file, root, (dir) => (files.folderFiles(dir, root).some((f) => mentions(f)) ? [true] : [])).length > 0;
  }

  private catalogOf(file: string, settings: ProjectSettings, text: string | undefined): CrdCatalog {
    // The CRDs of the text a front end holds for `file`: the same facts as its folder's discovery reads (one parse
    // when the file is checked and also sits beside others), its problems left to the check's findings.
    const own = text !== undefined ? this.parts.facts.crdFactsOf(file, text).defs : [];
    const near = this.crdsNear(file).filter((d) => !own.length || d.source.file !== file);
    const workspace = [...(settings.namedCrds ?? []), ...own, ...near, ...(settings.runCrds ?? [])];
    const cluster = settings.clusterCrds ?? [];
    // The same CRDs (one object per file text: crdFactsOf) under the same settings share one catalog.
    const key = settings.key === undefined ? undefined : `${settings.key}\u0001${workspace.map((d) => `${d.source.file ?? ''}#${d.group}/${d.kind}`).join('\n')}`;
    const hit = key === undefined ? undefined : this.catalogs.get(key);
    if (hit && sameItems(hit.cluster, cluster) && sameItems(hit.workspace, workspace)) return hit.catalog;
    const catalog = buildCrdCatalog({ cluster, workspace, selections: settings.packs ?? [], controllerGates: settings.controllerGates ?? {} });
    for (const n of catalog.notes) this.parts.note(n);
    if (key !== undefined) {
      if (this.catalogs.size > 16) this.dropCatalogs();
      this.catalogs.set(key, { cluster, workspace, catalog });
    }
    return catalog;
  }
}
