// Routing: what a document (or List item) is, from its apiVersion and kind, for one
// Kubernetes version. Pure: the data are passed in.
import type { BriefFacts, KindEntry, VersionData } from '../knowledge/data-contract';
import { isServedApiKind, kindEntry, kindsNamed, kindsOfApiVersion, listItemKind, versionIndexOf } from '../knowledge/version-index';
import { splitApiVersion } from '../base/api-version';
import { closestName } from '../base/similar-names';
import { compareText } from '../base/compare-text';

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
  | { type: 'not-checked'; status: 'no-schema' | 'kustomization'; reason: string };

const BUILTIN_VERSION = /^v\d+(?:(?:alpha|beta)\d+)?$/;

// kustomize's own file kinds: a kustomization (kustomize.config.k8s.io/v1beta1 Kustomization) and a component
// (kustomize.config.k8s.io/v1alpha1 Component). Source: kubernetes-sigs/kustomize, api/types/kustomization.go
// (KustomizationVersion, KustomizationKind, ComponentVersion, ComponentKind).
const KUSTOMIZE_GROUP = 'kustomize.config.k8s.io';
const KUSTOMIZE_KINDS: ReadonlySet<string> = new Set(['Kustomization', 'Component']);

export function routeKind(
  apiVersion: string,
  kind: string,
  data: VersionData,
  brief: BriefFacts | undefined,
): Route {
  const entry = kindEntry(data, apiVersion, kind);
  const served = entry && !entry.removed ? entry : undefined;
  const neverServed = data.served?.notServed[apiVersion];
  if (served && neverServed !== undefined && !served.component && !served.payload) {
    return {
      type: 'api-not-served',
      apiVersion,
      kind,
      servedAs: servedApiVersionsOf(kind, data).filter((v) => v !== apiVersion),
      neverServed,
    };
  }
  if (served) return { type: 'kind', entry: served };

  if (apiVersion === 'v1' && kind === 'List') return { type: 'list', apiVersion, kind };
  const listOf = listItemKind(data, apiVersion, kind);
  if (listOf && !listOf.removed) return { type: 'list', apiVersion, kind, itemKind: listOf };

  // Past the served cases, what either table holds for the key is a removed kind.
  const removed = entry ?? listOf;
  const [group, version] = splitApiVersion(apiVersion);
  const builtin = versionIndexOf(data).builtinGroups.has(group);
  const servedHere = kindsOfApiVersion(data, apiVersion).filter(isServedApiKind);
  const versionServed = servedHere.length > 0;
  if (removed || (builtin && BUILTIN_VERSION.test(version) && !versionServed)) {
    const itemKind = removed && removed.kind !== kind ? removed.kind : kind;
    return {
      type: 'api-not-served',
      apiVersion,
      kind,
      servedAs: servedApiVersionsOf(itemKind, data),
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
    const names = servedHere.map((k) => k.kind);
    return { type: 'unknown-kind', apiVersion, kind, suggestion: closestName(kind, names) };
  }

  if (group === KUSTOMIZE_GROUP && KUSTOMIZE_KINDS.has(kind)) {
    return { type: 'not-checked', status: 'kustomization', reason: `a kustomize ${kind}: kustomize's input, not an object to apply` };
  }
  if (!builtin) {
    return {
      type: 'not-checked',
      status: 'no-schema',
      // A custom resource whose CRD no source gave: say where a CRD is given (CLI option, settings file, editor).
      reason: `${apiVersion} is not a built-in Kubernetes API or a known config; a custom resource is checked once its CRD is given (--crd FILE, or customResources.crdFiles of .kubegate.yaml; kubegate.customResources.crdFiles in the editor)`,
    };
  }
  return { type: 'not-checked', status: 'no-schema', reason: `${apiVersion} is not a version of the built-in group "${group || 'core'}"` };
}

const STABILITY_ORDER: Record<KindEntry['stability'], number> = { stable: 0, beta: 1, alpha: 2 };

/** apiVersions that serve a built-in kind (stable first), leaving out group-versions the API server never serves. */
function servedApiVersionsOf(kind: string, data: VersionData): string[] {
  return kindsNamed(data, kind)
    .filter((e) => isServedApiKind(e) && data.served?.notServed[e.apiVersion] === undefined)
    .sort((a, b) => STABILITY_ORDER[a.stability] - STABILITY_ORDER[b.stability] || compareText(a.apiVersion, b.apiVersion))
    .map((e) => e.apiVersion);
}
