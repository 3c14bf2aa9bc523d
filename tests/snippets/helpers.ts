// Shared by the snippet tests: check a text at 1.37 with a set of gates turned on through explicit settings.
import { checkText } from '../../server/src/engine/check';
import { buildGateEnvironment, explicitSettings } from '../../server/src/engine/gates';
import { gateCatalog } from '../../server/src/engine/knowledge';
import type { FileReport, Finding, KubeVersion } from '../../server/src/engine/types';

export const VERSION: KubeVersion = '1.37';

export function checkWithGates(text: string, gates: string[], version: KubeVersion = VERSION): FileReport {
  const explicit = gates.length > 0 ? explicitSettings([gates.map((g) => `${g}=true`).join(',')]) : [];
  const environment = buildGateEnvironment({ catalog: gateCatalog(), version, explicit });
  return checkText(text, { version, environment, file: 'snippet.yaml' });
}

/** Gates that findings of a first check ask for (feature-gate and gate-dependency). */
export function gatesAskedFor(findings: Finding[]): string[] {
  const out = new Set<string>();
  for (const f of findings) {
    if (f.code === 'feature-gate' && typeof f.data?.gate === 'string') out.add(f.data.gate);
    if (f.code === 'gate-dependency' && typeof f.data?.requires === 'string') out.add(f.data.requires);
  }
  return [...out].sort();
}

export function errorsAndWarnings(report: FileReport): Finding[] {
  return report.findings.filter((f) => f.severity === 'error' || f.severity === 'warning');
}

export function describeFindings(findings: Finding[]): string {
  return findings.map((f) => `${f.code} ${f.path ?? ''} L${f.range.start.line + 1}: ${f.message}`).join('\n');
}
