// Field descriptions from a live cluster's OpenAPI v3 (`/openapi/v3` index → the group/version document),
// the text `kubectl explain` shows. Used by hover only when the user opted in to reading the cluster.
// Documents are cached in memory per cluster (server URL + context), at most `maxEntries` of them, least
// recently used dropped first. Failed fetches are not cached. Never throws; undefined when unknown.
import type { ClusterReadOptions, ClusterSnapshot } from './types';
import { loadKubeconfig } from './kubeconfig';
import { openConnection } from './connection';
import { withoutCredentials } from './proxy';
import { describeField, documentUrlFromIndex } from './openapi-schema';
import { DEFAULT_CLUSTER_TIMEOUT_MS } from './read';

export const DEFAULT_OPENAPI_CACHE_ENTRIES = 8;

/** A bounded cache of fetched OpenAPI documents (parsed JSON), keyed by cluster and URL. */
export class OpenApiCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  constructor(readonly maxEntries: number = DEFAULT_OPENAPI_CACHE_ENTRIES) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached value for key, or the value `load` gives (cached unless it is undefined). */
  async getOrLoad(key: string, load: () => Promise<unknown>): Promise<unknown> {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const pending = load().catch(() => undefined);
    this.entries.set(key, pending);
    while (this.entries.size > Math.max(1, this.maxEntries)) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    const value = await pending;
    if (value === undefined && this.entries.get(key) === pending) this.entries.delete(key);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

const sharedCache = new OpenApiCache();

export interface FieldDescriptionOptions {
  /** Default: one cache shared by every caller of this module. */
  cache?: OpenApiCache;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

function isSnapshot(source: ClusterSnapshot | ClusterReadOptions): source is ClusterSnapshot {
  return 'takenAt' in source && 'notes' in source;
}

/**
 * The cluster's OpenAPI description of `fieldPath` in apiVersion/kind (`(kind)` or "" for the kind), or
 * undefined when the cluster is not reachable, does not serve that group/version, or has no such field.
 */
export async function clusterFieldDescription(
  source: ClusterSnapshot | ClusterReadOptions,
  apiVersion: string,
  kind: string,
  fieldPath: string,
  options: FieldDescriptionOptions = {},
): Promise<string | undefined> {
  try {
    if (isSnapshot(source) && !source.reachable) return undefined;
    const kubeconfigPath = source.kubeconfigPath;
    const context = source.context;
    const env = options.env ?? process.env;
    const loaded = loadKubeconfig(kubeconfigPath, context, env);
    if (!loaded.ok) return undefined;
    const clusterKey = `${withoutCredentials(loaded.value.cluster.server)}#${loaded.value.context}`;
    const cache = options.cache ?? sharedCache;
    const timeoutMs = options.timeoutMs ?? (isSnapshot(source) ? undefined : source.timeoutMs) ?? DEFAULT_CLUSTER_TIMEOUT_MS;
    const fetchJson = (path: string) => () => fetchClusterJson(kubeconfigPath, loaded.value.context, env, path, timeoutMs);

    const index = await cache.getOrLoad(`${clusterKey} /openapi/v3`, fetchJson('/openapi/v3'));
    const url = documentUrlFromIndex(index, apiVersion);
    if (!url) return undefined;
    const doc = await cache.getOrLoad(`${clusterKey} ${url}`, fetchJson(url));
    if (doc === undefined) return undefined;
    return describeField(doc, apiVersion, kind, fieldPath);
  } catch {
    return undefined;
  }
}

async function fetchClusterJson(
  kubeconfigPath: string | undefined,
  context: string,
  env: Record<string, string | undefined>,
  path: string,
  timeoutMs: number,
): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const opened = await openConnection(kubeconfigPath, context, env, controller.signal).catch(() => undefined);
  try {
    if (!opened || !opened.ok) return undefined;
    const result = await opened.connection.get(path, controller.signal);
    if (!result.ok || result.answer.status !== 200) return undefined;
    return JSON.parse(result.answer.body) as unknown;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    if (opened?.ok) opened.connection.close();
  }
}
