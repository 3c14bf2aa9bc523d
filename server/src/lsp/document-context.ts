// The language server's calls into the engine's project model: the editor settings (and the cluster) become the
// project's settings; the project decides what governs each document. Only wiring: every decision is the engine's.
import * as path from 'node:path';
import type { KubegateSettings } from '../contract/settings';
import type { ClusterSnapshot } from '../cluster/types';
import {
  explicitSettings,
  isParserSyntaxError,
  DEFAULT_VERSION,
  splitControllerGates,
  takenByPlace,
  type ConfigDocInfo,
  type CrdDefinition,
  type FileContext,
  type FileReport,
  type FileTaken,
  type KubeVersion,
  type NamedFiles,
  type Project,
  type ProjectSettings,
} from '../engine';
import { matchesAny, validGlobs } from './glob';
import type { WorkspaceFiles } from './workspace';

/** A document's context: the project's, plus the editor settings it was built under. */
export interface DocumentContext extends FileContext {
  settings: KubegateSettings;
}

export function settingsVersion(settings: KubegateSettings, cluster: ClusterSnapshot | undefined): KubeVersion {
  if (settings.kubernetesVersion !== 'cluster') return settings.kubernetesVersion;
  return (cluster?.targetVersion as KubeVersion | undefined) ?? DEFAULT_VERSION;
}

/**
 * The lists of configs and CRD files that apply to a document: as resolved over its `.kubegate.yaml`
 * (contract/repo-config.ts, the project model's rule), else the editor's own lists, relative to the workspace
 * folder (a pattern without `/` matches the name in any folder).
 */
function namedLists(file: string, settings: KubegateSettings, ws: WorkspaceFiles): { configFiles?: NamedFiles; crdFiles?: NamedFiles } {
  if (settings.named) return settings.named;
  const base = ws.folders.folderOf(file) ?? path.dirname(file);
  const list = (entries: string[], label: string): NamedFiles | undefined => (entries.length > 0 ? { base, entries, nameAnywhere: true, label } : undefined);
  const configFiles = list(validGlobs(settings.configFiles), 'kubegate.configFiles');
  const crdFiles = list(validGlobs(settings.customResources?.crdFiles ?? []), 'kubegate.customResources.crdFiles');
  return { ...(configFiles ? { configFiles } : {}), ...(crdFiles ? { crdFiles } : {}) };
}

/** The configs and CRDs the document's lists name, found by the project as the CLI finds them (engine
 *  named-sources.ts: a configFiles list that matches nothing still stands); what is not read is a status note. */
function namedSources(file: string, lists: { configFiles?: NamedFiles; crdFiles?: NamedFiles }, project: Project): { namedConfigs?: ConfigDocInfo[]; namedCrds: CrdDefinition[] } {
  const { notes, ...sources } = project.named.of(lists, file);
  for (const n of notes) project.notes.say(n);
  return sources;
}

/** The project settings of a document under the editor settings and the cluster known now. */
export function projectSettingsOf(file: string, settings: KubegateSettings, cluster: ClusterSnapshot | undefined, ws: WorkspaceFiles, project: Project, clusterCrds: CrdDefinition[]): ProjectSettings {
  const version = settingsVersion(settings, cluster);
  const gates = splitControllerGates(settings.featureGates);
  const explicit = explicitSettings(Object.entries(gates.kubernetes).map(([g, v]) => `${g}=${v}`), 'kubegate.featureGates');
  const { namedConfigs, namedCrds } = namedSources(file, namedLists(file, settings, ws), project);
  return {
    version,
    explicit,
    ...(namedConfigs !== undefined ? { namedConfigs } : {}),
    ...(cluster ? { cluster } : {}),
    namedCrds,
    clusterCrds,
    packs: settings.customResources?.packs ?? [],
    controllerGates: gates.controller,
    // Documents under equal settings share environments and CRD catalogs.
    key: JSON.stringify([version, settings.featureGates, settings.configFiles, settings.customResources, settings.named]),
  };
}

/** Repo configs that govern `file`: the `kubegate.configFiles` globs when set, else what the project finds. */
export function configsFor(file: string, settings: KubegateSettings, ws: WorkspaceFiles, project: Project): ConfigDocInfo[] {
  const { configFiles } = namedLists(file, settings, ws);
  return namedSources(file, configFiles ? { configFiles } : {}, project).namedConfigs ?? project.configsNear(file);
}

export function documentContext(
  file: string,
  settings: KubegateSettings,
  cluster: ClusterSnapshot | undefined,
  ws: WorkspaceFiles,
  project: Project,
  clusterCrds: CrdDefinition[] = [],
): DocumentContext {
  return { ...project.contextOf(file, projectSettingsOf(file, settings, cluster, ws, project, clusterCrds)), settings };
}

/** The report as published beside Red Hat's YAML extension, when it is active: the syntax errors of the YAML
 *  parser are left to it (shown once; the CLI keeps them), what only kubectl refuses stays. */
export function besideYamlExtension(report: FileReport, yamlExtensionActive: boolean): FileReport {
  return yamlExtensionActive ? { ...report, findings: report.findings.filter((f) => !isParserSyntaxError(f)) } : report;
}

/** Whether the server checks this document: `kubegate.files` globs, else every YAML file, as the CLI checks every
 *  YAML file it is given (a document that is not a Kubernetes object gets no finding from either; a prefilter on
 *  apiVersion/kind lines hid what the CLI reports: a Pod without apiVersion, a syntax error in any YAML). */
export function shouldCheck(file: string | undefined, settings: KubegateSettings, ws: WorkspaceFiles): boolean {
  // Invalid patterns are left out (and shown as setting errors); none valid: the default below applies.
  const globs = validGlobs(settings.files);
  if (globs.length > 0) {
    if (!file) return false;
    const root = ws.folders.folderOf(file) ?? path.dirname(file);
    return matchesAny(path.relative(root, file), globs);
  }
  return true;
}

/** What a file is taken for from its place alone (a chart's values, a kustomization), for the status of a file the
 *  server does not check; undefined when its place says nothing. */
export function placeTaken(file: string, settings: KubegateSettings, cluster: ClusterSnapshot | undefined, ws: WorkspaceFiles, project: Project): FileTaken | undefined {
  try {
    return takenByPlace(documentContext(file, settings, cluster, ws, project).analysis.options);
  } catch {
    return undefined;
  }
}
