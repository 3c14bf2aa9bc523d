// Reads what the engine needs from a live cluster (opt-in): its version, the API server's feature gates
// (/metrics kubernetes_feature_enabled), optionally kubelets' gates through the node proxy, and the served
// group/versions (discovery). Never throws, never prompts, never logs; the whole read, credentials included,
// is bounded by `timeoutMs`. Whatever could not be read is left undefined and explained in `notes`.
import type { ClusterGate, ClusterReadOptions, ClusterSnapshot } from './types';
import { openConnection, sessionTimeout, type ClusterConnection, type GetResult } from './connection';
import { describeFailure, type Failure, type FailureContext } from './failure';
import { FEATURE_METRIC, hasFeatureMetric, parseFeatureGateMetrics } from './metrics';
import { targetForCluster, type VersionInfo } from './version';
import { servedGroupVersions } from './discovery';
import { withoutCredentials } from './proxy';

/** The budget of a whole read, credentials included: a degraded answer (with notes) after at most this long.
 *  `timeoutMs`, else the KUBEGATE_CLUSTER_TIMEOUT_MS environment variable, else this. */
export const DEFAULT_CLUSTER_TIMEOUT_MS = 5000;
export const CLUSTER_TIMEOUT_ENV = 'KUBEGATE_CLUSTER_TIMEOUT_MS';
/** The budget when the caller names none: KUBEGATE_CLUSTER_TIMEOUT_MS (milliseconds) when set, else 5 s. */
export function defaultClusterTimeout(env: Record<string, string | undefined> = process.env): number {
  const fromEnv = Number(env[CLUSTER_TIMEOUT_ENV]);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_CLUSTER_TIMEOUT_MS;
}

/** Caps on the JSON answers (bytes); OpenAPI documents use the connection's default. */
const SMALL_ANSWER_BYTES = 1024 * 1024;
const DISCOVERY_ANSWER_BYTES = 16 * 1024 * 1024;
/** Upper bound on kubeletNodes, whatever the caller asks. */
export const MAX_KUBELET_NODES = 20;

const METRICS_ACCEPT = 'text/plain;version=0.0.4';
const keepFeatureLines = (line: string) => line.startsWith(FEATURE_METRIC) || line.startsWith(`# TYPE ${FEATURE_METRIC} `);

/** Collects notes; time-outs are merged into one note at the end. */
class NoteBook {
  readonly notes: string[] = [];
  private readonly timedOut: string[] = [];
  constructor(
    private readonly wasCancelled: () => boolean,
    private readonly ctx: Omit<FailureContext, 'what'>,
  ) {}

  failure(failure: Failure, what: string): void {
    if (failure.kind === 'timeout') {
      this.timedOut.push(what);
      return;
    }
    this.add(describeFailure(failure, { ...this.ctx, what }));
  }

  add(note: string): void {
    if (!this.notes.includes(note)) this.notes.push(note);
  }

  finish(): string[] {
    if (this.timedOut.length > 0) {
      const what = this.timedOut.join(', ');
      this.add(describeFailure({ kind: 'timeout', during: 'request' }, { ...this.ctx, what, cancelled: this.wasCancelled() }));
    }
    return this.notes;
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** A 200 answer's body, or undefined after noting why not. */
function okBody(result: GetResult, what: string, book: NoteBook): string | undefined {
  if (!result.ok) {
    book.failure(result.failure, what);
    return undefined;
  }
  if (result.answer.status !== 200) {
    book.failure({ kind: 'status', status: result.answer.status }, what);
    return undefined;
  }
  return result.answer.body;
}

async function readApiServerGates(conn: ClusterConnection, signal: AbortSignal, book: NoteBook): Promise<ClusterGate[] | undefined> {
  const what = "/metrics (the API server's feature gates)";
  const body = okBody(await conn.get('/metrics', signal, { accept: METRICS_ACCEPT, keepLine: keepFeatureLines }), what, book);
  if (body === undefined) return undefined;
  if (!hasFeatureMetric(body)) {
    book.add(`The API server's /metrics has no ${FEATURE_METRIC} samples; its feature gates stay unknown.`);
    return undefined;
  }
  return parseFeatureGateMetrics(body);
}

async function readDiscovery(conn: ClusterConnection, signal: AbortSignal, book: NoteBook): Promise<string[] | undefined> {
  const [api, apis] = await Promise.all([
    conn.get('/api', signal, { maxBytes: DISCOVERY_ANSWER_BYTES }),
    conn.get('/apis', signal, { maxBytes: DISCOVERY_ANSWER_BYTES }),
  ]);
  const apiBody = okBody(api, 'discovery (/api)', book);
  const apisBody = okBody(apis, 'discovery (/apis)', book);
  if (apiBody === undefined || apisBody === undefined) return undefined;
  const apiJson = parseJson(apiBody);
  const apisJson = parseJson(apisBody);
  if (apiJson === undefined || apisJson === undefined) {
    book.failure({ kind: 'invalid-answer' }, 'discovery (/api, /apis)');
    return undefined;
  }
  return servedGroupVersions(apiJson, apisJson);
}

function nodeNames(body: unknown, limit: number): string[] {
  const items = (body as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  const names: string[] = [];
  for (const item of items) {
    const name = (item as { metadata?: { name?: unknown } } | undefined)?.metadata?.name;
    if (typeof name === 'string' && name !== '') names.push(name);
    if (names.length >= limit) break;
  }
  return names;
}

async function readKubeletGates(
  conn: ClusterConnection,
  limit: number,
  signal: AbortSignal,
  book: NoteBook,
): Promise<Record<string, ClusterGate[]> | undefined> {
  const listBody = okBody(await conn.get(`/api/v1/nodes?limit=${limit}`, signal, { maxBytes: DISCOVERY_ANSWER_BYTES }), 'the node list (for kubelet gates)', book);
  if (listBody === undefined) return undefined;
  const names = nodeNames(parseJson(listBody), limit);
  const results = await Promise.all(
    names.map(async (name) => ({
      name,
      result: await conn.get(`/api/v1/nodes/${encodeURIComponent(name)}/proxy/metrics`, signal, {
        accept: METRICS_ACCEPT,
        keepLine: keepFeatureLines,
      }),
    })),
  );
  const gates: Record<string, ClusterGate[]> = {};
  const failedBy = new Map<string, { failure: Failure; nodes: string[] }>();
  const silent: string[] = [];
  for (const { name, result } of results) {
    let failure: Failure | undefined;
    if (!result.ok) failure = result.failure;
    else if (result.answer.status !== 200) failure = { kind: 'status', status: result.answer.status };
    if (failure) {
      const key = JSON.stringify(failure);
      const entry = failedBy.get(key) ?? { failure, nodes: [] };
      entry.nodes.push(name);
      failedBy.set(key, entry);
      continue;
    }
    if (result.ok && hasFeatureMetric(result.answer.body)) gates[name] = parseFeatureGateMetrics(result.answer.body);
    else silent.push(name);
  }
  for (const { failure, nodes } of failedBy.values()) {
    book.failure(failure, `the kubelet metrics of node${nodes.length > 1 ? 's' : ''} ${nodes.join(', ')}`);
  }
  if (silent.length > 0) {
    book.add(`The kubelet metrics of ${silent.join(', ')} have no ${FEATURE_METRIC} samples; their gates stay unknown.`);
  }
  return gates;
}

async function readConnected(
  conn: ClusterConnection,
  options: ClusterReadOptions,
  timeoutMs: number,
  signal: AbortSignal,
  takenAt: number,
  wasCancelled: () => boolean,
): Promise<ClusterSnapshot> {
  const book = new NoteBook(wasCancelled, {
    context: conn.context,
    server: conn.server,
    timeoutMs,
    execCommand: conn.execCommand,
    proxy: conn.proxy ? withoutCredentials(conn.proxy.url) : undefined,
  });
  const snapshot: ClusterSnapshot = {
    reachable: false,
    context: conn.context,
    server: conn.server,
    kubeconfigPath: conn.files,
    notes: book.notes,
    takenAt,
  };
  const versionBody = okBody(await conn.get('/version', signal, { maxBytes: SMALL_ANSWER_BYTES }), '/version', book);
  const info = versionBody === undefined ? undefined : (parseJson(versionBody) as VersionInfo | undefined);
  if (versionBody !== undefined && (typeof info !== 'object' || info === null || typeof info.gitVersion !== 'string')) {
    book.failure({ kind: 'invalid-answer' }, '/version');
  }
  if (!info || typeof info.gitVersion !== 'string') {
    snapshot.notes = book.finish();
    return snapshot;
  }
  snapshot.reachable = true;
  snapshot.gitVersion = info.gitVersion;
  const target = targetForCluster(info);
  if (target.target) snapshot.targetVersion = target.target;
  if (target.note) book.add(target.note);

  const kubeletLimit = Math.min(Math.max(0, Math.floor(options.kubeletNodes ?? 0)), MAX_KUBELET_NODES);
  const [apiServerGates, served, kubeletGates] = await Promise.all([
    readApiServerGates(conn, signal, book),
    readDiscovery(conn, signal, book),
    kubeletLimit > 0 ? readKubeletGates(conn, kubeletLimit, signal, book) : Promise.resolve(undefined),
  ]);
  if (apiServerGates) snapshot.apiServerGates = apiServerGates;
  if (served) snapshot.servedGroupVersions = served;
  if (kubeletGates) snapshot.kubeletGates = kubeletGates;
  snapshot.notes = book.finish();
  return snapshot;
}

/** Reads the cluster of the kubeconfig's current (or named) context. Never throws. */
export async function readCluster(options: ClusterReadOptions = {}): Promise<ClusterSnapshot> {
  const takenAt = Date.now();
  const env = options.env ?? process.env;
  const timeoutMs = sessionTimeout(options.timeoutMs && options.timeoutMs > 0 ? options.timeoutMs : defaultClusterTimeout(env));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let cancelled = false;
  const cancel = () => {
    cancelled = !controller.signal.aborted;
    controller.abort();
  };
  if (options.signal?.aborted) cancel();
  else options.signal?.addEventListener('abort', cancel, { once: true });
  let conn: ClusterConnection | undefined;
  try {
    const opened = await openConnection(options.kubeconfigPath, options.context, env, controller.signal);
    if (!opened.ok) {
      const note =
        opened.note ??
        describeFailure(opened.failure ?? { kind: 'other' }, {
          what: 'the credentials',
          context: opened.context ?? '',
          server: opened.server ?? '',
          timeoutMs,
          execCommand: opened.execCommand,
          proxy: opened.proxy ? withoutCredentials(opened.proxy.url) : undefined,
          cancelled,
        });
      return { reachable: false, context: opened.context, server: opened.server, notes: [note], takenAt };
    }
    conn = opened.connection;
    return await readConnected(conn, options, timeoutMs, controller.signal, takenAt, () => cancelled);
  } catch (err) {
    // An incomplete installation (the kubeconfig reader's bundle missing) is named; anything else stays generic.
    const message = err instanceof Error && /^Kubegate's bundle is incomplete/.test(err.message) ? err.message : 'Reading the cluster failed unexpectedly.';
    return { reachable: false, context: conn?.context, server: conn?.server, notes: [message], takenAt };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
    conn?.close();
  }
}
