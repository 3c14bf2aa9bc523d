// Turning a gate on in a kind config also flips a `false` setting of that gate inside its kubeadmConfigPatches
// (a false setting wins over kind featureGates): each such value, at its exact place in the patch string.
import { readGateConfigsFromText } from '../gates/config-readers';
import { LineIndex } from '../line-index';
import type { OffsetEdit } from './yaml-edits';

export function patchGateFlips(text: string, gate: string): OffsetEdit[] {
  const index = new LineIndex(text);
  const edits: OffsetEdit[] = [];
  for (const info of readGateConfigsFromText(text)) {
    if (info.configKind !== 'kind') continue;
    for (const s of info.settings) {
      if (s.origin === 'kind' || s.gate !== gate || s.value !== false || !s.valueRange) continue;
      const start = index.offsetAt(s.valueRange.start);
      const end = index.offsetAt(s.valueRange.end);
      if (end > start && text.slice(start, end) === s.raw) edits.push({ start, end, newText: 'true' });
    }
  }
  return edits;
}
