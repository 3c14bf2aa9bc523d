// Issue 15 (robustness): the incremental checker (lsp/incremental.ts) gives exactly the whole-file findings,
// including on the cases an adversarial pass found (a document counted as a template alone while the file has a
// syntax error, a quote running past `---`, a byte order mark, lone CRs), on seeded random texts, and in linear
// work on a 100 000-document file.
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/engine/check';
import { mayHoldGateConfig } from '../../server/src/engine/gates/config-readers';
import { parseFile } from '../../server/src/engine/parse/parseFile';
import type { FileReport } from '../../server/src/engine/types';
import { IncrementalChecker, joinPieces, splitDocuments } from '../../server/src/lsp/incremental';
import { rng } from '../fuzz/lsp-fuzzer';

const whole = (t: string): FileReport => checkText(t, { version: '1.37' });
const incremental = (t: string) => new IncrementalChecker({ wholeAbove: Infinity }).check(t, '1.37', {}, whole, mayHoldGateConfig);

const KIND = 'apiVersion: kind.x-k8s.io/v1alpha4\nkind: Cluster\nfeatureGates:\n  Foo: true\n';

describe('incremental findings equal whole-file findings', () => {
  const cases: Record<string, string> = {
    // The parser cuts the broken flow collection into two documents; the first piece alone is one templated
    // document (whose syntax errors are not reported).
    'a document counted as a template alone, a syntax error in the file': `{\n]\n]\ndata: {{ x }}\n${KIND}--- \n`,
    'a quote left open runs past the ---': `: \n'\n---\n${KIND}spec:\n  containers: []\n--- \nmetadata:\n  name: a\n`,
    'a byte order mark before comments and the first ---': `\uFEFF# head\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n---\napiVersion: v1\nkind: Pod\nspc: {}\n`,
    'a byte order mark at the start of the first document': `\uFEFFapiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n---\napiVersion: v1\nkind: Pod\nspc: {}\n`,
    'a lone CR inside a leading comment': `# one\n# two tru\re.\n\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Pod\nspc: {}\n`,
    'lone CRs as line breaks (LSP line rules) between documents': `apiVersion: v1\nkind: Pod\nmetadata: {name: a}\r\nspec: {x: 1}\n---\rx\napiVersion: v1\nkind: Pod\nspc: 1\n`,
  };
  for (const [name, text] of Object.entries(cases)) {
    it(name, () => {
      expect(incremental(text).findings).toEqual(whole(text).findings);
    });
  }

  it('on 3000 seeded random texts made of YAML pieces, markers and odd characters', () => {
    const fragments = ['---\n', 'apiVersion: v1\n', 'kind: Pod\n', 'kind: ConfigMap\n', 'metadata:\n  name: a\n', 'data: {{ x }}\n', 'a: "x\n', '\uFEFF', '# c\n', '\r', '\r\n', 'spec:\n  containers: []\n', 'x: [\n', ']\n', '  k: v\n', KIND, '- a\n', 'b: &x 1\nc: *x\n', '--- \n', '"\n', "'\n", '{\n', '}\n', 'a: |\n  ---\n', '\t\n', ': \n', '# kubegate-disable-next-line\n'];
    const r = rng(15);
    const diffs: string[] = [];
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const n = 1 + Math.floor(r() * 8);
      for (let k = 0; k < n; k++) text += fragments[Math.floor(r() * fragments.length)];
      if (JSON.stringify(incremental(text).findings) !== JSON.stringify(whole(text).findings)) diffs.push(JSON.stringify(text));
    }
    expect(diffs.slice(0, 5)).toEqual([]);
  });

  it('a warm checker after an edit gives the same findings as a fresh whole-file check', () => {
    const docs = Array.from({ length: 30 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c${i}}\ndata: {a: "1"}\n`);
    const checker = new IncrementalChecker();
    const owner = {};
    const first = docs.join('---\n');
    checker.check(first, '1.37', owner, whole, mayHoldGateConfig);
    const edited = docs.map((d, i) => (i === 17 ? d.replace('data', 'dta') : d)).join('---\n');
    expect(checker.check(edited, '1.37', owner, whole, mayHoldGateConfig).findings).toEqual(whole(edited).findings);
  });
});

describe('linear work on a 100 000-document file', () => {
  it('splitting and joining 100 000 pieces keeps every line in place', () => {
    const doc = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n';
    const text = Array.from({ length: 100_000 }, () => doc).join('---\n');
    const pieces = splitDocuments(text)!;
    expect(pieces).toHaveLength(100_000);
    const joined = joinPieces(pieces);
    expect(joined.text).toBe(text);
    expect(parseFile(joined.text.slice(0, 200)).documents.length).toBeGreaterThan(1);
    expect(joined.maps[99_999]).toEqual([[pieces[99_999].line, 5, pieces[99_999].line]]);
  });
});
