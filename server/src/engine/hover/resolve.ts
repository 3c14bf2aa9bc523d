// Following a key chain through the type data of one version: the field (and its owner type) at the end.
import type { FieldDef, KindEntry, TypeRef, VersionData } from '../knowledge/format';

export interface ResolvedField {
  /** The field whose key ends the chain; undefined for a map key or list item position. */
  field?: FieldDef;
  /** Struct type holding the field. */
  owner?: string;
  /** Type at the end of the chain. */
  type?: TypeRef;
  /** Structural path (`spec.devices[].consumesCounters[].compatibilityGroups`, `.*` for map values). */
  path: string;
  /** The last key names no field of its struct type (unknown here; `later` tells if a later version has it). */
  unknownKey?: { name: string; owner: string; addedIn?: string };
}

export function resolveChain(data: VersionData, entry: KindEntry, segments: string[]): ResolvedField | undefined {
  let type: TypeRef | undefined = { ref: entry.root };
  let path = '';
  let field: FieldDef | undefined;
  let owner: string | undefined;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (!type) return undefined;
    if (seg === '[]') {
      if (!('list' in type)) return undefined;
      type = type.list;
      path += '[]';
      field = undefined;
      continue;
    }
    if ('map' in type) {
      type = type.map;
      path += '.*';
      field = undefined;
      continue;
    }
    if (!('ref' in type)) return undefined;
    const def = data.types[type.ref];
    if (!def) return undefined;
    const f = def.fields.find((x) => x.name === seg);
    const nextPath = path ? `${path}.${seg}` : seg;
    if (!f) {
      if (i !== segments.length - 1) return undefined;
      return { path: nextPath, owner: type.ref, unknownKey: { name: seg, owner: type.ref, addedIn: data.later[type.ref]?.[seg] } };
    }
    owner = type.ref;
    field = f;
    type = f.type;
    path = nextPath;
  }
  return { field, owner, type, path };
}

export function shortType(name: string): string {
  const parts = name.split('.');
  return parts[parts.length - 1] || name;
}

export function typeLabel(t: TypeRef): string {
  if ('s' in t) return t.s;
  if ('any' in t) return 'any (free-form)';
  if ('ref' in t) return `object (${shortType(t.ref)})`;
  if ('list' in t) return `list of ${typeLabel(t.list)}`;
  return `map of string to ${typeLabel(t.map)}`;
}
