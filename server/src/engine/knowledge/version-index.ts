// The index over one VersionData's kinds, built once per data object: the built-in data of a version
// (versions.ts) and the built-in data with CRD kinds added (api-extensions/overlay.ts) alike. Every lookup of a kind by
// apiVersion, kind name or list kind goes through the functions here.
import type { FieldDef, KindEntry, VersionData } from './data-contract';

export interface VersionIndex {
  data: VersionData;
  /** `kindKey(apiVersion, kind)` → kind (API or config); a served kind wins over a removed one of the same key. */
  kinds: Map<string, KindEntry>;
  /** `kindKey(apiVersion, listKind)` → the item kind, by the same rule. */
  listKinds: Map<string, KindEntry>;
  /** apiVersion → its kinds (served or removed, API or config), in data order. */
  byApiVersion: Map<string, KindEntry[]>;
  /** Kind name → the kinds of that name in every apiVersion (served or removed, API or config), in data order. */
  byName: Map<string, KindEntry[]>;
  /** Groups of built-in APIs in any supported version, '' = core (VersionData.builtinGroups). */
  builtinGroups: Set<string>;
  /** type → field name → field; filled per type on first use. */
  fields: Map<string, Map<string, FieldDef>>;
}

const indexes = new WeakMap<VersionData, VersionIndex>();

/** The key of the kind and list-kind tables. */
export function kindKey(apiVersion: string, kind: string): string {
  return `${apiVersion} ${kind}`;
}

/** A served built-in API kind: not removed in the version and not a component config kind. */
export function isServedApiKind(k: KindEntry): boolean {
  return !k.removed && !k.component;
}

/** Sets `key` to `k` unless that would put a removed kind over a served one (otherwise the last one listed wins). */
function setPreferServed(map: Map<string, KindEntry>, key: string, k: KindEntry): void {
  const prev = map.get(key);
  if (!k.removed || !prev || prev.removed) map.set(key, k);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function buildIndex(data: VersionData): VersionIndex {
  const idx: VersionIndex = {
    data,
    kinds: new Map(),
    listKinds: new Map(),
    byApiVersion: new Map(),
    byName: new Map(),
    builtinGroups: new Set(data.builtinGroups),
    fields: new Map(),
  };
  for (const k of data.kinds) {
    setPreferServed(idx.kinds, kindKey(k.apiVersion, k.kind), k);
    if (k.listKind) setPreferServed(idx.listKinds, kindKey(k.apiVersion, k.listKind), k);
    push(idx.byApiVersion, k.apiVersion, k);
    push(idx.byName, k.kind, k);
  }
  return idx;
}

/** The index of a VersionData (built on first call, then cached per data object). */
export function versionIndexOf(data: VersionData): VersionIndex {
  let idx = indexes.get(data);
  if (!idx) {
    idx = buildIndex(data);
    indexes.set(data, idx);
  }
  return idx;
}

/** The kind (API or config, served or removed) for apiVersion + kind; undefined when either is missing. */
export function kindEntry(data: VersionData, apiVersion: string | undefined, kind: string | undefined): KindEntry | undefined {
  if (!apiVersion || !kind) return undefined;
  return versionIndexOf(data).kinds.get(kindKey(apiVersion, kind));
}

/** The item kind of a typed list kind (e.g. `rbac.authorization.k8s.io/v1` RoleBindingList → RoleBinding). */
export function listItemKind(data: VersionData, apiVersion: string, listKind: string): KindEntry | undefined {
  return versionIndexOf(data).listKinds.get(kindKey(apiVersion, listKind));
}

const NONE: readonly KindEntry[] = [];

/** Every kind the data lists for an apiVersion, in data order (empty when none). */
export function kindsOfApiVersion(data: VersionData, apiVersion: string): readonly KindEntry[] {
  return versionIndexOf(data).byApiVersion.get(apiVersion) ?? NONE;
}

/** Every kind of this name in any apiVersion, in data order (empty when none). */
export function kindsNamed(data: VersionData, kind: string): readonly KindEntry[] {
  return versionIndexOf(data).byName.get(kind) ?? NONE;
}
