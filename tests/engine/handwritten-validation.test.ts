// Hand-written kube-apiserver validation beyond the schema (server/src/engine/validate/field-rule-table.ts): what
// is not one rule's verdict on a manifest. The verdicts themselves (container name/image, port names and numbers,
// percentages, quantities, repeated list keys, a Job's restartPolicy) are fixture files in tests/rules/handwritten/.
// Here: the table's rows against the generated data, the port-name and quantity grammars and the exact quantity
// comparison (units with no public surface: the engine exposes only their verdicts), and kustomize patches (a
// check option the fixtures do not set).
// Internal imports: `validate/field-rule-table` (the rows, to check them against the data),
// `validate/int-or-string-rules` (portNameProblem) and `validate/quantity` (the quantity grammar and
// comparison).
import { describe, expect, it } from 'vitest';
import { Analysis } from '../../server/src/engine';
import { INT_OR_STRING, LIST_KEYS, REQUIRED } from '../../server/src/engine/validate/field-rule-table';
import { portNameProblem } from '../../server/src/engine/validate/int-or-string-rules';
import { compareQuantities, quantityProblem, quantityValue } from '../../server/src/engine/validate/quantity';
import { data } from './helpers';

const job = (template: string) => `apiVersion: batch/v1
kind: Job
metadata: {name: report}
spec:
  template:
${template}`;

describe('the table and the grammars', () => {
  it('every row names a field that exists with an int-or-string type in the generated data', () => {
    const d = data();
    for (const row of INT_OR_STRING) {
      const field = d.types[row.type]?.fields.find((f) => f.name === row.field);
      expect(field?.type, `${row.type}.${row.field}`).toEqual({ s: 'int-or-string' });
      expect(row.source.commit).toMatch(/^[0-9a-f]{40}$/);
    }
    for (const row of [...REQUIRED, ...LIST_KEYS]) {
      expect(d.types[row.type]?.fields.some((f) => f.name === row.field), `${row.type}.${row.field}`).toBe(true);
      expect(row.source.commit).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('port names follow the IANA service-name rules', () => {
    expect(['http', 'web-1', 'a1', 'abcdefghijklmno'].map(portNameProblem)).toEqual([undefined, undefined, undefined, undefined]);
    expect(['8080', 'abcdefghijklmnop', 'web--1', '-web', 'web-', 'Web', ''].map(portNameProblem)).toEqual([
      'needs at least one letter',
      'is longer than 15 characters',
      'may not contain "--"',
      'may not start or end with "-"',
      'may not start or end with "-"',
      'may contain only lower-case letters, digits and "-"',
      'may contain only lower-case letters, digits and "-"',
    ]);
  });

  it('the decoder\'s grammar: sign, digits, fraction, SI / binary suffix or exponent', () => {
    const ok = ['1', '0', '-1', '+1', '1.5', '.5', '1.', '100m', '250u', '3n', '1k', '1M', '1G', '1T', '1P', '1E', '1Ki', '512Mi', '1.5Gi', '1Ti', '1Pi', '1Ei', '1e3', '1E-3', '1e+3', ' 2Gi ', '00', 'Mi'];
    // 'Mi' scans as an empty number (zero) with a binary suffix: upstream decodes it as 0.
    expect(ok.filter((v) => quantityProblem(v) !== undefined)).toEqual([]);
    expect(['512MB', '1.5.3', 'abc', '', '1ki', '1K', '1e', '1Gb', '1 Gi', '1m3'].map((v) => [v, quantityProblem(v)])).toEqual([
      ['512MB', 'has characters that are not part of a number and a unit suffix'],
      ['1.5.3', 'has characters that are not part of a number and a unit suffix'],
      ['abc', 'has characters that are not part of a number and a unit suffix'],
      ['', 'is empty'],
      ['1ki', 'has an unknown unit suffix "ki"'],
      ['1K', 'has an unknown unit suffix "K"'],
      ['1e', 'has an unknown unit suffix "e"'],
      ['1Gb', 'has characters that are not part of a number and a unit suffix'],
      ['1 Gi', 'has characters that are not part of a number and a unit suffix'],
      ['1m3', 'has an unknown unit suffix "m3"'],
    ]);
  });

  it('compares exactly: binary and decimal suffixes, exponents, fractions', () => {
    const cmp = (a: string, b: string) => compareQuantities(quantityValue(a)!, quantityValue(b)!);
    expect(cmp('1Gi', '1024Mi')).toBe(0);
    expect(cmp('1e9', '1Gi')).toBe(-1);
    expect(cmp('1G', '1e9')).toBe(0);
    expect(cmp('300m', '0.3')).toBe(0);
    expect(cmp('1.5', '1500m')).toBe(0);
    expect(cmp('-1', '0')).toBe(-1);
    expect(cmp('2', '500m')).toBe(1);
    expect(quantityValue('-0')!.negative).toBe(false);
    expect(quantityValue('1.5.5')).toBeUndefined();
  });
});

describe('kustomize patches', () => {
  it('a strategic-merge patch names containers without image (nothing is required there), null deletes stay silent', () => {
    const text = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: web
        image: null
        resources:
          limits: {memory: 1Gi}
      - name: sidecar
        env:
        - {name: A, value: x}
        - {name: A, value: z}
`;
    const report = new Analysis({ version: '1.37', kustomize: { role: 'patch', kustomization: '/repo/kustomization.yaml', injected: [] } }).check(text);
    expect(report.findings.map((f) => [f.data?.['rule'], f.data?.['verdict'], f.range.start.line])).toEqual([['duplicateListKey', 'accepted-with-warning', 15]]);
  });

  it('a strategic-merge patch of a Job that leaves restartPolicy out says nothing', () => {
    const text = job(`    spec:
      containers: [{name: r, image: python:3.13}]
`);
    const report = new Analysis({ version: '1.37', kustomize: { role: 'patch', kustomization: '/repo/kustomization.yaml', injected: [] } }).check(text);
    expect(report.findings.filter((f) => f.data?.['rule'] === 'templateRestartPolicy')).toEqual([]);
  });
});
