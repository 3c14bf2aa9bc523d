// What a front end says about a whole run or workspace, beyond the files: the target version, gate settings
// given explicitly (flags, editor settings, `.kubegate.yaml`), configs and CRD files named explicitly, the
// cluster, the CRD pack selections and controller gates. The project combines them with what it finds around
// each file (project.ts).
import type { ClusterSnapshot } from '../base/cluster-snapshot';
import type { CrdDefinition } from '../api-extensions/crd-data';
import type { ConfigDocInfo } from '../gates/config-readers';
import type { GateSetting, RuntimeConfigEntry } from '../model';
import type { KubeVersion } from '../base/types';

/** An input of a run that may hold CRDs: its path (as the project names files) and, for an input read from a
 *  stream, its text. */
export interface RunCrdInput {
  file: string;
  text?: string;
}

export interface ProjectSettings {
  version: KubeVersion;
  /** Gate settings given explicitly; stronger than the cluster and configs. */
  explicit?: GateSetting[];
  explicitRuntimeConfig?: RuntimeConfigEntry[];
  /** Configs named explicitly: when defined, they govern every file and nothing is discovered. */
  namedConfigs?: ConfigDocInfo[];
  cluster?: ClusterSnapshot;
  /** CRDs of files named explicitly (first), and of the cluster. */
  namedCrds?: CrdDefinition[];
  clusterCrds?: CrdDefinition[];
  /** A run's own inputs that may hold CRDs (kubegate check), in input order: their CRDs serve every file of the
   *  run, after those around it. Derived when a custom resource first needs them (project/crd-catalogs.ts). */
  runCrdInputs?: RunCrdInput[];
  /** CRD pack selections and controller gates. */
  packs?: string[];
  controllerGates?: Record<string, boolean>;
  reportUnusedDisables?: boolean;
  /** Identifies these settings: contexts built under equal keys share environments and CRD catalogs. Leave it
   *  out and nothing is shared. */
  key?: string;
}
