// A parsed YAML document → the JSON value kubectl sends (sigs.k8s.io/yaml: go-yaml v2, YAML 1.1 scalar typing):
// plain scalars typed by their exact text (`yes` → true, `0644` → 420, `1:30` and `2001-12-14`
// stay strings), quoted and block scalars are strings, keys are typed and then turned into strings, aliases and
// `<<` merge keys are resolved. This is the instance a JSON-Schema validator should see for a manifest.
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node, type Scalar } from 'yaml';
import { kubectlScalar } from '../parse/kubectl-scalar';

function keyString(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  return typeof v === 'string' ? v : String(v);
}

interface Ctx {
  doc: Document.Parsed;
  text: string;
  depth: number;
}

function scalarValue(ctx: Ctx, node: Scalar): unknown {
  const r = node.range;
  const read = kubectlScalar(node, r ? ctx.text.slice(r[0], r[1]) : String(node.value ?? ''));
  switch (read.type) {
    case 'null':
      return null;
    case 'int':
      return Number(read.value);
    case 'bool':
    case 'float':
    case 'string':
      return read.value;
  }
}

function convert(ctx: Ctx, raw: unknown, seen: Set<unknown>): unknown {
  let node = raw as Node | null | undefined;
  for (let hops = 0; node && isAlias(node) && hops < 50; hops++) node = node.resolve(ctx.doc) as Node | undefined;
  if (!node) return null;
  if (seen.has(node) || ctx.depth > 400) return null;
  if (isScalar(node)) return scalarValue(ctx, node);
  seen.add(node);
  ctx.depth++;
  try {
    if (isSeq(node)) return node.items.map((item) => convert(ctx, item, seen));
    if (isMap(node)) {
      const out: Record<string, unknown> = {};
      const merged: Record<string, unknown>[] = [];
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = pair.key as Node | null;
        if (isScalar(key) && key.type === 'PLAIN' && key.value === '<<') {
          const v = convert(ctx, pair.value, seen);
          for (const m of Array.isArray(v) ? v : [v]) if (m && typeof m === 'object' && !Array.isArray(m)) merged.push(m as Record<string, unknown>);
          continue;
        }
        const k = keyString(isScalar(key) ? scalarValue(ctx, key) : convert(ctx, key, seen));
        out[k] = convert(ctx, pair.value, seen);
      }
      if (merged.length === 0) return out;
      const base: Record<string, unknown> = {};
      for (const m of merged.reverse()) Object.assign(base, m);
      return { ...base, ...out };
    }
    return null;
  } finally {
    ctx.depth--;
    seen.delete(node);
  }
}

/** The JSON value of a document as kubectl reads it (text = the whole file the document was parsed from). */
export function kubectlJson(doc: Document.Parsed, text: string): unknown {
  return convert({ doc, text, depth: 0 }, doc.contents, new Set());
}
