// Exact ranges and paths of the walker's findings.
// Internal imports: `parse/ranges` (offsets to positions, a unit with no public surface).
// Also `parse/parseFile` (textLineCounter: the parser's line counter).
import { describe, expect, it } from 'vitest';
import { check, data, only, r, rangeOfText, single } from './helpers';
import { positionAt, rangeOf } from '../../server/src/engine/parse/ranges';
import { textLineCounter } from '../../server/src/engine/parse/parseFile';
import { dataOf } from '../support/finding-data';

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx
    imagePullPolicy: Sometimes
    ports:
    - containerPort: "80"
      protocl: TCP
`;

describe('exact ranges', () => {
  it('an unknown key deep in a list: the key itself, structural path, did-you-mean', () => {
    const f = single(check(POD), 'unknown-field');
    expect(f.path).toBe('spec.containers[].ports[].protocl');
    expect(f.range).toEqual(r(11, 6, 11, 13));
    expect(f.severity).toBe('error');
    expect(dataOf(f, 'unknown-field')?.suggestion).toBe('protocol');
    expect(f.message).toContain('protocol');
  });

  it('a value outside an +enum: the value, with the allowed values from the data', () => {
    const findings = only(check(POD), 'invalid-value').filter((f) => f.path === 'spec.containers[].imagePullPolicy');
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.range).toEqual(rangeOfText(POD, 8, 'Sometimes'));
    const field = data().types['core.v1.Container']?.fields.find((x) => x.name === 'imagePullPolicy');
    expect(field?.enum).toBeDefined();
    expect(dataOf(f, 'invalid-value')?.allowed).toEqual(data().enums[field!.enum!]);
  });

  it('a wrong type: the whole quoted scalar', () => {
    const f = only(check(POD), 'invalid-value').find((x) => x.path === 'spec.containers[].ports[].containerPort');
    expect(f?.range).toEqual(r(10, 21, 10, 25));
    expect(f?.data).toMatchObject({ expected: 'a whole number', got: 'string' });
  });

  it('a mapping where a string is expected is reported on the mapping, not walked further', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name:\n    nested: x\n';
    const f = single(check(text), 'invalid-value');
    expect(f.path).toBe('metadata.name');
    expect(f.range.start).toEqual({ line: 4, character: 4 });
  });

  it('a syntax error in document 2 of 3: findings still in 1 and 3', () => {
    const text = [
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: one}\ndatta: {}\n',
      'apiVersion: v1\nkind: ConfigMap\nmetadata: [unclosed\n',
      'apiVersion: v1\nkind: Service\nmetadata: {name: three}\nspec:\n  type: Bogus\n  ports: [{port: 80}]\n',
    ].join('---\n');
    const report = check(text);
    expect(report.documents.map((d) => d.checked)).toEqual([true, false, true]);
    expect(report.findings.map((f) => [f.document, f.code, f.path])).toEqual([
      [0, 'unknown-field', 'datta'],
      [1, 'yaml-syntax', undefined],
      [2, 'invalid-value', 'spec.type'],
    ]);
    expect(report.findings[0]?.range).toEqual(r(3, 0, 3, 5));
    expect(report.findings[1]?.range.start.line).toBeGreaterThanOrEqual(7);
    expect(report.findings[2]?.range).toEqual(r(13, 8, 13, 13));
  });
});

describe('lists', () => {
  it('checks each entry of a v1 List on its own', () => {
    const text = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: a}
  dta: {}
- apiVersion: v1
  kind: Service
  metadata: {name: b}
  spec:
    type: Nope
    ports: [{port: 80}]
- null
- apiVersion: example.com/v1
  kind: Widget
`;
    const report = check(text);
    const list = report.documents[0]!;
    expect(list.checked).toBe(true);
    expect(list.items?.map((i) => [i.index, i.kind, i.checked])).toEqual([
      [0, 'ConfigMap', true],
      [1, 'Service', true],
      [2, undefined, false],
      [3, 'Widget', false],
    ]);
    expect(report.findings.map((f) => `${f.code}:${f.path}`)).toEqual(['unknown-field:dta', 'invalid-value:spec.type']);
    expect(report.findings[0]?.range).toEqual(r(6, 2, 6, 5));
    expect(report.findings[1]?.range).toEqual(r(11, 10, 11, 14));
  });

  it('takes typed-list entries without apiVersion and kind as the list item kind', () => {
    const configMap = data().kinds.find((k) => k.apiVersion === 'v1' && k.kind === 'ConfigMap' && !k.removed);
    expect(configMap?.listKind).toBeDefined();
    const text = `apiVersion: v1\nkind: ${configMap!.listKind}\nitems:\n- metadata: {name: a}\n  dataa: {}\n`;
    const report = check(text);
    expect(report.documents[0]?.items?.[0]).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap', checked: true });
    const f = single(report, 'unknown-field');
    expect(f.path).toBe('dataa');
    expect(dataOf(f, 'unknown-field')?.suggestion).toBe('data');
  });

  it('reports items that is not a list', () => {
    const f = single(check('apiVersion: v1\nkind: List\nitems: {a: 1}\n'), 'invalid-value');
    expect(f.path).toBe('items');
    expect(f.range).toEqual(r(2, 7, 2, 13));
  });

  it('accepts a List with no or null items', () => {
    expect(check('apiVersion: v1\nkind: List\nitems:\n').findings).toEqual([]);
    expect(check('apiVersion: v1\nkind: List\n').findings).toEqual([]);
  });
});

describe('offsets to positions (parse/ranges.ts)', () => {
  it('every range of a text with LF, CR LF and lone CR lines is the one the parser line counter gives', () => {
    const text = 'a: 1\r\nb:\r  c: 2\n\n  d: [x,\r\n y]\r\n';
    const lineCounter = textLineCounter(text);
    const pos = (o: number) => {
      const { line, col } = lineCounter.linePos(Math.max(0, o));
      return { line: line - 1, character: col - 1 };
    };
    for (let s = -1; s <= text.length + 1; s++) {
      expect(positionAt(lineCounter, s)).toEqual(pos(s));
      for (let e = s - 1; e <= text.length + 1; e++) expect(rangeOf(lineCounter, s, e)).toEqual({ start: pos(s), end: e <= s ? pos(s) : pos(e) });
    }
  });
});
