// Turning a gate on in a kind config also flips a `false` setting of that gate inside its kubeadmConfigPatches
// (a false setting wins over kind featureGates): each such value, at its exact place in the patch string.
import { readGateConfigsFromText } from '../gates/config-readers';
import type { Range } from '../types';
import type { OffsetEdit } from './yaml-edits';

function offsetOf(lineStarts: number[], pos: Range['start']): number {
  return (lineStarts[pos.line] ?? 0) + pos.character;
}

export function patchGateFlips(text: string, gate: string): OffsetEdit[] {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const edits: OffsetEdit[] = [];
  for (const info of readGateConfigsFromText(text)) {
    if (info.configKind !== 'kind') continue;
    for (const s of info.settings) {
      if (s.origin === 'kind' || s.gate !== gate || s.value !== false || !s.valueRange) continue;
      const start = offsetOf(lineStarts, s.valueRange.start);
      const end = offsetOf(lineStarts, s.valueRange.end);
      if (end > start && text.slice(start, end) === s.raw) edits.push({ start, end, newText: 'true' });
    }
  }
  return edits;
}
