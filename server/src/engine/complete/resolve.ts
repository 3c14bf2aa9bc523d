// Follows a cursor path (keys and list items) through the generated type data of one version.
import type { FieldDef, GateCatalog, KindEntry, TypeDef, TypeRef, VersionData } from '../knowledge/format';
import type { KubeVersion } from '../types';
import type { PathStep } from './context';

export interface ResolvedSpot {
  /** The type of the value at the end of the path (undefined = unknown or free-form). */
  type?: TypeRef;
  /** The field definition of the last key, when the path ends on a struct field. */
  field?: FieldDef;
  /** Struct type name when `type` is a ref. */
  typeName?: string;
  /** Keys of the path (for gate-map detection). */
  lastKey?: string;
}

export function findKind(data: VersionData, apiVersion: string | undefined, kind: string | undefined): KindEntry | undefined {
  if (!kind) return undefined;
  const same = data.kinds.filter((k) => k.kind === kind && !k.removed);
  return same.find((k) => k.apiVersion === apiVersion) ?? (apiVersion ? undefined : same[0]);
}

function typeDef(data: VersionData, ref: TypeRef | undefined): TypeDef | undefined {
  return ref && 'ref' in ref ? data.types[ref.ref] : undefined;
}

/** The value type reached by `path` from the kind's root; undefined when the path leaves the known types. */
export function resolvePath(data: VersionData, entry: KindEntry, path: PathStep[]): ResolvedSpot | undefined {
  let type: TypeRef | undefined = { ref: entry.root };
  let field: FieldDef | undefined;
  let lastKey: string | undefined;
  for (const step of path) {
    if (!type) return undefined;
    if ('item' in step) {
      if (!('list' in type)) return undefined;
      type = type.list;
      field = undefined;
      continue;
    }
    lastKey = step.key;
    if ('map' in type) {
      type = type.map;
      field = undefined;
      continue;
    }
    const def = typeDef(data, type);
    if (!def) return undefined;
    field = def.fields.find((f) => f.name === step.key);
    if (!field) return undefined;
    type = field.type;
  }
  return { type, field, typeName: type && 'ref' in type ? type.ref : undefined, lastKey };
}

export function structFields(data: VersionData, spot: ResolvedSpot): FieldDef[] | undefined {
  return typeDef(data, spot.type)?.fields;
}

/** Human form of a type: `string`, `[]Container`, `map[string]string`, `int-or-string`. */
export function typeLabel(t: TypeRef): string {
  if ('s' in t) return t.s;
  if ('any' in t) return 'any';
  if ('ref' in t) return t.ref.replace(/^.*[./]/, '');
  if ('list' in t) return `[]${typeLabel(t.list)}`;
  return `map[string]${typeLabel(t.map)}`;
}

const STAGE_MARK: Record<string, string> = { Alpha: 'α', Beta: 'β', GA: 'GA', Deprecated: 'deprecated' };

/** `α DRAOptionalNodeOperations (off by default)` from the catalog; undefined for unknown gates. */
export function gateLabel(gates: GateCatalog, version: KubeVersion, gate: string): string | undefined {
  const entry = gates.gates[gate];
  const v = entry?.byVersion[version];
  if (!entry || !v) return undefined;
  if (v.exists === false) return `${gate} (not in ${version})`;
  const mark = v.stage ? STAGE_MARK[v.stage] ?? v.stage : '?';
  const def = v.default === true ? 'on by default' : v.default === false ? 'off by default' : 'default unknown';
  return `${mark} ${gate} (${def})`;
}
