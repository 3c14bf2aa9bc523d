// Cheap tests on a text, before any parse: whether it looks like a Kubernetes manifest, and whether it may hold
// something other files' checks read (gate configs, CRDs), so that a change to it calls for checking them again.
import { mayHoldCrd } from '../crd/workspace';
import { mayHoldGateConfig } from '../gates/gate-places';

/** A top-level `apiVersion:` and `kind:` line (a byte order mark may open the file). */
export function looksLikeManifest(text: string): boolean {
  return /^\uFEFF?apiVersion\s*:/m.test(text) && /^\uFEFF?kind\s*:/m.test(text);
}

/** The text may set gates (a kind, kubeadm, kubelet or kube-proxy config, a static Pod) or define CRDs. */
export function mayAffectOtherFiles(text: string): boolean {
  return mayHoldGateConfig(text) || mayHoldCrd(text);
}
