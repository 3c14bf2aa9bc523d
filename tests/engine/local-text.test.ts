// The smaller text for a request about one place of a large file (engine/incremental/local-text.ts): the
// documents the request touches plus the config documents, with line maps both ways.
// Internal imports: `incremental/local-text` (localText: the documents a request touches, no public surface).
import { describe, expect, it } from 'vitest';
import { localText } from '../../server/src/engine/incremental/local-text';

const doc = (i: number) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\ndata:\n  k: v\n`;
const KIND = 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\n';
const isKind = (t: string) => t.includes('kind.x-k8s.io');

describe('localText', () => {
  it('is the whole text for a small file', () => {
    const text = [doc(0), doc(1)].join('---\n');
    const local = localText(text, { from: 0, to: 0 }, () => false);
    expect(local.text).toBe(text);
    expect(local.toLocal({ line: 3, character: 2 })).toEqual({ line: 3, character: 2 });
  });

  it('keeps the touched documents and the configs of a large file, mapping lines both ways', () => {
    const docs = Array.from({ length: 200 }, (_, i) => (i === 150 ? KIND : doc(i)));
    const text = docs.join('---\n');
    const fileLines = text.split('\n');
    const line = 7 * 40 + 3; // `  name: c40` in document 40 (7 lines per document with its `---`)
    expect(fileLines[line]).toBe('  name: c40');
    const local = localText(text, { from: line, to: line }, isKind);
    expect(local.text.length).toBeLessThan(text.length / 10);
    expect(local.text).toContain('name: c40');
    expect(local.text).toContain('kind.x-k8s.io');
    expect(local.text).not.toContain('name: c41');
    const at = local.toLocal({ line, character: 4 })!;
    expect(local.text.split('\n')[at.line]).toBe('  name: c40');
    expect(local.toFile({ start: at, end: at })).toEqual({ start: { line, character: 4 }, end: { line, character: 4 } });
    expect(local.toLocal({ line: 7 * 100 + 3, character: 0 })).toBeUndefined();
    const kindLocal = local.text.split('\n').findIndex((l) => l.includes('kind.x-k8s.io'));
    const kindFile = local.toFile({ start: { line: kindLocal, character: 0 }, end: { line: kindLocal, character: 0 } })!;
    expect(fileLines[kindFile.start.line]).toContain('kind.x-k8s.io');
  });
});
