// Custom resources through Analysis.check with a CRD catalog: the walk's codes with exact ranges (unknown-field
// with did-you-mean, invalid-value for enums and types, missing-field), preserve-unknown-fields, embedded
// resources, schema constraints, CEL rules (oldSelf and library rules skipped), served / not-served /
// deprecated versions, and "not checked" for custom resources no CRD defines.
// Internal imports: `api-extensions/workspace` (crdsFromText: the CRDs of one text; the public loadCrdFiles reads
// named files), `fixes` (fixesFor: one finding's own fixes; Analysis.fixes adds the disable-comment fixes).
import { describe, expect, it } from 'vitest';
import { buildCrdCatalog, type Finding, Analysis } from '../../server/src/engine';
import { crdsFromText } from '../../server/src/engine/api-extensions/workspace';
import { fixesFor } from '../../server/src/engine/fixes';
import { rangeOfText } from '../engine/helpers';
import { WIDGET_CRD } from './fixtures';
import { dataOf } from '../support/finding-data';

const crds = buildCrdCatalog({ workspace: crdsFromText(WIDGET_CRD, 'crds/widget.yaml'), pack: null });
const check = (text: string) => new Analysis({ version: '1.37', crds }).check(text);
const keys = (fs: Finding[]) => fs.map((f) => `${f.code}:${f.path}`);

const HEAD = `apiVersion: example.kubegate.test/v1
kind: Widget
metadata:
  name: w
spec:
`;
const at = (text: string, line: number, needle: string) => rangeOfText(text, line, needle);

describe('custom resources checked against a workspace CRD', () => {
  it('a valid Widget has no finding and is checked', () => {
    const text = HEAD + `  size: Small
  port: http
  minReplicas: 1
  maxReplicas: 3
  name: abc
  since: "2026-01-02T03:04:05Z"
  extras: {color: red, anything: [1, 2]}
  blob: {a: {b: c}}
  template:
    apiVersion: v1
    kind: Pod
    metadata: {name: p}
    spec: {image: x}
  parts: [{name: a, weight: 1}, {name: b}]
  tags: [a1, b1]
  labels: {a: b}
`;
    const report = check(text);
    expect(report.findings).toEqual([]);
    expect(report.documents[0]).toMatchObject({ checked: true, apiVersion: 'example.kubegate.test/v1', kind: 'Widget' });
  });

  it('unknown-field with did-you-mean at the key, as on built-ins', () => {
    const text = HEAD + `  size: Small\n  maxReplica: 3\n`;
    const [f] = check(text).findings;
    expect(f).toMatchObject({ code: 'unknown-field', path: 'spec.maxReplica', severity: 'error', data: { suggestion: 'maxReplicas' } });
    expect(f!.range).toEqual(at(text, 6, 'maxReplica'));
  });

  it('enum values and scalar types are invalid-value at the value', () => {
    const text = HEAD + `  size: Huge\n  minReplicas: "2"\n`;
    const report = check(text);
    expect(keys(report.findings)).toEqual(['invalid-value:spec.size', 'invalid-value:spec.minReplicas']);
    expect(report.findings[0]!.range).toEqual(at(text, 5, 'Huge'));
    expect(report.findings[0]!.data).toMatchObject({ allowed: ['Small', 'Medium', 'Large'] });
    expect(report.findings[1]!.range).toEqual(at(text, 6, '"2"'));
  });

  it('a required field that is absent is missing-field at its parent key', () => {
    const text = HEAD + `  port: 80\n`;
    const [f] = check(text).findings;
    expect(f).toMatchObject({ code: 'missing-field', path: 'spec.size' });
    expect(f!.range).toEqual(at(text, 4, 'spec'));
  });

  it('a required integer that is absent is missing-field too (CRDs have no zero-value default)', () => {
    const text = HEAD + `  size: Small\n  parts: [{name: a}]\n`;
    expect(check(text).findings).toEqual([]);
    const crd = buildCrdCatalog({ workspace: crdsFromText(WIDGET_CRD.replace('required: [name]', 'required: [name, weight]'), 'w.yaml'), pack: null });
    const [f] = new Analysis({ version: '1.37', crds: crd }).check(text).findings;
    expect(f).toMatchObject({ code: 'missing-field', path: 'spec.parts[].weight' });
    expect(f!.range).toEqual(at(text, 6, 'name'));
  });

  it('preserve-unknown-fields keeps unknown keys; its declared fields are still checked', () => {
    const text = HEAD + `  size: Small\n  extras: {color: [1], whatever: true}\n  blob: {any: thing}\n`;
    const report = check(text);
    expect(keys(report.findings)).toEqual(['invalid-value:spec.extras.color']);
    expect(report.findings[0]!.range).toEqual(at(text, 6, '[1]'));
  });

  it('an embedded resource takes apiVersion, kind and ObjectMeta metadata', () => {
    const text = HEAD + `  size: Small\n  template:\n    apiVersion: v1\n    kind: Pod\n    metadata: {nam: x}\n    spec: {image: x}\n`;
    const [f] = check(text).findings;
    expect(f).toMatchObject({ code: 'unknown-field', path: 'spec.template.metadata.nam', data: { suggestion: 'name' } });
    expect(f!.range).toEqual(at(text, 9, 'nam'));
  });

  it('minimum, maximum, pattern, maxLength, format and list keys', () => {
    const text =
      HEAD +
      `  size: Small
  minReplicas: 0
  maxReplicas: 11
  name: ABCDEFGHIJ
  since: yesterday
  parts: [{name: a}, {name: a}]
  tags: [x, x]
`;
    const report = check(text);
    expect(keys(report.findings).sort()).toEqual(
      [
        'invalid-value:spec.minReplicas',
        'invalid-value:spec.maxReplicas',
        'invalid-value:spec.name',
        'invalid-value:spec.name',
        'invalid-value:spec.since',
        'invalid-value:spec.parts[]',
        'invalid-value:spec.tags[]',
      ].sort(),
    );
    const byPath = (p: string) => report.findings.filter((f) => f.path === p);
    expect(byPath('spec.minReplicas')[0]!.range).toEqual(at(text, 6, '0'));
    expect(byPath('spec.maxReplicas')[0]!.range).toEqual(at(text, 7, '11'));
    expect(byPath('spec.since')[0]!.range).toEqual(at(text, 9, 'yesterday'));
    expect(byPath('spec.parts[]')[0]!.range).toEqual(rangeOfText(text, 10, '{name: a}', 1));
    expect(byPath('spec.tags[]')[0]!.range).toEqual(rangeOfText(text, 11, 'x', 1));
  });

  it('a CEL rule that reads only self is evaluated: its message at the rule path', () => {
    const text = HEAD + `  size: Small\n  minReplicas: 5\n  maxReplicas: 2\n`;
    const [f] = check(text).findings;
    expect(f).toMatchObject({ code: 'invalid-value', path: 'spec', message: 'minReplicas must not exceed maxReplicas' });
    expect(f!.range).toEqual(at(text, 4, 'spec'));
    expect(check(HEAD + `  size: Small\n  minReplicas: 2\n  maxReplicas: 5\n`).findings).toEqual([]);
  });

  it('rules with oldSelf or Kubernetes library functions are skipped, not reported', () => {
    // size differs from any old value and url is no URL: neither rule can be judged here.
    expect(check(HEAD + `  size: Large\n  url: "not a url"\n`).findings).toEqual([]);
  });

  it('a deprecated version warns with the move; an unserved or unknown version is api-not-served', () => {
    const dep = check(`apiVersion: example.kubegate.test/v1beta1\nkind: Widget\nmetadata: {name: w}\nspec: {size: s, oldField: x}\n`);
    expect(keys(dep.findings)).toEqual(['api-deprecated:example.kubegate.test/v1beta1/Widget']);
    expect(dep.findings[0]).toMatchObject({ severity: 'warning', fix: 'Move to apiVersion example.kubegate.test/v1.', data: { replacement: 'example.kubegate.test/v1', moved: ['spec.oldField'] } });
    expect(dep.findings[0]!.detail).toContain('deprecated; use example.kubegate.test/v1 Widget');
    for (const v of ['v1alpha1', 'v2']) {
      const text = `apiVersion: example.kubegate.test/${v}\nkind: Widget\nmetadata: {name: w}\n`;
      const report = check(text);
      expect(keys(report.findings)).toEqual([`api-not-served:example.kubegate.test/${v}/Widget`]);
      expect(report.findings[0]!.range).toEqual(at(text, 0, `example.kubegate.test/${v}`));
      expect(report.findings[0]!.fix).toBe('Use apiVersion example.kubegate.test/v1.');
      expect(report.documents[0]!.checked).toBe(false);
    }
  });

  it('the quick fix of a served-version finding moves the apiVersion', () => {
    for (const [from, finding] of [['v1beta1', 'api-deprecated'], ['v2', 'api-not-served']] as const) {
      const text = `apiVersion: "example.kubegate.test/${from}"\nkind: Widget\nmetadata: {name: w}\n`;
      const f = check(text).findings.find((x) => x.code === finding)!;
      const fixes = fixesFor(f, { file: 'w.yaml', text, version: '1.37' });
      expect(fixes.map((x) => x.title)).toEqual(['Use example.kubegate.test/v1 (served by the CRD in crds/widget.yaml)']);
      expect(fixes[0]!.edits).toEqual([{ file: 'w.yaml', range: at(text, 0, `"example.kubegate.test/${from}"`), newText: '"example.kubegate.test/v1"' }]);
    }
  });

  it('custom resources no CRD defines stay quietly not checked', () => {
    const report = check(`apiVersion: other.example/v1\nkind: Gadget\nmetadata: {name: g}\nspec: {anything: 1}\n`);
    expect(report.findings).toEqual([]);
    expect(report.documents[0]).toMatchObject({ checked: false });
    expect(check(`apiVersion: example.kubegate.test/v1\nkind: Gizmo\nspec: {x: 1}\n`).documents[0]!.checked).toBe(false);
  });

  it('without a catalog nothing changes for custom resources', () => {
    const report = new Analysis({ version: '1.37' }).check(HEAD + `  sizee: Small\n`);
    expect(report.findings).toEqual([]);
    expect(report.documents[0]!.checked).toBe(false);
  });
});

describe('custom resources checked against the bundled pack', () => {
  const bundled = buildCrdCatalog({ controllerGates: { 'snapshot-controller:CSIVolumeGroupSnapshot': true } });

  it('a misspelt sourc: in a VolumeGroupSnapshot is caught', () => {
    const text = `apiVersion: groupsnapshot.storage.k8s.io/v1
kind: VolumeGroupSnapshot
metadata: {name: g}
spec:
  volumeGroupSnapshotClassName: c
  sourc:
    selector: {matchLabels: {app: db}}
`;
    const report = new Analysis({ version: '1.37', crds: bundled }).check(text);
    expect(keys(report.findings)).toEqual(['missing-field:spec.source', 'unknown-field:spec.sourc']);
    expect(report.findings[1]!.data).toMatchObject({ suggestion: 'source' });
    expect(report.findings[1]!.range).toEqual(rangeOfText(text, 5, 'sourc'));
  });

  it('SnapshotMetadataService v1alpha1 is not served by the newest release: the move is spelled out', () => {
    const text = `apiVersion: cbt.storage.k8s.io/v1alpha1\nkind: SnapshotMetadataService\nmetadata: {name: s}\nspec: {address: a:1, caCert: YWJj, audience: x}\n`;
    const [f] = new Analysis({ version: '1.37', crds: bundled }).check(text).findings;
    expect(f).toMatchObject({ code: 'api-not-served', fix: 'Use apiVersion cbt.storage.k8s.io/v1beta1.', data: { servedUpTo: 'external-snapshot-metadata v0.2.0' } });
    const older = buildCrdCatalog({ selections: ['external-snapshot-metadata@0.2'] });
    expect(new Analysis({ version: '1.37', crds: older }).check(text).findings).toEqual([]);
  });

  it('group snapshot v1beta1 is deprecated with the status field rename; v1beta2 is not served before v8.4', () => {
    const text = `apiVersion: groupsnapshot.storage.k8s.io/v1beta1
kind: VolumeGroupSnapshotContent
metadata: {name: c}
spec:
  deletionPolicy: Delete
  driver: d
  volumeGroupSnapshotRef: {name: g, namespace: ns}
  source: {volumeHandles: [a]}
`;
    const [f] = new Analysis({ version: '1.37', crds: bundled }).check(text).findings;
    expect(f).toMatchObject({ code: 'api-deprecated', data: { replacement: 'groupsnapshot.storage.k8s.io/v1' } });
    expect(dataOf(f, 'api-deprecated')?.moved).toContain('status.volumeSnapshotHandlePairList');
    const v83 = buildCrdCatalog({ selections: ['external-snapshotter@8.3'], controllerGates: { 'snapshot-controller:CSIVolumeGroupSnapshot': true } });
    const v1beta2 = text.replace('v1beta1', 'v1beta2');
    const [g] = new Analysis({ version: '1.37', crds: v83 }).check(v1beta2).findings;
    expect(g).toMatchObject({ code: 'api-not-served', fix: 'Use apiVersion groupsnapshot.storage.k8s.io/v1beta1.' });
    expect(new Analysis({ version: '1.37', crds: v83 }).check(text).findings).toEqual([]);
  });
});
