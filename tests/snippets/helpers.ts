// Shared by the snippet tests: check a text at 1.37 with a set of gates turned on through explicit settings.
import {
  buildGateEnvironment,
  explicitSettings,
  gateCatalog,
  buildCrdCatalog,
  type FileReport,
  type Finding,
  type KubeVersion,
  Analysis,
} from '../../server/src/engine';

export const VERSION: KubeVersion = '1.37';

/** Custom-resource snippets are checked against the bundled CRD pack: `controller:Gate` entries turn controller
 *  gates on, `channel:experimental` selects the Gateway API experimental channel. */
export function checkWithGates(text: string, gates: string[], version: KubeVersion = VERSION): FileReport {
  const kube = gates.filter((g) => !g.includes(':'));
  const controllerGates = Object.fromEntries(gates.filter((g) => g.includes(':') && !g.startsWith('channel:')).map((g) => [g, true]));
  const selections = gates.filter((g) => g.startsWith('channel:')).map((g) => g.slice('channel:'.length));
  const explicit = kube.length > 0 ? explicitSettings([kube.map((g) => `${g}=true`).join(',')]) : [];
  const environment = buildGateEnvironment({ catalog: gateCatalog(), version, explicit });
  const crds = buildCrdCatalog({ controllerGates, selections });
  return new Analysis({ version, environment, file: 'snippet.yaml', crds }).check(text);
}

/** Gates that findings of a first check ask for (feature-gate and gate-dependency). */
export function gatesAskedFor(findings: Finding[]): string[] {
  const out = new Set<string>();
  for (const f of findings) {
    if (f.code === 'feature-gate' && typeof f.data?.setting === 'string') out.add(f.data.setting);
    else if (f.code === 'feature-gate' && typeof f.data?.gate === 'string') out.add(f.data.gate);
    if (f.code === 'experimental-channel' && typeof f.data?.needs === 'string') out.add(`channel:${f.data.needs}`);
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
