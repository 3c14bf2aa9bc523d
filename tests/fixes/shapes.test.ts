// Quick fixes for shapes copied from blog posts: boolean for a list, Go-style keys, pod-style sysctls,
// compatibilityGroups on the device instead of its consumesCounters entry.
import { describe, expect, it } from 'vitest';
import {
  apply,
  check,
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

describe('blog shapes', () => {
  const skip = feature('dra-optional-node-operations');
  const compat = feature('dra-device-compatibility-groups');
  const sysctls = feature('default-pod-sysctls');
  const field = skip.path[skip.path.length - 1];
  const slice = (spec: string[]) =>
    resourceSliceText({ apiVersion: skip.apiVersion, kind: skip.kind, spec, nameComment: '  # slice' });

  it('skipNodeOperations: true → ["*"] (the field is a list of operations)', () => {
    const text = slice([`  ${field}: true # "boolean" in the brief`]);
    const files: Files = { 'slice.yaml': text };
    const finding = only(check('slice.yaml', files), 'invalid-value');
    const fix = fixTitled(fixesFor(finding, context('slice.yaml', files)), /\["\*"\]/);
    const after = apply(files, fix);
    expectOnlyChanged(text, after['slice.yaml'], [[`${field}: true #`, `${field}: ["*"] #`]]);
    const report = check('slice.yaml', after);
    expect(report.findings.filter((f) => f.code === 'invalid-value')).toEqual([]);
    expect(report.findings.filter((f) => f.code === 'feature-gate').map((f) => f.data?.gate)).toEqual([skip.gate]);
  });

  it('Go-style key → the JSON field name (manifest and kubelet config)', () => {
    const goSlice = skip.goName!;
    const text = slice([`  ${goSlice}:`, '  - "*"']);
    const files: Files = { 'slice.yaml': text };
    const finding = only(check('slice.yaml', files), 'unknown-field');
    const after = apply(files, fixTitled(fixesFor(finding, context('slice.yaml', files)), new RegExp(`Rename ${goSlice} to ${field}`)));
    expectOnlyChanged(text, after['slice.yaml'], [[`  ${goSlice}:`, `  ${field}:`]]);
    expect(check('slice.yaml', after).findings.filter((f) => f.code === 'unknown-field')).toEqual([]);

    const sysField = sysctls.path[0];
    const goSys = sysctls.goName!;
    const kubelet = `apiVersion: ${sysctls.apiVersion}\nkind: ${sysctls.kind}\nfeatureGates:\n  ${sysctls.gate}: true\n${goSys}:  # from the Go struct\n  net.ipv4.ip_unprivileged_port_start: "0"\n`;
    const kfiles: Files = { 'kubelet.yaml': kubelet };
    const kfinding = only(check('kubelet.yaml', kfiles), 'unknown-field');
    const kafter = apply(kfiles, fixTitled(fixesFor(kfinding, context('kubelet.yaml', kfiles)), /Rename/));
    expectOnlyChanged(kubelet, kafter['kubelet.yaml'], [[`\n${goSys}:`, `\n${sysField}:`]]);
    expect(check('kubelet.yaml', kafter).findings.filter((f) => f.severity === 'error' || f.severity === 'warning')).toEqual([]);
  });

  it('pod-style sysctls (- name / value) under defaultPodSysctls → a map', () => {
    const sysField = sysctls.path[0];
    const kubelet = [
      `apiVersion: ${sysctls.apiVersion}`,
      `kind: ${sysctls.kind}`,
      'featureGates:',
      `  ${sysctls.gate}: true`,
      `${sysField}:   # node-wide defaults`,
      '- name: net.ipv4.ip_unprivileged_port_start',
      '  value: "0"',
      '- name: kernel.shm_rmid_forced',
      '  value: 1',
      '# end',
      '',
    ].join('\n');
    const files: Files = { 'kubelet.yaml': kubelet };
    const finding = only(check('kubelet.yaml', files), 'invalid-value');
    const after = apply(files, fixTitled(fixesFor(finding, context('kubelet.yaml', files)), /as a map/));
    expectOnlyChanged(kubelet, after['kubelet.yaml'], [
      [
        '- name: net.ipv4.ip_unprivileged_port_start\n  value: "0"\n- name: kernel.shm_rmid_forced\n  value: 1\n',
        '  net.ipv4.ip_unprivileged_port_start: "0"\n  kernel.shm_rmid_forced: "1"\n',
      ],
    ]);
    expectCommentsKept(kubelet, after['kubelet.yaml']);
    expect(check('kubelet.yaml', after).findings.filter((f) => f.severity === 'error' || f.severity === 'warning')).toEqual([]);
  });

  it('compatibilityGroups on a device → into its consumesCounters entry (flow and block lists)', () => {
    const [, devices, consumes, groups] = compat.path;
    for (const [written, inline] of [
      [[`    ${groups}: [profile-a]   # from a blog`], '[profile-a]'],
      [[`    ${groups}:`, '    - profile-a', '    - profile-b'], '[profile-a, profile-b]'],
    ] as const) {
      const text = slice([
        '  sharedCounters:',
        '  - name: gpu-0-counters',
        '    counters:',
        '      memory:',
        '        value: 40Gi',
        `  ${devices}:`,
        '  - name: gpu-0-part-a',
        ...written,
        `    ${consumes}:`,
        '    - counterSet: gpu-0-counters',
        '      counters:',
        '        memory:',
        '          value: 20Gi',
      ]);
      const files: Files = { 'slice.yaml': text };
      const finding = only(check('slice.yaml', files), 'unknown-field');
      const after = apply(files, fixTitled(fixesFor(finding, context('slice.yaml', files)), new RegExp(`Move ${groups} into ${consumes}`)));
      expectOnlyChanged(text, after['slice.yaml'], [
        [written.map((l) => `${l}\n`).join(''), ''],
        ['          value: 20Gi\n', `          value: 20Gi\n      ${groups}: ${inline}\n`],
      ]);
      const report = check('slice.yaml', after);
      expect(report.findings.filter((f) => f.code === 'unknown-field')).toEqual([]);
      // The field now sits where the gate data expects it: the gate finding names it.
      const gate = only(report, 'feature-gate');
      expect(dataOf(gate, 'feature-gate')?.gate).toBe(compat.gate);
      expect(gate.path).toBe(`spec.${devices}[].${consumes}[].${groups}`);
    }
  });

  it('moves into each consumesCounters entry when there are several, first key of an item included', () => {
    const [, devices, consumes, groups] = compat.path;
    const text = slice([
      `  ${devices}:`,
      `  - ${groups}: [a]`,
      '    name: gpu-0',
      `    ${consumes}:`,
      '    - counterSet: one',
      '      counters: {memory: {value: 1Gi}}',
      '    - counterSet: two',
      '      counters: {memory: {value: 1Gi}}',
    ]);
    const files: Files = { 'slice.yaml': text };
    const finding = only(check('slice.yaml', files), 'unknown-field');
    const after = apply(files, fixTitled(fixesFor(finding, context('slice.yaml', files)), /each entry/));
    expectOnlyChanged(text, after['slice.yaml'], [
      [`  - ${groups}: [a]\n    name: gpu-0`, '  - name: gpu-0'],
      ['counterSet: one\n      counters: {memory: {value: 1Gi}}\n', `counterSet: one\n      counters: {memory: {value: 1Gi}}\n      ${groups}: [a]\n`],
      ['counterSet: two\n      counters: {memory: {value: 1Gi}}\n', `counterSet: two\n      counters: {memory: {value: 1Gi}}\n      ${groups}: [a]\n`],
    ]);
    expect(check('slice.yaml', after).findings.filter((f) => f.code === 'unknown-field')).toEqual([]);
  });
});
