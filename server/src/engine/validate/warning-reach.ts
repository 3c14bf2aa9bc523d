// Shared helpers of the API server warning checks (warnings-from-table.ts, warnings-in-code.ts): values reached by a
// relative path from a mapping, scalars as kubectl reads them, and the finding every warning becomes.
import type { FindingData } from '../codes';
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type Scalar } from 'yaml';
import { resolveAlias } from '../parse/aliases';
import { kubectlScalar } from '../parse/kubectl-scalar';
import type { Range } from '../base/types';
import { VERDICT_SEVERITY } from '../codes/verdicts';
import { addFinding, joinPath, type WalkContext } from './context';
import { sourceText, type UpstreamSource } from './field-rule-table';
import { serverFieldPath } from './server-field-path';

export const CONTAINER_LISTS = ['containers', 'initContainers', 'ephemeralContainers'];

/** A value reached by a relative path, with the key that holds it (absent for list items). */
export interface Hit {
  value: Node | null | undefined;
  key?: Node | null;
  path: string;
}

export function deref(ctx: WalkContext, node: Node | null | undefined): Node | null | undefined {
  let current = node;
  for (let hops = 0; current && isAlias(current) && hops < 50; hops++) current = resolveAlias(ctx.doc, current) ?? null;
  return current;
}

export function keyText(node: Node | null | undefined): string | undefined {
  return node && isScalar(node) && node.value !== null && node.value !== undefined ? String((node as Scalar).value) : undefined;
}

/** Every value at `rel` below `start` (`a.b[]` walks list items, `*` every key of a mapping). */
export function reach(ctx: WalkContext, start: Hit, rel: string): Hit[] {
  let hits: Hit[] = [start];
  for (const segment of rel.split('.')) {
    const name = segment.replace(/\[\]$/, '');
    const next: Hit[] = [];
    for (const h of hits) {
      const map = deref(ctx, h.value);
      if (!map || !isMap(map)) continue;
      for (const pair of map.items as Pair<Node | null, Node | null>[]) {
        const k = keyText(deref(ctx, pair.key));
        if (k === undefined || (name !== '*' && k !== name)) continue;
        next.push({ value: pair.value, key: pair.key, path: joinPath(h.path, name) });
      }
    }
    hits = next;
    if (segment.endsWith('[]')) {
      hits = hits.flatMap((h) => {
        const seq = deref(ctx, h.value);
        if (!seq || !isSeq(seq)) return [];
        return (seq.items as (Node | null)[]).map((item) => ({ value: item, path: `${h.path}[]` }));
      });
    }
  }
  return hits;
}

export function warn(ctx: WalkContext, range: Range, path: string, rule: string, message: string, fix: string, source: UpstreamSource, data: FindingData['api-warning'] = {}, detail?: string): void {
  addFinding(
    ctx,
    'api-warning',
    message,
    range,
    path,
    { ...data, fieldPath: serverFieldPath(ctx, ctx.root ?? (ctx.doc.contents as Node | null), path, range), rule, pipelineStage: 'warning', verdict: 'accepted-with-warning', source: sourceText(source) },
    { fix, severity: VERDICT_SEVERITY['accepted-with-warning'], ...(detail ? { detail } : {}) },
  );
}

export function scalarValue(ctx: WalkContext, node: Node | null | undefined): string | undefined {
  const n = deref(ctx, node);
  if (!n || !isScalar(n) || !n.range) return undefined;
  const read = kubectlScalar(n, ctx.text.slice(n.range[0], n.range[1]));
  return read.type === 'null' ? undefined : String(read.value);
}
