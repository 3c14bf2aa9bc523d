// The helpers every report writer of `kubegate check` shares (cli/format/types.ts): the counts of what a file's
// report silenced, the chunked output (nothing handed on before about 64 KiB or a flush), which documents are
// listed as not checked (List items on their own, those a finding of theirs explains left out, a chart's templates
// counted apart, a bound's note still counted), the note of a file taken for something other than objects, and the
// note of a chart.
import { describe, expect, it } from 'vitest';
import { addSilenced, chartNote, ChunkedOut, notCheckedDocuments, takenNote } from '../../server/src/cli/format/types';
import type { DocumentReport, FileReport, Finding } from '../../server/src/engine';

const range = (from: number, to: number, endChar = 0) => ({ start: { line: from, character: 0 }, end: { line: to, character: endChar } });
const doc = (index: number, from: number, to: number, over: Partial<DocumentReport> = {}): DocumentReport => ({
  index,
  checked: false,
  status: 'unknown-api',
  reason: `reason ${index}`,
  range: range(from, to, 5),
  ...over,
} as DocumentReport);
const finding = (code: string, line: number, character = 0): Finding =>
  ({ code, severity: 'error', message: code, range: { start: { line, character }, end: { line, character: character + 1 } } }) as Finding;
const report = (documents: DocumentReport[], findings: Finding[] = [], over: Partial<FileReport> = {}): FileReport => ({ findings, documents, ...over }) as FileReport;

describe('addSilenced', () => {
  it('adds each count of a report, a patch file as one, nothing for a report that silenced nothing', () => {
    const counts = { disableComments: 1, configuration: 2, patchFiles: 3, patchesCheckedWhole: 4 };
    addSilenced(counts, report([], [], { silenced: { disableComments: 10, configuration: 20, readAsPatch: true, patchesCheckedWhole: 40 } } as Partial<FileReport>));
    expect(counts).toEqual({ disableComments: 11, configuration: 22, patchFiles: 4, patchesCheckedWhole: 44 });
    addSilenced(counts, report([]));
    addSilenced(counts, report([], [], { silenced: { disableComments: 0, configuration: 0 } } as Partial<FileReport>));
    expect(counts).toEqual({ disableComments: 11, configuration: 22, patchFiles: 4, patchesCheckedWhole: 44 });
  });
});

describe('ChunkedOut', () => {
  it('hands on the writes joined once they reach 64 KiB, the rest on flush, nothing for an empty flush', () => {
    const sent: string[] = [];
    const out = new ChunkedOut((t) => sent.push(t));
    out.write('a');
    out.write('b'.repeat(65534));
    expect(sent).toEqual([]);
    out.write('c');
    expect(sent).toEqual([`a${'b'.repeat(65534)}c`]);
    out.flush();
    expect(sent).toHaveLength(1);
    out.write('d');
    out.flush();
    expect(sent.slice(1)).toEqual(['d']);
  });
});

describe('notCheckedDocuments', () => {
  it('lists unexplained documents and List items with their labels; counts a bound; leaves out checked, skipped and object-less ones', () => {
    const list = doc(2, 10, 19, { items: [doc(0, 11, 12), doc(1, 13, 14, { checked: true, status: 'checked', reason: undefined })], status: 'checked', checked: true, reason: undefined });
    const docs = [
      doc(0, 0, 3),
      doc(1, 4, 9), // explained by its api-not-served finding
      list,
      doc(3, 20, 24), // a bound's note: not listed, still counted
      doc(4, 25, 29, { status: 'kustomization' }),
      doc(5, 30, 34), // skipped by kind
      doc(6, 35, 39, { reason: undefined }),
      doc(7, 40, 44, { items: [] }),
    ];
    const findings = [finding('unknown-field', 2), finding('api-not-served', 4, 0), finding('file-too-large', 24, 5), finding('api-not-served', 45)];
    const result = notCheckedDocuments(report(docs, findings), new Set([docs[5]!]));
    expect(result.notChecked.map((n) => n.label)).toEqual(['document 1', 'document 3, item 1', 'document 8']);
    expect(result.notChecked[0]!.doc).toBe(docs[0]);
    expect(result).toMatchObject({ documents: 8, count: 4, chartTemplates: 0 });
  });

  it('a finding explains its document only from the document\'s first to its last character', () => {
    const docs = [doc(0, 0, 3), doc(1, 4, 6)];
    const listed = (line: number, character: number) => notCheckedDocuments(report(docs, [finding('api-not-served', line, character)])).notChecked.map((n) => n.label);
    expect(listed(4, 0)).toEqual(['document 1']);
    expect(listed(3, 5)).toEqual(['document 2']);
    expect(listed(3, 6)).toEqual(['document 1', 'document 2']);
    expect(listed(6, 5)).toEqual(['document 1']);
    expect(listed(6, 6)).toEqual(['document 1', 'document 2']);
    expect(listed(0, 0)).toEqual(['document 2']);
    expect(listed(7, 0)).toEqual(['document 1', 'document 2']);
    // Another code on the same place explains nothing.
    expect(notCheckedDocuments(report(docs, [finding('unknown-field', 4, 0)])).notChecked).toHaveLength(2);
  });

  it("a chart's templates are counted apart, other documents of a chart file as usual", () => {
    const docs = [doc(0, 0, 3, { status: 'template' }), doc(1, 4, 6, { status: 'template' }), doc(2, 7, 9)];
    const chart = notCheckedDocuments(report(docs, [], { taken: { as: 'chart-template', chart: { name: 'c', dir: 'c' } } } as Partial<FileReport>));
    expect(chart).toMatchObject({ documents: 3, chartTemplates: 2, count: 1 });
    expect(chart.notChecked.map((n) => n.label)).toEqual(['document 3']);
    const plain = notCheckedDocuments(report(docs, [], { taken: { as: 'template' } } as Partial<FileReport>));
    expect(plain).toMatchObject({ documents: 3, chartTemplates: 0, count: 3 });
  });
});

describe('takenNote and chartNote', () => {
  const taken = (t: object, over: Partial<FileReport> = {}) => takenNote(report([doc(0, 0, 1, { status: 'not-kubernetes', reason: 'a JSON schema' })], [], { taken: t, ...over } as Partial<FileReport>));

  it('says what a file was taken for, or nothing for objects, templates and a file taken for nothing', () => {
    expect(takenNote(report([]))).toBeUndefined();
    for (const as of ['manifest', 'kustomize-resource', 'kustomize-patch', 'component-config', 'chart-template', 'template']) expect(taken({ as }), as).toBeUndefined();
    expect(taken({ as: 'kustomization' })).toBe('a kustomization: no Kubernetes object to check');
    expect(taken({ as: 'chart-values', chart: { name: 'web', dir: 'web' } })).toBe('chart values (chart web): no Kubernetes object to check');
    expect(taken({ as: 'not-kubernetes' })).toBe('a JSON schema');
    expect(taken({ as: 'kustomize-unused', kustomization: 'base/kustomization.yaml' })).toBe(
      'no kustomization uses this file (base/kustomization.yaml owns its folder): read as a patch, missing fields not reported',
    );
    expect(taken({ as: 'kustomize-unused' })).toBe('no kustomization uses this file (a kustomization owns its folder): read as a patch, missing fields not reported');
  });

  it('a kustomize patch written as whole objects says so, in the singular or plural', () => {
    const whole = (n: number, as: string) => taken({ as }, { silenced: { disableComments: 0, configuration: 0, patchesCheckedWhole: n } } as Partial<FileReport>);
    expect(whole(1, 'kustomize-patch')).toBe('a kustomize patch written as a whole object: checked as such, nothing it leaves out excused');
    expect(whole(2, 'kustomize-unused')).toBe('a kustomize patch written as 2 whole objects: checked as such, nothing it leaves out excused');
    expect(whole(0, 'kustomize-patch')).toBeUndefined();
    expect(whole(2, 'kustomization')).toBe('a kustomization: no Kubernetes object to check');
  });

  it('chartNote: the chart, its folder, how many templates, how to render it', () => {
    expect(chartNote({ name: 'web', dir: 'charts/web', templates: 1, documents: 1 })).toBe('chart web (charts/web): 1 template not checked; render with `helm template charts/web | kubegate check -`');
    expect(chartNote({ name: 'web', dir: 'w', templates: 3, documents: 4 })).toBe('chart web (w): 3 templates not checked; render with `helm template w | kubegate check -`');
  });
});
