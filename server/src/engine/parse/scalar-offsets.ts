// Positions inside a string scalar that holds YAML of its own (kind `kubeadmConfigPatches` entries, JSON6902
// `patch` strings): a map from each character of the scalar's value to its offset in the file, and a
// LineCounter that reports file positions for offsets into the value. Block scalars (`|`, `|-`, `|+`, `>`,
// any indentation) and quoted or plain scalars written without escapes or folding map exactly; any other
// scalar maps every character to its start (the finding still points at the right scalar).
import { LineCounter, type Scalar } from 'yaml';

/** offsets[i] = file offset of value character i; offsets[value.length] = the offset just after the last one. */
export function scalarValueOffsets(text: string, node: Scalar): number[] {
  const value = typeof node.value === 'string' ? node.value : String(node.value ?? '');
  const [start, end] = node.range ?? [0, 0];
  const exact =
    node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED'
      ? blockOffsets(text, start, end, value)
      : inlineOffsets(text, start, end, value, node.type);
  if (exact) return exact;
  const fallback = new Array<number>(value.length + 1).fill(start);
  fallback[value.length] = end;
  return fallback;
}

function inlineOffsets(text: string, start: number, end: number, value: string, type: Scalar['type']): number[] | undefined {
  const quoted = type === 'QUOTE_DOUBLE' || type === 'QUOTE_SINGLE';
  const open = quoted ? start + 1 : start;
  if (text.slice(open, open + value.length) !== value) return undefined;
  if (quoted && open + value.length + 1 !== end) return undefined;
  return Array.from({ length: value.length + 1 }, (_, i) => open + i);
}

/** Aligns the value with the block's lines: each content line is found in order in the value; the line
 *  breaks and spaces between them (literal newlines or folded spaces) map to the end of the previous line. */
function blockOffsets(text: string, start: number, end: number, value: string): number[] | undefined {
  const headerEnd = text.indexOf('\n', start);
  if (headerEnd < 0 || headerEnd >= end) return value === '' ? [end] : undefined;
  const lines: { at: number; text: string }[] = [];
  for (let at = headerEnd + 1; at < end; ) {
    const nl = text.indexOf('\n', at);
    const stop = nl < 0 || nl > end ? end : nl;
    lines.push({ at, text: text.slice(at, stop).replace(/\r$/, '') });
    at = stop + 1;
  }
  const indent = Math.min(...lines.filter((l) => l.text.trim() !== '').map((l) => /^ */.exec(l.text)![0].length));
  if (!Number.isFinite(indent)) return value.trim() === '' ? new Array<number>(value.length + 1).fill(end) : undefined;
  const offsets = new Array<number>(value.length + 1);
  let p = 0;
  let last = headerEnd;
  for (const line of lines) {
    const content = line.text.length > indent ? line.text.slice(indent) : '';
    if (content === '') continue;
    const at = value.indexOf(content, p);
    if (at < 0 || value.slice(p, at).trim() !== '') return undefined;
    for (let i = p; i < at; i++) offsets[i] = last;
    for (let i = 0; i < content.length; i++) offsets[at + i] = line.at + indent + i;
    p = at + content.length;
    last = line.at + indent + content.length;
  }
  for (let i = p; i <= value.length; i++) offsets[i] = last;
  return offsets;
}

/** A LineCounter for text parsed from the value: positions it reports are those of the file. */
export function mappedLineCounter(file: LineCounter, offsets: number[]): LineCounter {
  const lc = new LineCounter();
  const max = offsets.length - 1;
  lc.linePos = (offset: number) => file.linePos(offsets[Math.min(Math.max(0, offset), max)]!);
  return lc;
}
