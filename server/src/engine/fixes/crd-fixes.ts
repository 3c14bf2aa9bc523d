// Quick fixes of a controller-gate finding: record the gate as enabled in kubegate.featureGates under the
// controller's name (`snapshot-controller:CSIVolumeGroupSnapshot`), the way the user then starts the controller.
import type { Fix } from './types';
import { offsetAt } from '../base/line-index';
import type { Finding, FindingOf } from '../codes/finding';

/** A `feature-gate` finding about a controller gate (engine/api-extensions/controller-gates.ts). */
export function isControllerGateFinding(finding: Finding): finding is FindingOf<'feature-gate'> & { data: { setting: string; component: string } } {
  return finding.code === 'feature-gate' && typeof finding.data?.setting === 'string' && typeof finding.data.component === 'string';
}

export function controllerGateFixes(finding: Finding, offerSetting: boolean | undefined): Fix[] {
  if (!isControllerGateFinding(finding) || offerSetting === false) return [];
  const key = finding.data.setting;
  return [
    {
      title: `Treat ${finding.data.component} gate ${finding.data.gate} as enabled (Kubegate setting only)`,
      kind: 'quickfix',
      code: finding.code,
      edits: [],
      setting: { setting: 'kubegate.featureGates', key, value: true },
    },
  ];
}

/** api-not-served / api-deprecated of a custom resource (data.source names the CRD): move the apiVersion to the
 *  version the finding names (the deprecated one's replacement, else the first served one). */
export function customApiVersionFixes(finding: Finding, text: string, file: string): Fix[] {
  if ((finding.code !== 'api-not-served' && finding.code !== 'api-deprecated') || typeof finding.data?.source !== 'string') return [];
  const current = finding.data.apiVersion;
  const served = finding.code === 'api-not-served' ? (finding.data.servedAs ?? []) : [];
  const target = finding.code === 'api-deprecated' && finding.data.replacement ? finding.data.replacement : preferred(served);
  if (typeof current !== 'string' || !target || target === current) return [];
  const start = offsetAt(text, finding.range.start);
  const end = offsetAt(text, finding.range.end);
  const source = text.slice(start, end);
  const quote = source.startsWith('"') || source.startsWith("'") ? source[0] : '';
  if (source.replace(/^["']|["']$/g, '') !== current) return [];
  return [
    {
      title: `Use ${target} (served by ${finding.data.source})`,
      kind: 'quickfix',
      code: finding.code,
      edits: [{ file, range: finding.range, newText: `${quote}${target}${quote}` }],
      isPreferred: true,
    },
  ];
}

/** Stable before beta before alpha. */
function preferred(apiVersions: string[]): string | undefined {
  const rank = (v: string) => (/alpha\d*$/.test(v) ? 2 : /beta\d*$/.test(v) ? 1 : 0);
  return [...apiVersions].sort((a, b) => rank(a) - rank(b))[0];
}
