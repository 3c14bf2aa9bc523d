// Cursor and range markers that are safe inside YAML: `⟦` and `⟧` bracket an expected range, `‸` marks a
// position. They are not YAML syntax (unlike `|`), so a fixture reads as the YAML it will be once they are cut.
import { LineIndex, type Position, type Range } from '../../server/src/engine';

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
  const open: { at: number; order: number }[] = [];
  const ranges: { order: number; start: number; end: number }[] = [];
  const positions: number[] = [];
  let order = 0;
  for (const ch of source) {
    if (ch === '⟦') {
      open.push({ at: text.length, order: order++ });
    } else if (ch === '⟧') {
      const start = open.pop();
      if (!start) throw new Error('⟧ without ⟦');
      ranges.push({ order: start.order, start: start.at, end: text.length });
    } else if (ch === '‸') {
      positions.push(text.length);
    } else text += ch;
  }
  if (open.length > 0) throw new Error('⟦ without ⟧');
  const index = new LineIndex(text);
  return {
    text,
    ranges: ranges.sort((a, b) => a.order - b.order).map((r) => index.rangeAt(r.start, r.end)),
    positions: positions.map((p) => index.positionAt(p)),
  };
}

/** A text with exactly one `‸`: the text without markers, the cursor, and the `⟦…⟧` ranges (if any). */
export function cursor(source: string): { text: string; position: Position; ranges: Range[] } {
  const m = marked(source);
  if (m.positions.length !== 1) throw new Error(`expected one ‸ in the fixture, found ${m.positions.length}`);
  return { text: m.text, position: m.positions[0]!, ranges: m.ranges };
}

/** `word` with a cursor after its first `at` characters: `${caret('GateName')}` → `G‸ateName`. */
export function caret(word: string, at = 1): string {
  return `${word.slice(0, at)}‸${word.slice(at)}`;
}
