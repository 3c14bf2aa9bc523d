// Names of types in the hover views (the walk along a key path is knowledge/type-path.ts's).
import type { TypeRef } from '../knowledge/data-contract';

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
