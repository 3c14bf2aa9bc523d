// An open document's per-document walks (engine/incremental) give exactly the whole-file report (documents with their ranges
// and reasons, findings), including on the cases an adversarial pass found (a document counted as a template alone while the file has a
// syntax error, a quote running past `---`, a byte order mark, lone CRs), with every range of the report in file
// lines (evidence that cites a config document of the file, the items of a List) also after an edit that moves a
// kept walk or the config it cites, on seeded random texts, and in linear work on a 100 000-document file.
// Internal imports: `parse/parseFile` (parseFile: the parser alone, below the check), `incremental/pieces`
// (splitDocuments, joinPieces: the cut documents, no public surface).
import { describe, expect, it } from 'vitest';
import { type CheckOptions, type FileReport, OpenDocument, Analysis } from '../../server/src/engine';
import { parseFile } from '../../server/src/engine/parse/parseFile';
import { joinPieces, splitDocuments } from '../../server/src/engine/incremental/pieces';
import { rng } from '../support/random';

const CTX: CheckOptions = { version: '1.37' };
const LIMIT = { maxChars: 1_000_000 };
const whole = (t: string): FileReport => new Analysis(CTX).check(t);
/** Every YAML document walked on its own (never the whole text in one call). */
const incremental = (t: string) => new OpenDocument({ wholeAbove: Infinity }).update(t, CTX, LIMIT);

const KIND = 'apiVersion: kind.x-k8s.io/v1alpha4\nkind: Cluster\nfeatureGates:\n  Foo: true\n';
/** A config document whose own field cites its featureGates line (a finding with evidence in the same file). */
const KUBELET_OFF =
  'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  DefaultPodSysctls: false\ndefaultPodSysctls:\n  net.ipv4.ip_unprivileged_port_start: "0"\n';
/** A kind config that turns a gate off, and a manifest whose field needs that gate (its finding cites the kind config). */
const KIND_OFF = 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  DRAOptionalNodeOperations: false\n';
const SLICE =
  'apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata:\n  name: s\nspec:\n  driver: d\n  pool: {name: p, generation: 1, resourceSliceCount: 1}\n  allNodes: true\n  skipNodeOperations: ["*"]\n';
const LIST = 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c}\n  dta: 1\n- apiVersion: v1\n  kind: Pod\n  spc: {}\n';
const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: first\n';

/** Whether a report holds same-file evidence and List items (so a comparison of them is not vacuous). */
const evidenceLines = (r: FileReport) => r.findings.flatMap((f) => (f.related ?? []).flatMap((e) => (e.source.type === 'file' ? [e.source.range.start.line] : [])));
const itemLines = (r: FileReport) => r.documents.flatMap((d) => (d.items ?? []).map((i) => i.range.start.line));

describe('incremental reports equal whole-file reports', () => {
  const cases: Record<string, string> = {
    // kubectl refuses the second document (a list as a key): found from the parse of the document alone too.
    'a key that is a list': `${CONFIG_MAP}---\n${CONFIG_MAP}data:\n  ? [a, b]\n  : c\n`,
    // The parser cuts the broken flow collection into two documents; the first piece alone is one templated
    // document (whose syntax errors are not reported).
    'a document counted as a template alone, a syntax error in the file': `{\n]\n]\ndata: {{ x }}\n${KIND}--- \n`,
    'a quote left open runs past the ---': `: \n'\n---\n${KIND}spec:\n  containers: []\n--- \nmetadata:\n  name: a\n`,
    'a byte order mark before comments and the first ---': `\uFEFF# head\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n---\napiVersion: v1\nkind: Pod\nspc: {}\n`,
    'a byte order mark at the start of the first document': `\uFEFFapiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n---\napiVersion: v1\nkind: Pod\nspc: {}\n`,
    'a lone CR inside a leading comment': `# one\n# two tru\re.\n\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Pod\nspc: {}\n`,
    // The parser reads the end of a document differently before a `---`: a piece checked on its own is followed by one.
    'a key without a value, then a line of a tab, before the ---': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n\t\n---\napiVersion: v1\nkind: Pod\nspc: {}\n`,
    'the same in the last config document, a manifest after it': `${KIND}x:\n\t\n---\napiVersion: v1\nkind: Pod\nspc: {}\n`,
    'lone CRs as line breaks (LSP line rules) between documents': `apiVersion: v1\nkind: Pod\nmetadata: {name: a}\r\nspec: {x: 1}\n---\rx\napiVersion: v1\nkind: Pod\nspc: 1\n`,
    'an empty document (--- then ---), blank lines and trailing spaces in others, CR LF': `${CONFIG_MAP}---\n---\n${LIST}---  \n\n \n---\r\n---\n{}\n`,
    // Not composed (parse/nesting.ts): the same note and ranges from the document alone.
    'a document nested deeper than the engine reads, between two others': `${CONFIG_MAP}dta: 1\n---\n${CONFIG_MAP}data:\n  k: ${'['.repeat(2000)}${']'.repeat(2000)}\n---\n${LIST}`,
  };
  for (const [name, text] of Object.entries(cases)) {
    it(name, () => {
      expect(incremental(text)).toEqual(whole(text));
    });
  }

  // The parser ended a document of only `---` right after the marker, so the whole-file check started the next
  // document at the end of that `---` (line 3, character 3) while the incremental check, which cuts the file at
  // its `---` lines, started it on its own `---` line: same findings, other document ranges.
  it('after an empty document the next document starts on its own --- line, in both checks', () => {
    const text = `${CONFIG_MAP}---\n---\napiVersion: v1\nkind: Pod\nspc: {}\n---\n---\n\n---\nx: 1\n`;
    const expected = whole(text);
    expect(expected.documents.map((d) => [d.index, d.range.start, d.range.end])).toEqual([
      [0, { line: 0, character: 0 }, { line: 4, character: 0 }],
      [2, { line: 5, character: 0 }, { line: 9, character: 0 }],
      [5, { line: 12, character: 0 }, { line: 14, character: 0 }],
    ]);
    expect(expected.findings.map((f) => [f.code, f.document])).toEqual([
      ['missing-field', 2], // the Pod has no metadata.name
      ['unknown-field', 2],
    ]);
    expect(incremental(text)).toEqual(expected);
    // The same text reached by an edit of a warm document.
    const open = new OpenDocument({ wholeAbove: Infinity });
    open.update(text.replace('---\n---\napiVersion', '---\napiVersion'), CTX, LIMIT);
    expect(open.update(text, CTX, LIMIT)).toEqual(expected);
  });

  it('on 3000 seeded random texts made of YAML pieces, markers and odd characters', () => {
    const fragments = ['---\n', 'apiVersion: v1\n', 'kind: Pod\n', 'kind: ConfigMap\n', 'metadata:\n  name: a\n', 'data: {{ x }}\n', 'a: "x\n', '\uFEFF', '# c\n', '\r', '\r\n', 'spec:\n  containers: []\n', 'x: [\n', ']\n', '  k: v\n', KIND, '- a\n', 'b: &x 1\nc: *x\n', '--- \n', '"\n', "'\n", '{\n', '}\n', 'a: |\n  ---\n', '\t\n', ': \n', '# kubegate-disable-next-line\n', KUBELET_OFF, KIND_OFF, SLICE, LIST];
    const r = rng(15);
    const diffs: string[] = [];
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const n = 1 + Math.floor(r() * 8);
      for (let k = 0; k < n; k++) text += fragments[Math.floor(r() * fragments.length)];
      if (JSON.stringify(incremental(text)) !== JSON.stringify(whole(text))) diffs.push(JSON.stringify(text));
    }
    expect(diffs.slice(0, 5)).toEqual([]);
  });

  describe('every range in file lines: evidence in a config document of the file, List items', () => {
    const reports: Record<string, string> = {
      'a config document after the first cites its own featureGates': `${CONFIG_MAP}---\n${KUBELET_OFF}`,
      'a manifest cites a kind config further down': `${CONFIG_MAP}---\n${SLICE}---\n${CONFIG_MAP}---\n${KIND_OFF}`,
      'a manifest cites a kind config further up': `${CONFIG_MAP}---\n${KIND_OFF}---\n${CONFIG_MAP}---\n${SLICE}`,
      'a List after the first document': `${CONFIG_MAP}---\n${LIST}---\n${CONFIG_MAP}---\n${LIST}`,
    };
    for (const [name, text] of Object.entries(reports)) {
      it(name, () => {
        const expected = whole(text);
        expect(evidenceLines(expected).some((l) => l > 4) || itemLines(expected).some((l) => l > 4)).toBe(true);
        expect(incremental(text)).toEqual(expected);
      });
    }

    // Without a file name the evidence names "this file"; with one, the file.
    it.each([undefined, '/repo/all.yaml'])('after edits that move a kept walk, and the config its finding cites (file %s)', (file) => {
      const open = new OpenDocument({ wholeAbove: Infinity });
      const ctx: CheckOptions = { version: '1.37', ...(file ? { file } : {}) };
      const check = (t: string) => new Analysis(ctx).check(t);
      const texts = [
        `${CONFIG_MAP}---\n${SLICE}---\n${CONFIG_MAP}---\n${KIND_OFF}---\n${LIST}`,
        // Lines added to the document between the manifest and the kind config: the manifest's piece is reused,
        // the kind config (and the List) move.
        `${CONFIG_MAP}---\n${SLICE}---\n${CONFIG_MAP}data:\n  a: "1"\n  b: "2"\n---\n${KIND_OFF}---\n${LIST}`,
        // Lines added to the first document: every piece moves.
        `${CONFIG_MAP}data:\n  a: "1"\n---\n${SLICE}---\n${CONFIG_MAP}data:\n  a: "1"\n  b: "2"\n---\n${KIND_OFF}---\n${LIST}`,
      ];
      for (const [i, text] of texts.entries()) {
        const expected = check(text);
        expect(evidenceLines(expected).length).toBeGreaterThan(0);
        expect(itemLines(expected).length).toBeGreaterThan(0);
        const walks = open.walks;
        expect(open.update(text, ctx, LIMIT)).toEqual(expected);
        // After the first check only the edited document is walked again: the others (the kind config the
        // manifest's finding cites included) are placed where they moved.
        if (i > 0) expect(open.walks - walks).toBe(1);
      }
    });
  });

  it('a warm document after an edit gives the same report as a fresh whole-file check', () => {
    const docs = Array.from({ length: 30 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c${i}}\ndata: {a: "1"}\n`);
    const open = new OpenDocument();
    const first = docs.join('---\n');
    open.update(first, CTX, LIMIT);
    const edited = docs.map((d, i) => (i === 17 ? d.replace('data', 'dta') : d)).join('---\n');
    expect(open.update(edited, CTX, LIMIT)).toEqual(whole(edited));
    expect(open.walks).toBe(31);
  });
});

describe('linear work on a 100 000-document file', () => {
  it('splitting and joining 100 000 pieces keeps every line in place', () => {
    const doc = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n';
    const text = Array.from({ length: 100_000 }, () => doc).join('---\n');
    const pieces = splitDocuments(text)!;
    expect(pieces).toHaveLength(100_000);
    const joined = joinPieces(pieces);
    expect(joined.text).toBe(text);
    expect(parseFile(joined.text.slice(0, 200)).documents.length).toBeGreaterThan(1);
    expect(joined.maps[99_999]).toEqual([[pieces[99_999].line, 5, pieces[99_999].line]]);
  });
});
