// VersionData of one Kubernetes minor: API kinds (kinds.json) + component config kinds (configs/index.json),
// with every type reachable from a served kind root.
//
// Config types that reference core/v1 (or other API) types are resolved to the API types of the same Kubernetes
// minor. kind v1alpha4 and kubeadm v1beta4 have a single extracted version (their upstream provenance resolves
// referenced types against 1.37); we use the API types of the version being generated, which all define the
// referenced types (Taint, EnvVar, PullPolicy, HostPathType, …), so a 1.34 check never mixes in 1.37 API types.
import type { FieldDef, KindEntry, ServedGroupVersions, TypeDef, TypeRef, VersionData } from '../../server/src/engine/knowledge/data-contract';
import type { DropGatedRow, ServedVersionFacts, UpEnum, UpKind, UpType, VersionSources } from './sources';
import { TypeBuilder, collectScalarRefs } from './type-builder';
import { sortedRecord } from './write-json';
import { compareVersions } from '../../server/src/engine/base/kube-version';

export interface BuiltVersion {
  data: VersionData;
  /** Upstream type names referenced but defined in neither source (written as open `{ any: true }`). */
  missing: string[];
  /** Declarative-validation markers met but not evaluated, with counts. */
  skippedMarkers: Record<string, number>;
}

/** Supplements of ../shared/upstream that apply to one version. */
export interface VersionSupplements {
  served: ServedVersionFacts;
  dropRows: DropGatedRow[];
}

/**
 * Marks the fields of drop-gated-fields.tsv (in force in the version) as gated: the row's path is resolved from
 * its kind's root, so the field definition that path reaches gets the gate (ephemeral containers reach another
 * type than the `declared_in` column names). Pod spec rows apply wherever the type is used (every pod template);
 * the others only at the object and path of the row (`dropScope`).
 */
export function applyDropGates(data: VersionData, rows: DropGatedRow[], resolveGate: (g: string) => string): void {
  const scopes = new Map<FieldDef, Map<string, string[] | null>>();
  for (const r of rows) {
    if (compareVersions(r.versionFrom, data.version) > 0) continue;
    const kind = data.kinds.find((k) => `${k.apiVersion} ${k.kind}` === r.kindOrType && !k.removed);
    if (!kind) continue;
    const field = fieldAtPath(data, kind.root, r.jsonPath);
    if (!field) throw new Error(`${data.version}: drop-gated field ${r.kindOrType} ${r.jsonPath} is not in the data`);
    const gate = resolveGate(r.gate);
    if (field.gates?.includes(gate) && !field.gatesDropped?.includes(gate)) continue; // already tagged upstream
    field.gates = unique([...(field.gates ?? []), gate]);
    field.gatesDropped = unique([...(field.gatesDropped ?? []), gate]);
    const byGate = scopes.get(field) ?? new Map<string, string[] | null>();
    if (r.podTemplates) byGate.set(gate, null);
    else if (byGate.get(gate) !== null) byGate.set(gate, [...(byGate.get(gate) ?? []), `${r.kindOrType} ${r.jsonPath}`]);
    scopes.set(field, byGate);
  }
  for (const [field, byGate] of scopes) {
    for (const [gate, places] of byGate) if (places) (field.dropScope ??= {})[gate] = unique(places).sort();
  }
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

/** The field definition a structural path (`a.b[].c`) reaches from a type. */
function fieldAtPath(data: VersionData, root: string, jsonPath: string): FieldDef | undefined {
  let type: TypeRef = { ref: root };
  let field: FieldDef | undefined;
  for (const segment of jsonPath.split('.')) {
    const name = segment.replace(/(\[\])+$/, '');
    if (!('ref' in type)) return undefined;
    field = data.types[type.ref]?.fields.find((f) => f.name === name);
    if (!field) return undefined;
    type = field.type;
    for (let n = (segment.match(/\[\]/g) ?? []).length; n > 0; n--) {
      if (!('list' in type)) return undefined;
      type = type.list;
    }
  }
  return field;
}

export function servedOf(facts: ServedVersionFacts): ServedGroupVersions {
  const notServed: Record<string, string> = {};
  for (const n of [...facts.notServed].sort((a, b) => cmp(a.groupVersion, b.groupVersion))) notServed[n.groupVersion] = n.why;
  return { byDefault: [...facts.servedByDefault].sort(), whenEnabled: [...facts.servedWhenEnabled].sort(), notServed, ...(facts.preview === true ? { preview: true as const } : {}) };
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
  if (k.resource === false || (k.genclient ?? []).includes('+genclient:noVerbs')) e.payload = true;
  return e;
}

export function buildVersionData(
  src: VersionSources,
  aliases: Map<string, string>,
  builtinGroups: string[],
  supplements: VersionSupplements,
): BuiltVersion {
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
  const data: VersionData = {
      version: src.version,
      kinds,
      types,
      enums: sortedRecord(Object.fromEntries(builder.enums)),
      later: {},
      builtinGroups,
      served: servedOf(supplements.served),
  };
  applyDropGates(data, supplements.dropRows, (g) => aliases.get(g) ?? g);
  return {
    data,
    missing: [...builder.missing].sort(),
    skippedMarkers: Object.fromEntries([...builder.skippedMarkers].sort((a, b) => cmp(a[0], b[0]))),
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
