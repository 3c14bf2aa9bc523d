// The per-document walks of an open document (engine/incremental) where the cut at `---` lines and the parser's documents could
// differ: lines before the first `---` that start with a byte order mark (the parser makes no document of them,
// so they must join the first piece, or a kept walk is placed as the wrong document and an edit reports a finding
// twice), and broken YAML whose open quote runs past a `---`.
// Internal imports: `incremental/pieces` (splitDocuments: where a text is cut into documents, no public surface).
import { describe, expect, it } from 'vitest';
import { type FileReport, OpenDocument, Analysis } from '../../server/src/engine';
import { splitDocuments } from '../../server/src/engine/incremental/pieces';

const CTX = { version: '1.37' } as const;
const LIMIT = { maxChars: 1_000_000 };
const whole = (t: string): FileReport => new Analysis(CTX).check(t);
const doc = (i: number) => `---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a${i}}\ndta${i}: 1\n`;

describe('incremental re-check with a byte order mark before the first ---', () => {
  for (const head of ['\ufeff# c\n', '# kubegate: kubernetes-version=1.37\n\ufeff# c\n']) {
    it(`equals the whole-file check after an edit (head ${JSON.stringify(head)})`, () => {
      const before = head + [0, 1, 2, 3, 4, 5].map(doc).join('');
      const after = before.replace('dta5: 1', 'dta5: 2');
      expect(splitDocuments(before)?.[0]?.text.startsWith(head + '---')).toBe(true);
      const open = new OpenDocument();
      expect(open.update(before, CTX, LIMIT)).toEqual(whole(before));
      const walks = open.walks;
      const report = open.update(after, CTX, LIMIT);
      expect(open.walks - walks).toBe(1);
      expect(report).toEqual(whole(after));
      expect(report.findings.filter((f) => f.code === 'unknown-field')).toHaveLength(6);
    });
  }
});

describe('incremental re-check of broken YAML', () => {
  it('an open quote that runs past --- lines gives the whole-file report, and no finding is left after the fix', () => {
    const good = [0, 1, 2, 3, 4, 5].map(doc).join('');
    const broken = good.replace('name: a1}', 'name: "a1}');
    const open = new OpenDocument();
    expect(open.update(good, CTX, LIMIT)).toEqual(whole(good));
    const b = open.update(broken, CTX, LIMIT);
    expect(b.findings.some((f) => f.code === 'yaml-syntax')).toBe(true);
    expect(b).toEqual(whole(broken));
    // The broken document's walk alone is unsure: the whole text was walked (each of its six documents).
    const walks = open.walks;
    const fixed = open.update(good, CTX, LIMIT);
    expect(fixed).toEqual(whole(good));
    // The walks of the good text's documents were kept through the broken text (a walk is its document's alone):
    // back to the good text, nothing is walked again.
    expect(open.walks - walks).toBe(0);
  });
});
