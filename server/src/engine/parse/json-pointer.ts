// JSON6902 patch operations read as partial documents: the value of an `add` / `replace` placed at its JSON
// pointer path (`/spec/template/spec/containers/0/image` → `{spec: {template: {spec: {containers: [{image: v}]}}}}`).
// The keys made from path segments carry the range of the segment inside the `path` string, so a finding about
// a key points at the right characters of the path. Used for kind kubeadmConfigPatchesJSON6902 and kustomize
// JSON6902 patches.
import { isMap, isScalar, isSeq, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml';

interface PointerSegment {
  name: string;
  /** Offsets of the segment inside the path string. */
  start: number;
  end: number;
}

/** Segments of a JSON pointer with their offsets; [] for a path that does not start with `/`. */
function pointerSegments(path: string): PointerSegment[] {
  if (!path.startsWith('/')) return [];
  const out: PointerSegment[] = [];
  let at = 1;
  for (const raw of path.slice(1).split('/')) {
    out.push({ name: raw.replace(/~1/g, '/').replace(/~0/g, '~'), start: at, end: at + raw.length });
    at += raw.length + 1;
  }
  return out;
}

/** `/a/b/-` + value → `{a: {b: [value]}}`; undefined for a path that does not start at the document root. */
export function placeAtPath(pathNode: Scalar, value: Node): Node | undefined {
  const segments = pointerSegments(String(pathNode.value));
  if (segments.length === 0) return undefined;
  const quoted = pathNode.type === 'QUOTE_DOUBLE' || pathNode.type === 'QUOTE_SINGLE' ? 1 : 0;
  const base = (pathNode.range?.[0] ?? 0) + quoted;
  const exact = pathNode.type !== 'BLOCK_FOLDED' && pathNode.type !== 'BLOCK_LITERAL';
  let node: Node = value;
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i]!;
    if (s.name === '-' || /^\d+$/.test(s.name)) {
      const seq = new YAMLSeq<Node>();
      seq.items.push(node);
      node = seq as Node;
      continue;
    }
    const key = new Scalar(s.name);
    if (exact) key.range = [base + s.start, base + s.end, base + s.end];
    const map = new YAMLMap<Node, Node>();
    map.items.push(new Pair(key as Node, node));
    node = map as Node;
  }
  return node;
}

interface PatchOperation {
  op: string;
  path: Scalar;
  value?: Node;
  /** The operation's own node (the list item). */
  node: Node;
}

/** The operations of a JSON6902 patch document (a list of `{op, path, value}` mappings). */
export function patchOperations(root: unknown): PatchOperation[] | undefined {
  if (!isSeq(root)) return undefined;
  const out: PatchOperation[] = [];
  for (const item of root.items) {
    if (!isMap(item)) return undefined;
    const get = (k: string) => (item as YAMLMap<Node, Node>).items.find((p) => isScalar(p.key) && p.key.value === k)?.value ?? undefined;
    const op = get('op');
    const path = get('path');
    if (!isScalar(op) || typeof op.value !== 'string' || !isScalar(path) || typeof path.value !== 'string') return undefined;
    out.push({ op: op.value, path: path as Scalar, value: get('value') ?? undefined, node: item as Node });
  }
  return out;
}
