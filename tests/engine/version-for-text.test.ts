// The version a text is checked against (engine/check/version-for-text.ts): its version comment in the first lines,
// else the version from outside the file.
// Internal imports: `check/version-for-text` (headOf: the part of a text read for its version comment), `check`
// (analyzeFile: the parsed and walked documents before the gate step; the public check gives a report).
import { describe, expect, it } from 'vitest';
import { versionForText } from '../../server/src/engine';
import { headOf } from '../../server/src/engine/check/version-for-text';
import { analyzeFile } from '../../server/src/engine/check';

describe('versionForText', () => {
  it('reads the version comment of the first lines, else answers the fallback', () => {
    expect(versionForText('# kubegate: kubernetes-version=1.36\napiVersion: v1\nkind: Pod\n', '1.37')).toBe('1.36');
    expect(versionForText('apiVersion: v1\n# kubegate: kubernetes-version=v1.36.2\nkind: Pod\n', '1.37')).toBe('1.36');
    expect(versionForText('apiVersion: v1\nkind: Pod\n', '1.37')).toBe('1.37');
    expect(versionForText('', '1.37')).toBe('1.37');
  });

  it('ignores a comment below the first ten lines, an unsupported version and a # inside a string', () => {
    expect(versionForText(`${'a: 1\n'.repeat(12)}# kubegate: kubernetes-version=1.36\n`, '1.37')).toBe('1.37');
    expect(versionForText('# kubegate: kubernetes-version=0.1\n', '1.37')).toBe('1.37');
    expect(versionForText('a: "# kubegate: kubernetes-version=1.36"\n', '1.37')).toBe('1.37');
  });

  it('agrees with the version the whole-file check uses', () => {
    const texts = [
      '# kubegate: kubernetes-version=1.36\n---\na: 1\n',
      `${'# c\n'.repeat(9)}# kubegate: kubernetes-version=1.36\n`,
      `${'# c\n'.repeat(10)}# kubegate: kubernetes-version=1.36\n`,
      '\uFEFF# kubegate: kubernetes-version=1.36\n',
      'a: |\n  # kubegate: kubernetes-version=1.36\n',
    ];
    for (const text of texts) expect(versionForText(text, '1.37'), JSON.stringify(text)).toBe(analyzeFile(text, { version: '1.37' }).version);
  });

  it('reads only the head of a long text', () => {
    const text = `${'a: 1\n'.repeat(100)}`;
    expect(headOf(text).split('\n').length).toBeLessThan(15);
    expect(headOf('a: 1')).toBe('a: 1');
    expect(headOf('a: 1\r'.repeat(100)).split('\r').length).toBeLessThan(15);
  });
});
