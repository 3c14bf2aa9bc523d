// The small shared facts of the engine: apiVersion parts, version texts, did-you-mean, offsets ↔ positions.
// Internal imports: `base/line-index`, `base/similar-names` (small shared helpers (offset edits, edit distance) with
// no public surface).
// Also `base/api-version` (groupOf, versionOf), `base/kube-version` (compareVersions, minorText): small helpers with
// no public surface.
import { describe, expect, it } from 'vitest';
import { splitApiVersion, parseMajorMinor, supportedVersion, LineIndex, applyRangeEdits, closestName } from '../../server/src/engine';
import { groupOf, versionOf } from '../../server/src/engine/base/api-version';
import { compareVersions, minorText } from '../../server/src/engine/base/kube-version';
import { applyOffsetEdits, lineCount, lineStartAt, lineStarts, splitLines } from '../../server/src/engine/base/line-index';
import { closeNames, editDistance, sameLetters } from '../../server/src/engine/base/similar-names';

describe('apiVersion parts', () => {
  it('splits group and version; the core group is ""', () => {
    expect(splitApiVersion('apps/v1')).toEqual(['apps', 'v1']);
    expect(splitApiVersion('v1')).toEqual(['', 'v1']);
    expect(groupOf('kubeadm.k8s.io/v1beta4')).toBe('kubeadm.k8s.io');
    expect(versionOf('v1')).toBe('v1');
  });
});

describe('Kubernetes version texts', () => {
  it('release: the forms of a setting', () => {
    for (const t of ['1.36', 'v1.36', '1.36.2', ' v1.36.2 ']) expect(supportedVersion(t, 'release')).toBe('1.36');
    for (const t of ['1.36.0-alpha.1', '01.36', '1.036', 'latest', '1.99']) expect(supportedVersion(t, 'release')).toBeUndefined();
  });

  it('tagged: a release with a pre-release or build suffix (directives, the CLI flag)', () => {
    expect(supportedVersion('1.37.0-alpha.1', 'tagged')).toBe('1.37');
    expect(supportedVersion('v1.35.2+abc', 'tagged')).toBe('1.35');
    expect(supportedVersion('v1.35.2-gke.100', 'tagged')).toBe('1.35');
    expect(supportedVersion('1.35 x', 'tagged')).toBeUndefined();
  });

  it('prefix: anything that starts with major.minor (a gitVersion, an image tag)', () => {
    expect(parseMajorMinor('v1.36.4-eks-1234567', 'prefix')).toEqual({ major: 1, minor: 36 });
    expect(parseMajorMinor('v1.35.2-gke.100', 'prefix')).toEqual({ major: 1, minor: 35 });
    expect(minorText('1.34.1', 'prefix')).toBe('1.34');
    expect(parseMajorMinor('unknown', 'prefix')).toBeUndefined();
  });

  it('orders version texts by number, part by part', () => {
    expect(['1.10', 'v1.34', '1.9', '1.34.1', '1.34'].sort(compareVersions)).toEqual(['1.9', '1.10', 'v1.34', '1.34', '1.34.1']);
    expect(compareVersions('v1.36', '1.36.0')).toBe(0);
  });
});

describe('did-you-mean', () => {
  it('one distance with transpositions; a cap stops early', () => {
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('same letters ignoring case win alone; else edits within a third of the length (1 to 3) or an abbreviation', () => {
    expect(closeNames('skipnodeoperations', ['SkipNodeOperations', 'skipNodeOperations', 'SkipNodeOperation'])).toEqual(['SkipNodeOperations', 'skipNodeOperations']);
    expect(closestName('Deplyment', ['DaemonSet', 'Deployment'])).toBe('Deployment');
    expect(closestName('conf', ['config', 'format'])).toBe('config');
    expect(closestName('co', ['config'])).toBeUndefined();
    expect(closestName('zzz', ['Deployment'])).toBeUndefined();
    expect(closeNames('abcd', ['abce', 'abcf', 'xbcd', 'abcde'], 2)).toEqual(['abcde', 'abce']);
    expect(closestName('name', ['name'])).toBeUndefined();
    expect([sameLetters('gate', 'Gate'), sameLetters('gate', 'gate'), sameLetters('gate', 'gates')]).toEqual([true, false, false]);
  });
});

describe('line index', () => {
  const text = 'ab\r\ncd\ref\ngh';
  it('ends lines at LF, CR LF and a lone CR, as LSP does', () => {
    expect(lineStarts(text)).toEqual([0, 4, 7, 10]);
    expect(lineCount(text)).toBe(4);
    expect(splitLines(text)).toEqual(['ab', 'cd', 'ef', 'gh']);
    expect(lineStarts('a\nb\n')).toEqual([0, 2, 4]);
    expect([0, 1, 2, 3, 9].map((n) => lineStartAt(text, n))).toEqual([...lineStarts(text), text.length]);
    expect(lineStartAt('\na\n', 1)).toBe(1);
  });

  it('converts offsets and positions, clamping to the text and to the next line start', () => {
    const index = new LineIndex(text);
    expect(index.positionAt(5)).toEqual({ line: 1, character: 1 });
    expect(index.positionAt(99)).toEqual({ line: 3, character: 2 });
    expect(index.offsetAt({ line: 1, character: 1 })).toBe(5);
    expect(index.offsetAt({ line: 0, character: 99 })).toBe(4);
    expect(index.offsetAt({ line: 9, character: 0 })).toBe(text.length);
    expect(index.lineText(0)).toBe('ab');
    expect(index.lineText(2)).toBe('ef');
    expect(index.lineText(4)).toBe('');
  });

  it('applies edits; inserts at one place keep their order', () => {
    expect(applyOffsetEdits('abc', [{ start: 1, end: 1, newText: 'x' }, { start: 1, end: 1, newText: 'y' }, { start: 2, end: 3, newText: '' }])).toBe('axyb');
    const at = { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } };
    expect(applyRangeEdits('ab\ncd\n', [{ range: at, newText: '1' }, { range: at, newText: '2' }])).toBe('ab\n12cd\n');
  });
});
