// What the gate model reads from a live-cluster snapshot (engine/gates/cluster-source.ts): the API server's gates for
// kube-apiserver, the kubelets' gates per node for kubelet, the served group/versions for runtime-config questions.
// The snapshot is given as data (what cluster/read.ts produces), so no cluster and no loopback server are needed;
// tests/gates/cluster-loopback.test.ts drives the same path through a real HTTPS exchange.
import { describe, expect, it } from 'vitest';
import { type ClusterGate, type ClusterSnapshot, buildGateEnvironment, gateCatalog } from '../../server/src/engine';

/** A gate name the catalog does not hold: its state comes from the cluster alone (no locked default). */
const G = 'ClusterSourceTestGate';
const ENDPOINT = 'https://127.0.0.1:6443';

const gates = (enabled: boolean): ClusterGate[] => [{ name: G, enabled, stage: 'ALPHA' }];

function model(snapshot: Partial<ClusterSnapshot>) {
  const cluster: ClusterSnapshot = { reachable: true, context: 'ctx', server: ENDPOINT, notes: [], takenAt: 0, ...snapshot };
  return buildGateEnvironment({ catalog: gateCatalog(), version: '1.37', cluster });
}

describe('gate state from a cluster snapshot', () => {
  it('the API server metrics decide kube-apiserver only, with the context and endpoint as the source', () => {
    const env = model({ apiServerGates: gates(false) });
    expect(env.stateOf(G, 'kube-apiserver')).toEqual({
      state: 'off',
      evidence: [{ source: { type: 'cluster', context: 'ctx', endpoint: ENDPOINT }, message: `cluster ctx reports ${G} disabled on kube-apiserver (API server metrics)` }],
    });
    expect(model({ apiServerGates: gates(true) }).stateOf(G, 'kube-apiserver').state).toBe('on');
    expect(env.stateOf(G, 'kubelet')).toEqual({ state: 'unknown', evidence: [] });
    expect(env.stateOf('SomeOtherGate', 'kube-apiserver')).toEqual({ state: 'unknown', evidence: [] });
  });

  it('a snapshot without context or server names neither', () => {
    const env = model({ context: undefined, server: undefined, apiServerGates: gates(true) });
    expect(env.stateOf(G, 'kube-apiserver').evidence).toEqual([
      { source: { type: 'cluster', context: '', endpoint: '' }, message: `cluster reports ${G} enabled on kube-apiserver (API server metrics)` },
    ]);
  });

  it('kubelets that agree: on, counting the nodes', () => {
    const env = model({ kubeletGates: { n1: gates(true), n2: gates(true) } });
    expect(env.stateOf(G, 'kubelet')).toEqual({
      state: 'on',
      evidence: [{ source: { type: 'cluster', context: 'ctx', endpoint: ENDPOINT }, message: `cluster ctx reports ${G} enabled on kubelet (kubelet metrics of 2 node(s))` }],
    });
    expect(env.stateOf(G, 'kube-apiserver').state).toBe('unknown');
    expect(env.notes).toEqual([]);
  });

  it('kubelets that disagree: off, naming the nodes of each side, and a note', () => {
    const env = model({ kubeletGates: { n1: gates(true), n2: gates(false), n3: gates(false) } });
    const detail = 'kubelet metrics: off on n2, n3, on on n1';
    expect(env.stateOf(G, 'kubelet')).toEqual({
      state: 'off',
      evidence: [{ source: { type: 'cluster', context: 'ctx', endpoint: ENDPOINT }, message: `cluster ctx reports ${G} disabled on kubelet (${detail})` }],
    });
    expect(env.notes).toEqual([`Kubelets disagree about ${G}: ${detail}.`]);
  });

  it('kubelets that all have it off: off, naming them, no note', () => {
    const env = model({ kubeletGates: { n1: gates(false), n2: gates(false) } });
    expect(env.stateOf(G, 'kubelet').evidence[0]?.message).toBe(`cluster ctx reports ${G} disabled on kubelet (kubelet metrics: off on n1, n2)`);
    expect(env.notes).toEqual([]);
  });

  it('each gate of the kubelets is judged on its own', () => {
    const env = model({ kubeletGates: { n1: [{ name: 'A', enabled: true, stage: '' }, { name: 'B', enabled: false, stage: 'BETA' }], n2: [{ name: 'A', enabled: true, stage: '' }] } });
    expect(env.stateOf('A', 'kubelet').state).toBe('on');
    expect(env.stateOf('B', 'kubelet').evidence[0]?.message).toBe('cluster ctx reports B disabled on kubelet (kubelet metrics: off on n1)');
    expect(env.notes).toEqual([]);
  });

  it('discovery answers which group/versions are served', () => {
    const env = model({ servedGroupVersions: ['example.io/v1alpha1'] });
    expect(env.apiEnabled('example.io/v1alpha1')).toEqual({
      enabled: true,
      evidence: [{ source: { type: 'cluster', context: 'ctx', endpoint: ENDPOINT }, message: 'cluster ctx serves example.io/v1alpha1 (discovery)' }],
    });
    expect(env.apiEnabled('example.io/v1beta1')?.enabled).toBe(false);
    expect(model({ context: undefined, servedGroupVersions: [] }).apiEnabled('example.io/v1')?.evidence[0]?.message).toBe('cluster does not serve example.io/v1 (discovery)');
    // No discovery answer: the cluster says nothing about APIs.
    expect(model({ apiServerGates: gates(true) }).apiEnabled('example.io/v1alpha1')).toBeUndefined();
  });

  it('an unreachable cluster gives its notes and nothing else, whatever the snapshot holds', () => {
    const notes = ['cluster ctx: 403 Forbidden reading /metrics'];
    const env = model({ reachable: false, notes, apiServerGates: gates(true), kubeletGates: { n1: gates(true) }, servedGroupVersions: ['example.io/v1'] });
    expect(env.stateOf(G, 'kube-apiserver').state).toBe('unknown');
    expect(env.stateOf(G, 'kubelet').state).toBe('unknown');
    expect(env.apiEnabled('example.io/v1')).toBeUndefined();
    expect(env.notes).toEqual(notes);
  });

  it('the notes of a reachable snapshot come first, before what the model adds', () => {
    const env = model({ notes: ['version capped'], kubeletGates: { a: gates(true), b: gates(false) } });
    expect(env.notes).toEqual(['version capped', `Kubelets disagree about ${G}: kubelet metrics: off on b, on on a.`]);
  });
});
