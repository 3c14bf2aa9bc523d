// A Go/Helm template document is not checked, and says so once (`template-not-checked`, information, on its
// first content line); a plain top-level apiVersion and kind are still checked without rendering.
// Internal imports: `knowledge` (briefFacts: the brief's feature facts the test compares with; not public).
import { describe, expect, it } from 'vitest';
import { check, r, V } from './helpers';
import { briefFacts } from '../../server/src/engine/knowledge';

const deployment = `# Source: chart/templates/deploy.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}
spec:
  replicas: {{ .Values.replicas }}
`;

describe('template-not-checked', () => {
  it('one information note per template document, on its first content line; nothing else for a served kind', () => {
    const report = check(`${deployment}---\n{{- if .Values.svc }}\napiVersion: v1\nkind: Service\n{{- end }}\n`);
    expect(report.findings.map((f) => [f.code, f.severity, f.range, f.message, f.data?.['verdict']])).toEqual([
      ['template-not-checked', 'information', r(1, 0, 1, 19), 'Not checked: this document is a Go/Helm template ({{ … }})', 'note'],
      ['template-not-checked', 'information', r(8, 0, 8, 21), 'Not checked: this document is a Go/Helm template ({{ … }})', 'note'],
    ]);
    expect(report.findings[0]!.fix).toBe('Check the rendered output instead, e.g. helm template … | kubegate check -.');
    expect(report.documents.map((d) => d.checked)).toEqual([false, false]);
  });

  it('checks a plain apiVersion and kind without rendering: an API the version does not serve is reported', () => {
    const api = briefFacts().notShippedApis[0]!;
    const text = `apiVersion: ${api.apiVersion}\nkind: ${api.kind}\nmetadata:\n  name: {{ .Release.Name }}\n`;
    const report = check(text);
    expect(report.findings.map((f) => [f.code, f.severity, f.range.start.line])).toEqual([
      ['template-not-checked', 'information', 0],
      ['api-not-served', 'error', 0],
    ]);
    expect(report.findings[1]!.message).toBe(`${api.apiVersion} ${api.kind} is not served in ${V} (KEP-${api.kep} not shipped)`);
  });

  it('a templated apiVersion or kind is not routed', () => {
    const report = check('apiVersion: {{ .Values.apiVersion }}\nkind: Deployment\n');
    expect(report.findings.map((f) => f.code)).toEqual(['template-not-checked']);
  });
});
