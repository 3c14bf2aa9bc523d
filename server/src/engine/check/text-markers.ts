// A cheap test on a text, before any parse: whether it may hold
// something other files' checks read (gate configs, CRDs), so that a change to it calls for checking them again.
import { mayHoldCrd } from '../api-extensions/workspace';
import { mayHoldGateConfig } from '../gates/gate-places';

/** The text has top-level `apiVersion` and `kind` lines: it looks like a Kubernetes manifest. */
export function looksLikeManifest(text: string): boolean {
  return /^\uFEFF?apiVersion\s*:/m.test(text) && /^\uFEFF?kind\s*:/m.test(text);
}

/** The text may set gates (a kind, kubeadm, kubelet or kube-proxy config, a static Pod) or define CRDs. */
export function mayAffectOtherFiles(text: string): boolean {
  return mayHoldGateConfig(text) || mayHoldCrd(text);
}
