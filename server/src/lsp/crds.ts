// The cluster's CRDs for the language server (opt-in, read once per cluster snapshot with a bound). The project
// model (engine/project) adds the CRD files of settings and of the workspace, and the bundled pack.
import { readClusterCrds } from '../cluster/crds';
import type { ClusterSnapshot } from '../cluster/types';
import type { CrdDefinition } from '../engine';

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
