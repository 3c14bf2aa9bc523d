// parse/: documents, exact ranges, empty documents, templates, syntax errors, alias bombs, hostile input.
// Internal imports: `parse/parseFile` (parseFile: the parser alone, below the check).
import { describe, expect, it } from 'vitest';
import { parseFile } from '../../server/src/engine/parse/parseFile';
import { LineCounter, parseAllDocuments } from 'yaml';
import { check, only, r } from './helpers';

describe('parseFile', () => {
  it('splits a stream into documents with their line ranges', () => {
    const text = 'a: 1\n---\nb: 2\n---\nc: 3\n';
    const parsed = parseFile(text);
    expect(parsed.documents.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(parsed.documents.map((d) => d.range.start.line)).toEqual([0, 1, 3]);
    expect(parsed.documents[2]?.end).toBe(text.length);
  });

  it('starts the document after an empty one on its own --- line; white space between documents is the one before', () => {
    // The parser ends a document of only `---` right after the marker (and its trailing spaces).
    for (const empty of ['---\n', '---  \n', '---\r\n', '---\n\n  \n']) {
      const text = `a: 1\n${empty}---\nb: 2\n`;
      const parsed = parseFile(text);
      expect(parsed.documents.map((d) => [d.range.start, d.doc === null])).toEqual([
        [{ line: 0, character: 0 }, false],
        [{ line: 1, character: 0 }, true],
        [{ line: empty.split('\n').length, character: 0 }, false],
      ]);
      expect(parsed.documents[1]!.end).toBe(parsed.documents[2]!.start);
      expect(text.slice(parsed.documents[2]!.start).startsWith('---\nb: 2')).toBe(true);
    }
    // A comment after a `...` marker stays with the document it comes before.
    const marked = parseFile('a: 1\n...\n# about b\nb: 2\n');
    expect(marked.documents.map((d) => d.range.start.line)).toEqual([0, 2]);
  });

  it('marks empty documents (comments only, a stray ---) with doc null and no error', () => {
    const parsed = parseFile('# only a comment\n---\n---\n# another\n');
    expect(parsed.documents.length).toBeGreaterThan(0);
    for (const d of parsed.documents) {
      expect(d.doc).toBeNull();
      expect(d.errors).toEqual([]);
    }
    expect(check('# nothing here\n---\n').findings).toEqual([]);
    expect(check('').documents).toEqual([]);
  });

  it('reports a duplicate key as a syntax error at the repeated key', () => {
    const parsed = parseFile('a: 1\na: 2\n');
    expect(parsed.documents[0]?.errors).toHaveLength(1);
    expect(parsed.documents[0]?.errors[0]?.range).toEqual(r(1, 0, 1, 1));
  });

  it('finds the duplicate keys the package finds, at any depth: in lists, flow pairs and complex keys', () => {
    const text = [
      'a: {x: 1, y: 2, x: 3}',
      'b:',
      '- k: 1',
      '  k: 2',
      '- [p: 1, q: {r: 1, r: 2}]',
      '? {c: 1, c: 2}',
      ': v',
      'd: [[{e: 1, e: 2}]]',
      'a: again',
      '',
    ].join('\n');
    const ours = parseFile(text).documents[0]!.errors.filter((e) => e.message === 'Map keys must be unique').map((e) => e.range.start);
    const lineCounter = new LineCounter();
    const theirs = parseAllDocuments(text, { lineCounter })[0]!.errors.filter((e) => e.code === 'DUPLICATE_KEY').map((e) => {
      const { line, col } = lineCounter.linePos(e.pos[0]);
      return { line: line - 1, character: col - 1 };
    });
    expect(theirs).toHaveLength(6);
    expect(ours).toEqual(theirs);
  });

  it('turns an alias bomb into a syntax error of that document only', () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 8; i++) {
      const prev = String.fromCharCode(96 + i);
      const cur = String.fromCharCode(97 + i);
      levels.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const bomb = levels.join('\n');
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n---\n${bomb}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok2}\n`;
    const parsed = parseFile(text);
    expect(parsed.documents[1]?.errors.length).toBe(1);
    expect(parsed.documents[0]?.errors).toEqual([]);
    expect(parsed.documents[2]?.errors).toEqual([]);
    const report = check(text);
    expect(only(report, 'yaml-syntax').map((f) => f.document)).toEqual([1]);
    expect(report.documents.map((d) => d.checked)).toEqual([true, false, true]);
  });

  it('accepts a few aliases within the limits', () => {
    const parsed = parseFile('a: &x [1, 2]\nb: *x\nc: *x\n');
    expect(parsed.documents[0]?.errors).toEqual([]);
  });
});

describe('template detection', () => {
  const templated = (text: string) => parseFile(text).documents.map((d) => d.templated);

  it('finds {{ in a plain scalar value or a key', () => {
    expect(templated('image: repo/app:{{ .Values.tag }}\n')).toEqual([true]);
    expect(templated('labels:\n  {{ .Values.key }}x: y\n')).toEqual([true]);
  });

  it('treats {{ inside a plain value of several words as text, not a template (Prometheus alert templates)', () => {
    expect(templated('description: Pod {{ $labels.pod }} is down\n')).toEqual([false]);
    expect(templated('- High load on {{ $labels.instance }} for {{ $value }}s\n')).toEqual([false]);
    // A `{{` opening a line of a multi-line plain value shapes the YAML.
    expect(templated('a: text\n  {{ include "x" . }}\n')).toEqual([true]);
  });

  it('finds an unquoted {{ … }} value that parses as nested flow mappings', () => {
    expect(templated('image: {{ .Values.image }}\n')).toEqual([true]);
  });

  it('treats {{ in quoted strings, block scalars and comments as data', () => {
    expect(templated('a: "{{ x }}"\nb: \'{{ y }}\'\n')).toEqual([false]);
    expect(templated('a: |\n  {{ x }}\n# {{ comment }}\n')).toEqual([false]);
  });

  it('treats a document that has {{ and does not parse as a template', () => {
    expect(templated('a: "{{ x }}"\n  b: : c\n')).toEqual([true]);
  });

  it('reports a template document as not checked with one note saying so, and checks the others', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\nbogus: 1\n';
    const report = check(text);
    expect(report.documents[0]?.checked).toBe(false);
    expect(report.documents[0]?.reason).toMatch(/template/);
    expect(report.findings.map((f) => `${f.document}:${f.code}:${f.path}`)).toEqual(['0:template-not-checked:undefined', '1:unknown-field:bogus']);
  });
});

describe('hostile input finishes', () => {
  it('binary bytes', () => {
    let bytes = '';
    let seed = 7;
    for (let i = 0; i < 200_000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      bytes += String.fromCharCode(seed % 256);
    }
    const report = check(bytes);
    expect(Array.isArray(report.findings)).toBe(true);
  });

  it('a large multi-document file', () => {
    const one = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n' + Array.from({ length: 50 }, (_, i) => `  k${i}: v${i}\n`).join('');
    const text = Array(300).fill(one).join('---\n');
    const report = check(text);
    expect(report.documents).toHaveLength(300);
    expect(report.findings).toEqual([]);
  });

  it('very deep nesting', () => {
    const depth = 20_000;
    const text = `${'['.repeat(depth)}${']'.repeat(depth)}\n`;
    const report = check(text);
    expect(report.documents.length).toBeGreaterThan(0);
    const deepMap = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels: ${'{a: '.repeat(3000)}b${'}'.repeat(3000)}\n`;
    // Deeper than the engine reads (parse/nesting.ts): one note, not a stack overflow.
    expect(check(deepMap).findings.map((f) => f.code)).toEqual(['file-too-large']);
  });
});
