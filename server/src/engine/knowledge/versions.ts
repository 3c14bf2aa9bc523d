// Per-version type data (schemas/k8s-<minor>.json): kinds, struct types, enums, fields added later.
// Loaded lazily on first use of a version and indexed once.
import type { KubeVersion } from '../types';
import type { FieldDef, KindEntry, TypeDef, VersionData } from './format';
import { loadSchemaFile } from './load-json';
import type { KnowledgeOptions } from '../data-reader';

export interface VersionIndex {
  data: VersionData;
  /** `apiVersion kind` → kind (served or removed, API or config). */
  kinds: Map<string, KindEntry>;
  /** apiVersion → its kinds. */
  byApiVersion: Map<string, KindEntry[]>;
  /** `apiVersion listKind` → the item kind. */
  listKinds: Map<string, KindEntry>;
  builtinGroups: Set<string>;
  /** type → field name → field; filled per type on first use. */
  fields: Map<string, Map<string, FieldDef>>;
}

const indexes = new WeakMap<VersionData, VersionIndex>();

const key = (apiVersion: string, kind: string) => `${apiVersion} ${kind}`;

function buildIndex(data: VersionData): VersionIndex {
  const idx: VersionIndex = {
    data,
    kinds: new Map(),
    byApiVersion: new Map(),
    listKinds: new Map(),
    builtinGroups: new Set(data.builtinGroups),
    fields: new Map(),
  };
  for (const k of data.kinds) {
    idx.kinds.set(key(k.apiVersion, k.kind), k);
    const list = idx.byApiVersion.get(k.apiVersion) ?? [];
    list.push(k);
    idx.byApiVersion.set(k.apiVersion, list);
    if (k.listKind) idx.listKinds.set(key(k.apiVersion, k.listKind), k);
  }
  return idx;
}

/** The indexed data of one version (loaded and indexed on first call, then cached). */
export function loadVersion(version: KubeVersion | string, opts: KnowledgeOptions = {}): VersionIndex {
  const data = loadSchemaFile<VersionData>(`k8s-${version}.json`, opts);
  let idx = indexes.get(data);
  if (!idx) {
    idx = buildIndex(data);
    indexes.set(data, idx);
  }
  return idx;
}

/** The kind (API or config, served or removed) for apiVersion + kind, if the version lists it. */
export function findKind(version: string, apiVersion: string, kind: string, opts: KnowledgeOptions = {}): KindEntry | undefined {
  return loadVersion(version, opts).kinds.get(key(apiVersion, kind));
}

/** The item kind of a typed list kind (e.g. `rbac.authorization.k8s.io/v1` RoleBindingList → RoleBinding). */
export function findListKind(version: string, apiVersion: string, listKind: string, opts: KnowledgeOptions = {}): KindEntry | undefined {
  return loadVersion(version, opts).listKinds.get(key(apiVersion, listKind));
}

/** Every kind the version lists for an apiVersion (empty when none). */
export function kindsOf(version: string, apiVersion: string, opts: KnowledgeOptions = {}): readonly KindEntry[] {
  return loadVersion(version, opts).byApiVersion.get(apiVersion) ?? [];
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

/** Allowed values of an `+enum` API type (VersionData.enums). */
export function enumValues(version: string, enumName: string, opts: KnowledgeOptions = {}): readonly string[] | undefined {
  return loadVersion(version, opts).data.enums[enumName];
}

/** The first later supported version whose same-named type has this field (drives field-not-in-version). */
export function laterVersionOf(version: string, typeName: string, field: string, opts: KnowledgeOptions = {}): string | undefined {
  return loadVersion(version, opts).data.later[typeName]?.[field];
}

/** Whether a group is a built-in API group in any supported version ('' = the core group). */
export function isBuiltinGroup(version: string, group: string, opts: KnowledgeOptions = {}): boolean {
  return loadVersion(version, opts).builtinGroups.has(group);
}
