// The walk of each YAML document of an open document, kept relative to the document (engine/incremental/walks.ts)
// and placed where the document lies in the file (place.ts): a placed walk is the whole-file walk's document, and
// an edit walks only the documents whose text changed, wherever the others moved, while the gate step over the
// placed walks gives the whole-file report. Work is counted in documents walked (OpenDocument.walks).
// Internal imports: `check` (walkText, walkDocumentText: the walk kept apart from the gate step),
// `incremental/pieces` (splitDocuments: where a text is cut into documents, no public surface), `incremental/place`
// (shiftWalk: a walk moved to where its document lies).
import { describe, expect, it } from 'vitest';
import { type FileAnalysis, buildGateEnvironment, explicitSettings, OpenDocument, gateCatalog, type CheckOptions, Analysis } from '../../server/src/engine';
import { walkDocumentText, walkText } from '../../server/src/engine/check';
import { splitDocuments } from '../../server/src/engine/incremental/pieces';
import { shiftWalk, type DocumentWalk } from '../../server/src/engine/incremental/place';

const CONFIG_MAP = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndta: {a: "1"}\n`;
const KIND = (on: boolean) => `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  DRAOptionalNodeOperations: ${on}\n`;
const SLICE = 'apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata:\n  name: s\nspec:\n  driver: d\n  pool: {name: p, generation: 1, resourceSliceCount: 1}\n  allNodes: true\n  skipNodeOperations: ["*"]\n';
const KUBELET = 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  DefaultPodSysctls: false\ndefaultPodSysctls:\n  net.ipv4.ip_unprivileged_port_start: "0"\n';
/** A List with misspelt items, and disable comments scoped to its lines and to the rest of its document. */
const LIST =
  'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c}\n  # kubegate-disable-next-line unknown-field\n  dta: 1\n- apiVersion: v1\n  kind: Pod\n  # kubegate-disable\n  spc: {}\n';

const CTX: CheckOptions = { version: '1.37', file: '/repo/all.yaml' };
const LIMIT = { maxChars: 1_000_000 };
const join = (docs: string[]) => docs.join('---\n');

/** Document `index` of a file's walk, as the incremental check keeps it. */
function documentOf(walk: FileAnalysis, index: number): DocumentWalk {
  const analysis = walk.documents.find((a) => a.report.index === index);
  return { parsed: walk.parsed.documents[index]!, ...(analysis ? { analysis } : {}), rules: walk.directives.rules.filter((r) => r.document === index) };
}

describe('a document walked alone and placed is the whole-file walk of that document', () => {
  const text = join([CONFIG_MAP('a'), KIND(false), SLICE, LIST, KUBELET]);
  const whole = walkText(text, CTX) as FileAnalysis;
  const pieces = splitDocuments(text)!;
  it.each([1, 2, 3, 4])('document %i', (index) => {
    const piece = pieces[index]!;
    const followed = index < pieces.length - 1;
    const alone = walkDocumentText(followed ? `${piece.text}---\n` : piece.text, CTX);
    const relative = documentOf(alone, 0);
    const offset = text.indexOf(piece.text);
    const placed = shiftWalk(relative, { index, offset, line: piece.line, file: CTX.file });
    const expected = documentOf(whole, index);
    expect(placed).toEqual(expected);
    // What the walk holds at all (so that the comparison is not vacuous).
    const held = expected.analysis!;
    expect(held.findings.length + held.gatedUses.length + held.gateSettings.length + expected.rules.length).toBeGreaterThan(0);
    // Placing back: the walk relative to its document again.
    expect(shiftWalk(placed, { index: -index, offset: -offset, line: -piece.line, file: CTX.file })).toEqual(relative);
  });
});

describe('an open document walks only the documents that changed', () => {
  it('a document added after the first moves every later one: only the new one is walked', () => {
    const open = new OpenDocument({ wholeAbove: Infinity });
    const docs = [CONFIG_MAP('a'), SLICE, LIST, KIND(false), KUBELET];
    expect(open.update(join(docs), CTX, LIMIT)).toEqual(new Analysis(CTX).check(join(docs)));
    expect(open.walks).toBe(5);
    // (A document added above the first would change the first one's text: it gains its `---` line.)
    const moved = join([docs[0]!, CONFIG_MAP('new'), ...docs.slice(1)]);
    const report = open.update(moved, CTX, LIMIT);
    expect(open.walks).toBe(6);
    expect(report).toEqual(new Analysis(CTX).check(moved));
    // The manifest's gate finding cites the kind config, both moved by the new document.
    expect(report.findings.some((f) => f.code === 'feature-gate' && f.related?.some((e) => e.source.type === 'file'))).toBe(true);
  });

  it("an edit of the file's own config walks that config alone; the gate step changes the other documents' findings", () => {
    const open = new OpenDocument();
    const off = join([SLICE, CONFIG_MAP('a'), KIND(false)]);
    const on = join([SLICE, CONFIG_MAP('a'), KIND(true)]);
    const gateFindings = (t: string) => open.update(t, CTX, LIMIT).findings.filter((f) => f.code === 'feature-gate' && f.document === 0);
    expect(gateFindings(off).length).toBeGreaterThan(0);
    const walks = open.walks;
    expect(gateFindings(on)).toEqual(new Analysis(CTX).check(on).findings.filter((f) => f.code === 'feature-gate' && f.document === 0));
    expect(open.walks - walks).toBe(1);
    expect(open.update(on, CTX, LIMIT)).toEqual(new Analysis(CTX).check(on));
  });

  it('disable comments move with their document', () => {
    const open = new OpenDocument({ wholeAbove: Infinity });
    const text = join([CONFIG_MAP('a'), LIST]);
    const expected = new Analysis(CTX).check(text);
    expect(open.update(text, CTX, LIMIT)).toEqual(expected);
    // Two ConfigMaps' misspelt keys are reported; the List's are silenced.
    expect(expected.findings.filter((f) => f.code === 'unknown-field')).toHaveLength(1);
    const longer = join([CONFIG_MAP('a').replace('dta:', 'data: {x: "1"}\nmore:'), LIST]);
    const walks = open.walks;
    expect(open.update(longer, CTX, LIMIT)).toEqual(new Analysis(CTX).check(longer));
    expect(open.walks - walks).toBe(1);
  });

  it('documents of the same text are walked once; a new gate environment walks nothing, a new version everything', () => {
    const open = new OpenDocument({ wholeAbove: Infinity });
    const text = join([SLICE, CONFIG_MAP('a'), CONFIG_MAP('a'), CONFIG_MAP('a'), SLICE]);
    open.update(text, CTX, LIMIT);
    // The first ConfigMap's text is walked once for the three (the last SLICE ends the file: walked on its own).
    expect(open.walks).toBe(3);
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37', explicit: explicitSettings(['DRAOptionalNodeOperations=true'], 'test') });
    const gated: CheckOptions = { ...CTX, environment };
    expect(open.update(text, gated, LIMIT)).toEqual(new Analysis(gated).check(text));
    expect(open.walks).toBe(3);
    const older: CheckOptions = { ...CTX, version: '1.36' };
    expect(open.update(text, older, LIMIT)).toEqual(new Analysis(older).check(text));
    expect(open.walks).toBe(6);
  });
});

describe('the gate step of an open document', () => {
  const docs = [KIND(false), SLICE, CONFIG_MAP('a'), SLICE.replace('name: s', 'name: t'), CONFIG_MAP('b')];
  const text = join(docs);

  it("runs again only for the documents whose walk or place changed, while the file's configs stay put", () => {
    const open = new OpenDocument();
    open.update(text, CTX, LIMIT);
    expect(open.gateSteps).toBe(5);
    // A change within one line of the second slice: that document alone is walked and judged again.
    const edited = text.replace('name: t', 'name: u');
    expect(open.update(edited, CTX, LIMIT)).toEqual(new Analysis(CTX).check(edited));
    expect([open.walks, open.gateSteps]).toEqual([6, 6]);
    // A line added to the first slice moves the documents below it: they are judged again, not walked.
    const longer = edited.replace('name: s\n', 'name: s\n  labels: {a: b}\n');
    expect(open.update(longer, CTX, LIMIT)).toEqual(new Analysis(CTX).check(longer));
    expect([open.walks, open.gateSteps]).toEqual([7, 10]);
  });

  it("runs again for every document when the file's config or the environment changes", () => {
    const open = new OpenDocument();
    open.update(text, CTX, LIMIT);
    const on = text.replace('DRAOptionalNodeOperations: false', 'DRAOptionalNodeOperations: true');
    expect(open.update(on, CTX, LIMIT)).toEqual(new Analysis(CTX).check(on));
    expect([open.walks, open.gateSteps]).toEqual([6, 10]);
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37', explicit: explicitSettings(['DRAConsumableCapacity=true'], 'test') });
    const gated: CheckOptions = { ...CTX, environment };
    expect(open.update(on, gated, LIMIT)).toEqual(new Analysis(gated).check(on));
    expect([open.walks, open.gateSteps]).toEqual([6, 15]);
  });
});
