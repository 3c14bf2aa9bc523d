// The per-document re-check (engine/incremental) where the cut at `---` lines and the parser's documents could
// differ: lines before the first `---` that start with a byte order mark (the parser makes no document of them,
// so they must join the first piece, or the cache files findings under the wrong piece and an edit reports a
// finding twice), and broken YAML whose open quote runs past a `---`.
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/engine/check';
import type { FileReport } from '../../server/src/engine/codes/finding';
import { IncrementalChecker } from '../../server/src/engine/incremental/checker';
import { splitDocuments } from '../../server/src/engine/incremental/pieces';

const whole = (t: string): FileReport => checkText(t, { version: '1.37' });
const doc = (i: number) => `---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a${i}}\ndta${i}: 1\n`;

describe('incremental re-check with a byte order mark before the first ---', () => {
  for (const head of ['\ufeff# c\n', '# kubegate: kubernetes-version=1.37\n\ufeff# c\n']) {
    it(`equals the whole-file check after an edit (head ${JSON.stringify(head)})`, () => {
      const before = head + [0, 1, 2, 3, 4, 5].map(doc).join('');
      const after = before.replace('dta5: 1', 'dta5: 2');
      expect(splitDocuments(before)?.[0]?.text.startsWith(head + '---')).toBe(true);
      const checker = new IncrementalChecker();
      expect(checker.check(before, '1.37', 1, whole, () => false)).toEqual(whole(before));
      const report = checker.check(after, '1.37', 1, whole, () => false);
      expect(report).toEqual(whole(after));
      expect(report.findings.filter((f) => f.code === 'unknown-field')).toHaveLength(6);
    });
  }
});

describe('incremental re-check of broken YAML', () => {
  it('an open quote that runs past --- lines gives the whole-file report, and no finding is left after the fix', () => {
    const good = [0, 1, 2, 3, 4, 5].map(doc).join('');
    const broken = good.replace('name: a1}', 'name: "a1}');
    const checker = new IncrementalChecker();
    expect(checker.check(good, '1.37', 1, whole, () => false)).toEqual(whole(good));
    const b = checker.check(broken, '1.37', 1, whole, () => false);
    expect(b.findings.some((f) => f.code === 'yaml-syntax')).toBe(true);
    expect(b).toEqual(whole(broken));
    const fixed = checker.check(good, '1.37', 1, whole, () => false);
    expect(fixed).toEqual(whole(good));
  });
});
