// Findings about gate settings in config documents (`unknown-gate`, `locked-gate`, `redundant-gate`) and about a
// config naming another Kubernetes version than the target (`version-mismatch`).
import { defaultSeverity } from '../codes';
import type { GateCatalog } from '../knowledge/format';
import type { DocumentAnalysis, GateSetting } from '../model';
import type { Finding, KubeVersion, Range } from '../types';
import { compareVersions, lookupGateName, similarGateNames } from './catalog-lookup';

function unknownGateMessage(s: GateSetting, status: Extract<ReturnType<typeof lookupGateName>, { kind: 'not-a-gate' }>, version: string, didYouMean: string[]): string {
  const start = `${s.gate} is not a feature gate in Kubernetes ${version}`;
  const fail = 'components refuse to start with an unknown gate';
  if (status.reason === 'renamed' && status.replacement) {
    return `${start}: it is another name of ${status.replacement}, and ${fail}. Use ${status.replacement} instead.`;
  }
  if (status.reason === 'removed') {
    const when = status.lastIn ? ` (last present in ${status.lastIn})` : '';
    const instead = status.replacement ? ` Use ${status.replacement} instead.` : ' Remove the setting.';
    return `${start}: it was removed${when}, and ${fail}.${instead}`;
  }
  if (status.addedIn) {
    return `${start}: it is added in ${status.addedIn}, and ${fail}. Remove the setting or target ${status.addedIn}.`;
  }
  const hint = didYouMean.length ? ` Did you mean ${didYouMean.join(' or ')}?` : ' Remove the setting.';
  return `${start}, and ${fail}.${hint}`;
}

export function settingFindings(settings: GateSetting[], catalog: GateCatalog, version: KubeVersion): Finding[] {
  const out: Finding[] = [];
  for (const s of settings) {
    const status = lookupGateName(catalog, s.gate, version);
    if (status.kind === 'meta' || status.kind === 'unverified') continue;
    if (status.kind === 'not-a-gate') {
      const didYouMean = status.reason === 'unknown' && !status.addedIn ? similarGateNames(catalog, s.gate, version) : [];
      out.push({
        code: 'unknown-gate',
        severity: defaultSeverity('unknown-gate'),
        message: unknownGateMessage(s, status, version, didYouMean),
        range: s.range,
        document: s.document,
        data: {
          gate: s.gate,
          reason: status.reason,
          ...(status.replacement ? { replacement: status.replacement } : {}),
          ...(status.addedIn ? { addedIn: status.addedIn } : {}),
          ...(status.lastIn ? { lastIn: status.lastIn } : {}),
          ...(didYouMean.length ? { didYouMean } : {}),
        },
      });
      continue;
    }
    const { state, entry } = status;
    if (s.value === undefined) continue;
    if (state.locked === true && typeof state.default === 'boolean' && s.value !== state.default) {
      out.push({
        code: 'locked-gate',
        severity: defaultSeverity('locked-gate'),
        message: `${s.gate} is locked to ${state.default} in Kubernetes ${version} (${state.stage}); components refuse to start when it is set to ${s.value}. Remove the setting.`,
        range: s.valueRange ?? s.range,
        document: s.document,
        data: { gate: s.gate, stage: state.stage, default: state.default, locked: true, kep: entry.kep?.number },
      });
      continue;
    }
    if (state.stage === 'GA' && state.default === s.value) {
      out.push({
        code: 'redundant-gate',
        severity: defaultSeverity('redundant-gate'),
        message: `${s.gate} is GA in Kubernetes ${version} and already ${s.value ? 'on' : 'off'} by default; this setting changes nothing and may break start-up once the gate is removed.`,
        range: s.range,
        document: s.document,
        data: { gate: s.gate, stage: state.stage, default: state.default, locked: state.locked ?? null },
      });
    }
  }
  return out;
}

/** `version-mismatch` for each version a config names whose minor differs from the target. */
export function versionMismatchFindings(
  named: DocumentAnalysis['namedVersions'],
  document: number,
  version: KubeVersion,
): Finding[] {
  const out: Finding[] = [];
  for (const n of named) {
    const minor = /^v?(\d+\.\d+)/.exec(n.version)?.[1];
    if (!minor || compareVersions(minor, version) === 0) continue;
    out.push({
      code: 'version-mismatch',
      severity: defaultSeverity('version-mismatch'),
      message: `This ${n.what} names Kubernetes ${n.version}, but the check targets ${version}; gate stages differ between versions. Set the target version to ${minor} (e.g. --kubernetes-version ${minor}) if that is the cluster you run.`,
      range: n.range as Range,
      document,
      data: { named: n.version, namedMinor: minor, target: version, what: n.what },
    });
  }
  return out;
}
