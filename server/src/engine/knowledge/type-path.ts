// Walking one version's type graph along a YAML key path: from a kind's root type, a key steps into a struct
// field or a map value, `[]` into a list item. The one resolver of hover, completion, fixes and explain.
import type { FieldDef, KindEntry, TypeRef, VersionData } from './data-contract';

/** A key, or ITEM for a list item. */
export type PathSegment = string;
export const ITEM = '[]';

export interface TypePathResult {
  /** Type at the end of the path; undefined when the last key names no field. */
  type?: TypeRef;
  /** The field the last key names; undefined after a map key or a list item. */
  field?: FieldDef;
  /** Struct type holding `field` (or the unknown last key). */
  owner?: string;
  /** Structural path (`spec.devices[].consumesCounters[].compatibilityGroups`, `.*` for map values). */
  path: string;
  /** The last key of the path, map keys included. */
  lastKey?: string;
  /** The last key names no field of its struct type (`addedIn`: the later version that has it). */
  unknownKey?: { name: string; owner: string; addedIn?: string };
}

/** The type one segment leads to from `type`, with the field when a key names one; undefined when it leads nowhere. */
export function stepType(data: VersionData, type: TypeRef, seg: PathSegment): { type: TypeRef; field?: FieldDef } | undefined {
  if (seg === ITEM) return 'list' in type ? { type: type.list } : undefined;
  if ('map' in type) return { type: type.map };
  if (!('ref' in type)) return undefined;
  const field = data.types[type.ref]?.fields.find((f) => f.name === seg);
  return field ? { type: field.type, field } : undefined;
}

/**
 * Follows `segments` from the kind's root type. Undefined when the path leaves the known types, except for a
 * last key that names no field of a known struct: that gives `unknownKey`.
 */
export function resolveTypePath(data: VersionData, entry: KindEntry, segments: readonly PathSegment[]): TypePathResult | undefined {
  let type: TypeRef = { ref: entry.root };
  let path = '';
  let field: FieldDef | undefined;
  let owner: string | undefined;
  let lastKey: string | undefined;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (seg !== ITEM) lastKey = seg;
    const next = stepType(data, type, seg);
    if (!next) {
      const known = 'ref' in type && seg !== ITEM && data.types[type.ref] !== undefined;
      if (!known || i !== segments.length - 1) return undefined;
      const name = (type as { ref: string }).ref;
      return { path: path ? `${path}.${seg}` : seg, owner: name, lastKey, unknownKey: { name: seg, owner: name, addedIn: data.later[name]?.[seg] } };
    }
    if (seg === ITEM) path += '[]';
    else if (!next.field) path += '.*';
    else {
      path = path ? `${path}.${seg}` : seg;
      owner = (type as { ref: string }).ref;
    }
    field = next.field;
    type = next.type;
  }
  return { type, field, owner, path, lastKey };
}

/** Fields of a struct type (undefined for any other type). */
export function structFields(data: VersionData, type: TypeRef | undefined): FieldDef[] | undefined {
  return type && 'ref' in type ? data.types[type.ref]?.fields : undefined;
}
