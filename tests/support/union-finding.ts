// A union finding as the walk reports it before the drop stage (rule `union`, exactly one, at `spec`), for the
// tests of the union pass alone: tests/gates/union-shapes.test.ts and tests/engine/union-drops.test.ts.
import type { Finding } from '../../server/src/engine';

/** Where such a finding stands (and the drops beside it). */
export const UNION_RANGE = { start: { line: 5, character: 2 }, end: { line: 5, character: 3 } };

/** A union of `members` at `spec` of which `set` are set; its path is the first member set. */
export function unionFinding(members: string[], set: string[], extra: Record<string, unknown> = {}): Finding {
  return {
    code: 'invalid-value',
    severity: 'error',
    message: 'm',
    range: UNION_RANGE,
    path: `spec.${set[0]}`,
    data: { rule: 'union', members, set, unionAt: 'spec', mode: 'exactlyOne', ...extra },
  };
}
