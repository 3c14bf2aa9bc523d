// Did-you-mean fixes (fields, kinds, renamed gates), served GA apiVersions, and removing a gated field.
import { describe, expect, it } from 'vitest';
import { loadVersion } from '../../server/src/engine';
import {
  VERSION,
  apply,
  check,
  configApiVersion,
  context,
  expectCommentsKept,
  expectOnlyChanged,
  feature,
  fixTitled,
  fixesFor,
  only,
  resourceSliceText,
  type Files,
} from './helpers';
import { dataOf } from '../support/finding-data';

describe('did-you-mean, apiVersion and removal fixes', () => {
  const skip = feature('dra-optional-node-operations');
  const field = skip.path[skip.path.length - 1];
  const slice = (kind: string, spec: string[]) =>
    resourceSliceText({ apiVersion: skip.apiVersion, kind, spec, header: '# published by the driver' });

  it('a misspelt field → the close field name', () => {
    const typo = field.slice(0, -1);
    const text = slice(skip.kind, [`  ${typo}: ["*"]  # typo`]);
    const files: Files = { 'slice.yaml': text };
    const finding = only(check('slice.yaml', files), 'unknown-field');
    const fix = fixTitled(fixesFor(finding, context('slice.yaml', files)), new RegExp(`^Change spelling to '${field}'$`));
    expect(fix.isPreferred).toBe(true);
    const after = apply(files, fix);
    expectOnlyChanged(text, after['slice.yaml'], [[`  ${typo}:`, `  ${field}:`]]);
    expect(check('slice.yaml', after).findings.filter((f) => f.code === 'unknown-field')).toEqual([]);
  });

  it('an enum value one letter off → the allowed value, in the same quotes; the file then has no finding', () => {
    const pod = (policy: string) =>
      `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: web\n    image: nginx\n    imagePullPolicy: ${policy}   # pull once\n`;
    for (const [typo, fixed] of [['IfNotPresnt', 'IfNotPresent'], ['"IfNotPresnt"', '"IfNotPresent"'], ["'Alway'", "'Always'"]] as const) {
      const text = pod(typo);
      const files: Files = { 'pod.yaml': text };
      const finding = only(check('pod.yaml', files), 'invalid-value');
      const fix = fixTitled(fixesFor(finding, context('pod.yaml', files)), new RegExp(`^Change to '${fixed.replace(/['"]/g, '')}'$`));
      expect(fix.isPreferred).toBe(true);
      const after = apply(files, fix);
      expectOnlyChanged(text, after['pod.yaml'], [[typo, fixed]]);
      expect(check('pod.yaml', after).findings).toEqual([]);
    }
    // a value with no close allowed value: no such fix
    const far = { 'pod.yaml': pod('Sometimes') };
    expect(fixesFor(only(check('pod.yaml', far), 'invalid-value'), context('pod.yaml', far)).map((f) => f.title)).toEqual([]);
  });

  it('a misspelt kind → the close kind of the same apiVersion', () => {
    const typo = `${skip.kind.slice(0, -1)}x`;
    const text = slice(typo, []);
    const files: Files = { 'slice.yaml': text };
    const finding = only(check('slice.yaml', files), 'unknown-kind');
    const after = apply(files, fixTitled(fixesFor(finding, context('slice.yaml', files)), new RegExp(`^Change kind to '${skip.kind}'$`)));
    expectOnlyChanged(text, after['slice.yaml'], [[`kind: ${typo}`, `kind: ${skip.kind}`]]);
    expect(check('slice.yaml', after).findings.filter((f) => f.code === 'unknown-kind')).toEqual([]);
  });

  it('a kind under an apiVersion that does not have it → the apiVersion that serves it', () => {
    const wrong = 'v1';
    const text = slice(skip.kind, []).replace(`apiVersion: ${skip.apiVersion}`, `apiVersion: ${wrong}`);
    const files: Files = { 'slice.yaml': text };
    const finding = only(check('slice.yaml', files), 'unknown-kind');
    const fix = fixTitled(fixesFor(finding, context('slice.yaml', files)), new RegExp(`^Use apiVersion ${skip.apiVersion.replace(/[./]/g, '\\$&')} `));
    expect(fix.isPreferred).toBe(true);
    const after = apply(files, fix);
    expect(after['slice.yaml']).toBe(slice(skip.kind, []));
    expect(check('slice.yaml', after).findings.filter((f) => f.code === 'unknown-kind')).toEqual([]);
  });

  it("a gate under its KEP's old name → the shipped gate (kind config and kubeadm flag)", () => {
    expect(skip.kepYamlGate).not.toBe(skip.gate);
    const kindApi = configApiVersion('kind', 'Cluster');
    const kind = `kind: Cluster\napiVersion: ${kindApi}\nfeatureGates:\n  ${skip.kepYamlGate}: true  # from the KEP\n`;
    const files: Files = { 'kind.yaml': kind };
    const finding = only(check('kind.yaml', files), 'unknown-gate');
    const after = apply(files, fixTitled(fixesFor(finding, context('kind.yaml', files)), new RegExp(`with ${skip.gate}$`)));
    expectOnlyChanged(kind, after['kind.yaml'], [[`  ${skip.kepYamlGate}:`, `  ${skip.gate}:`]]);
    expect(check('kind.yaml', after).findings.filter((f) => f.code === 'unknown-gate')).toEqual([]);

    const kubeadmApi = configApiVersion('kubeadm', 'ClusterConfiguration');
    const kubeadm = `apiVersion: ${kubeadmApi}\nkind: ClusterConfiguration\nscheduler:\n  extraArgs:\n  - name: feature-gates\n    value: "A=false,${skip.kepYamlGate}=true"\n`;
    const kfiles: Files = { 'kubeadm.yaml': kubeadm };
    const kfinding = only(check('kubeadm.yaml', kfiles), 'unknown-gate', (f) => dataOf(f, 'unknown-gate')?.gate === skip.kepYamlGate);
    const kafter = apply(kfiles, fixTitled(fixesFor(kfinding, context('kubeadm.yaml', kfiles)), /^Replace gate/));
    expectOnlyChanged(kubeadm, kafter['kubeadm.yaml'], [[`,${skip.kepYamlGate}=`, `,${skip.gate}=`]]);
  });

  it('an apiVersion no longer served → the served GA apiVersion of the kind', () => {
    const data = loadVersion(VERSION).data;
    const removed = data.kinds.find(
      (k) => k.removed && !k.component && data.kinds.some((g) => g.kind === k.kind && g.group === k.group && g.stability === 'stable' && !g.removed),
    );
    expect(removed).toBeDefined();
    const text = `# old manifest\napiVersion: ${removed!.apiVersion}   # old\nkind: ${removed!.kind}\nmetadata:\n  name: x\n`;
    const files: Files = { 'old.yaml': text };
    const finding = only(check('old.yaml', files), 'api-not-served');
    const fix = fixTitled(fixesFor(finding, context('old.yaml', files)), /^Use /);
    const ga = data.kinds.find((g) => g.kind === removed!.kind && g.group === removed!.group && g.stability === 'stable' && !g.removed)!;
    const after = apply(files, fix);
    expectOnlyChanged(text, after['old.yaml'], [[`apiVersion: ${removed!.apiVersion}   #`, `apiVersion: ${ga.apiVersion}   #`]]);
    expect(check('old.yaml', after).findings.filter((f) => f.code.startsWith('api-'))).toEqual([]);
  });

  it('no apiVersion fix for a design no version serves (KEP-5823 PodCheckpoint)', () => {
    const design = feature('pod-level-checkpoint-restore');
    const text = `apiVersion: ${design.apiVersion}\nkind: ${design.kind}\nmetadata:\n  name: c\n`;
    const files: Files = { 'c.yaml': text };
    const finding = only(check('c.yaml', files), 'api-not-served');
    expect(fixesFor(finding, context('c.yaml', files))).toEqual([]);
  });

  it('removes the gated field and only its lines', () => {
    const text = slice(skip.kind, [`  ${field}:  # no prepare calls`, '  - "*"', '  devices:', '  - name: d0']);
    const files: Files = { 'slice.yaml': text };
    const finding = only(check('slice.yaml', files), 'feature-gate');
    const after = apply(files, fixTitled(fixesFor(finding, context('slice.yaml', files)), new RegExp(`^Remove ${field}`)));
    expectOnlyChanged(text, after['slice.yaml'], [[`  ${field}:  # no prepare calls\n  - "*"\n`, '']]);
    expectCommentsKept(text.replace('  # no prepare calls', ''), after['slice.yaml']);
    expect(check('slice.yaml', after).findings).toEqual([]);
  });

  it('field-not-in-version (target 1.36) → remove the field', () => {
    const text = slice(skip.kind, ['  devices:', '  - name: d0', `  ${field}: ["*"]`]);
    const withVersion = `# kubegate: kubernetes-version=1.36\n${text}`;
    const vfiles: Files = { 'slice.yaml': withVersion };
    const finding = only(check('slice.yaml', vfiles), 'field-not-in-version');
    const after = apply(vfiles, fixTitled(fixesFor(finding, context('slice.yaml', vfiles, { version: '1.36' })), /^Remove/));
    expectOnlyChanged(withVersion, after['slice.yaml'], [[`  ${field}: ["*"]\n`, '']]);
    expect(check('slice.yaml', after).findings).toEqual([]);
  });
});
