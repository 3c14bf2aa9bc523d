// The sentences and sources of the evidence behind a gate state (engine/gates/evidence.ts), as hovers, findings'
// related information and the CLI's evidence lines show them.
// Internal imports: `gates/evidence` (its builders, unit-tested: the CLI and hover tests see them only inside longer text).
import { describe, expect, it } from 'vitest';
import { explicitSettings } from '../../server/src/engine';
import { clusterEvidence, folderAndName, kubeadmCoverageEvidence, settingEvidence, THIS_FILE } from '../../server/src/engine/gates/evidence';

const RANGE = { start: { line: 4, character: 2 }, end: { line: 4, character: 30 } };

describe('gate evidence', () => {
  it('an explicit setting: its source by name, the value for every component, the gate it came through', () => {
    const [s] = explicitSettings(['G=false'], '--feature-gates');
    expect(settingEvidence(s!)).toEqual({ source: { type: 'setting', name: '--feature-gates' }, message: '--feature-gates sets G=false for every component' });
    expect(settingEvidence({ ...s!, file: undefined }, 'AllAlpha').message).toBe('settings sets G (through AllAlpha)=false for every component');
    expect(settingEvidence({ ...s!, file: undefined }).source).toEqual({ type: 'setting', name: 'settings' });
    expect(settingEvidence({ ...s!, value: undefined, raw: 'maybe' }).message).toBe('--feature-gates sets G=maybe for every component');
  });

  it('a setting in a file: the file name, where it is set, for which components', () => {
    const [base] = explicitSettings(['G=true'], 'x');
    const s = { ...base!, origin: 'kubeadm' as const, components: ['kube-apiserver', 'kube-scheduler'], file: 'C:\\repo\\cluster\\kubeadm.yaml', range: RANGE };
    expect(settingEvidence(s)).toEqual({
      source: { type: 'file', file: 'C:\\repo\\cluster\\kubeadm.yaml', range: RANGE, what: 'kubeadm extraArgs feature-gates' },
      message: 'kubeadm.yaml (kubeadm extraArgs feature-gates) sets G: true for kube-apiserver, kube-scheduler',
    });
    expect(settingEvidence({ ...s, file: undefined, components: 'all' }, 'AllBeta').message).toBe(`${THIS_FILE} (kubeadm extraArgs feature-gates) sets G (through AllBeta): true for every component`);
    expect(settingEvidence({ ...s, file: 'kind/' }).message).toMatch(/^kind\/ \(kubeadm/);
  });

  it('a kubeadm configuration that leaves a component without the gate, and a cluster that reports it', () => {
    expect(kubeadmCoverageEvidence('G', 'kube-scheduler', '/r/a/kubeadm.yaml', RANGE)).toEqual({
      source: { type: 'file', file: '/r/a/kubeadm.yaml', range: RANGE, what: 'kubeadm configuration' },
      message: 'kubeadm.yaml (kubeadm) configures kube-scheduler without enabling G, so it is off there',
    });
    expect(kubeadmCoverageEvidence('G', 'kubelet', undefined, RANGE).source).toMatchObject({ file: THIS_FILE });
    expect(clusterEvidence('G', 'kube-apiserver', true, 'prod', 'https://h:6443', '/metrics')).toEqual({
      source: { type: 'cluster', context: 'prod', endpoint: 'https://h:6443' },
      message: 'cluster prod reports G enabled on kube-apiserver (/metrics)',
    });
    expect(clusterEvidence('G', 'kubelet', false, '', 'e', 'd').message).toBe('cluster reports G disabled on kubelet (d)');
  });

  it('folderAndName: the last folder and the name, either separator; the text itself when nothing is left', () => {
    expect(folderAndName('/r/team-2/kind.yaml')).toBe('team-2/kind.yaml');
    expect(folderAndName('C:\\r\\team-2\\kind.yaml')).toBe('team-2/kind.yaml');
    expect(folderAndName('kind.yaml')).toBe('kind.yaml');
    expect(folderAndName('/')).toBe('/');
  });
});
