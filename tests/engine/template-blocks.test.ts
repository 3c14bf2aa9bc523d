// Template detection across documents: a Helm template whose first document ends in `{{- range … }}` and whose
// next documents are the body of the range is "not checked: template" throughout, never yaml-syntax.
// Internal imports: `incremental/pieces` (splitDocuments: where a text is cut into documents, no public surface).
import { describe, expect, it } from 'vitest';
import { Analysis } from '../../server/src/engine';
import { splitDocuments } from '../../server/src/engine/incremental/pieces';

const V = '1.37';

const CHART = [
  'apiVersion: v1',
  'kind: ServiceAccount',
  'metadata:',
  '  name: runner',
  '{{- range $name, $size := .Values.volumes }}',
  '---',
  // a body document that parses and has no `{{` of its own
  'apiVersion: v1',
  'kind: ConfigMap',
  'metadata:',
  '  name: fixed',
  'data:',
  '  a: b',
  '---',
  // a body document that is broken YAML without the template (a key repeated per loop, indentation for nindent)
  'apiVersion: v1',
  'kind: Secret',
  'metadata:',
  '  name: s',
  '  name: t',
  '    labels: x',
  '{{- end }}',
  '---',
  // after the range: an ordinary document, checked
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: after',
  'spec:',
  '  replicaz: 1',
  '',
].join('\n');

describe('template blocks spanning documents', () => {
  it('documents inside a range opened by an earlier document are templates, not yaml-syntax', () => {
    const report = new Analysis({ version: V }).check(CHART);
    expect(report.findings.filter((f) => f.code === 'yaml-syntax')).toEqual([]);
    expect(report.documents.slice(0, 3).map((d) => [d.checked, /template/.test(d.reason ?? '')])).toEqual([
      [false, true],
      [false, true],
      [false, true],
    ]);
    // the range ends: the next document is checked as usual
    expect(report.documents[3]).toMatchObject({ checked: true, kind: 'Deployment' });
    expect(report.findings.map((f) => `${f.code}:${f.path ?? ''}`)).toContain('unknown-field:spec.replicaz');
  });

  it('`{{ range }}` in a block scalar of an ordinary document is data: later documents are checked', () => {
    const text = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: alerts',
      'data:',
      '  tmpl: |',
      '    {{ range .Alerts }}{{ .Labels.alertname }}',
      '---',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: other',
      'data:',
      '  a: b',
      '  a: c',
      '',
    ].join('\n');
    const report = new Analysis({ version: V }).check(text);
    expect(report.documents[0]).toMatchObject({ checked: true });
    expect(report.findings.map((f) => f.code)).toEqual(['yaml-syntax']);
  });

  it('the language server checks a file with template blocks in one piece', () => {
    expect(splitDocuments(CHART)).toBeUndefined();
    expect(splitDocuments('a: 1\n---\nb: 2\n')).toHaveLength(2);
  });
});
