// Resolve the type data at a place in a YAML document (keys from the root, `[]` for list items).
import { isPair, isSeq } from 'yaml';
import type { FieldDef, KindEntry, TypeRef, VersionData } from '../knowledge/format';
import { levenshtein } from '../route/similar';
import { type PairHit, keyName } from './yaml-nodes';

export type Segment = string; // a key, or '[]' for a list item

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

export function typeAt(data: VersionData, entry: KindEntry, segs: Segment[]): TypeRef | undefined {
  let cur: TypeRef | undefined = { ref: entry.root };
  for (const seg of segs) {
    if (!cur) return undefined;
    if (seg === '[]') {
      cur = 'list' in cur ? cur.list : undefined;
    } else if ('map' in cur) {
      cur = cur.map;
    } else if ('ref' in cur) {
      cur = data.types[cur.ref]?.fields.find((f) => f.name === seg)?.type;
    } else return undefined;
  }
  return cur;
}

/** The field definition a key path ends at (undefined inside maps or when unknown). */
export function fieldAt(data: VersionData, entry: KindEntry, segs: Segment[]): FieldDef | undefined {
  if (segs.length === 0) return undefined;
  const parent = typeAt(data, entry, segs.slice(0, -1));
  if (!parent || !('ref' in parent)) return undefined;
  return data.types[parent.ref]?.fields.find((f) => f.name === segs[segs.length - 1]);
}

/** Fields of the struct that holds the last key of a path. */
export function siblingFields(data: VersionData, entry: KindEntry, segs: Segment[]): FieldDef[] | undefined {
  const parent = typeAt(data, entry, segs.slice(0, -1));
  return parent && 'ref' in parent ? data.types[parent.ref]?.fields : undefined;
}

export function refOf(t: TypeRef | undefined): string | undefined {
  if (!t) return undefined;
  if ('ref' in t) return t.ref;
  if ('list' in t) return refOf(t.list);
  return undefined;
}

/** Close names for a misspelt one: same letters ignoring case first, then small edit distances. */
export function closeNames(name: string, candidates: string[], max = 3): string[] {
  const lower = name.toLowerCase();
  const exact = candidates.filter((c) => c.toLowerCase() === lower && c !== name);
  if (exact.length > 0) return exact;
  const limit = Math.max(1, Math.min(3, Math.floor(name.length / 4)));
  return candidates
    .map((c) => ({ c, d: levenshtein(lower, c.toLowerCase(), limit) }))
    .filter((x) => x.d <= limit && x.c !== name)
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c))
    .slice(0, max)
    .map((x) => x.c);
}
