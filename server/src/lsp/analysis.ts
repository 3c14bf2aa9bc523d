// The language server's calls into the engine, with the per-document context (version, gate environment)
// built from settings, the cluster and repo configs. Only wiring: every decision is the engine's.
import * as path from 'node:path';
import type { KubegateSettings } from '../contract/settings';
import type { ClusterSnapshot } from '../cluster/types';
import {
  Analysis,
  buildGateEnvironment,
  explicitSettings,
  governingConfigs,
  loadConfigFiles,
  type ConfigDocInfo,
  gateCatalog,
  loadVersion,
  type GateCatalog,
  type VersionData,
  type GateEnvironment,
  findKustomizations,
  kustomizeFactsFor,
  type KustomizeFacts,
  looksLikeManifest,
  DEFAULT_VERSION,
  type KubeVersion,
  type CrdCatalog,
  splitControllerGates,
  type CrdDefinition,
} from '../engine';
import { matchesAny, validGlobs } from './glob';
import { crdCatalogFor } from './crds';
import type { WorkspaceFiles } from './workspace';

export interface DocumentContext {
  file: string;
  /** Version from settings (or the cluster), before the file's own version comment. */
  version: KubeVersion;
  environment: GateEnvironment;
  configs: ConfigDocInfo[];
  settings: KubegateSettings;
  /** What kustomize makes of the file (a kustomization in its folder or an ancestor names it). */
  kustomize?: KustomizeFacts;
  /** CRDs for custom resources (lsp/crds.ts). */
  crds?: CrdCatalog;
  /** The engine's answers under this context (checks, hover, completion, fixes, badges). */
  analysis: Analysis;
}

export function settingsVersion(settings: KubegateSettings, cluster: ClusterSnapshot | undefined): KubeVersion {
  if (settings.kubernetesVersion !== 'cluster') return settings.kubernetesVersion;
  return (cluster?.targetVersion as KubeVersion | undefined) ?? DEFAULT_VERSION;
}

export function knowledge(version: KubeVersion): { data: VersionData; gates: GateCatalog } {
  return { data: loadVersion(version).data, gates: gateCatalog() };
}

/** Repo configs that govern `file`: the `kubegate.configFiles` globs when set, else discovery. */
export function configsFor(file: string, settings: KubegateSettings, ws: WorkspaceFiles): ConfigDocInfo[] {
  const root = ws.folderOf(file);
  let named: ConfigDocInfo[] | undefined;
  const configGlobs = validGlobs(settings.configFiles);
  if (configGlobs.length > 0) {
    const base = root ?? path.dirname(file);
    const files = ws.allYamlFiles().filter((f) => f !== file && matchesAny(path.relative(base, f), configGlobs));
    named = loadConfigFiles(files, { readFile: (f) => ws.read(f) }).configs;
  }
  return governingConfigs(file, root, ws.configAccess(), named);
}

export function documentContext(
  file: string,
  settings: KubegateSettings,
  cluster: ClusterSnapshot | undefined,
  ws: WorkspaceFiles,
  clusterCrds: CrdDefinition[] = [],
): DocumentContext {
  const version = settingsVersion(settings, cluster);
  const configs = configsFor(file, settings, ws);
  const explicit = explicitSettings(
    Object.entries(splitControllerGates(settings.featureGates).kubernetes).map(([g, v]) => `${g}=${v}`),
    'kubegate.featureGates',
  );
  const environment = buildGateEnvironment({ catalog: gateCatalog(), version, explicit, cluster, configs });
  const kustomize = kustomizeFactsFor(file, findKustomizations(file, ws.folderOf(file), (f) => ws.read(f)));
  const crds = crdCatalogFor(file, settings, ws, clusterCrds);
  const analysis = new Analysis({ file, version, environment, ...(kustomize ? { kustomize } : {}), crds });
  return { file, version, environment, configs, settings, ...(kustomize ? { kustomize } : {}), crds, analysis };
}

/** Whether the server checks this document: `kubegate.files` globs, else YAML with apiVersion and kind. */
export function shouldCheck(file: string | undefined, text: string, settings: KubegateSettings, ws: WorkspaceFiles): boolean {
  // Invalid patterns are left out (and shown as setting errors); none valid: the default below applies.
  const globs = validGlobs(settings.files);
  if (globs.length > 0) {
    if (!file) return false;
    const root = ws.folderOf(file) ?? path.dirname(file);
    return matchesAny(path.relative(root, file), globs);
  }
  return looksLikeManifest(text);
}
