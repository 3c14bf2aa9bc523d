// Gated-field index of one version: walks every served kind root (API and config) through VersionData and lists
// where a gate applies, with structural paths as in ../shared/upstream/gated-fields-summary.tsv
// (`.` between fields, `[]` list item, `.*` map value, `(kind)` for a kind-level gate).
// Comment-derived gates count for config kinds only (corpus README rule 5).
import type { GatedFieldRow, KindEntry, TypeRef, VersionData } from '../../server/src/engine/knowledge/data-contract';
import { cmp } from './version-data';

function rowKey(r: GatedFieldRow): string {
  return [r.apiVersion, r.kind, r.path, r.gate, r.value ?? '', r.source].join('\u0000');
}

export function buildGatedFields(data: VersionData): GatedFieldRow[] {
  const rows = new Map<string, GatedFieldRow>();
  const add = (r: GatedFieldRow) => rows.set(rowKey(r), r);

  for (const kind of data.kinds) {
    if (kind.removed) continue;
    const base = { apiVersion: kind.apiVersion, kind: kind.kind };
    for (const gate of kind.gates ?? []) add({ ...base, path: '(kind)', gate, source: 'kind' });
    walkType(data, kind, kind.root, '', [kind.root], add);
  }
  return [...rows.values()].sort(
    (a, b) =>
      cmp(a.apiVersion, b.apiVersion) ||
      cmp(a.kind, b.kind) ||
      cmp(a.path, b.path) ||
      cmp(a.gate, b.gate) ||
      cmp(a.value ?? '', b.value ?? '') ||
      cmp(a.source, b.source),
  );
}

function walkType(
  data: VersionData,
  kind: KindEntry,
  typeName: string,
  prefix: string,
  stack: string[],
  add: (r: GatedFieldRow) => void,
): void {
  const t = data.types[typeName];
  if (!t) return;
  const isConfig = kind.component !== undefined;
  for (const f of t.fields) {
    const path = prefix === '' ? f.name : `${prefix}.${f.name}`;
    const base = { apiVersion: kind.apiVersion, kind: kind.kind, path };
    const curated = new Set(f.gatesCurated ?? []);
    const dropped = new Set(f.gatesDropped ?? []);
    for (const gate of f.gates ?? []) {
      if (!dropped.has(gate)) add({ ...base, gate, source: curated.has(gate) ? 'curated' : 'tag' });
      else if (inDropScope(f.dropScope?.[gate], kind, path)) add({ ...base, gate, source: 'dropped' });
    }
    if (isConfig) for (const gate of f.commentGates ?? []) add({ ...base, gate, source: 'comment' });
    for (const [value, gates] of Object.entries(f.valueGates ?? {})) {
      for (const gate of gates) add({ ...base, gate, value, source: 'enum-value' });
    }
    walkRef(data, kind, f.type, path, stack, add);
  }
}

/** Where the API server drops the field (status is the server's own; a scope names the only objects). */
function inDropScope(scope: string[] | undefined, kind: KindEntry, path: string): boolean {
  if (kind.component) return false; // component configs are not written through the API server
  if (path.split('.').some((seg) => seg.replace(/(\[\])+$/, '') === 'status')) return false;
  return !scope || scope.includes(`${kind.apiVersion} ${kind.kind} ${path}`);
}

function walkRef(
  data: VersionData,
  kind: KindEntry,
  ref: TypeRef,
  path: string,
  stack: string[],
  add: (r: GatedFieldRow) => void,
): void {
  if ('ref' in ref) {
    if (stack.includes(ref.ref)) return; // recursive type: each type once per path
    walkType(data, kind, ref.ref, path, [...stack, ref.ref], add);
  } else if ('list' in ref) {
    walkRef(data, kind, ref.list, `${path}[]`, stack, add);
  } else if ('map' in ref) {
    walkRef(data, kind, ref.map, `${path}.*`, stack, add);
  }
}
