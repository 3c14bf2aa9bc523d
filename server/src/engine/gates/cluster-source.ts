// What a live-cluster snapshot says about gates: API server gates → kube-apiserver, kubelet gates → kubelet.
// Other components are not visible from the cluster.
import type { ClusterSnapshot } from '../base/cluster-snapshot';
import type { Evidence } from '../base/types';
import { clusterEvidence } from './evidence';

export interface ClusterGateView {
  /** component → gate → state with evidence */
  byComponent: Map<string, Map<string, { enabled: boolean; evidence: Evidence }>>;
  /** group/versions the API server serves, when discovery answered. */
  served?: Set<string>;
  context: string;
  endpoint: string;
  notes: string[];
}

export function clusterGateView(snapshot: ClusterSnapshot): ClusterGateView {
  const context = snapshot.context ?? '';
  const endpoint = snapshot.server ?? '';
  const view: ClusterGateView = { byComponent: new Map(), context, endpoint, notes: [...snapshot.notes] };
  if (!snapshot.reachable) return view;
  if (snapshot.apiServerGates) {
    const m = new Map<string, { enabled: boolean; evidence: Evidence }>();
    for (const g of snapshot.apiServerGates) {
      m.set(g.name, {
        enabled: g.enabled,
        evidence: clusterEvidence(g.name, 'kube-apiserver', g.enabled, context, endpoint, 'API server metrics'),
      });
    }
    view.byComponent.set('kube-apiserver', m);
  }
  const nodes = Object.entries(snapshot.kubeletGates ?? {});
  if (nodes.length > 0) {
    const perGate = new Map<string, { on: string[]; off: string[] }>();
    for (const [node, gates] of nodes) {
      for (const g of gates) {
        const e = perGate.get(g.name) ?? { on: [], off: [] };
        (g.enabled ? e.on : e.off).push(node);
        perGate.set(g.name, e);
      }
    }
    const m = new Map<string, { enabled: boolean; evidence: Evidence }>();
    for (const [gate, { on, off }] of perGate) {
      const enabled = off.length === 0;
      const detail = enabled
        ? `kubelet metrics of ${on.length} node(s)`
        : `kubelet metrics: off on ${off.join(', ')}${on.length ? `, on on ${on.join(', ')}` : ''}`;
      if (on.length > 0 && off.length > 0) view.notes.push(`Kubelets disagree about ${gate}: ${detail}.`);
      m.set(gate, { enabled, evidence: clusterEvidence(gate, 'kubelet', enabled, context, endpoint, detail) });
    }
    view.byComponent.set('kubelet', m);
  }
  if (snapshot.servedGroupVersions) view.served = new Set(snapshot.servedGroupVersions);
  return view;
}
