// The API objects kube-apiserver serves outside k8s.io/api: apiextensions.k8s.io CustomResourceDefinition and
// apiregistration.k8s.io APIService (schemas/api-objects.json). A document of these groups is routed and walked
// with the built-in data plus these kinds and types, never with a CRD of a catalog: a CRD in a file governs the
// objects of its kind, not the CRD document itself.
import type { ApiObjectsData, VersionData } from '../knowledge/data-contract';
import { loadSchemaFile } from '../knowledge/load-json';
import { splitApiVersion } from '../base/api-version';

export const API_OBJECT_GROUPS: ReadonlySet<string> = new Set(['apiextensions.k8s.io', 'apiregistration.k8s.io']);

export function isApiObjectGroup(apiVersion: string): boolean {
  return API_OBJECT_GROUPS.has(splitApiVersion(apiVersion)[0]);
}

export function apiObjectsData(): ApiObjectsData {
  return loadSchemaFile<ApiObjectsData>('api-objects.json');
}

const overlays = new WeakMap<VersionData, VersionData>();

/** The built-in data with the CRD and APIService kinds and types added (one object per base: cached). */
export function withApiObjects(base: VersionData): VersionData {
  let hit = overlays.get(base);
  if (!hit) {
    const extra = apiObjectsData();
    hit = {
      ...base,
      kinds: [...base.kinds, ...extra.kinds],
      types: { ...base.types, ...extra.types },
      builtinGroups: [...new Set([...base.builtinGroups, ...API_OBJECT_GROUPS])].sort(),
    };
    overlays.set(base, hit);
  }
  return hit;
}
