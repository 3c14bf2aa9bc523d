// A file's context under a front end's settings: its root, the configs and CRDs that govern it (named, else found
// around it), its gate environment, kustomize facts and place, and the Analysis built from them. Environments and
// CRD catalogs are shared by files under equal settings (`ProjectSettings.key`) while what they were built from is
// the same object (unchanged files).
import * as path from 'node:path';
import { Analysis } from '../analysis';
import type { ConfigDocInfo } from '../gates/config-readers';
import { configFilesOf } from '../gates/discover-configs';
import { mayHoldGateConfig } from '../gates/gate-places';
import { buildGateEnvironment } from '../gates/environment';
import { gateCatalog } from '../knowledge';
import type { KustomizeFacts } from '../kustomize/facts';
import type { GateEnvironment } from '../model';
import type { KubeVersion } from '../base/types';
import { normal } from '../base/paths';
import { nearestFolderWith } from '../base/nearest-folder';
import { CrdCatalogs, type ProjectParts } from './crd-catalogs';
import type { CrdCatalog } from '../api-extensions/catalog';
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

export class ContextBuilder {
  /** The CRD catalogs of files (crd-catalogs.ts). */
  private readonly crds: CrdCatalogs;
  private readonly environments = new Map<string, { configs: ConfigDocInfo[]; cluster: unknown; env: GateEnvironment }>();
  /** What kustomize makes of a file, and where a file stands (a chart's, a kustomize leftover). */
  private readonly kustomize: KustomizeScope;
  private readonly places: FilePlaces;
  /** Per root and folder, the configs around the files of the folder that hold none (configsNear). */
  private readonly nearestConfigs = new Map<string, ConfigDocInfo[]>();

  constructor(private readonly parts: ProjectParts) {
    const { host, files, note } = parts;
    const read = (f: string, root: string) => files.readInside(f, root);
    this.kustomize = new KustomizeScope({ host, read, note });
    this.places = new FilePlaces(host, read, this.kustomize);
    this.crds = new CrdCatalogs(parts);
  }

  /** A file changed (no argument: anything may have): nothing built is used again. */
  forget(file?: string): void {
    this.crds.forget();
    this.nearestConfigs.clear();
    this.environments.clear();
    this.places.forget();
    this.kustomize.forget(file);
  }

  /** Built CRD catalogs go (the CRDs they hold with them). */
  dropCatalogs(): void {
    this.crds.drop();
  }

  /** The gate configs discovered around `file` (its folder, else the nearest ancestor folder with any). */
  configsNear(file: string, text?: string): ConfigDocInfo[] {
    // The file's own config documents are not its folder's: the check adds them itself.
    const { files, facts, host } = this.parts;
    const own = normal(file);
    const ownText = host.versionOf ? undefined : (text ?? host.readFile(file));
    if (ownText === undefined || mayHoldGateConfig(ownText)) return files.nearest(file, (f) => facts.configsOf(f), own);
    // A file without configs of a host without versions: the nearest folder with configs is found once for all the
    // files of its folder, and each folder's files with configs are listed once (asked file by file, a folder of a
    // thousand files would ask a million times).
    const root = files.rootOf(file);
    const key = `${root}\u0000${path.dirname(own)}`;
    let nearest = this.nearestConfigs.get(key);
    if (!nearest) {
      nearest = nearestFolderWith(file, root, (dir) => files.folderFiles(dir, root).flatMap((f) => facts.configsOf(f)));
      this.nearestConfigs.set(key, nearest);
    }
    return nearest;
  }

  contextOf(file: string, settings: ProjectSettings, text?: string): FileContext {
    const { files, facts } = this.parts;
    const { kustomize: scope, places } = this;
    const root = files.rootOf(file);
    const configs = settings.namedConfigs !== undefined ? [...settings.namedConfigs] : this.configsNear(file, text);
    const configFiles = configFilesOf(configs);
    const environment = this.environmentOf(settings, configs, configFiles);
    const kustomize = scope.factsOf(file, root);
    const crds = this.crds.catalogFor(file, settings, text);
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

}
