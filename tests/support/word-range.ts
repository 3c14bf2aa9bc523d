// Where a word stands in a test's text, as the engine reports ranges (0-based line and character).
import type { Range } from '../../server/src/engine';

/** The range of the first occurrence of `word` at or after offset `from`. */
export function rangeIn(text: string, word: string, from = 0): Range {
  const at = text.indexOf(word, from);
  if (at < 0) throw new Error(`${word} not in text`);
  const before = text.slice(0, at).split('\n');
  const line = before.length - 1;
  const character = before[line]!.length;
  return { start: { line, character }, end: { line, character: character + word.length } };
}

/** The range of the `nth` occurrence (0: the first) of `word`. */
export function nthRangeIn(text: string, word: string, nth: number): Range {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(word, at + 1);
  if (at < 0) throw new Error(`${word} not in text`);
  return rangeIn(text, word, at);
}
