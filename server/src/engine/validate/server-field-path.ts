// The server's field path of a finding (`spec.containers[0].ports[1].containerPort`, `metadata.labels[app]`): the
// walker's path (`spec.containers[].ports[].containerPort`) with each list index found by where the finding lies,
// and map keys that are not names in brackets, as kube-apiserver writes them in its errors (data.fieldPath).
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair } from 'yaml';
import { resolveAlias } from '../parse/aliases';
import type { Range } from '../base/types';
import type { WalkContext } from './context';

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function offsetOf(ctx: WalkContext, range: Range): number {
  return (ctx.lineCounter.lineStarts[range.start.line] ?? 0) + range.start.character;
}

function deref(ctx: WalkContext, node: Node | null | undefined): Node | null | undefined {
  let current = node;
  for (let hops = 0; current && isAlias(current) && hops < 50; hops++) current = resolveAlias(ctx.doc, current) ?? null;
  return current;
}

function contains(node: Node | null | undefined, offset: number): boolean {
  const r = node?.range;
  return !!r && r[0] <= offset && offset <= r[2];
}

/** The indexed path of `path` (walker form) below `root`, choosing list items by the finding's position; the
 *  walker's path unchanged when the text cannot be followed. */
export function serverFieldPath(ctx: WalkContext, root: Node | null | undefined, path: string, range: Range): string {
  const offset = offsetOf(ctx, range);
  const segments = path.split('.');
  let node = deref(ctx, root);
  let out = '';
  for (let i = 0; i < segments.length; i++) {
    let lists = 0;
    let name = segments[i] as string;
    while (name.endsWith('[]')) {
      name = name.slice(0, -2);
      lists++;
    }
    // A key may hold dots (label and annotation keys): take the longest run of segments that is a key here.
    let pair: Pair<Node | null, Node | null> | undefined;
    if (node && isMap(node)) {
      const keys = new Map<string, Pair<Node | null, Node | null>>();
      for (const p of node.items as Pair<Node | null, Node | null>[]) {
        const k = deref(ctx, p.key);
        if (k && isScalar(k) && k.value !== null && k.value !== undefined) keys.set(String(k.value), p);
      }
      for (let j = segments.length - 1; j > i && !pair; j--) {
        const joined = segments.slice(i, j + 1).join('.');
        const bare = joined.replace(/(\[\])+$/, '');
        const hit = keys.get(bare);
        if (!hit) continue;
        pair = hit;
        lists = (joined.length - bare.length) / 2;
        name = bare;
        i = j;
      }
      pair ??= keys.get(name);
      // A map value (`.*` in the walker's path): the entry the finding lies in, named by its key.
      if (!pair && name === '*') {
        pair = (node.items as Pair<Node | null, Node | null>[]).find((p) => contains(deref(ctx, p.value) ?? p.value, offset) || contains(deref(ctx, p.key), offset));
        const key = deref(ctx, pair?.key);
        if (key && isScalar(key) && key.value !== null && key.value !== undefined) name = String(key.value);
      }
    }
    out = NAME.test(name) ? (out === '' ? name : `${out}.${name}`) : `${out}[${name}]`;
    node = deref(ctx, pair?.value);
    for (let l = 0; l < lists; l++) {
      const items = node && isSeq(node) ? (node.items as (Node | null)[]) : [];
      const index = items.findIndex((item) => contains(deref(ctx, item) ?? item, offset));
      if (index < 0) {
        // Not found by position (the finding points elsewhere): keep the walker's form for the rest.
        return out + '[]'.repeat(lists - l) + (i + 1 < segments.length ? `.${segments.slice(i + 1).join('.')}` : '');
      }
      out += `[${index}]`;
      node = deref(ctx, items[index]);
    }
  }
  return out;
}
