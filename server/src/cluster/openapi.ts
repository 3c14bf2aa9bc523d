// Field descriptions from a live cluster's OpenAPI v3 (`/openapi/v3` index → the group/version document),
// the text `kubectl explain` shows. Used by hover only when the user opted in to reading the cluster.
// Documents are cached in memory per cluster (server URL + context), at most `maxEntries` of them, least
// recently used dropped first. Failed fetches are not cached. Never throws; undefined when unknown.
import type { ClusterReadOptions, ClusterSnapshot } from './types';
import { loadKubeconfig } from './kubeconfig';
import { openConnection, type OpenResult } from './connection';
import { withoutCredentials } from './proxy';
import { describeField, documentUrlFromIndex } from './openapi-schema';
import { defaultClusterTimeout } from './read';

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
    const loaded = await loadKubeconfig(kubeconfigPath, context, env);
    if (!loaded.ok) return undefined;
    const clusterKey = `${withoutCredentials(loaded.value.cluster.server)}#${loaded.value.context}`;
    const cache = options.cache ?? sharedCache;
    const timeoutMs = options.timeoutMs ?? (isSnapshot(source) ? undefined : source.timeoutMs) ?? defaultClusterTimeout(env);
    // One connection (one run of an exec plugin) serves both fetches of this call, opened only on a cache miss.
    const fetcher = new LazyFetcher(kubeconfigPath, loaded.value.context, env, timeoutMs);
    try {
      const index = await cache.getOrLoad(`${clusterKey} /openapi/v3`, () => fetcher.json('/openapi/v3'));
      const url = documentUrlFromIndex(index, apiVersion);
      if (!url) return undefined;
      const doc = await cache.getOrLoad(`${clusterKey} ${url}`, () => fetcher.json(url));
      if (doc === undefined) return undefined;
      return describeField(doc, apiVersion, kind, fieldPath);
    } finally {
      fetcher.close();
    }
  } catch {
    return undefined;
  }
}

/** Opens the connection on first use; the time-out covers the connection and every fetch through it. */
class LazyFetcher {
  private opened?: Promise<OpenResult>;
  private readonly controller = new AbortController();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly kubeconfigPath: string | undefined,
    private readonly context: string,
    private readonly env: Record<string, string | undefined>,
    private readonly timeoutMs: number,
  ) {}

  async json(path: string): Promise<unknown> {
    if (!this.opened) {
      this.timer = setTimeout(() => this.controller.abort(), this.timeoutMs);
      this.opened = openConnection(this.kubeconfigPath, this.context, this.env, this.controller.signal);
    }
    const opened = await this.opened;
    if (!opened.ok) return undefined;
    const result = await opened.connection.get(path, this.controller.signal);
    if (!result.ok || result.answer.status !== 200) return undefined;
    try {
      return JSON.parse(result.answer.body) as unknown;
    } catch {
      return undefined;
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    void this.opened?.then((opened) => opened.ok && opened.connection.close()).catch(() => undefined);
  }
}
