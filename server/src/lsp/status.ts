// The kubegate/status notification's content: target version and where it comes from, the gate sources in use
// (settings, cluster, the configs that govern the open documents), the cluster state, notes and setting errors;
// per open document, the configs that govern it (and its version when `versionOf` is given), so the client's
// status item can follow the active editor; and how many of its YAML documents were not checked as templates.
import type { ClusterSnapshot } from '../cluster/types';
import type { ClusterStatus, DocumentStatus, StatusParams } from '../contract/protocol';
import type { KubegateSettings } from '../contract/settings';
import { isJudged, takenPhrase, type ConfigDocInfo, type FileReport, type FileTaken } from '../engine';
import { settingsVersion } from './document-context';
import { globProblems } from './glob';
import { pathToUri } from './workspace';

export interface StatusInput {
  settings: KubegateSettings;
  problems: readonly string[];
  snapshot: ClusterSnapshot | undefined;
  cluster: ClusterStatus;
  /** Paths of the open documents. */
  openFiles: readonly string[];
  /** The configs that govern a file (never throws). */
  configsOf(file: string): ConfigDocInfo[];
  /** The target version of an open file (its version comment, else the workspace's); optional. */
  versionOf?(file: string): string | undefined;
  /** YAML documents of an open file skipped as templates in its last check; optional. */
  templatesOf?(file: string): number;
  /** What an open file was taken for in its last check; optional. */
  takenOf?(file: string): FileTaken | undefined;
}

/** YAML documents of a report not checked because they are Go/Helm templates (each also has its
 *  `template-not-checked` note, unless the user turned that code off: the count does not depend on it). */
export function templateDocuments(report: FileReport | undefined): number {
  return report?.documents.filter((d) => d.status === 'template').length ?? 0;
}

/** What a file was taken for, as the status says it (nothing for plain Kubernetes objects). */
export function takenStatus(taken: FileTaken | undefined): DocumentStatus['taken'] {
  if (!taken || taken.as === 'manifest') return undefined;
  return { what: takenPhrase(taken), checked: isJudged(taken.as), ...(taken.chart ? { chart: { name: taken.chart.name, ...(taken.chart.templates !== undefined ? { templates: taken.chart.templates } : {}) } } : {}) };
}

export function statusParams(input: StatusInput): StatusParams {
  const { settings: s, snapshot } = input;
  const gateSources: StatusParams['gateSources'] = [];
  if (Object.keys(s.featureGates).length) gateSources.push({ kind: 'setting', name: 'kubegate.featureGates', gates: { ...s.featureGates } });
  if (snapshot?.reachable && snapshot.apiServerGates) {
    const gates: Record<string, boolean> = {};
    for (const g of snapshot.apiServerGates) gates[g.name] = g.enabled;
    gateSources.push({ kind: 'cluster', name: snapshot.context ?? s.cluster.context, gates });
  }
  const seen = new Set<string>();
  const documents: DocumentStatus[] = [];
  for (const file of input.openFiles) {
    const configs: string[] = [];
    for (const c of input.configsOf(file)) {
      if (!c.file) continue;
      if (!configs.includes(pathToUri(c.file))) configs.push(pathToUri(c.file));
      if (seen.has(c.file)) continue;
      seen.add(c.file);
      const gates: Record<string, boolean> = {};
      for (const st of c.settings) if (st.value !== undefined) gates[st.gate] = st.value;
      gateSources.push({ kind: 'config', name: pathToUri(c.file), gates });
    }
    const version = input.versionOf?.(file);
    const templates = input.templatesOf?.(file) ?? 0;
    const taken = takenStatus(input.takenOf?.(file));
    documents.push({ uri: pathToUri(file), configs, ...(version ? { kubernetesVersion: version } : {}), ...(templates > 0 ? { templates } : {}), ...(taken ? { taken } : {}) });
  }
  return {
    kubernetesVersion: settingsVersion(s, snapshot),
    versionSource: s.kubernetesVersion === 'cluster' ? (snapshot?.targetVersion ? 'cluster' : 'default') : 'setting',
    gateSources,
    cluster: input.cluster,
    notes: [...input.problems],
    settingErrors: [
      ...globProblems('kubegate.files', s.files),
      ...globProblems('kubegate.configFiles', s.configFiles),
      ...globProblems('kubegate.customResources.crdFiles', s.customResources?.crdFiles ?? []),
    ],
    documents,
  };
}
