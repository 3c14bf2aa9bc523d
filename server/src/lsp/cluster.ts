// Holds the last cluster snapshot while `kubegate.cluster.enabled` is on; reads once per context and again
// on kubegate/refreshCluster. Reading is the engine's (cluster/read.ts); this only caches and reports state.
import type { ClusterStatus } from '../contract/protocol';
import { readCluster } from '../engine/cluster/read';
import type { ClusterSnapshot } from '../engine/cluster/types';

export class ClusterHolder {
  private snapshot?: ClusterSnapshot;
  private pending?: Promise<ClusterSnapshot>;
  private key?: string;
  private context = '';

  /** The snapshot for `context` of the kubeconfig at `kubeconfig` (empty: the default one), read on first
   *  use; undefined when the cluster is disabled. */
  async get(enabled: boolean, context: string, kubeconfig = ''): Promise<ClusterSnapshot | undefined> {
    if (!enabled) return undefined;
    if (this.key !== `${kubeconfig}\u0000${context}` || (!this.snapshot && !this.pending)) return this.refresh(context, kubeconfig);
    return this.pending ?? this.snapshot;
  }

  refresh(context: string, kubeconfig = ''): Promise<ClusterSnapshot> {
    this.key = `${kubeconfig}\u0000${context}`;
    this.context = context;
    const p = readCluster({ context: context || undefined, kubeconfigPath: kubeconfig || undefined }).catch(
      (e: unknown): ClusterSnapshot => ({
        reachable: false,
        notes: [`The cluster could not be read: ${e instanceof Error ? e.message : String(e)}`],
        takenAt: Date.now(),
      }),
    );
    this.pending = p;
    return p.then((s) => {
      if (this.pending === p) {
        this.snapshot = s;
        this.pending = undefined;
      }
      return s;
    });
  }

  status(enabled: boolean): ClusterStatus {
    if (!enabled) return { state: 'disabled', notes: [] };
    if (this.pending || !this.snapshot) return { state: 'reading', context: this.context || undefined, notes: [] };
    const s = this.snapshot;
    return {
      state: s.reachable ? 'connected' : 'unreachable',
      context: s.context,
      server: s.server,
      gitVersion: s.gitVersion,
      gatesRead: s.apiServerGates?.length,
      notes: s.notes,
    };
  }
}
