// Quick fixes that turn a needed gate on: kind config, kubeadm per component, settings, a new kind config.
// Internal imports: `fixes` (the kind config a fix would create, built alone).
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadVersion, Analysis } from '../../server/src/engine';
import { kindConfigFor } from '../../server/src/engine/fixes';
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

describe('enable the gate a field needs', () => {
  const skip = feature('dra-optional-node-operations');
  const other = feature('grpc-probe-tls').gate;
  const field = skip.path[skip.path.length - 1];
  const kindApi = configApiVersion('kind', 'Cluster');
  const kubeadmApi = configApiVersion('kubeadm', 'ClusterConfiguration');
  const manifest = resourceSliceText({
    apiVersion: skip.apiVersion,
    kind: skip.kind,
    header: '# a slice published by the driver',
    spec: [`  ${field}:   # no prepare/unprepare calls`, '  - "*"'],
  });

  function gateFinding(files: Files, configs: string[]) {
    return check('slice.yaml', files, { configs }).findings.filter((f) => f.code === 'feature-gate' && f.data?.gate === skip.gate);
  }

  it('adds the gate to an existing kind featureGates map, touching nothing else', () => {
    const kind = [
      '# dev cluster',
      'kind: Cluster',
      `apiVersion: ${kindApi}`,
      'featureGates:',
      '  # probes over TLS',
      `  ${other}: true   # keep`,
      'nodes:',
      '- role: control-plane',
      '',
    ].join('\n');
    const files: Files = { 'slice.yaml': manifest, 'kind.yaml': kind };
    const finding = only(check('slice.yaml', files, { configs: ['kind.yaml'] }), 'feature-gate');
    expect(finding.severity).toBe('warning');
    const fixes = fixesFor(finding, context('slice.yaml', files));
    const fix = fixTitled(fixes, /in kind\.yaml/);
    expect(fix.isPreferred).toBe(true);
    expect(fix.edits.every((e) => e.file === 'kind.yaml')).toBe(true);
    const after = apply(files, fix);
    expectOnlyChanged(kind, after['kind.yaml'], [[`  ${other}: true   # keep\n`, `  ${other}: true   # keep\n  ${skip.gate}: true\n`]]);
    expectCommentsKept(kind, after['kind.yaml']);
    expect(after['slice.yaml']).toBe(manifest);
    expect(gateFinding(after, ['kind.yaml'])).toEqual([]);
  });

  it('creates the featureGates map when the kind config has none (trailing comment kept)', () => {
    const kind = ['kind: Cluster', `apiVersion: ${kindApi}`, 'nodes:', '- role: control-plane', '- role: worker', '# end', ''].join('\n');
    const files: Files = { 'slice.yaml': manifest, 'kind.yaml': kind };
    const finding = only(check('slice.yaml', files, { configs: ['kind.yaml'] }), 'feature-gate');
    const after = apply(files, fixTitled(fixesFor(finding, context('slice.yaml', files)), /in kind\.yaml/));
    expectOnlyChanged(kind, after['kind.yaml'], [['- role: worker\n', `- role: worker\nfeatureGates:\n  ${skip.gate}: true\n`]]);
    expect(gateFinding(after, ['kind.yaml'])).toEqual([]);
    expect(check('kind.yaml', after).findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('fills an empty flow map and flips a gate set to false', () => {
    for (const [line, fixed] of [
      ['featureGates: {}', `featureGates: {${skip.gate}: true}`],
      [`featureGates: {${other}: true}`, `featureGates: {${other}: true, ${skip.gate}: true}`],
      [`featureGates:\n  ${skip.gate}: false # off for now`, `featureGates:\n  ${skip.gate}: true # off for now`],
    ]) {
      const kind = `kind: Cluster\napiVersion: ${kindApi}\n${line}\n`;
      const files: Files = { 'slice.yaml': manifest, 'kind.yaml': kind };
      const finding = only(check('slice.yaml', files, { configs: ['kind.yaml'] }), 'feature-gate');
      const after = apply(files, fixTitled(fixesFor(finding, context('slice.yaml', files)), /in kind\.yaml/));
      expect(after['kind.yaml']).toBe(`kind: Cluster\napiVersion: ${kindApi}\n${fixed}\n`);
      expect(gateFinding(after, ['kind.yaml'])).toEqual([]);
    }
  });

  it('keeps CRLF line breaks', () => {
    const kind = `kind: Cluster\r\napiVersion: ${kindApi}\r\nfeatureGates:\r\n  ${other}: true\r\n`;
    const files: Files = { 'slice.yaml': manifest, 'kind.yaml': kind };
    const finding = only(check('slice.yaml', files, { configs: ['kind.yaml'] }), 'feature-gate');
    const after = apply(files, fixTitled(fixesFor(finding, context('slice.yaml', files)), /in kind\.yaml/));
    expect(after['kind.yaml']).toBe(`${kind}  ${skip.gate}: true\r\n`);
  });

  it('kubeadm: adds the flag for each component still without it (scheduler block, kubelet args)', () => {
    const kubeadm = [
      `apiVersion: ${kubeadmApi}`,
      'kind: ClusterConfiguration',
      'apiServer:',
      '  extraArgs:',
      '  - name: feature-gates',
      `    value: ${skip.gate}=true # API server only`,
      '  - name: v',
      '    value: "2"',
      '---',
      `apiVersion: ${kubeadmApi}`,
      'kind: InitConfiguration',
      'nodeRegistration:',
      '  name: node-1',
      '',
    ].join('\n');
    const files: Files = { 'slice.yaml': manifest, 'kubeadm.yaml': kubeadm };
    const finding = only(check('slice.yaml', files, { configs: ['kubeadm.yaml'] }), 'feature-gate');
    expect(finding.severity).toBe('warning');
    const fix = fixTitled(fixesFor(finding, context('slice.yaml', files)), /in kubeadm\.yaml/);
    const after = apply(files, fix);
    expectOnlyChanged(kubeadm, after['kubeadm.yaml'], [
      ['    value: "2"\n', `    value: "2"\nscheduler:\n  extraArgs:\n  - name: feature-gates\n    value: ${skip.gate}=true\n`],
      ['  name: node-1\n', `  name: node-1\n  kubeletExtraArgs:\n  - name: feature-gates\n    value: ${skip.gate}=true\n`],
    ]);
    expect(gateFinding(after, ['kubeadm.yaml'])).toEqual([]);
  });

  it('kubeadm: appends to an existing feature-gates value (plain and quoted)', () => {
    for (const [value, fixed] of [
      [`${other}=true`, `${other}=true,${skip.gate}=true`],
      [`"${other}=true"`, `"${other}=true,${skip.gate}=true"`],
      [`${other}=true,${skip.gate}=false`, `${other}=true,${skip.gate}=true`],
    ]) {
      const section = (name: string) => [`${name}:`, '  extraArgs:', '  - name: feature-gates', `    value: ${value}`];
      const kubeadm = [`apiVersion: ${kubeadmApi}`, 'kind: ClusterConfiguration', ...section('apiServer'), ...section('scheduler'), ''].join('\n');
      const init = `apiVersion: ${kubeadmApi}\nkind: InitConfiguration\nnodeRegistration:\n  kubeletExtraArgs:\n  - name: feature-gates\n    value: ${skip.gate}=true\n`;
      const files: Files = { 'slice.yaml': manifest, 'kubeadm.yaml': kubeadm, 'init.yaml': init };
      const finding = only(check('slice.yaml', files, { configs: ['kubeadm.yaml', 'init.yaml'] }), 'feature-gate');
      const after = apply(files, fixTitled(fixesFor(finding, context('slice.yaml', files)), /in kubeadm\.yaml/));
      expect(after['kubeadm.yaml']).toBe(kubeadm.split(`value: ${value}`).join(`value: ${fixed}`));
      expect(after['init.yaml']).toBe(init);
      expect(gateFinding(after, ['kubeadm.yaml', 'init.yaml'])).toEqual([]);
    }
  });

  it('control-plane static Pods: extends --feature-gates or adds it; other containers untouched', () => {
    const pod = (name: string, command: string[]) =>
      ['apiVersion: v1', 'kind: Pod', 'metadata:', `  name: ${name}`, '  namespace: kube-system', 'spec:', '  containers:', `  - name: ${name}`, `    image: registry.k8s.io/${name}:v1.37.0`, '    command:', ...command.map((c) => `    - ${c}`)].join('\n') + '\n';
    const apiserver = pod('kube-apiserver', ['kube-apiserver', '--secure-port=6443', `--feature-gates=${other}=true # keep`]);
    const scheduler = pod('kube-scheduler', ['kube-scheduler', '--leader-elect=true']);
    const sidecar = pod('csi-provisioner', ['csi-provisioner', '--feature-gates=Topology=true']);
    const files: Files = { 'slice.yaml': manifest, 'kube-apiserver.yaml': apiserver, 'kube-scheduler.yaml': scheduler, 'csi.yaml': sidecar };
    const configs = ['kube-apiserver.yaml', 'kube-scheduler.yaml', 'csi.yaml'];
    const finding = only(check('slice.yaml', files, { configs }), 'feature-gate');
    const fixes = fixesFor(finding, context('slice.yaml', files));
    expect(fixes.some((f) => f.edits.some((e) => e.file === 'csi.yaml'))).toBe(false);
    let after = apply(files, fixTitled(fixes, /in kube-apiserver\.yaml/));
    after = apply(after, fixTitled(fixes, /in kube-scheduler\.yaml/));
    expectOnlyChanged(apiserver, after['kube-apiserver.yaml'], [[`=${other}=true # keep`, `=${other}=true,${skip.gate}=true # keep`]]);
    expectOnlyChanged(scheduler, after['kube-scheduler.yaml'], [['    - --leader-elect=true\n', `    - --leader-elect=true\n    - --feature-gates=${skip.gate}=true\n`]]);
    const left = check('slice.yaml', after, { configs }).findings.filter((f) => f.code === 'feature-gate');
    // The kubelet is not described by these files: the finding may stay, but no longer for the control plane.
    for (const f of left) {
      const states = (f.data?.state as { component: string; state: string }[]) ?? [];
      expect(states.filter((x) => x.component !== 'kubelet').every((x) => x.state === 'on'), JSON.stringify(states)).toBe(true);
    }
  });

  it('offers the setting, which the client applies to kubegate.featureGates', () => {
    const files: Files = { 'slice.yaml': manifest };
    const finding = only(check('slice.yaml', files), 'feature-gate');
    const fix = fixTitled(fixesFor(finding, context('slice.yaml', files)), /\(Kubegate setting only\)$/);
    expect(fix.edits).toEqual([]);
    expect(fix.setting).toEqual({ setting: 'kubegate.featureGates', key: skip.gate, value: true });
    expect(gateFinding(files, []).length).toBe(1);
    expect(check('slice.yaml', files, { gates: [fix.setting!.key] }).findings.filter((f) => f.code === 'feature-gate')).toEqual([]);
  });

  it('creates a kind config enabling every needed gate when the workspace has none', () => {
    const files: Files = { 'slice.yaml': manifest };
    const finding = only(check('slice.yaml', files), 'feature-gate');
    const fixes = fixesFor(finding, context('slice.yaml', files, { newKindConfigPath: 'kind-config.yaml', neededGates: [other, skip.gate] }));
    const after = apply(files, fixTitled(fixes, /^Create kind-config\.yaml/));
    const created = after['kind-config.yaml'];
    expect(parse(created)).toEqual({ kind: 'Cluster', apiVersion: kindApi, featureGates: { [other]: true, [skip.gate]: true } });
    expect(check('kind-config.yaml', after).findings.filter((f) => f.severity === 'error' || f.severity === 'warning')).toEqual([]);
    expect(gateFinding(after, ['kind-config.yaml'])).toEqual([]);
  });

  it('the kind config of a KubeletConfiguration gets the gate in its own featureGates', () => {
    const sysctls = feature('default-pod-sysctls');
    const kubelet = [
      `apiVersion: ${sysctls.apiVersion}`,
      `kind: ${sysctls.kind}`,
      '# node defaults',
      `${sysctls.path[0]}:`,
      '  net.ipv4.ip_unprivileged_port_start: "0"',
      '',
    ].join('\n');
    const files: Files = { 'kubelet.yaml': kubelet };
    const finding = only(check('kubelet.yaml', files), 'feature-gate');
    expect(dataOf(finding, 'feature-gate')?.gate).toBe(sysctls.gate);
    const fix = fixTitled(fixesFor(finding, context('kubelet.yaml', files)), /in this file/);
    expect(fix.isPreferred).toBe(true);
    const after = apply(files, fix);
    expectOnlyChanged(kubelet, after['kubelet.yaml'], [
      ['  net.ipv4.ip_unprivileged_port_start: "0"\n', `  net.ipv4.ip_unprivileged_port_start: "0"\nfeatureGates:\n  ${sysctls.gate}: true\n`],
    ]);
    expect(check('kubelet.yaml', after).findings.filter((f) => f.code === 'feature-gate')).toEqual([]);
  });
});

describe('kindConfigFor', () => {
  it('writes a kind Cluster with the gates sorted and deduplicated, valid for the checker', () => {
    const a = feature('dra-optional-node-operations').gate;
    const b = feature('volume-bind-mount-options').gate;
    const text = kindConfigFor([b, a, b], loadVersion(VERSION).data);
    expect(text).toBe(`kind: Cluster\napiVersion: ${configApiVersion('kind', 'Cluster')}\nfeatureGates:\n  ${[a, b].sort()[0]}: true\n  ${[a, b].sort()[1]}: true\n`);
    const report = new Analysis({ version: VERSION }).check(text);
    expect(report.findings.filter((f) => f.severity === 'error' || f.severity === 'warning')).toEqual([]);
  });
});
