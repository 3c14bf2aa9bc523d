// Completion reads only the lines of the cursor's YAML document (engine/complete/document-window.ts), found around
// the cursor without splitting the whole text. The window must be the one the whole text's lines give: compared
// here, line by line, with every line of the text split as LSP counts lines.
// Internal imports: `complete` (the cursor context and completion at a position of a window of a long text).
// Also `complete/document-window` (documentWindow: the lines of the document at a line, no public surface),
// `base/line-index` (splitLines).
import { describe, expect, it } from 'vitest';
import { completeAt, cursorContext } from '../../server/src/engine/complete';
import { documentWindow } from '../../server/src/engine/complete/document-window';
import { gateCatalog, loadVersion } from '../../server/src/engine';
import { splitLines } from '../../server/src/engine/base/line-index';

/** The document around `line` read from all the lines (what completion did before). */
function reference(text: string, line: number): { first: number; lines: string[] } | undefined {
  const all = splitLines(text);
  if (line < 0 || line >= all.length) return undefined;
  let first = 0;
  for (let i = line; i >= 0; i--) {
    if (i < line && /^(---|\.\.\.)(\s|$)/.test(all[i])) {
      first = i + 1;
      break;
    }
    if (i === line && /^---(\s|$)/.test(all[i]) && i > 0) {
      first = i;
      break;
    }
  }
  let end = all.length;
  for (let i = line + 1; i < all.length; i++) {
    if (/^(---|\.\.\.)(\s|$)/.test(all[i])) {
      end = i;
      break;
    }
  }
  return { first, lines: all.slice(first, end) };
}

const DOC = 'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n';
const TEXTS: Record<string, string> = {
  one: DOC,
  two: `${DOC}---\n${DOC}`,
  'leading marker': `---\n${DOC}---\n${DOC}`,
  'marker with comment, end marker': `# head\n---  # first\n${DOC}...\n---\n${DOC}\n\n`,
  'empty lines at start and end': `\n\n${DOC}---\n\n---\n`,
  'CR LF': `${DOC}---\n${DOC}`.replace(/\n/g, '\r\n'),
  'lone CR': `apiVersion: v1\rkind: Pod\n---\rspec:\r\n  x: 1\r`,
  'no final line break': `${DOC}---\nkind: Pod`,
  'only markers': '---\n---\n...\n---',
  empty: '',
  'one line break': '\n',
};

describe('the document window of a line', () => {
  for (const [name, text] of Object.entries(TEXTS)) {
    it(`${name}: every line gets the window the whole text's lines give`, () => {
      const count = splitLines(text).length;
      for (let line = -1; line <= count; line++) expect(documentWindow(text, line), `line ${line}`).toEqual(reference(text, line));
    });
  }

  it('a known line start gives the same window', () => {
    const text = TEXTS['two'];
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    starts.forEach((start, line) => expect(documentWindow(text, line, start)).toEqual(reference(text, line)));
  });
});

describe('completion through the window', () => {
  it('a key line in the middle of a long stream: positions in file lines, keys of the cursor document only', () => {
    const deployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  replicas: 1\n';
    const docs = Array.from({ length: 200 }, (_, i) => (i === 100 ? `${deployment.replace('spec:\n', 'spec:\n  \n')}` : DOC));
    const text = docs.join('---\n');
    const line = splitLines(text).findIndex((l, i, all) => l === '  ' && all[i - 1] === 'spec:');
    const pos = { line, character: 2 };
    const ctx = cursorContext(text, pos);
    expect(ctx).toMatchObject({ mode: 'key', path: [{ key: 'spec' }], siblings: ['replicas'], apiVersion: 'apps/v1', kind: 'Deployment' });
    expect(ctx?.replaceStart).toEqual(pos);
    const data = loadVersion('1.37').data;
    const entries = completeAt(text, pos, { version: '1.37', data, gates: gateCatalog(), snippets: [] });
    const labels = entries.map((e) => e.label);
    expect(labels).toContain('selector');
    expect(labels).not.toContain('replicas');
    expect(entries.every((e) => e.range.start.line === line)).toBe(true);
  });
});
