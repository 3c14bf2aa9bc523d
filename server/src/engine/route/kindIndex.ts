// Lookup tables over one VersionData's kinds, built once per data object.
import type { KindEntry, VersionData } from '../knowledge/format';

export interface KindIndex {
  /** Served (not removed) kinds and config kinds by `apiVersion␀kind`. */
  served: Map<string, KindEntry>;
  /** Kinds marked removed in this version by `apiVersion␀kind`. */
  removed: Map<string, KindEntry>;
  /** listKind → item kind, served kinds only, by `apiVersion␀listKind`. */
  servedLists: Map<string, KindEntry>;
  removedLists: Map<string, KindEntry>;
  /** apiVersion → served kinds of that apiVersion (built-in APIs only). */
  servedByApiVersion: Map<string, KindEntry[]>;
  /** Every served built-in kind by kind name (for "served as …" messages). */
  servedByKind: Map<string, KindEntry[]>;
  /** Groups of built-in APIs (any supported version), '' = core. */
  builtinGroups: Set<string>;
}

const cache = new WeakMap<VersionData, KindIndex>();

export function keyOf(apiVersion: string, kind: string): string {
  return `${apiVersion}\u0000${kind}`;
}

export function kindIndex(data: VersionData): KindIndex {
  const hit = cache.get(data);
  if (hit) return hit;
  const index: KindIndex = {
    served: new Map(),
    removed: new Map(),
    servedLists: new Map(),
    removedLists: new Map(),
    servedByApiVersion: new Map(),
    servedByKind: new Map(),
    builtinGroups: new Set(),
  };
  const configGroups = new Set<string>();
  const apiGroups = new Set<string>();
  for (const k of data.kinds) {
    const key = keyOf(k.apiVersion, k.kind);
    if (k.component) configGroups.add(k.group);
    else apiGroups.add(k.group);
    if (k.removed) {
      index.removed.set(key, k);
      if (k.listKind) index.removedLists.set(keyOf(k.apiVersion, k.listKind), k);
      continue;
    }
    index.served.set(key, k);
    if (k.listKind) index.servedLists.set(keyOf(k.apiVersion, k.listKind), k);
    if (k.component) continue;
    push(index.servedByApiVersion, k.apiVersion, k);
    push(index.servedByKind, k.kind, k);
  }
  for (const g of data.builtinGroups) if (!configGroups.has(g) || apiGroups.has(g)) index.builtinGroups.add(g);
  for (const g of apiGroups) index.builtinGroups.add(g);
  cache.set(data, index);
  return index;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
