// References a package cannot resolve on its own: a field typed with a named type of another API package
// (`corev1.Protocol`, `v1.MatchCondition`) or with one of the few k8s.io/apimachinery types (Time, Quantity, …).
// Named scalar, list and map types of another package are resolved as that package resolves them; the
// apimachinery types take their JSON form from the reviewed table data/apimachinery-types.tsv.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { elemOfNamed, type ExtElem, type ExtPackage } from './go-types';

export interface KnownType {
  kind: ExtElem['kind'];
  scalar?: string;
  format?: string;
}

export const APIMACHINERY_TYPES_FILE = path.join(__dirname, 'data', 'apimachinery-types.tsv');

export function readKnownTypes(file = APIMACHINERY_TYPES_FILE): Map<string, KnownType> {
  const out = new Map<string, KnownType>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [name, kind, scalar, format] = line.split('\t');
    out.set(name, { kind: kind as ExtElem['kind'], ...(scalar ? { scalar } : {}), ...(format ? { format } : {}) });
  }
  return out;
}

function resolvedElem(e: ExtElem, pkgs: Map<string, ExtPackage>, known: Map<string, KnownType>, depth = 0): ExtElem {
  const out: ExtElem = { ...e };
  if (out.elem) out.elem = resolvedElem(out.elem, pkgs, known, depth);
  if (out.kind !== 'object' || !out.ref || depth > 8) return out;
  const own = out.namedType ? pkgs.get(out.namedType.slice(0, out.namedType.lastIndexOf('.'))) : undefined;
  // `type MatchCondition v1.MatchCondition`: the package holds its own copy of the struct (resolveDefinedTypes).
  if (out.namedType && own?.types[out.namedType]) return { ...out, ref: out.namedType };
  const k = known.get(out.ref);
  if (k) {
    const { kind, scalar, format } = k;
    return { kind, ...(scalar ? { scalar } : {}), ref: out.ref, ...(format ? { format } : {}) };
  }
  const cut = out.ref.lastIndexOf('.');
  const pkg = pkgs.get(out.ref.slice(0, cut));
  const name = out.ref.slice(cut + 1);
  if (!pkg || pkg.types[out.ref] || !pkg.named[name]) return out;
  return resolvedElem(elemOfNamed(pkg, name), pkgs, known, depth + 1);
}

/** Resolves, in place, the foreign references of every field of `targets`, looking types up in `all`. */
export function resolveForeignRefs(targets: ExtPackage[], all: ExtPackage[], known: Map<string, KnownType> = readKnownTypes()): void {
  const pkgs = new Map(all.map((p) => [p.keyPrefix, p]));
  for (const p of targets) {
    for (const e of Object.values(p.enums)) {
      e.values = e.values.map(({ from, ...v }) => {
        if (!from) return v;
        const cut = from.lastIndexOf('.');
        const value = pkgs.get(from.slice(0, cut))?.consts?.[from.slice(cut + 1)];
        return value === undefined ? { ...v, from } : { ...v, value };
      });
    }
    for (const t of Object.values(p.types)) {
      t.fields = t.fields.map((f) => {
        const { kind, scalar, ref, namedType, enumType, elem, format, ...rest } = f;
        const r = resolvedElem({ kind, scalar, ref, namedType, enumType, elem, format }, pkgs, known);
        return Object.fromEntries(Object.entries({ ...rest, ...r }).filter(([, v]) => v !== undefined)) as unknown as typeof f;
      });
    }
  }
}
