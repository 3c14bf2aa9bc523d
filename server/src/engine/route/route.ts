// Routing (corpus rule 3): what a document (or List item) is, from its apiVersion and kind, for one
// Kubernetes version. Pure: the data are passed in.
import type { BriefFacts, KindEntry, VersionData } from '../knowledge/format';
import { keyOf, kindIndex } from './kindIndex';
import { splitApiVersion } from '../api-version';
import { closestName } from '../similar-names';

export type Route =
  /** A served built-in kind or a component config kind: walk it with `entry.root`. */
  | { type: 'kind'; entry: KindEntry }
  /** `v1` `List` or a typed list (`itemKind` set): route each entry of `items`. */
  | { type: 'list'; apiVersion: string; kind: string; itemKind?: KindEntry }
  | {
      type: 'api-not-served';
      apiVersion: string;
      kind: string;
      /** apiVersions that serve the same kind in the target version (stable first). */
      servedAs: string[];
      /** Set for a design that was not shipped (from BriefFacts). */
      notShipped?: { kep: number; feature: string; note?: string };
      removedIn?: string;
      replacement?: string;
      /** The API server never serves this group-version (served-group-versions.json), with the reason. */
      neverServed?: string;
    }
  | { type: 'unknown-kind'; apiVersion: string; kind: string; suggestion?: string }
  | { type: 'not-checked'; reason: string };

const BUILTIN_VERSION = /^v\d+(?:(?:alpha|beta)\d+)?$/;

export function routeKind(
  apiVersion: string,
  kind: string,
  data: VersionData,
  brief: BriefFacts | undefined,
): Route {
  const index = kindIndex(data);
  const key = keyOf(apiVersion, kind);
  const served = index.served.get(key);
  const neverServed = data.served?.notServed[apiVersion];
  if (served && neverServed !== undefined && !served.component && !served.payload) {
    return {
      type: 'api-not-served',
      apiVersion,
      kind,
      servedAs: servedApiVersionsOf(index.servedByKind.get(kind) ?? [], data).filter((v) => v !== apiVersion),
      neverServed,
    };
  }
  if (served) return { type: 'kind', entry: served };

  if (apiVersion === 'v1' && kind === 'List') return { type: 'list', apiVersion, kind };
  const listOf = index.servedLists.get(key);
  if (listOf) return { type: 'list', apiVersion, kind, itemKind: listOf };

  const removed = index.removed.get(key) ?? index.removedLists.get(key);
  const [group, version] = splitApiVersion(apiVersion);
  const builtin = index.builtinGroups.has(group);
  const versionServed = index.servedByApiVersion.has(apiVersion);
  if (removed || (builtin && BUILTIN_VERSION.test(version) && !versionServed)) {
    const itemKind = removed && removed.kind !== kind ? removed.kind : kind;
    return {
      type: 'api-not-served',
      apiVersion,
      kind,
      servedAs: servedApiVersionsOf(index.servedByKind.get(itemKind) ?? [], data),
      removedIn: removed?.removedIn,
      replacement: removed?.replacement,
    };
  }

  const design = brief?.notShippedApis.find((a) => a.apiVersion === apiVersion && a.kind === kind);
  if (design && !versionServed) {
    return {
      type: 'api-not-served',
      apiVersion,
      kind,
      servedAs: [],
      notShipped: { kep: design.kep, feature: design.feature, ...(design.note ? { note: design.note } : {}) },
    };
  }

  if (versionServed) {
    const names = (index.servedByApiVersion.get(apiVersion) ?? []).map((k) => k.kind);
    return { type: 'unknown-kind', apiVersion, kind, suggestion: closestName(kind, names) };
  }

  if (!builtin) {
    return {
      type: 'not-checked',
      reason: `${apiVersion} is not a built-in Kubernetes API or a known config (a custom resource or an unknown group)`,
    };
  }
  return { type: 'not-checked', reason: `${apiVersion} is not a version of the built-in group "${group || 'core'}"` };
}

const STABILITY_ORDER: Record<KindEntry['stability'], number> = { stable: 0, beta: 1, alpha: 2 };

/** apiVersions that serve a kind (stable first), leaving out group-versions the API server never serves. */
function servedApiVersionsOf(entries: readonly KindEntry[], data: VersionData): string[] {
  return [...entries]
    .filter((e) => data.served?.notServed[e.apiVersion] === undefined)
    .sort((a, b) => STABILITY_ORDER[a.stability] - STABILITY_ORDER[b.stability] || a.apiVersion.localeCompare(b.apiVersion))
    .map((e) => e.apiVersion);
}
