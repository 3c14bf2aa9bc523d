// Per-version type data (schemas/k8s-<minor>.json): kinds, struct types, enums, fields added later.
// Loaded lazily on first use of a version and indexed once (version-index.ts).
import type { KubeVersion } from '../base/types';
import type { FieldDef, KindEntry, TypeDef, VersionData } from './data-contract';
import { loadSchemaFile } from './load-json';
import type { KnowledgeOptions } from './data-reader';
import { kindEntry, kindsOfApiVersion, listItemKind, versionIndexOf, type VersionIndex } from './version-index';

/** The indexed data of one version (loaded and indexed on first call, then cached). */
export function loadVersion(version: KubeVersion | string, opts: KnowledgeOptions = {}): VersionIndex {
  return versionIndexOf(loadSchemaFile<VersionData>(`k8s-${version}.json`, opts));
}

/** The kind (API or config, served or removed) for apiVersion + kind, if the version lists it. */
export function findKind(version: string, apiVersion: string, kind: string, opts: KnowledgeOptions = {}): KindEntry | undefined {
  return kindEntry(loadVersion(version, opts).data, apiVersion, kind);
}

/** The item kind of a typed list kind (e.g. `rbac.authorization.k8s.io/v1` RoleBindingList → RoleBinding). */
export function findListKind(version: string, apiVersion: string, listKind: string, opts: KnowledgeOptions = {}): KindEntry | undefined {
  return listItemKind(loadVersion(version, opts).data, apiVersion, listKind);
}

/** Every kind the version lists for an apiVersion (empty when none). */
export function kindsOf(version: string, apiVersion: string, opts: KnowledgeOptions = {}): readonly KindEntry[] {
  return kindsOfApiVersion(loadVersion(version, opts).data, apiVersion);
}

export function typeOf(version: string, name: string, opts: KnowledgeOptions = {}): TypeDef | undefined {
  return loadVersion(version, opts).data.types[name];
}

/** A field of a struct type by its JSON name (embedded structs are already flattened). */
export function fieldOf(version: string, typeName: string, field: string, opts: KnowledgeOptions = {}): FieldDef | undefined {
  const idx = loadVersion(version, opts);
  let fields = idx.fields.get(typeName);
  if (!fields) {
    const t = idx.data.types[typeName];
    if (!t) return undefined;
    fields = new Map(t.fields.map((f) => [f.name, f]));
    idx.fields.set(typeName, fields);
  }
  return fields.get(field);
}

/** The first later supported version whose same-named type has this field (drives field-not-in-version). */
export function laterVersionOf(version: string, typeName: string, field: string, opts: KnowledgeOptions = {}): string | undefined {
  return loadVersion(version, opts).data.later[typeName]?.[field];
}
