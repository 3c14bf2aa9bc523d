// The Kubernetes gates a file's findings ask to turn on (what a new kind config for the file enables).
import { isControllerGateFinding } from './crd-fixes';
import type { Finding } from '../codes/finding';

/** Gates of the `feature-gate` findings, sorted; controller gates (snapshot-controller, karpenter) are not
 *  Kubernetes gates and never go into a kind config. */
export function gatesNeededBy(findings: readonly Finding[]): string[] {
  const gates = new Set<string>();
  for (const f of findings) {
    if (f.code === 'feature-gate' && f.data?.gate && !isControllerGateFinding(f)) gates.add(f.data.gate);
  }
  return [...gates].sort();
}
