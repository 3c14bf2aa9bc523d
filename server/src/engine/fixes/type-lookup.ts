// The type data at a place in a YAML document: its key path (keys from the root, `[]` for list items) resolved
// by knowledge/type-path.ts.
import { isPair, isSeq } from 'yaml';
import type { FieldDef, KindEntry, TypeRef, VersionData } from '../knowledge/data-contract';
import { type PathSegment, resolveTypePath, structFields } from '../knowledge/type-path';
import { type PairHit, keyName } from './yaml-nodes';

export type Segment = PathSegment;

/** Key path from the document root to the hit pair's key (inclusive). */
export function segmentsOf(hit: PairHit): Segment[] | undefined {
  const segs: Segment[] = [];
  for (const a of hit.ancestors) {
    if (isPair(a)) {
      const k = keyName(a);
      if (k === undefined) return undefined;
      segs.push(k);
    } else if (isSeq(a)) segs.push('[]');
  }
  const own = keyName(hit.pair);
  if (own === undefined) return undefined;
  segs.push(own);
  return segs;
}

/** The field definition a key path ends at (undefined inside maps or when unknown). */
export function fieldAt(data: VersionData, entry: KindEntry, segs: Segment[]): FieldDef | undefined {
  return resolveTypePath(data, entry, segs)?.field;
}

/** Fields of the struct that holds the last key of a path. */
export function siblingFields(data: VersionData, entry: KindEntry, segs: Segment[]): FieldDef[] | undefined {
  return structFields(data, resolveTypePath(data, entry, segs.slice(0, -1))?.type);
}

export function refOf(t: TypeRef | undefined): string | undefined {
  if (!t) return undefined;
  if ('ref' in t) return t.ref;
  if ('list' in t) return refOf(t.list);
  return undefined;
}
