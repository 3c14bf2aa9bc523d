// What a front end says about a whole run or workspace, beyond the files: the target version, gate settings
// given explicitly (flags, editor settings, `.kubegate.yaml`), configs and CRD files named explicitly, the
// cluster, the CRD pack selections and controller gates. The project combines them with what it finds around
// each file (project.ts).
import type { ClusterSnapshot } from '../base/cluster-snapshot';
import type { CrdDefinition } from '../api-extensions/crd-data';
import type { RunCrdFile } from './run-crds';
import type { ConfigDocInfo } from '../gates/config-readers';
import type { GateSetting, RuntimeConfigEntry } from '../model';
import type { KubeVersion } from '../base/types';

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
  /** The inputs of a run (kubegate check) that may hold CRDs, in the run's order (`text`: an input read once, such
   *  as stdin). Their CRDs serve every file of the run, after those around it; a file's catalog derives only those
   *  of the inputs that may define a group it asks about (run-crds.ts). */
  runCrdFiles?: readonly RunCrdFile[];
  /** CRD pack selections and controller gates. */
  packs?: string[];
  controllerGates?: Record<string, boolean>;
  reportUnusedDisables?: boolean;
  /** Identifies these settings: contexts built under equal keys share environments and CRD catalogs. Leave it
   *  out and nothing is shared. */
  key?: string;
}
