// Lexical cases read as kubectl reads them (server/src/engine/parse/kubectl-lexical.ts has the upstream source):
// a lone CR ends a line, a byte order mark opening a later document is skipped, a control character makes
// kubectl refuse its document ("control characters are not allowed"). Exact ranges and verdicts.
// Internal imports: `parse/kubectl-lexical` (the control-character scan, a unit with no public surface).
import { describe, expect, it } from 'vitest';
import { firstControlCharacter, kubectlLines, loneCrAsLf } from '../../server/src/engine/parse/kubectl-lexical';
import { OpenDocument } from '../../server/src/engine';
import { check, r, V } from './helpers';

const docs = (t: string) => check(t).documents.map((d) => [d.kind ?? null, d.checked]);

describe('lexical cases as kubectl reads them', () => {
  it('a lone CR ends a line: the ConfigMap is read and checked (an unknown field found on its line)', () => {
    const text = 'apiVersion: v1\rkind: ConfigMap\rmetadata:\r  name: a\rdta:\r  k: v\r';
    expect(loneCrAsLf(text)).toHaveLength(text.length);
    const report = check(text);
    expect(docs(text)).toEqual([['ConfigMap', true]]);
    expect(report.findings.map((f) => [f.code, f.path, f.range])).toEqual([['unknown-field', 'dta', r(4, 0, 4, 3)]]);
    // CR LF is unchanged.
    expect(loneCrAsLf('a: 1\r\nb: 2\r')).toBe('a: 1\r\nb: 2\n');
  });

  // go-yaml's is_break (kubectl-lexical.ts has the source): NEL, LS and PS end a line, so a comment ends there and
  // the field after it is applied by kubectl. LSP counts no line there: the field lies on the comment's line.
  for (const [name, br] of [['NEL', '\u0085'], ['LS', '\u2028'], ['PS', '\u2029']] as const) {
    it(`${name} ends a comment as it does for kubectl: the field written after it is read and checked`, () => {
      const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a # note${br}dta:\n  k: v\n`;
      expect(kubectlLines(text)).toHaveLength(text.length);
      const at = text.split('\n')[3]!.indexOf('dta');
      const report = check(text);
      expect(report.findings.map((f) => [f.code, f.path, f.range])).toEqual([['unknown-field', 'dta', r(3, at, 3, at + 3)]]);
      // The editor's per-document walks give the same answer.
      const open = new OpenDocument({ wholeAbove: Infinity }).update(`${text}---\n${text}`, { version: V }, { maxChars: 1_000_000 });
      expect(open.findings.map((f) => [f.path, f.range.start.line])).toEqual([['dta', 3], ['dta', 9]]);
    });
  }

  it('a field after LS inside a mapping value ends the value: a wrong nested field is found at its column', () => {
    const text = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  replicas: 1 # one\u2028  bogus: 2\n';
    const at = text.split('\n')[4]!.indexOf('bogus');
    expect(check(text).findings.filter((f) => f.code === 'unknown-field').map((f) => [f.path, f.range])).toEqual([['spec.bogus', r(4, at, 4, at + 5)]]);
  });

  it('a BOM opening a later document is skipped: both documents are checked', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n\uFEFFapiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\nbogus: 1\n';
    expect(docs(text)).toEqual([['ConfigMap', true], ['ConfigMap', true]]);
    expect(check(text).findings.map((f) => [f.code, f.path, f.document, f.range])).toEqual([['unknown-field', 'bogus', 1, r(7, 0, 7, 5)]]);
  });

  it('a NUL byte in a value: kubectl refuses that document (only that one)', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata:\n  k: "a\u0000b"\n';
    const report = check(text);
    expect(report.findings.map((f) => [f.code, f.severity, f.message, f.document, f.range, f.data])).toEqual([
      [
        'yaml-syntax',
        'error',
        'Applying fails: kubectl refuses this document: control characters are not allowed (U+0000)',
        1,
        r(8, 7, 8, 8),
        { rule: 'yaml-control-character', pipelineStage: 'decode', verdict: 'rejected', codePoint: 'U+0000' },
      ],
    ]);
    expect(docs(text)).toEqual([['ConfigMap', true], [null, false]]);
  });

  it('the characters go-yaml accepts: tab, LF, CR, NEL, printable, astral; refuses DEL, C1, lone surrogates', () => {
    expect(firstControlCharacter('a\tb\nc\rd\u0085é😀\uFEFF')).toBeUndefined();
    expect(firstControlCharacter('ab\u007f')).toEqual({ offset: 2, code: 0x7f });
    expect(firstControlCharacter('a\u0090')).toEqual({ offset: 1, code: 0x90 });
    expect(firstControlCharacter('a\ud800b')).toEqual({ offset: 1, code: 0xd800 });
    expect(firstControlCharacter('\u0001')).toEqual({ offset: 0, code: 1 });
  });
});
