// A routed document as the API server's decoder sees it: a plain value (scalars typed as kubectl reads them), with
// the source range of every value by its server field path (`spec.containers[0].ports[1].containerPort`). The
// object-level rules (this folder) read the plain value, after defaulting, and point back into the text by path.
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import { resolveAlias } from '../../parse/aliases';
import { kubectlScalar } from '../../parse/kubectl-scalar';
import type { Range } from '../../base/types';
import { rangeOfNode, type WalkContext } from '../context';

export type Value = null | boolean | number | string | Value[] | Obj;
export interface Obj {
  [key: string]: Value | undefined;
}

interface Located {
  key?: Range;
  value: Range;
}

export interface ObjectView {
  root: Obj;
  /** Where each written value lies, by server field path (read on first use). */
  readonly where: Map<string, Located>;
  /** Where to point for the object itself (its kind). */
  rootRange: Range;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The server's path of a field (or map key) below `path`: `.name`, or `[key]` for a key that is not a name. */
export function fieldOf(path: string, name: string): string {
  if (!IDENT.test(name)) return `${path}[${name}]`;
  return path === '' ? name : `${path}.${name}`;
}

export function itemOf(path: string, index: number): string {
  return `${path}[${index}]`;
}

/** The walker's form of a server path: list indices as `[]`, map keys as `.key` (a finding's `path`). */
export function walkerPath(fieldPath: string): string {
  return fieldPath.replace(/\[(\d+)\]/g, '[]').replace(/\[([^\]]+)\]/g, '.$1');
}

const MAX_DEPTH = 120;

/** What a view reads of the document: its tree (aliases), text (scalars as written) and lines (ranges). */
export type ViewSource = Pick<WalkContext, 'doc' | 'text' | 'lineCounter'>;

export function objectView(ctx: ViewSource, map: YAMLMap, rootRange: Range): ObjectView {
  const root = readNode(ctx, map, '', 0, undefined);
  // Where each value lies is needed only to point at one (a finding, a hover): found by reading the tree again then.
  let where: Map<string, Located> | undefined;
  return {
    root: root && typeof root === 'object' && !Array.isArray(root) ? root : {},
    get where() {
      if (!where) readNode(ctx, map, '', 0, (where = new Map()));
      return where;
    },
    rootRange,
  };
}

/** The plain value of a node; with `where`, also the range of every value below it, by server field path. */
function readNode(ctx: ViewSource, node: Node | null | undefined, path: string, depth: number, where: Map<string, Located> | undefined): Value {
  const n = deref(ctx, node);
  if (!n || depth > MAX_DEPTH) return null;
  if (isMap(n)) {
    const out: Obj = {};
    for (const pair of n.items as Pair<Node | null, Node | null>[]) {
      const key = deref(ctx, pair.key);
      if (!key || !isScalar(key) || key.value === null || key.value === undefined) continue;
      const name = String(key.value);
      const value = deref(ctx, pair.value);
      let at = '';
      if (where) {
        at = fieldOf(path, name);
        where.set(at, { key: rangeOfNode(ctx, key), value: rangeOfNode(ctx, value, rangeOfNode(ctx, key)) });
      }
      out[name] = readNode(ctx, value, at, depth + 1, where);
    }
    return out;
  }
  if (isSeq(n)) {
    return (n.items as (Node | null)[]).map((item, i) => {
      const value = deref(ctx, item);
      let at = '';
      if (where) {
        at = itemOf(path, i);
        if (value) where.set(at, { value: rangeOfNode(ctx, value) });
      }
      return readNode(ctx, value, at, depth + 1, where);
    });
  }
  if (isScalar(n)) {
    const source = n.range ? ctx.text.slice(n.range[0], n.range[1]) : '';
    const s = kubectlScalar(n, source);
    if (s.type === 'null') return null;
    if (s.type === 'int') return Number(s.value);
    return s.value;
  }
  return null;
}

function deref(ctx: ViewSource, node: Node | null | undefined): Node | null | undefined {
  let current = node;
  for (let hops = 0; current && isAlias(current) && hops < 50; hops++) current = resolveAlias(ctx.doc, current) ?? null;
  return current;
}

/** Where to point for a path: its value; for a path not written (absent, or set by defaulting), the key of its
 *  nearest written ancestor, else the object's kind. */
export function locate(view: ObjectView, fieldPath: string): Range {
  const found = view.where.get(fieldPath);
  if (found) return found.value;
  let path = fieldPath;
  while (path !== '') {
    path = parentPath(path);
    const at = view.where.get(path);
    if (at) return at.key ?? at.value;
  }
  return view.rootRange;
}

function parentPath(path: string): string {
  const bracket = path.endsWith(']') ? path.lastIndexOf('[') : -1;
  const dot = path.lastIndexOf('.');
  const cut = Math.max(bracket, dot);
  return cut <= 0 ? '' : path.slice(0, cut);
}

// ── Reading a plain value ────────────────────────────────────────────────────────────────────────────────

function isObj(v: Value | undefined): v is Obj {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

export function obj(v: Value | undefined): Obj | undefined {
  return isObj(v) ? v : undefined;
}

/** The object's `spec` (an empty mapping when it has none). */
export function specOf(o: Obj): Obj {
  return obj(o['spec']) ?? {};
}

export function list(v: Value | undefined): Value[] {
  return Array.isArray(v) ? v : [];
}

export function objs(v: Value | undefined): [Obj, number][] {
  const out: [Obj, number][] = [];
  list(v).forEach((item, i) => {
    if (isObj(item)) out.push([item, i]);
  });
  return out;
}

export function str(v: Value | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function num(v: Value | undefined): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

/** Set: present and not null (Go: a non-nil pointer, a non-empty value for strings/lists/maps is `nonEmpty`). */
export function isSet(v: Value | undefined): boolean {
  return v !== undefined && v !== null;
}

export function clone<T extends Value>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => clone(x)) as T;
  if (v && typeof v === 'object') {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = clone(x);
    return out as T;
  }
  return v;
}
