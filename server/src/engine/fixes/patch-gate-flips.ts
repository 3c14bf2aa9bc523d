// Turning a gate on in a kind config also flips a `false` setting of that gate inside its kubeadmConfigPatches
// (a false setting wins over kind featureGates): each such value, at its exact place in the patch string.
import { LineIndex } from '../base/line-index';
import { READ_EACH_TIME } from './reads';
import type { TextReads } from './types';
import type { OffsetEdit } from './yaml-edits';

export function patchGateFlips(text: string, gate: string, reads: TextReads = READ_EACH_TIME): OffsetEdit[] {
  let index: LineIndex | undefined;
  const edits: OffsetEdit[] = [];
  for (const info of reads.gateConfigs(text)) {
    if (info.configKind !== 'kind') continue;
    for (const s of info.settings) {
      if (s.origin === 'kind' || s.gate !== gate || s.value !== false || !s.valueRange) continue;
      index ??= new LineIndex(text);
      const start = index.offsetAt(s.valueRange.start);
      const end = index.offsetAt(s.valueRange.end);
      if (end > start && text.slice(start, end) === s.raw) edits.push({ start, end, newText: 'true' });
    }
  }
  return edits;
}
