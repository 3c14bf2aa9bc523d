// A document nested deeper than MAX_NESTING levels is not composed (parse/nesting.ts): it is reported as not
// checked at the first collection past the limit, whatever path reads it, and the documents around it are checked
// as usual. Below the limit nothing changes. (That the answer no longer depends on the thread's stack is asserted
// with the CLI's worker threads in tests/cli/jobs.test.ts.)
// Internal imports: `parse/nesting` (the nesting bound itself, so a case sits exactly at it), `parse/parseFile`
// (parseFile: the parser alone, below the check).
import { describe, expect, it } from 'vitest';
import { check, r } from './helpers';
import { MAX_NESTING, tooDeepOffset } from '../../server/src/engine/parse/nesting';
import { parseFile } from '../../server/src/engine/parse/parseFile';
import { Parser, type CST } from 'yaml';

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n';
/** `levels` levels of collections: the root mapping, `data`, then nested flow sequences under its key `k`. */
const flow = (levels: number) => `${CM}  k: ${'['.repeat(levels - 2)}${']'.repeat(levels - 2)}\n`;
/** The same depth in block mappings, one more column per level. */
const block = (levels: number) => `${CM}  k:\n${Array.from({ length: levels - 2 }, (_, i) => `${' '.repeat(i + 3)}a:`).join('\n')} 1\n`;
const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspc: {}\n';

const summary = (text: string) => check(text).findings.map((f) => [f.code, f.severity, f.document, f.range, f.data?.['rule']]);

describe('documents nested too deeply to read', () => {
  it('reads a document of exactly MAX_NESTING levels, flow or block, as any other', () => {
    expect(summary(flow(MAX_NESTING))).toEqual([['invalid-value', 'error', 0, r(5, 5, 5, 5 + 2 * (MAX_NESTING - 2)), undefined]]);
    expect(check(block(MAX_NESTING)).findings.map((f) => f.code)).toEqual(['invalid-value']);
  });

  it('reports one more level as not checked, at the first collection past the limit, in flow and block style', () => {
    const deepFlow = flow(MAX_NESTING + 1);
    const report = check(deepFlow);
    expect(report.findings.map((f) => [f.code, f.severity, f.message, f.range, f.data])).toEqual([
      [
        'file-too-large',
        'information',
        `Not checked: this document nests deeper than ${MAX_NESTING} levels of mappings and lists`,
        // The (MAX_NESTING + 1)-th collection: the (MAX_NESTING - 1)-th `[` after `  k: `.
        r(5, 5 + MAX_NESTING - 2, 5, 5 + MAX_NESTING - 1),
        { rule: 'nesting', limit: MAX_NESTING, pipelineStage: 'decode', verdict: 'note' },
      ],
    ]);
    expect(report.documents.map((d) => [d.checked, d.reason])).toEqual([[false, `not read: the document nests deeper than ${MAX_NESTING} levels`]]);
    // Block mappings: line 5 holds `k:`, the next lines one level more each.
    expect(summary(block(MAX_NESTING + 1))).toEqual([['file-too-large', 'information', 0, r(5 + MAX_NESTING - 1, MAX_NESTING + 1, 5 + MAX_NESTING - 1, MAX_NESTING + 2), 'nesting']]);
  });

  it('checks the documents around one nested too deeply, with their own ranges', () => {
    const deep = flow(5000);
    const text = `${POD}---\n${deep}---\n${POD}`;
    const report = check(text);
    expect(report.findings.map((f) => [f.code, f.document, f.range.start.line])).toEqual([
      ['unknown-field', 0, 4],
      ['file-too-large', 1, 11],
      ['unknown-field', 2, 17],
    ]);
    expect(report.documents.map((d) => [d.index, d.checked, d.range.start.line, d.range.end.line])).toEqual([
      [0, true, 0, 5],
      [1, false, 5, 12],
      [2, true, 12, 18],
    ]);
  });

  it('gives the parser no stand-in below the limit, and one spanning the whole document above it', () => {
    const tokens = (t: string) => [...new Parser().parse(t)].filter((x): x is CST.Document => x.type === 'document');
    expect(tooDeepOffset(tokens(flow(MAX_NESTING))[0]!)).toBeUndefined();
    expect(tooDeepOffset(tokens(flow(MAX_NESTING + 1))[0]!)).toBe(CM.length + 5 + MAX_NESTING - 2);
    const text = `${flow(9000)}---\n${POD}`;
    const parsed = parseFile(text);
    expect(parsed.documents.map((d) => [d.doc === null, d.start, d.end, d.errors.length, d.tooDeep?.limit])).toEqual([
      [true, 0, flow(9000).length, 0, MAX_NESTING],
      [false, flow(9000).length, text.length, 0, undefined],
    ]);
  });
});
