// The outline of a file (engine/features/outline.ts): one entry per YAML mapping document; a large file is read per
// document, with unchanged documents taken from the cache.
// Internal imports: `features/outline` (the document outline unit (the LSP symbols convert it)).
// Also `parse/parseFile` (parseFile: the parser alone, below the check).
import { describe, expect, it } from 'vitest';
import { outlineOf, type OutlineCache } from '../../server/src/engine';
import { documentOutline } from '../../server/src/engine/features/outline';
import { parseFile } from '../../server/src/engine/parse/parseFile';

const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: apps\n';

describe('document outline', () => {
  it('names documents Kind/name, Kind, or document N, with apiVersion and namespace as detail', () => {
    const text = `${POD}---\nkind: ConfigMap\n---\na: 1\n---\n- x\n---\nkind: Secret\nmetadata: {generateName: s-}\n`;
    const outline = outlineOf(text, new Map());
    expect(outline.map((e) => [e.name, e.detail])).toEqual([
      ['Pod/web', 'v1 · namespace apps'],
      ['ConfigMap', undefined],
      ['document 3', undefined],
      ['Secret/s-', undefined],
    ]);
    expect(outline[0]!.selectionRange).toEqual({ start: { line: 1, character: 6 }, end: { line: 1, character: 9 } });
    expect(outline[2]!.selectionRange).toEqual(outline[2]!.range);
  });

  it('gives a large file the same outline as a whole parse, and reuses unchanged documents', () => {
    const docs = Array.from({ length: 2000 }, (_, i) => POD.replace('web', `web-${i}`));
    const text = docs.join('---\n');
    expect(text.length).toBeGreaterThan(100_000);
    const cache: OutlineCache = new Map();
    const first = outlineOf(text, cache);
    expect(first).toEqual(documentOutline(parseFile(text)));
    expect(cache.size).toBe(2000);
    const kept = [...cache.values()][5];
    const edited = text.replace('name: web-0\n', 'name: web-0\n  labels: {a: b}\n');
    const second = outlineOf(edited, cache);
    expect(second).toEqual(documentOutline(parseFile(edited)));
    expect([...cache.values()][5]).toBe(kept);
  });
});
