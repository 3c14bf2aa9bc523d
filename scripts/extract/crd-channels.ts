// Gateway API ships each CRD twice, in a standard and an experimental channel. This compares the two channels'
// CRDs of one release: kinds and versions present or served in one channel only, and for each version in both,
// the two openAPIV3Schema trees (properties present in one channel only, enum values, x-kubernetes-validations
// rules and patterns set in one channel only). Paths are written from the object root: `.` between fields, `[]`
// for list items, `.*` for map values.
import type { ChannelRow } from '../../server/src/engine/api-extensions/crd-data';

type Channel = ChannelRow['onlyIn'];
type Node = Record<string, unknown>;

/** One CRD of one channel as the comparison needs it (raw schemas, descriptions included or not). */
export interface ChannelCrd {
  group: string;
  kind: string;
  versions: { name: string; served: boolean; storage: boolean; schema?: Node }[];
}

const OTHER: Record<Channel, Channel> = { standard: 'experimental', experimental: 'standard' };

function obj(v: unknown): Node | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;
}

function child(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

/** The values of `list` (strings of enum values or of CEL rules) that `other` lacks. */
function onlyIn(list: string[], other: string[]): string[] {
  return list.filter((v) => !other.includes(v));
}

function enumValues(n: Node): string[] {
  return Array.isArray(n.enum) ? n.enum.map((v) => String(v)) : [];
}

function celRules(n: Node): string[] {
  const list = Array.isArray(n['x-kubernetes-validations']) ? n['x-kubernetes-validations'] : [];
  return list.map((r) => obj(r)?.rule).filter((r): r is string => typeof r === 'string');
}

function compareNodes(a: Record<Channel, Node>, path: string, base: Omit<ChannelRow, 'path' | 'difference' | 'onlyIn'>, out: ChannelRow[]): void {
  for (const ch of ['standard', 'experimental'] as const) {
    const mine = a[ch];
    const theirs = a[OTHER[ch]];
    const props = obj(mine.properties) ?? {};
    const otherProps = obj(theirs.properties) ?? {};
    for (const name of Object.keys(props)) if (!(name in otherProps)) out.push({ ...base, path: child(path, name), difference: 'field', onlyIn: ch });
    for (const v of onlyIn(enumValues(mine), enumValues(theirs))) out.push({ ...base, path, difference: 'enum-value', value: v, onlyIn: ch });
    for (const r of onlyIn(celRules(mine), celRules(theirs))) out.push({ ...base, path, difference: 'cel-rule', value: r, onlyIn: ch });
    if (typeof mine.pattern === 'string' && mine.pattern !== theirs.pattern) out.push({ ...base, path, difference: 'pattern', value: mine.pattern, onlyIn: ch });
  }
  const std = obj(a.standard.properties) ?? {};
  const exp = obj(a.experimental.properties) ?? {};
  for (const name of Object.keys(std)) {
    const [s, e] = [obj(std[name]), obj(exp[name])];
    if (s && e) compareNodes({ standard: s, experimental: e }, child(path, name), base, out);
  }
  const [si, ei] = [obj(a.standard.items), obj(a.experimental.items)];
  if (si && ei) compareNodes({ standard: si, experimental: ei }, `${path}[]`, base, out);
  const [sm, em] = [obj(a.standard.additionalProperties), obj(a.experimental.additionalProperties)];
  if (sm && em) compareNodes({ standard: sm, experimental: em }, `${path}.*`, base, out);
}

const RANK: Record<ChannelRow['difference'], number> = {
  'kind-only-in-channel': 0,
  'version-only-in-channel': 0,
  'version-served-only-in-channel': 0,
  field: 1,
  'enum-value': 2,
  'cel-rule': 2,
  pattern: 2,
};

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The rows in a fixed order: kind, version, kind/version rows, then fields, then constraints, each by path. */
export function sortChannelRows(rows: ChannelRow[]): ChannelRow[] {
  return rows.sort(
    (a, b) =>
      cmp(a.kind, b.kind) ||
      cmp(a.group, b.group) ||
      cmp(a.version, b.version) ||
      RANK[a.difference] - RANK[b.difference] ||
      cmp(a.path, b.path) ||
      cmp(a.onlyIn, b.onlyIn) ||
      cmp(a.difference, b.difference),
  ); // stable: values and rules of one path keep the order the CRD gives them
}

/** Every difference between the standard and experimental CRDs of one release. */
export function channelDifferences(crds: Record<Channel, ChannelCrd[]>): ChannelRow[] {
  const out: ChannelRow[] = [];
  const key = (c: ChannelCrd): string => `${c.group} ${c.kind}`;
  for (const ch of ['standard', 'experimental'] as const) {
    const others = new Set(crds[OTHER[ch]].map(key));
    for (const c of crds[ch]) {
      if (others.has(key(c))) continue;
      for (const v of c.versions) out.push({ group: c.group, kind: c.kind, version: v.name, path: '(kind)', difference: 'kind-only-in-channel', onlyIn: ch });
    }
  }
  for (const std of crds.standard) {
    const exp = crds.experimental.find((c) => key(c) === key(std));
    if (!exp) continue;
    const both = { standard: std, experimental: exp };
    for (const ch of ['standard', 'experimental'] as const) {
      for (const v of both[ch].versions) {
        const o = both[OTHER[ch]].versions.find((x) => x.name === v.name);
        const base = { group: std.group, kind: std.kind, version: v.name };
        if (!o) out.push({ ...base, path: '(version)', difference: 'version-only-in-channel', onlyIn: ch });
        else if (v.served && !o.served) out.push({ ...base, path: '(version)', difference: 'version-served-only-in-channel', onlyIn: ch });
      }
    }
    for (const v of std.versions) {
      const e = exp.versions.find((x) => x.name === v.name);
      if (v.schema && e?.schema) compareNodes({ standard: v.schema, experimental: e.schema }, '', { group: std.group, kind: std.kind, version: v.name }, out);
    }
  }
  return sortChannelRows(out);
}
