// A file of many template documents (a chart's templates: `{{ … }}` in keys and values, none of them checked) is
// read up to MAX_TEMPLATE_DOCUMENTS of them; the documents after are listed unread with one note. The attack (a
// 4.7 MB file of template documents: 21 s and 1.9 GB) is generated here; the work is asserted in documents parsed.
// Internal imports: `parse/parseFile` (the template documents bound itself, so a case sits exactly at it).
import { describe, expect, it } from 'vitest';
import { Analysis } from '../../server/src/engine';
import { MAX_TEMPLATE_DOCUMENTS, parseFile } from '../../server/src/engine/parse/parseFile';

const template = (i: number) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Values.name }}-${i}\n  labels:\n    {{- include "labels" . | nindent 4 }}\ndata:\n  key: {{ .Values.key | quote }}\n`;
const plain = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\ndata:\n  key: value\n';

describe('template documents', () => {
  it(`at most ${MAX_TEMPLATE_DOCUMENTS} documents with template markers are parsed; the rest are listed with a note`, () => {
    const count = 2_000;
    const text = [...Array.from({ length: count }, (_, i) => template(i)), plain].join('---\n');
    const parsed = parseFile(text);
    expect(parsed.documents).toHaveLength(count + 1);
    const read = parsed.documents.filter((d) => !d.unread);
    expect(read).toHaveLength(MAX_TEMPLATE_DOCUMENTS);
    expect(read.every((d) => d.templated)).toBe(true);
    const unread = parsed.documents.filter((d) => d.unread);
    expect(unread.map((d) => d.doc)).toEqual(unread.map(() => null));
    // the unread documents cover the rest of the text, one per `---` line
    expect(unread[0]!.start).toBe(read.at(-1)!.end);
    expect(unread.at(-1)!.end).toBe(text.length);

    const report = new Analysis({ version: '1.37' }).check(text);
    // Each template document read says it is not checked (template-not-checked); past the bound, one note.
    expect(report.findings.filter((f) => f.code === 'template-not-checked')).toHaveLength(500);
    expect(report.findings.filter((f) => f.code !== 'template-not-checked')).toEqual([
      {
        code: 'file-too-large',
        severity: 'information',
        message: `Not checked: this and the ${count - MAX_TEMPLATE_DOCUMENTS} documents after it follow ${MAX_TEMPLATE_DOCUMENTS} documents with template markers ({{ … }})`,
        fix: 'Check the rendered output instead (e.g. helm template … | kubegate check -), or split the file.',
        detail: expect.stringMatching(/^Kubegate reads at most 500 documents with template markers in one file/),
        // the `---` line of the first unread document (9 lines a document)
        range: { start: { line: MAX_TEMPLATE_DOCUMENTS * 9 - 1, character: 0 }, end: { line: MAX_TEMPLATE_DOCUMENTS * 9 - 1, character: 3 } },
        document: MAX_TEMPLATE_DOCUMENTS,
        data: { rule: 'template-documents', limit: MAX_TEMPLATE_DOCUMENTS, unread: count + 1 - MAX_TEMPLATE_DOCUMENTS, pipelineStage: 'decode', verdict: 'note' },
      },
    ]);
    expect(report.documents[MAX_TEMPLATE_DOCUMENTS - 1]!.reason).toMatch(/^template/);
    expect(report.documents[count]!).toMatchObject({ checked: false, reason: 'not read: the file has more than 500 documents with template markers before it' });
  });

  it('a file under the limit is read whole, and the error stack traces stay as they were', () => {
    const limit = Error.stackTraceLimit;
    const text = [...Array.from({ length: 10 }, (_, i) => template(i)), plain].join('---\n');
    const parsed = parseFile(text);
    expect(parsed.documents.filter((d) => d.unread)).toEqual([]);
    expect(parsed.documents.at(-1)!.templated).toBe(false);
    expect(new Analysis({ version: '1.37' }).check(text).findings.filter((f) => f.code !== 'template-not-checked')).toEqual([]);
    expect(Error.stackTraceLimit).toBe(limit);
  });
});
