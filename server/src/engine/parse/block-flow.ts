// Flow sequences of scalars on one line for the block reader (block-cst.ts): `args: ["--v=2", "-c"]`,
// `hosts: [a.example.com]`, the most common flow collection in Kubernetes manifests. Only this form is read: a `[`,
// one or more plain, single- or double-quoted scalars on the same line separated by commas (spaces around them
// allowed), the `]`, then nothing or spaces and a comment up to the line's end. Plain scalars here may not hold
// `,`, `:`, `#`, quotes or brackets, nor start with an indicator. Anything else (nested collections, pairs, empty
// or trailing items, a sequence over several lines, trailing spaces) is refused (`unsupported`) and the document
// goes to the `yaml` package. The tokens are those of the package's Parser (tests/engine/block-cst.test.ts).
import type { CST } from 'yaml';
import { INDICATOR, spaces, token, unsupported, type Line } from './block-trivia';

/** Characters a plain scalar in this form may not hold (flow indicators, comment and pair marks, quotes). */
const NOT_IN_PLAIN = new Set([',', '[', ']', '{', '}', '#', ':', '"', "'"]);

function spacesFrom(t: string, from: number, end: number): number {
  let n = 0;
  while (from + n < end && t.charCodeAt(from + n) === 32) n++;
  return n;
}

/** The offset after the scalar that starts at `at` (before `end`), or a refusal. */
function scalarEnd(t: string, at: number, end: number): { to: number; type: CST.FlowScalar['type'] } {
  const c = t[at]!;
  if (c === '"') {
    for (let k = at + 1; k < end; k++) {
      const ch = t.charCodeAt(k);
      if (ch === 92 /* \ */) k++;
      else if (ch === 34 /* " */) return { to: k + 1, type: 'double-quoted-scalar' };
    }
    return unsupported();
  }
  if (c === "'") {
    for (let k = at + 1; k < end; k++) {
      if (t.charCodeAt(k) !== 39 /* ' */) continue;
      if (t.charCodeAt(k + 1) === 39) k++;
      else return { to: k + 1, type: 'single-quoted-scalar' };
    }
    return unsupported();
  }
  // `-` may start one when a character of the scalar follows it (`-1`, `--flag`).
  if (INDICATOR.has(c) && !(c === '-' && at + 1 < end && t.charCodeAt(at + 1) !== 32 && !NOT_IN_PLAIN.has(t[at + 1]!))) unsupported();
  let k = at;
  while (k < end && !NOT_IN_PLAIN.has(t[k]!)) k++;
  while (t.charCodeAt(k - 1) === 32) k--;
  if (k === at) unsupported();
  return { to: k, type: 'scalar' };
}

/** The flow sequence that starts with `[` at `at` on line ln, at the given indent (that of its scalars too). */
export function flowSequence(t: string, ln: Line, at: number, indent: number): CST.FlowCollection {
  const end = ln.end;
  const items: CST.FlowCollection['items'] = [];
  let k = at + 1;
  let start: CST.SourceToken[] = [];
  for (;;) {
    const gap = spacesFrom(t, k, end);
    if (gap > 0) start.push(token('space', k, indent, spaces(gap)));
    k += gap;
    if (k >= end) unsupported();
    const { to, type } = scalarEnd(t, k, end);
    const after = spacesFrom(t, to, end);
    const value: CST.FlowScalar = { type, offset: k, indent, source: t.slice(k, to), end: after > 0 ? [token('space', to, indent, spaces(after))] : [] };
    items.push({ start, value });
    k = to + after;
    const c = t[k];
    if (c === ']') break;
    if (c !== ',') unsupported();
    start = [token('comma', k, indent, ',')];
    k++;
  }
  const tail: CST.SourceToken[] = [token('flow-seq-end', k, indent, ']')];
  k++;
  if (k < end) {
    const gap = spacesFrom(t, k, end);
    // A comment after spaces; trailing spaces alone or anything else: refused.
    if (gap === 0 || k + gap === end || t.charCodeAt(k + gap) !== 35 /* # */ || t.charCodeAt(end - 1) === 32) unsupported();
    tail.push(token('space', k, indent, spaces(gap)), token('comment', k + gap, indent, t.slice(k + gap, end)));
  }
  if (ln.hasBreak) tail.push(token('newline', end, indent, '\n'));
  return { type: 'flow-collection', offset: at, indent, start: token('flow-seq-start', at, indent, '['), items, end: tail };
}
