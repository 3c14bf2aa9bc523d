// Quick fixes of a controller-gate finding: record the gate as enabled in kubegate.featureGates under the
// controller's name (`snapshot-controller:CSIVolumeGroupSnapshot`), the way the user then starts the controller.
import type { Fix } from '../fixes/types';
import type { Finding } from '../types';

/** A `feature-gate` finding about a controller gate (engine/crd/controller-gates.ts). */
export function isControllerGateFinding(finding: Finding): boolean {
  return finding.code === 'feature-gate' && typeof finding.data?.setting === 'string' && typeof finding.data?.component === 'string';
}

export function controllerGateFixes(finding: Finding, offerSetting: boolean | undefined): Fix[] {
  if (!isControllerGateFinding(finding) || offerSetting === false) return [];
  const key = String(finding.data!.setting);
  return [
    {
      title: `Treat ${finding.data!.component} gate ${String(finding.data!.gate)} as enabled (Kubegate setting only)`,
      kind: 'quickfix',
      code: finding.code,
      edits: [],
      setting: { setting: 'kubegate.featureGates', key, value: true },
    },
  ];
}
