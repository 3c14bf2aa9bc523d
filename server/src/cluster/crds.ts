// The cluster's CustomResourceDefinitions (apiextensions.k8s.io/v1), read only when the user opted in to the
// cluster: one GET of the CRD list, bounded in time, cached in memory per cluster (server URL + context) like
// the OpenAPI documents (failed reads are not cached). Never throws; on failure the result carries a note.
import { crdFromObject, type CrdDefinition } from '../engine';
import { openConnection, sessionTimeout } from './connection';
import { loadKubeconfig } from './kubeconfig';
import { OpenApiCache } from './openapi';
import { withoutCredentials } from './proxy';
import { defaultClusterTimeout } from './read';
import type { ClusterReadOptions, ClusterSnapshot } from './types';

export const CRD_LIST_PATH = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

export interface ClusterCrds {
  crds: CrdDefinition[];
  /** Why nothing was read (unreachable, forbidden, time-out); undefined on success. */
  note?: string;
}

export interface ClusterCrdOptions {
  /** Default: one cache shared by every caller of this module (at most 4 clusters). */
  cache?: OpenApiCache;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  /** Read again even when cached (the user asked for a refresh). */
  refresh?: boolean;
}

const sharedCache = new OpenApiCache(4);
const convertedLists = new WeakMap<object, CrdDefinition[]>();

function isSnapshot(source: ClusterSnapshot | ClusterReadOptions): source is ClusterSnapshot {
  return 'takenAt' in source && 'notes' in source;
}

/** CRDs of the cluster, converted (schemas without descriptions). */
export async function readClusterCrds(source: ClusterSnapshot | ClusterReadOptions, options: ClusterCrdOptions = {}): Promise<ClusterCrds> {
  try {
    if (isSnapshot(source) && !source.reachable) return { crds: [], note: 'the cluster is not reachable' };
    const env = options.env ?? process.env;
    const loaded = await loadKubeconfig(source.kubeconfigPath, source.context, env);
    if (!loaded.ok) return { crds: [], note: 'no usable kubeconfig context' };
    const context = loaded.value.context;
    const server = withoutCredentials(loaded.value.cluster.server);
    const key = `${server}#${context} crds`;
    const cache = options.cache ?? sharedCache;
    const timeoutMs = sessionTimeout(options.timeoutMs ?? (isSnapshot(source) ? undefined : source.timeoutMs) ?? defaultClusterTimeout(env));
    let failure: string | undefined;
    if (options.refresh) cache.clear();
    const list = await cache.getOrLoad(key, async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const opened = await openConnection(source.kubeconfigPath, context, env, controller.signal);
        if (!opened.ok) {
          failure = opened.note ?? 'could not connect';
          return undefined;
        }
        try {
          const result = await opened.connection.get(CRD_LIST_PATH, controller.signal, { accept: 'application/json' });
          if (!result.ok) {
            failure = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : 'the request failed';
            return undefined;
          }
          if (result.answer.status !== 200) {
            failure = `the API server answered ${result.answer.status} for the CRD list`;
            return undefined;
          }
          return JSON.parse(result.answer.body) as unknown;
        } finally {
          opened.connection.close();
        }
      } finally {
        clearTimeout(timer);
      }
    });
    if (list === undefined) return { crds: [], note: failure ?? 'the CRD list could not be read' };
    const converted = convertedLists.get(list as object);
    if (converted) return { crds: converted };
    const items = (list as { items?: unknown[] }).items;
    const crds: CrdDefinition[] = [];
    for (const item of Array.isArray(items) ? items : []) {
      const obj = item as { apiVersion?: string; kind?: string };
      // The list's items carry no apiVersion/kind of their own.
      const def = crdFromObject({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', ...obj }, { kind: 'cluster', name: context });
      if (def) crds.push(def);
    }
    if (list && typeof list === 'object') convertedLists.set(list, crds);
    return { crds };
  } catch {
    return { crds: [], note: 'the CRD list could not be read' };
  }
}
