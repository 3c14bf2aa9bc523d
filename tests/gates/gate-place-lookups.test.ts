// The look-ups over the table of gate places (engine/gates/gate-places.ts): the gate-map config of an apiVersion
// and kind, the kubeadm argument lists of a kind and of a component, the control-plane binary a command or image
// names, and the quick text test discovery makes before parsing a file. The table itself is checked against the
// data in tests/gates/gate-places.test.ts.
// Internal imports: `gates/gate-places` (look-ups used by the readers and fixes, unit-tested here).
import { describe, expect, it } from 'vitest';
import { kubeadmArgPlaces } from '../../server/src/engine';
import { controlPlaneBinaryIn, gateMapConfig, kubeadmArgPlaceOf, mayHoldGateConfig } from '../../server/src/engine/gates/gate-places';

describe('gate place look-ups', () => {
  it('the gate-map config of an apiVersion and kind, by group and kind', () => {
    expect(gateMapConfig('kind.x-k8s.io/v1alpha4', 'Cluster')?.configKind).toBe('kind');
    expect(gateMapConfig('kubelet.config.k8s.io/v1beta1', 'KubeletConfiguration')?.configKind).toBe('kubelet');
    expect(gateMapConfig('kubelet.config.k8s.io/v1beta1', 'KubeProxyConfiguration')).toBeUndefined();
    expect(gateMapConfig(undefined, 'Cluster')).toBeUndefined();
    expect(gateMapConfig('kind.x-k8s.io/v1alpha4', undefined)).toBeUndefined();
  });

  it('kubeadm argument lists by kind and by component', () => {
    expect(kubeadmArgPlaces('ClusterConfiguration').map((p) => p.component)).toEqual(['kube-apiserver', 'kube-controller-manager', 'kube-scheduler']);
    expect(kubeadmArgPlaces('JoinConfiguration').map((p) => [p.section, p.args, p.covers])).toEqual([['nodeRegistration', 'kubeletExtraArgs', 'section']]);
    expect(kubeadmArgPlaces('ResetConfiguration')).toEqual([]);
    expect(kubeadmArgPlaceOf('kube-scheduler')).toMatchObject({ section: 'scheduler', args: 'extraArgs' });
    expect(kubeadmArgPlaceOf('kube-proxy')).toBeUndefined();
  });

  it('the control-plane binary of a command word or an image', () => {
    expect(controlPlaneBinaryIn('kube-apiserver')).toBe('kube-apiserver');
    expect(controlPlaneBinaryIn('/usr/local/bin/kube-scheduler')).toBe('kube-scheduler');
    expect(controlPlaneBinaryIn('registry.k8s.io/kube-controller-manager:v1.37.0')).toBe('kube-controller-manager');
    expect(controlPlaneBinaryIn('registry.k8s.io/kube-apiserver@sha256:abc')).toBe('kube-apiserver');
    expect(controlPlaneBinaryIn('sh -c kube-apiserver --x')).toBe('kube-apiserver');
    expect(controlPlaneBinaryIn('my-kube-apiserver')).toBeUndefined();
    expect(controlPlaneBinaryIn('kube-apiserver-proxy')).toBeUndefined();
    expect(controlPlaneBinaryIn('registry.k8s.io/sig-storage/csi-provisioner:v5.0.0')).toBeUndefined();
  });

  it('the quick test before parsing: a config group or the flag named in the text', () => {
    for (const t of ['apiVersion: kind.x-k8s.io/v1alpha4', 'kubeadm.k8s.io/v1beta4', 'apiVersion: kubeproxy.config.k8s.io/v1alpha1', 'x: kubelet.config.k8s.io', '- --feature-gates=A=true']) {
      expect(mayHoldGateConfig(t), t).toBe(true);
    }
    for (const t of ['apiVersion: v1\nkind: Pod', 'kindXx-k8s.io', 'feature-gates: A=true', '']) expect(mayHoldGateConfig(t), t).toBe(false);
  });
});
