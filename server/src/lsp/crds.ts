// The CRD catalog of a document for the language server (wiring only; engine/crd decides): the cluster's CRDs
// (opt-in, read once per cluster snapshot with a bound), the `kubegate.customResources.crdFiles` globs, CRD files
// beside the document (its folder, else the nearest parent folder with any), then the bundled pack with the
// `kubegate.customResources.packs` selections. Controller gates come from `kubegate.featureGates` keys of the
// form `controller:Gate`. Catalogs are shared between documents with the same inputs.
import * as path from 'node:path';
import type { KubegateSettings } from '../contract/settings';
import { readClusterCrds } from '../cluster/crds';
import type { ClusterSnapshot } from '../cluster/types';
import {
  buildCrdCatalog,
  type CrdCatalog,
  splitControllerGates,
  type CrdDefinition,
  discoverCrds,
  loadCrdFiles,
} from '../engine';
import { matchesAny } from './glob';
import type { WorkspaceFiles } from './workspace';

/** Bound on reading the cluster's CRD list (once per snapshot; later documents reuse it). */
export const CLUSTER_CRDS_TIMEOUT_MS = 5_000;

const clusterReads = new WeakMap<ClusterSnapshot, { done?: CrdDefinition[] }>();

/** The cluster's CRDs known now for a snapshot, without waiting: empty until the read (started on first call,
 *  once per snapshot, bounded in time) completes; then `onRead` is called (the server re-checks). */
export function peekClusterCrds(snapshot: ClusterSnapshot | undefined, onRead: () => void): CrdDefinition[] {
  if (!snapshot || !snapshot.reachable) return [];
  let state = clusterReads.get(snapshot);
  if (!state) {
    const s: { done?: CrdDefinition[] } = {};
    state = s;
    clusterReads.set(snapshot, s);
    // A new snapshot (first read, or the user refreshed the cluster): read the list again.
    void readClusterCrds(snapshot, { timeoutMs: CLUSTER_CRDS_TIMEOUT_MS, refresh: true }).then((r) => {
      s.done = r.crds;
      if (r.crds.length > 0) onRead();
    });
  }
  return state.done ?? [];
}

const catalogs = new Map<string, { cluster: CrdDefinition[]; workspace: CrdDefinition[]; catalog: CrdCatalog }>();

export function crdCatalogFor(file: string, settings: KubegateSettings, ws: WorkspaceFiles, cluster: CrdDefinition[] = []): CrdCatalog {
  const root = ws.folderOf(file);
  const access = ws.crdAccess();
  const globs = settings.customResources?.crdFiles ?? [];
  const named =
    globs.length > 0
      ? loadCrdFiles(
          ws.allYamlFiles().filter((f) => matchesAny(path.relative(root ?? path.dirname(file), f), globs)),
          access,
        ).crds
      : [];
  const workspace = [...named, ...discoverCrds(file, root, access)];
  const selections = settings.customResources?.packs ?? [];
  const controllerGates = splitControllerGates(settings.featureGates).controller;
  const key = JSON.stringify([selections, controllerGates, workspace.map((d) => `${d.source.file}#${d.group}/${d.kind}`)]);
  const hit = catalogs.get(key);
  // The same workspace CRD objects (crdsFromText caches per file text) and cluster list: reuse the catalog.
  if (hit && hit.cluster === cluster && hit.workspace.length === workspace.length && hit.workspace.every((d, i) => d === workspace[i])) return hit.catalog;
  const catalog = buildCrdCatalog({ cluster, workspace, selections, controllerGates });
  if (catalogs.size > 64) catalogs.clear();
  catalogs.set(key, { cluster, workspace, catalog });
  return catalog;
}

