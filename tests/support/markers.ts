// Cursor and range markers that are safe inside YAML: `⟦` and `⟧` bracket an expected range, `‸` marks a
// position. They are not YAML syntax (unlike `|`), so a fixture reads as the YAML it will be once they are cut.
import type { Position, Range } from '../../server/src/engine/types';

export interface Marked {
  /** The text with every marker removed. */
  text: string;
  /** Ranges between `⟦` and `⟧`, in order of their opening marker. */
  ranges: Range[];
  /** Positions of `‸`, in order. */
  positions: Position[];
}

export function marked(source: string): Marked {
  let text = '';
  let line = 0;
  let character = 0;
  const open: Position[] = [];
  const ranges: { order: number; range: Range }[] = [];
  const positions: Position[] = [];
  let order = 0;
  const openOrder: number[] = [];
  for (const ch of source) {
    if (ch === '⟦') {
      open.push({ line, character });
      openOrder.push(order++);
    } else if (ch === '⟧') {
      const start = open.pop();
      if (!start) throw new Error('⟧ without ⟦');
      ranges.push({ order: openOrder.pop() as number, range: { start, end: { line, character } } });
    } else if (ch === '‸') {
      positions.push({ line, character });
    } else {
      text += ch;
      if (ch === '\n') {
        line++;
        character = 0;
      } else character += ch.length;
    }
  }
  if (open.length > 0) throw new Error('⟦ without ⟧');
  return { text, ranges: ranges.sort((a, b) => a.order - b.order).map((r) => r.range), positions };
}
