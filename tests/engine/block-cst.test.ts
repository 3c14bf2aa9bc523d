// The fast path of the parser (engine/parse/block-cst.ts) builds exactly the CST tokens of the `yaml` package's
// Parser for the documents it reads, leaves every other document to the package (read alone), and parseDocuments
// gives exactly the package's documents. Checked on inline texts, on every corpus file, on the benchmark's
// generated streams, on the texts the incremental check joins, and on seeded mutations of them.
// Internal imports: `parse/block-cst` (the line reader of block documents, no public surface), `parse/parseFile`
// (parseDocuments: the package's reading to compare with), `parse/kubectl-lexical` (kubectlLines: the text as the
// parser is given it), `base/line-index` (lineStarts), `incremental/pieces` (splitDocuments, joinPieces: the cut
// documents, read apart).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LineCounter, Parser, parseAllDocuments, visit, type CST, type Document } from 'yaml';
import { blockCst, type BlockCstMode } from '../../server/src/engine/parse/block-cst';
import { parseDocuments } from '../../server/src/engine/parse/parseFile';
import { kubectlLines } from '../../server/src/engine/parse/kubectl-lexical';
import { lineStarts } from '../../server/src/engine/base/line-index';
import { joinPieces, splitDocuments } from '../../server/src/engine/incremental/pieces';
import { rng } from '../support/random';
import { hasShared, sharedDir, sharedTitle } from '../support/shared';

/** The fast path's tokens and how they were made (undefined: the text is left to the package whole). */
function fastTokens(text: string): { mode: BlockCstMode | undefined; tokens: CST.Token[] } {
  const tokens: CST.Token[] = [];
  return { mode: blockCst(text, (t) => tokens.push(t)), tokens };
}

const libraryDocuments = (text: string, lineCounter?: LineCounter) =>
  parseAllDocuments(text, { lineCounter, uniqueKeys: false, prettyErrors: false }) as Document.Parsed[];

const libraryTokens = (text: string) => [...new Parser().parse(text)];

/** Every node of the documents with what the engine reads of it (type, range, value, scalar style, source). */
function dump(docs: Document.Parsed[]): unknown[] {
  const out: unknown[] = [];
  for (const doc of docs) {
    out.push(['doc', doc.range, doc.errors.map((e) => [e.code, e.pos]), doc.directives?.docStart ?? false]);
    visit(doc, (key, node) => {
      if (node === null) return void out.push([key, null]);
      const n = node as { constructor: { name: string }; range?: unknown; value?: unknown; type?: unknown; source?: unknown; format?: unknown; flow?: unknown };
      out.push([key, n.constructor.name, n.range, typeof n.value === 'object' ? undefined : n.value, n.type, n.source, n.format, n.flow]);
    });
  }
  return out;
}

/** parseDocuments gives the package's documents and line starts (the package reading the lines go-yaml reads:
 *  a lone CR, NEL, LS and PS as LF, kubectl-lexical.ts; the line starts then are LSP's, lineStarts). */
function expectSameDocuments(text: string): void {
  const ours = new LineCounter();
  const theirs = new LineCounter();
  const source = kubectlLines(text);
  expect(dump(parseDocuments(text, ours)), JSON.stringify(text)).toStrictEqual(dump(libraryDocuments(source, theirs)));
  expect(ours.lineStarts).toStrictEqual(source === text ? theirs.lineStarts : lineStarts(text));
}

/** The fast path reads the text in the given mode, its tokens are the package's, and so are the documents. */
function expectReadAndEqual(text: string, mode: BlockCstMode = 'block'): void {
  const got = fastTokens(text);
  expect(got.mode).toBe(mode);
  expect(got.tokens).toStrictEqual(libraryTokens(text));
  expectSameDocuments(text);
}

const ACCEPTED: Record<string, string> = {
  'nested maps, a sequence of maps, a sequence at its key’s column':
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n    app.kubernetes.io/name: "x"\nspec:\n  containers:\n  - name: c\n    image: \'r/i:1\'\n    args:\n    - --v=2\n    - -1\n  volumes:\n  - name: v\n    emptyDir: {}\n  tolerations: []\nstatus:\n- a\n- b\n',
  'documents split by ---, a leading ---, an empty last document': '---\na: 1\n---\nb:\n  c: true\n---\n',
  'no final line break': 'a: b\nc:\n- d',
  'quoted keys and escapes, values with colons and hashes inside': '"a b": \'it\'\'s\'\n\'k\': "x\\"y"\nurl: http://h:80/p#frag\nn: a:b\n',
  'wide gaps after : and -': 'a:    b\nc:\n-   d\n-   e: f\n    g: h\n',
  'scalars the core schema types': 'a: null\nb: ~\nc: 0x1F\nd: 0o17\ne: 1.50\nf: .inf\ng: -.5e3\nh: True\ni: "1"\n',
  'a root sequence': '- a\n- b: c\n  d: e\n',
  'a long key (an error of the composer, same as the package)': `${'k'.repeat(1100)}: v\n`,
  'comments after values and keys': 'a: b # c\nd: "e"  # f\ng:  # h\n  i: j #k\nl:\n- m # n\n',
  'comment and blank lines before the first document, between items and at the end':
    '# license\n\napiVersion: v1\n# about kind\n\nkind: Pod\nspec:\n\n  # the containers\n  containers:\n\n  - name: c\n\n    # image\n    image: i\n# end\n\n',
  'comments at the column of a nested collection stay in it; shallower ones go up':
    'a:\n  b:\n    c: 1\n    # stays in b\n  # stays in a\nd:\n  e: 1\n  # in a\n# top\nf:\n- g: 1\n  # in the item\n- h\n  # deeper than the sequence\n',
  'a comment deeper than its collection joins the value above it': 'a: 1\n    # joins 1\n\n    # and this\nb: {}\n  # joins {}\nc:\n- d\n  # joins d\n',
  'comment lines after --- and at the end of documents': '---\n# one\na: 1\n# after one\n---\n\n# two\nb:\n  c: 2\n  # in b\n',
  'block scalars': 'a: |\n  x\n\n  y\n\n\nb: |-\n    # not a comment\n    z\nc:\n  d: >\n    folded\n    text\n  # after\n  e: >-\n\n    first line after a blank one\nf: g\n',
  'a block scalar in a mapping in a sequence, then the end of the document': '- a: |\n    x\n  b: 1\n- c: |\n    y\n\n',
  'plain scalars folded over lines, in a mapping and in sequences': 'a: one\n  two\n   three !x (y) \'z\'\nb:\n- c\n d\n- e: f\n    g\n  h: i\n',
  'a folded plain scalar with a comment on its last line, then a deeper comment': 'a: b\n  c # d\n  # e\nf: g\n  h\n',
  'flow sequences of scalars on one line': 'a: [b, "c d", \'e\'\'s\']\nf:\n- [--v=2, -1, "x\\"]"]  # g\n- ["h" ,i ,  j k ]\nl: [m]\nn: [ o]\n',
  'a flow sequence as the last value, without a final line break': 'a:\n  b: [c, d]',
  'quoted scalars folded over lines, with escapes and trailing spaces':
    'a: "b\n  c \\"d\\" \\\n  e"\nf: \'g  \n  h\'\'s\' # i\nj:\n- "k\n  # not a comment\n  l"\n',
};

/** Documents the block reader does not read (the package reads them alone). */
const REFUSED: Record<string, string> = {
  'a comment right after a key': 'a:# c\n  b: d\n',
  'a comment line that ends in a space': 'a: b\n# c \nd: e\n',
  'a line of spaces': 'a: b\n  \nc: d\n',
  'a block scalar that keeps its final line breaks': 'a: |+\n  x\n\n',
  'a block scalar with an indentation indicator': 'a: |2\n   x\n',
  'a block scalar in a sequence': '- |\n  x\n',
  'an empty block scalar': 'a: |\nb: c\n',
  'a comment after a block scalar’s header': 'a: | # c\n  x\n',
  'only comments after ---': '---\n# c\n',
  'an anchor and an alias': 'a: &x b\nc: *x\n',
  'a tag': 'a: !!str b\n',
  'a flow sequence of collections': 'a: [b, [c]]\n',
  'a flow sequence with a pair': 'a: [b: c]\n',
  'a flow sequence with a plain scalar holding a colon': 'a: [http://b]\n',
  'a flow sequence with a trailing comma': 'a: [b, ]\n',
  'a flow sequence with an empty item': 'a: [b, , c]\n',
  'an empty flow sequence with spaces': 'a: [ ]\n',
  'a flow sequence over two lines': 'a: [b,\n  c]\n',
  'a flow sequence followed by trailing spaces': 'a: [b] \n',
  'a flow sequence followed by a scalar': 'a: [b] c\n',
  'a flow sequence with an alias': 'a: [*b]\n',
  'a flow sequence with a lone -': 'a: [-]\n',
  'a flow mapping with items': 'a: {b: c}\n',
  'a folded plain scalar with a blank line in it': 'a: b\n\n  c\n',
  'a folded plain scalar with trailing spaces in it': 'a: b \n  c\n',
  'a line like a sequence item in a folded plain scalar': 'a: b\n  - c\n',
  'a line like a key in a folded plain scalar (a syntax error)': 'a: b\n  c: d\n',
  'a comment on the first line of a folded plain scalar': 'a: b # c\n  d\n',
  'a folded quoted scalar with a blank line in it': 'a: "b\n\n  c"\n',
  'a folded quoted scalar not indented deeper than its key': 'a:\n  b: "c\n  d"\n',
  'a quoted scalar left open': 'a: "b\n',
  'an empty value': 'a:\nb: c\n',
  'trailing spaces': 'a: b \n',
  'a nested sequence on one line': '- - a\n',
  'a lone -': '-\n  a: b\n',
  'content after ---': '--- a: b\n',
  'a nested mapping on one line (a syntax error)': 'a: b: c\n',
  'a sequence after a value at the map’s column (a syntax error)': 'a: b\n- c\n',
  'a root scalar': 'a\n',
};

/** Texts left to the package whole. */
const LEFT_WHOLE: Record<string, string> = {
  'a tab': 'a:\tb\n',
  'CR LF line ends': 'a: b\r\nc: d\r\n',
  'a byte order mark': '\uFEFFa: b\n',
  'a document end marker': 'a: b\n...\n',
  'a directive': '%YAML 1.2\n---\na: b\n',
  'an empty text': '',
};

/** Streams of plain documents and others. */
const MIXED: Record<string, string> = {
  'a head comment alone, then documents': '# head\n---\na: b\n---\n# c\nd: e\n\n---\nf: g\n',
  'a block scalar that keeps its line breaks between plain documents': 'a: b\n---\nc: |+\n  x\n\n---\nd: e\n',
  'a tag before the next ---': 'a: b\n---\nc:\n  d: !t e\n  # f\n---\ng: h\n',
  'an anchor and an alias in the last document': 'a: b\n---\nc: &x d\ne: *x',
  'only comments': '# a\n# b\n',
};

describe('block CST fast path', () => {
  for (const [name, text] of Object.entries(ACCEPTED)) {
    it(`reads and equals the package: ${name}`, () => expectReadAndEqual(text));
  }

  for (const [name, text] of Object.entries(REFUSED)) {
    it(`leaves the document to the package: ${name}`, () => {
      expect(fastTokens(text).mode).toBe('mixed');
      expectSameDocuments(text);
    });
  }

  for (const [name, text] of Object.entries(LEFT_WHOLE)) {
    it(`leaves the whole text to the package: ${name}`, () => {
      expect(fastTokens(text)).toStrictEqual({ mode: undefined, tokens: [] });
      expectSameDocuments(text);
    });
  }

  for (const [name, text] of Object.entries(MIXED)) {
    it(`reads the plain documents, the package the others: ${name}`, () => expectReadAndEqual(text, 'mixed'));
  }

  it('a quote left open runs past the next ---: the package reads the whole text', () => {
    const text = 'a: b\n---\nc: "d\n---\ne: f\n';
    expect(fastTokens(text).mode).toBeUndefined();
    expectSameDocuments(text);
  });

  it('equals the package on generated flow sequences (seeded)', () => {
    expect(flowSequences(3000, 3)).toBeGreaterThan(1000);
  });

  it('equals the package on every mutation of the inline texts (seeded)', () => {
    const read = mutants([...Object.values(ACCEPTED), ...Object.values(MIXED)], 2500, 7);
    // Enough of the mutants stay in the block reader's shape for the comparison to mean something.
    expect(read).toBeGreaterThan(250);
  });
});

/** Seeded random one-line flow sequences (items of every scalar style, odd spacing, commas, comments, brackets):
 *  the documents always equal the package's, and the tokens too wherever the block reader read the text. Returns
 *  how many texts it read. */
function flowSequences(count: number, seed: number): number {
  const random = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const plain = ['a', 'b c', '-1', '--v=2', '"x"', '"x\\"y"', '"a,b]"', "'it''s'", "'a # b'"];
  const odd = ['-', '', ' ', '*a', '&a b', '!t c', '[d]', '{e: f}', 'g: h', 'http://i', 'j#k', 'l #m', '?', '"n'];
  const item = () => (random() < 0.9 ? pick(plain) : pick(odd));
  const gaps = ['', ' ', '  '];
  let read = 0;
  for (let n = 0; n < count; n++) {
    const parts: string[] = [];
    for (let k = 1 + Math.floor(random() * 4); k > 0; k--) parts.push(pick(gaps) + item() + pick(gaps));
    const seq = `[${parts.join(pick([',', ',', ', ', ' ,']))}${random() < 0.1 ? ',' : ''}]`;
    const after = pick(['', '', ' # c', '  #c', ' ', ' x', '#c']);
    const text = random() < 0.5 ? `k: ${seq}${after}\nz: 1\n` : `k:\n- ${seq}${after}\n- y\n`;
    const { mode, tokens } = fastTokens(text);
    expectSameDocuments(text);
    if (mode === 'block') {
      read++;
      expect(tokens, JSON.stringify(text)).toStrictEqual(libraryTokens(text));
    }
  }
  return read;
}

/** Seeded random insertions and deletions of YAML's syntax characters. Every mutant's documents equal the
 *  package's; where every document was read by the block reader, or none has an error, so do the tokens. Returns
 *  how many mutants were read by the block reader alone. */
function mutants(texts: readonly string[], count: number, seed: number): number {
  const random = rng(seed);
  const bits = [' ', '  ', '\n', ':', ': ', '-', '- ', '#', ' #', '"', "'", '{}', '[]', '{', '[', ']', ',', ', ', '[a, "b"]', 'a', '---\n', '---\n---\n', '\\', '\n  ', '\n- ', 'x: y\n', "''", '...', '|', '|-', '>', '|\n  ', '\n    ', '"\n  ', "'\n   ", '\n\n', '\n# c\n', '\n  # c\n', ' # c', '&a', '*a', '!t', '?', '%', ':\n'];
  let accepted = 0;
  for (let n = 0; n < count; n++) {
    let text = texts[Math.floor(random() * texts.length)]!;
    for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
      const at = Math.floor(random() * (text.length + 1));
      text = random() < 0.35 ? text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3)) : text.slice(0, at) + bits[Math.floor(random() * bits.length)] + text.slice(at);
    }
    const { mode, tokens } = fastTokens(text);
    expectSameDocuments(text);
    if (mode === 'block') accepted++;
    if (mode === 'block' || (mode === 'mixed' && libraryDocuments(text).every((d) => d.errors.length === 0))) {
      expect(tokens, JSON.stringify(text)).toStrictEqual(libraryTokens(text));
    }
  }
  return accepted;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const f = path.join(dir, name);
    return statSync(f).isDirectory() ? yamlFiles(f) : /\.ya?ml$/i.test(name) ? [f] : [];
  });
}

describe.skipIf(!hasShared)(sharedTitle('block CST fast path on real and generated streams'), () => {
  const corpus = hasShared ? yamlFiles(path.join(sharedDir, 'corpus')).map((f) => readFileSync(f, 'utf8')) : [];

  it('equals the package on every corpus file, reading most of them in part or whole', () => {
    const modes = { block: 0, mixed: 0, whole: 0 };
    for (const text of corpus) {
      const { mode, tokens } = fastTokens(text);
      modes[mode ?? 'whole']++;
      expectSameDocuments(text);
      if (mode === 'block' || (mode === 'mixed' && libraryDocuments(text).every((d) => d.errors.length === 0))) {
        expect(tokens).toStrictEqual(libraryTokens(text));
      }
    }
    expect(modes.block).toBeGreaterThan(corpus.length / 3);
    expect(modes.block + modes.mixed).toBeGreaterThan((corpus.length * 3) / 4);
  });

  it('accepts the benchmark streams and the texts the incremental check joins from them', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kubegate-cst-'));
    try {
      execFileSync(process.execPath, [path.join(sharedDir, 'bench', 'gen-manifests.mjs'), '--out', dir], { stdio: 'ignore' });
      for (const name of ['k8s-1k.yaml', 'k8s-10k.yaml']) {
        const text = readFileSync(path.join(dir, name), 'utf8');
        expectReadAndEqual(text);
        const pieces = splitDocuments(text)!;
        // A piece as the incremental check joins it: the piece, then `---` when another document follows.
        for (const i of [0, 1, Math.floor(pieces.length / 2), pieces.length - 1]) expectReadAndEqual(joinPieces([pieces[i]!], i < pieces.length - 1).text);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('equals the package on every mutation of corpus files (seeded)', () => {
    const small = corpus.filter((t) => t.length < 20_000);
    expect(mutants(small, 1500, 11)).toBeGreaterThan(150);
  }, 120_000);
});
