// Holds the last cluster snapshot while `kubegate.cluster.enabled` is on; reads once per context and again
// on kubegate/refreshCluster. Reading is the engine's (cluster/read.ts); this only caches and reports state.
import type { ClusterStatus } from '../contract/protocol';
import { readCluster } from '../cluster/read';
import type { ClusterSnapshot } from '../cluster/types';

export class ClusterHolder {
  private snapshot?: ClusterSnapshot;
  private snapshotKey?: string;
  private pending?: Promise<ClusterSnapshot>;
  private key?: string;
  private context = '';
  private readonly settledListeners: ((snapshot: ClusterSnapshot) => void)[] = [];

  /** Called after every read that completes (the server re-checks and re-publishes then). */
  onSettled(listener: (snapshot: ClusterSnapshot) => void): void {
    this.settledListeners.push(listener);
  }

  /** What is known now, without waiting: the last snapshot of this context (undefined while the first read
   *  runs, or when disabled). Starts a read when none ran yet for this context. Diagnostics use this, so that
   *  they are published at once and again when the cluster answers (onSettled). */
  peek(enabled: boolean, context: string, kubeconfig = ''): ClusterSnapshot | undefined {
    if (!enabled) return undefined;
    const key = `${kubeconfig}\u0000${context}`;
    if (this.key !== key || (!this.snapshot && !this.pending)) void this.refresh(context, kubeconfig);
    return this.snapshotKey === key ? this.snapshot : undefined;
  }

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
        this.snapshotKey = this.key;
        this.pending = undefined;
        for (const listener of this.settledListeners) {
          try {
            listener(s);
          } catch {
            // a listener's failure is its own
          }
        }
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
