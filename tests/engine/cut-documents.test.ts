// The one cut of a text into YAML documents at its `---` lines (engine/parse/cut-documents.ts): each piece is the
// parser's document of the same index, starting on the line the parser puts it on; texts where a plain cut is
// unsafe are not cut.
// Internal imports: `parse/cut-documents` (where a text is cut at its `---` lines, no public surface),
// `parse/parseFile` (parseFile: the parser alone, below the check).
import { describe, expect, it } from 'vitest';
import { cutDocuments, documentMarkers } from '../../server/src/engine/parse/cut-documents';
import { parseFile } from '../../server/src/engine/parse/parseFile';

const TEXTS: Record<string, string> = {
  plain: 'a: 1\n---\nb: 2\n--- # marked\nc: 3\n',
  'leading comments and a byte order mark': '\uFEFF# head\n\n---\na: 1\n---\tb\n',
  'CR LF': 'a: 1\r\n---\r\nb: |\r\n  x\r\n---\r\nc: 3',
  'no marker': 'a: 1\nb: 2\n',
  'markers only': '---\n---\n---',
  'not markers': 'a: "---"\nb: ----\n---x: 1\n',
};

describe('cutDocuments', () => {
  for (const [name, text] of Object.entries(TEXTS)) {
    it(`${name}: piece i is document i, from the line it starts on, and the pieces make the text`, () => {
      const pieces = cutDocuments(text)!;
      expect(pieces.map((p) => p.text).join('')).toBe(text);
      const parsed = parseFile(text).documents;
      expect(pieces).toHaveLength(parsed.length);
      pieces.forEach((p, i) => expect(p.line, `${i}`).toBe(parsed[i]!.range.start.line));
    });
  }

  it('leaves uncut a text with document ends, directives or a lone CR', () => {
    expect(cutDocuments('a: 1\n...\n---\nb: 2\n')).toBeUndefined();
    expect(cutDocuments('%YAML 1.2\n---\na: 1\n')).toBeUndefined();
    expect(cutDocuments('a: 1\r---\nb: 2\n')).toBeUndefined();
  });

  it('documentMarkers: the marker lines from an offset, a line separator of Unicode being no line end', () => {
    const text = 'a: 1\n---\nb: 2\u2028---\n--- x\n';
    expect(documentMarkers(text)).toEqual([5, text.indexOf('--- x')]);
    expect(documentMarkers(text, text.indexOf('--- x'))).toEqual([text.indexOf('--- x')]);
  });
});
