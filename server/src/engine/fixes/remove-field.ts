// Remove a field (or an enum value's field) that needs a gate, or that the target version lacks.
import type { Fix } from './types';
import { type FixInput, toTextEdits } from './input';
import { deletePair } from './yaml-edits';
import { keyName } from './yaml-nodes';

export function removeFieldFixes(input: FixInput): Fix[] {
  const { hit, finding, ctx } = input;
  if (!hit || finding.path?.includes('(kind)') || (finding.code === 'feature-gate' && finding.data?.via === 'kind')) return [];
  const name = keyName(hit.pair);
  const del = deletePair(ctx.text, hit.map, hit.pair);
  if (!del || !name) return [];
  const why = finding.code === 'field-not-in-version' ? `not in ${ctx.version}` : 'needs a gate that is off';
  return [{ title: `Remove ${name} (${why})`, kind: 'quickfix', code: finding.code, edits: toTextEdits(ctx.file, ctx.text, [del]) }];
}
