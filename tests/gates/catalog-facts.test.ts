// Gate and API facts of the regenerated catalog as the engine applies them (inline fixtures, committed schemas/):
// removed gates are unknown wherever they are set, locked gates are on/off by their default in every view, a
// default-on gate switched off makes its fields gated, and served group-versions route as kube-apiserver serves.
import { describe, expect, it } from 'vitest';
import { buildGateEnvironment, gateCatalog, Analysis } from '../../server/src/engine';
import { marked } from '../support/markers';
import { dataOf } from '../support/finding-data';

function check(source: string, version: '1.34' | '1.35' | '1.36' | '1.37' = '1.37') {
  const { text, ranges } = marked(source);
  return { findings: new Analysis({ version }).check(text).findings, ranges };
}

const kindWith = (gates: string) => `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n${gates}`;

describe('gate catalog facts', () => {
  it('a gate removed in 1.37 is unknown-gate (removed, last in 1.36) in kind, kubelet and kubeadm configs', () => {
    const kind = check(kindWith('  ⟦SidecarContainers⟧: true\n'));
    expect(kind.findings.map((f) => [f.code, f.range, dataOf(f, 'unknown-gate')?.reason, dataOf(f, 'unknown-gate')?.lastIn])).toEqual([
      ['unknown-gate', kind.ranges[0], 'removed', '1.36'],
    ]);
    const kubelet = check('apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  ⟦RetryGenerateName⟧: true\n');
    expect(kubelet.findings.map((f) => [f.code, f.range, dataOf(f, 'unknown-gate')?.reason])).toEqual([['unknown-gate', kubelet.ranges[0], 'removed']]);
    const kubeadm = check(
      'apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n  - name: feature-gates\n    value: "⟦SidecarContainers=true⟧"\n',
    );
    expect(kubeadm.findings.filter((f) => f.code === 'unknown-gate').map((f) => f.data?.['reason'])).toEqual(['removed']);
    // The same gate still exists in 1.36: nothing to report there.
    expect(check(kindWith('  SidecarContainers: true\n'), '1.36').findings.filter((f) => f.code === 'unknown-gate')).toEqual([]);
  });

  it('gates the lists add for 1.37 are gates; a designed but unshipped gate is unknown with the reason', () => {
    const ok = check(kindWith('  HPAGeneration: true\n  NFTablesNetlink: true\n'));
    expect(ok.findings.filter((f) => f.code === 'unknown-gate')).toEqual([]);
    const [f] = check(kindWith('  PodLevelCheckpointRestore: true\n')).findings;
    expect(f).toMatchObject({ code: 'unknown-gate', data: { reason: 'unknown' } });
    expect(f!.detail).toMatch(/KEP-5823 moved its alpha to 1\.38/);
  });

  it('a locked gate set against its default is locked-gate; its state is its default in every view', () => {
    const { findings, ranges } = check(kindWith('  PLEGOnDemandRelist: ⟦false⟧\n'));
    expect(findings.map((f) => [f.code, f.range])).toEqual([['locked-gate', ranges[0]]]);
    const env = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37' });
    expect(env.stateOf('PLEGOnDemandRelist', 'kubelet').state).toBe('on');
    expect(env.stateOf('PLEGOnDemandRelist', 'kubelet').evidence[0]?.source).toEqual({ type: 'default', version: '1.37' });
    expect(env.stateOf('DRAOptionalNodeOperations', 'kube-apiserver').state).toBe('unknown');
  });

  it('a default-on gate switched off in a config makes its fields a feature-gate finding', () => {
    const pod = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  ⟦resources⟧:\n    limits: {cpu: "1"}\n  containers:\n  - name: c\n    image: i\n`;
    expect(check(pod).findings).toEqual([]);
    const off = check(`${kindWith('  PodLevelResources: false\n')}---\n${pod}`);
    expect(off.findings.map((f) => [f.code, dataOf(f, 'feature-gate')?.gate, f.range])).toEqual([['feature-gate', 'PodLevelResources', off.ranges[0]]]);
    // The message names the gate; the stage and default are in the detail, where it is switched off in the evidence.
    expect(off.findings[0]!.message).toBe('resources is dropped: gate PodLevelResources is switched off');
    expect(off.findings[0]!.detail).toMatch(/^PodLevelResources is Beta and on by default in 1\.37, and switched off where the evidence says\./);
    expect(off.findings[0]!.related?.map((e) => e.message)).toEqual(['this file (kind Cluster featureGates) sets PodLevelResources: false for every component']);
    const allBeta = check(`${kindWith('  AllBeta: false\n')}---\n${pod}`);
    expect(allBeta.findings.map((f) => dataOf(f, 'feature-gate')?.gate)).toEqual(['PodLevelResources']);
  });
});

describe('served group-versions', () => {
  it('a never-served group-version is api-not-served, naming the served one', () => {
    const [f] = check('apiVersion: rbac.authorization.k8s.io/v1alpha1\nkind: Role\nmetadata:\n  name: r\n').findings;
    expect(f).toMatchObject({ code: 'api-not-served', data: { neverServed: true, servedAs: ['rbac.authorization.k8s.io/v1'] } });
    expect(f!.message).toMatch(/never serves/);
    expect(f!.fix).toBe('Use apiVersion rbac.authorization.k8s.io/v1.');
  });

  it('a webhook payload of an alpha version is not offered --runtime-config', () => {
    const [f] = check('apiVersion: imagepolicy.k8s.io/v1alpha1\nkind: ImageReview\nspec: {}\n').findings;
    expect(f).toMatchObject({ code: 'api-disabled-by-default', data: { payload: true } });
    expect(f!.fix).toMatch(/cannot enable it/);
  });

  it('runtime-config naming a group-version kube-apiserver never serves or does not know is an error at the entry', () => {
    const { findings, ranges } = check(
      'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nruntimeConfig:\n  ⟦apps/v1beta2⟧: "true"\n  ⟦scheduling.k8s.io/v1alpha2⟧: "true"\n  resource.k8s.io/v1beta2: "true"\n  api/alpha: "true"\n',
    );
    expect(findings.map((f) => [f.code, f.range, dataOf(f, 'api-not-served')?.neverServed ?? false])).toEqual([
      ['api-not-served', ranges[0], true],
      ['api-not-served', ranges[1], false],
    ]);
    expect(findings[1]!.fix).toMatch(/scheduling\.k8s\.io\/v1alpha3/);
  });
});

describe('checkpoint/restore (KEP-5823) stays out of 1.37', () => {
  it('PodCheckpoint is api-not-served with the catalog note that the alpha moved past 1.37', () => {
    const [f] = check('apiVersion: checkpoint.k8s.io/v1alpha1\nkind: PodCheckpoint\nmetadata:\n  name: c\n').findings;
    expect(f).toMatchObject({ code: 'api-not-served', data: { kep: 5823 } });
    expect(f!.detail).toMatch(/moved its alpha to 1\.38/);
  });
});
