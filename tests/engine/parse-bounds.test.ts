// Parser bounds before allocation: a document nested deeper than MAX_NESTING is given up while it is tokenized
// (the rest of it never reaches the package's parser), and a file is read up to its node budget (the documents from
// the one where it runs out are listed, not parsed, with one note). Asserted on the work done: lexemes handed to the
// parser, documents composed, the note.
// Internal imports: `parse/nesting`, `parse/node-budget` (the parse bounds themselves, so a case sits exactly at
// them), `parse/parseFile` (parseDocuments: the parse other files' reads use).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Parser } from 'yaml';
import { parseStats } from '../../server/src/engine';
import { MAX_NESTING } from '../../server/src/engine/parse/nesting';
import { MAX_FILE_NODES } from '../../server/src/engine/parse/node-budget';
import { parseDocuments } from '../../server/src/engine/parse/parseFile';
import { check } from './helpers';

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';
const FAILING = `${CM}dta: 1\n`;

/** Counts the lexemes the package's parser is handed while `run` runs. */
function lexemesParsed(run: () => void): number {
  const spy = vi.spyOn(Parser.prototype, 'next');
  try {
    run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('a deeply nested document is given up while it is tokenized', () => {
  const levels = 20_000;
  const deep = `${CM}junk: ${'['.repeat(levels)}${']'.repeat(levels)}\n`;

  it('hands the parser the lexemes up to the limit only, not the 40,000 of the document', () => {
    let report: ReturnType<typeof check> | undefined;
    const fed = lexemesParsed(() => (report = check(`${deep}---\n${FAILING}`)));
    // Two tries at most (the fast path hands the document to the package, which gives up too), each a few lexemes
    // past the limit: not the 40,000 brackets.
    expect(fed).toBeLessThan(3 * MAX_NESTING);
    expect(report!.findings.map((f) => [f.code, f.document, f.data?.['rule']])).toEqual([
      ['file-too-large', 0, 'nesting'],
      ['unknown-field', 1, undefined],
    ]);
    expect(report!.documents.map((d) => d.checked)).toEqual([false, true]);
  });

  it('gives each of many deep documents up the same way', () => {
    const text = Array.from({ length: 50 }, () => deep.slice(0, CM.length + 6 + 2 * 1000)).join('\n---\n');
    const fed = lexemesParsed(() => expect(check(text).documents.map((d) => d.checked)).toEqual(Array(50).fill(false)));
    expect(fed).toBeLessThan(50 * 3 * MAX_NESTING);
  });
});

describe('the node budget of a file', () => {
  // One small failing document, then a list of MAX_FILE_NODES short items (each `- a` is two nodes).
  const items = Math.ceil(MAX_FILE_NODES / 2) + 10;
  const text = `${FAILING}---\n${CM}data:\n  list: x\nitems:\n${'- a\n'.repeat(items)}---\n${FAILING}`;

  it('reads the documents before the one where it runs out and lists the rest, composing none of them', () => {
    const before = parseStats.documents;
    const report = check(text);
    expect(parseStats.documents - before).toBe(1);
    expect(report.documents.map((d) => [d.checked, d.reason])).toEqual([
      [true, undefined],
      [false, `not read: the file holds more than ${MAX_FILE_NODES.toLocaleString('en-US')} YAML nodes before its end`],
      [false, `not read: the file holds more than ${MAX_FILE_NODES.toLocaleString('en-US')} YAML nodes before its end`],
    ]);
    const note = report.findings.find((f) => f.code === 'file-too-large');
    expect(note?.data).toMatchObject({ rule: 'node-budget', limit: MAX_FILE_NODES, unread: 2 });
    expect(note?.document).toBe(1);
    expect(report.findings.filter((f) => f.code === 'unknown-field').map((f) => f.document)).toEqual([0]);
  });

  it('leaves a file within the budget as it was', () => {
    const within = `${FAILING}---\n${CM}items:\n${'- a\n'.repeat(1000)}`;
    expect(check(within).documents.map((d) => d.checked)).toEqual([true, true]);
  });
});

describe('the node budget in discovery', () => {
  it('reads the CRDs and configs of another file up to the budget only', () => {
    const items = Math.ceil(MAX_FILE_NODES / 2) + 10;
    const text = `${CM}---\n${CM}items:\n${'- a\n'.repeat(items)}---\n${CM}`;
    const before = parseStats.documents;
    expect(parseDocuments(text).map((d) => d.range[0])).toEqual([0]);
    expect(parseStats.documents - before).toBe(1);
  });
});

describe('the node count of a deeply nested document', () => {
  it('stops where the parser gives the document up: a deep document costs its first levels, not its length', () => {
    const levels = MAX_FILE_NODES + 1000;
    // Past the budget in brackets, yet given up at MAX_NESTING: the nesting note, and the document after it is read.
    const text = `${CM}junk: ${'['.repeat(levels)}${']'.repeat(levels)}\n---\n${FAILING}`;
    const report = check(text);
    expect(report.findings.map((f) => [f.code, f.document, f.data?.['rule']])).toEqual([
      ['file-too-large', 0, 'nesting'],
      ['unknown-field', 1, undefined],
    ]);
  });
});
