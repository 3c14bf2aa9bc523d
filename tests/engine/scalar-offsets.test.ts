// Offsets of a string scalar's characters in the file (YAML held in a string: kind kubeadmConfigPatches).
// Internal imports: `parse/scalar-offsets` (scalarValueOffsets: a scalar's characters in the file, no public
// surface).
import { isMap, isScalar, parseDocument, type Scalar } from 'yaml';
import { describe, expect, it } from 'vitest';
import { scalarValueOffsets } from '../../server/src/engine/parse/scalar-offsets';

function valueOf(text: string): Scalar {
  const doc = parseDocument(text);
  const root = doc.contents;
  if (!isMap(root)) throw new Error('not a map');
  const v = root.items[0]!.value;
  if (!isScalar(v)) throw new Error('not a scalar');
  return v as Scalar;
}

/** Each character of the value read back from the file at its mapped offset. */
function readBack(text: string, node: Scalar): string {
  const offsets = scalarValueOffsets(text, node);
  const value = String(node.value);
  return [...value].map((c, i) => (c === '\n' || c === ' ' ? c : text[offsets[i]!])).join('');
}

describe('scalar value offsets', () => {
  it('literal, stripped, kept and folded block scalars, any indentation, CRLF', () => {
    for (const text of [
      'p: |\n  kind: A\n  x:\n    y: 1\n',
      'p: |-\n      kind: A\n\n      x: "q"\n',
      'p: |+\n  a\n\n',
      'p: >\n  kind: A\n\n  x: 1\n',
      'p: |2\n    indented more\n  back\n',
      'p: |\r\n  kind: A\r\n  x: 1\r\n',
    ]) {
      const node = valueOf(text);
      expect(readBack(text, node), JSON.stringify(text)).toBe(String(node.value));
      expect(scalarValueOffsets(text, node)).toHaveLength(String(node.value).length + 1);
    }
  });

  it('plain and quoted scalars map exactly; an escaped one maps to its start', () => {
    for (const text of ['p: plain words\n', "p: 'single'\n", 'p: "double"\n']) {
      const node = valueOf(text);
      expect(readBack(text, node)).toBe(String(node.value));
    }
    const escaped = 'p: "a\\tb"\n';
    const node = valueOf(escaped);
    expect(new Set(scalarValueOffsets(escaped, node).slice(0, -1))).toEqual(new Set([node.range![0]]));
  });
});
