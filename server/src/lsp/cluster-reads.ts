// The session's cluster reads: whether the cluster is on for some settings (never in an untrusted workspace), what
// is known of it now (checks never wait for it), a read a request may wait for, the OpenAPI descriptions of hovers,
// and a refresh the user asks for. The reading itself is cluster.ts's (one snapshot per context, read once).
import type { ClusterStatus } from '../contract/protocol';
import { clusterFieldDescription } from '../cluster/openapi';
import { CLUSTER_TIMEOUT_ENV, defaultClusterTimeout } from '../cluster/read';
import type { ClusterSnapshot } from '../cluster/types';
import type { CrdDefinition, DescriptionProvider } from '../engine';
import type { DocumentContext } from './document-context';
import { ClusterHolder } from './cluster';
import { peekClusterCrds } from './crds';
import type { Session } from './session';

/** Bound on one hover's OpenAPI fetch from a connected cluster (later hovers hit the cache): 3 s, or the
 *  KUBEGATE_CLUSTER_TIMEOUT_MS budget when the environment sets one (so that a test names its own budget). */
const HOVER_CLUSTER_TIMEOUT_MS = 3000;
function hoverClusterTimeout(env: NodeJS.ProcessEnv = process.env): number {
  return env[CLUSTER_TIMEOUT_ENV] ? defaultClusterTimeout(env) : HOVER_CLUSTER_TIMEOUT_MS;
}

type Settings = DocumentContext['settings'];

export class ClusterReads {
  readonly holder = new ClusterHolder();

  constructor(private readonly session: Session) {}

  /** An untrusted workspace never reaches a cluster, whatever the settings say. */
  on(s: Settings): boolean {
    return this.session.client.trusted && s.cluster.enabled;
  }

  /** The cluster snapshot for these settings, waiting for a read when none is known (never while disabled). */
  snapshot(s: Settings): Promise<ClusterSnapshot | undefined> {
    return this.holder.get(this.on(s), s.cluster.context, s.cluster.kubeconfig);
  }

  /** What is known now, and the cluster's CRDs read so far: never waits (every document is checked again when a
   *  read of the CRDs completes). */
  known(s: Settings): { cluster: ClusterSnapshot | undefined; crds: CrdDefinition[] } {
    const cluster = this.holder.peek(this.on(s), s.cluster.context, s.cluster.kubeconfig);
    return { cluster, crds: this.on(s) ? peekClusterCrds(cluster, () => this.session.checks.recheckAll()) : [] };
  }

  status(s: Settings): ClusterStatus {
    return this.holder.status(this.on(s));
  }

  /** The connected cluster's OpenAPI descriptions for hovers: only when the user opted in, the workspace is
   *  trusted and the cluster answered (cached per cluster by the engine; bounded time per hover). */
  async describerFor(ctx: DocumentContext): Promise<DescriptionProvider | undefined> {
    if (!this.on(ctx.settings)) return undefined;
    // A hover asks for the cluster's answer and may wait for it (within the read's time budget); diagnostics never do.
    const snapshot = await this.holder.get(true, ctx.settings.cluster.context, ctx.settings.cluster.kubeconfig);
    if (!snapshot?.reachable) return undefined;
    return (apiVersion, kind, path) => clusterFieldDescription(snapshot, apiVersion, kind, path, { timeoutMs: hoverClusterTimeout() });
  }

  /** kubegate/refreshCluster: reads the cluster again (when on), re-checks everything and answers its state. */
  async refresh(): Promise<ClusterStatus> {
    const { session } = this;
    const { settings: s } = await session.settings.get(undefined);
    if (this.on(s)) await this.holder.refresh(s.cluster.context, s.cluster.kubeconfig);
    session.checks.recheckAll();
    void session.status.send().catch(() => undefined);
    return this.status(s);
  }
}
