// A cursor path (keys and list items) through the type data of one version (knowledge/type-path.ts), and the labels of
// completion entries.
import type { FieldDef, GateCatalog, KindEntry, TypeRef, VersionData } from '../knowledge/data-contract';
import { kindEntry, kindsNamed } from '../knowledge/version-index';
import type { KubeVersion } from '../base/types';
import { ITEM, resolveTypePath, structFields as fieldsOf } from '../knowledge/type-path';
import type { PathStep } from './context';

interface ResolvedSpot {
  /** The type of the value at the end of the path (undefined = unknown or free-form). */
  type?: TypeRef;
  /** The field definition of the last key, when the path ends on a struct field. */
  field?: FieldDef;
  /** Struct type name when `type` is a ref. */
  typeName?: string;
  /** Keys of the path (for gate-map detection). */
  lastKey?: string;
}

/** The served kind (API or config) a document names; without an apiVersion, the first served kind of the name. */
export function servedKindOf(data: VersionData, apiVersion: string | undefined, kind: string | undefined): KindEntry | undefined {
  if (!kind) return undefined;
  if (!apiVersion) return kindsNamed(data, kind).find((k) => !k.removed);
  const entry = kindEntry(data, apiVersion, kind);
  return entry && !entry.removed ? entry : undefined;
}

/** The value type reached by `path` from the kind's root; undefined when the path leaves the known types. */
export function resolvePath(data: VersionData, entry: KindEntry, path: PathStep[]): ResolvedSpot | undefined {
  const r = resolveTypePath(data, entry, path.map((step) => ('item' in step ? ITEM : step.key)));
  if (!r || r.unknownKey) return undefined;
  return { type: r.type, field: r.field, typeName: r.type && 'ref' in r.type ? r.type.ref : undefined, lastKey: r.lastKey };
}

export function structFields(data: VersionData, spot: ResolvedSpot): FieldDef[] | undefined {
  return fieldsOf(data, spot.type);
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
