// VersionData of one Kubernetes minor: API kinds (kinds.json) + component config kinds (configs/index.json),
// with every type reachable from a served kind root.
//
// Config types that reference core/v1 (or other API) types are resolved to the API types of the same Kubernetes
// minor. kind v1alpha4 and kubeadm v1beta4 have a single extracted version (their upstream provenance resolves
// referenced types against 1.37); we use the API types of the version being generated, which all define the
// referenced types (Taint, EnvVar, PullPolicy, HostPathType, …), so a 1.34 check never mixes in 1.37 API types.
import type { KindEntry, TypeDef, VersionData } from '../../server/src/engine/knowledge/format';
import type { UpEnum, UpKind, UpType, VersionSources } from './sources';
import { TypeBuilder, collectScalarRefs } from './type-builder';
import { sortedRecord } from './write-json';

export interface BuiltVersion {
  data: VersionData;
  /** Upstream type names referenced but defined in neither source (written as open `{ any: true }`). */
  missing: string[];
}

export function stabilityOf(version: string): 'stable' | 'beta' | 'alpha' {
  if (/alpha/.test(version)) return 'alpha';
  if (/beta/.test(version)) return 'beta';
  return 'stable';
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function aliasMap(notGates: Record<string, { alias_of: string | null }>): Map<string, string> {
  const m = new Map<string, string>();
  for (const [name, v] of Object.entries(notGates)) if (v.alias_of) m.set(name, v.alias_of);
  return m;
}

function apiKindEntry(k: UpKind, root: string): KindEntry {
  const e: KindEntry = {
    apiVersion: k.apiVersion,
    kind: k.kind,
    group: k.group,
    version: k.version,
    root,
    stability: k.stability ?? stabilityOf(k.version),
  };
  if (k.listKind) e.listKind = k.listKind;
  e.namespaced = k.namespaced ?? null;
  if (k.removedInThisVersion) e.removed = true;
  if (k.deprecatedInThisVersion) e.deprecated = true;
  if (k.lifecycle?.replacement) e.replacement = k.lifecycle.replacement;
  if (k.lifecycle?.deprecated) e.deprecatedIn = k.lifecycle.deprecated;
  const removedIn = k.removedIn ?? k.lifecycle?.removed;
  if (removedIn) e.removedIn = removedIn;
  if (k.featureGates?.length) e.gates = [...k.featureGates];
  return e;
}

export function buildVersionData(src: VersionSources, aliases: Map<string, string>, builtinGroups: string[]): BuiltVersion {
  const structs = new Map<string, UpType>(Object.entries(src.fields.types));
  const apiEnums = new Map<string, UpEnum>(Object.entries(src.fields.enums));
  const configEnums = new Map<string, UpEnum>();
  const seenDirs = new Set<string>();
  for (const c of src.configs) {
    if (seenDirs.has(c.dir)) continue;
    seenDirs.add(c.dir);
    for (const [name, t] of Object.entries(c.fields.types)) {
      const prev = structs.get(name);
      if (prev && !sameJson(prev.fields, t.fields)) throw new Error(`${src.version}: config type ${name} differs between configs`);
      if (!prev) structs.set(name, t);
    }
    for (const [name, e] of Object.entries(c.fields.enums)) {
      if (apiEnums.has(name)) continue;
      const prev = configEnums.get(name);
      if (prev && !sameJson(prev.values, e.values)) throw new Error(`${src.version}: config enum ${name} differs between configs`);
      if (!prev) configEnums.set(name, e);
    }
  }
  const builder = new TypeBuilder({
    structs,
    apiEnums,
    configEnums,
    smd: src.smd,
    scalarOfRef: collectScalarRefs([src.fields, ...src.configs.map((c) => c.fields)]),
    aliases,
  });

  const kinds: KindEntry[] = [];
  for (const k of src.kinds.kinds) {
    const root = k.removedInThisVersion ? builder.names.key(k.rootType) : builder.root(k.rootType);
    if (root === undefined) throw new Error(`${src.version}: root type of ${k.apiVersion} ${k.kind} is defined nowhere`);
    kinds.push(apiKindEntry(k, root));
  }
  for (const c of src.configs) {
    const meta = c.kinds.kinds.find((k) => k.apiVersion === c.entry.apiVersion && k.kind === c.entry.kind);
    const [group, version] = c.entry.apiVersion.includes('/') ? c.entry.apiVersion.split('/') : ['', c.entry.apiVersion];
    const root = builder.root(c.entry.rootType);
    if (root === undefined) throw new Error(`${src.version}: config root ${c.entry.rootType} is defined nowhere`);
    kinds.push({
      apiVersion: c.entry.apiVersion,
      kind: c.entry.kind,
      group: meta?.group ?? group,
      version: meta?.version ?? version,
      root,
      stability: stabilityOf(meta?.version ?? version),
      component: c.entry.component,
    });
  }
  builder.drain();
  kinds.sort((a, b) => cmp(a.apiVersion, b.apiVersion) || cmp(a.kind, b.kind));

  const types: Record<string, TypeDef> = sortedRecord(Object.fromEntries(builder.types));
  return {
    data: {
      version: src.version,
      kinds,
      types,
      enums: sortedRecord(Object.fromEntries(builder.enums)),
      later: {},
      builtinGroups,
    },
    missing: [...builder.missing].sort(),
  };
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** For each type of `data`, the fields a later version's same-named type has and this one lacks → first version. */
export function computeLater(all: VersionData[]): void {
  for (let i = 0; i < all.length; i++) {
    const later: Record<string, Record<string, string>> = {};
    for (const [name, t] of Object.entries(all[i].types)) {
      const have = new Set(t.fields.map((f) => f.name));
      for (let j = i + 1; j < all.length; j++) {
        const lt = all[j].types[name];
        if (!lt) continue;
        for (const f of lt.fields) {
          if (have.has(f.name)) continue;
          const rec = (later[name] ??= {});
          if (!(f.name in rec)) rec[f.name] = all[j].version;
        }
      }
    }
    all[i].later = sortedRecord(
      Object.fromEntries(Object.entries(later).map(([k, v]) => [k, sortedRecord(v)])),
    );
  }
}
