// What the engine learns from a live cluster (opt-in). Produced by cluster/read.ts, consumed by the gate
// model (gates/), hover (OpenAPI descriptions) and the front ends (status, notes).

export interface ClusterReadOptions {
  /** kubeconfig context; default: the current context. */
  context?: string;
  /** kubeconfig file; default: $KUBECONFIG or ~/.kube/config (the client library's rules). */
  kubeconfigPath?: string;
  /** Bound on the whole read, exec credential plugins included. */
  timeoutMs?: number;
  /** Also read kubelets' gates through /api/v1/nodes/{node}/proxy/metrics (at most this many nodes). */
  kubeletNodes?: number;
  /** Stops the read early (e.g. the settings changed); what answered by then is kept, like on time-out. */
  signal?: AbortSignal;
  /** Environment for KUBECONFIG, HOME, HTTPS_PROXY/HTTP_PROXY/NO_PROXY; default: process.env. */
  env?: Record<string, string | undefined>;
}

export interface ClusterGate {
  name: string;
  enabled: boolean;
  /** Stage label as the metric reports it (ALPHA, BETA, "" for GA, DEPRECATED). */
  stage: string;
}

export interface ClusterSnapshot {
  /** True when at least /version answered. */
  reachable: boolean;
  context?: string;
  /** API server URL (no credentials). */
  server?: string;
  /** e.g. "v1.37.2" */
  gitVersion?: string;
  /** Minor the engine should target: the cluster's, capped to the newest supported (1.38 → 1.37 + a note). */
  targetVersion?: string;
  /** Gates of the API server from /metrics kubernetes_feature_enabled; undefined when not readable. */
  apiServerGates?: ClusterGate[];
  /** Gates of kubelets read through the node proxy; node name → gates. */
  kubeletGates?: Record<string, ClusterGate[]>;
  /** group/version strings the API server serves (discovery). */
  servedGroupVersions?: string[];
  /** Human-readable notes: unreachable, 401/403, TLS, time-out, no kubeconfig, version capped, … No credentials. */
  notes: string[];
  /** When the snapshot was taken (ms since epoch). */
  takenAt: number;
  /** Kubeconfig file(s) the snapshot was read with (joined with the path delimiter, like KUBECONFIG); lets
   *  clusterFieldDescription reconnect to the same context. A path, never a credential. */
  kubeconfigPath?: string;
}
