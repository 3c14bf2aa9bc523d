// Findings about gate settings in config documents (`unknown-gate`, `locked-gate`, `redundant-gate`) and about a
// config naming another Kubernetes version than the target (`version-mismatch`).
import { defaultSeverity } from '../codes';
import type { GateCatalog } from '../knowledge/format';
import type { DocumentAnalysis, GateSetting } from '../model';
import type { Finding, KubeVersion, Range } from '../types';
import { compareVersions, lookupGateName, similarGateNames } from './catalog-lookup';
import { minorText } from '../kube-version';

/** The short message and the fix of an `unknown-gate` finding. */
function unknownGateMessage(
  s: GateSetting,
  status: Extract<ReturnType<typeof lookupGateName>, { kind: 'not-a-gate' }>,
  version: string,
  didYouMean: string[],
): { message: string; fix: string; detail: string } {
  const start = `${s.gate} stops components from starting: not a feature gate in ${version}`;
  const why = status.why ? ` In the gate catalog: ${status.why}.` : '';
  const detail = `Kubernetes components refuse to start when a feature-gate setting names a gate they do not know.${why}`;
  if (status.reason === 'renamed' && status.replacement) {
    return { message: `${start} (renamed to ${status.replacement})`, fix: `Use ${status.replacement} instead.`, detail };
  }
  if (status.reason === 'removed') {
    const when = status.lastIn ? ` after ${status.lastIn}` : '';
    return {
      message: `${start} (removed${when})`,
      fix: status.replacement ? `Use ${status.replacement} instead.` : 'Remove the setting.',
      detail,
    };
  }
  if (status.addedIn) {
    return { message: `${start} (added in ${status.addedIn})`, fix: `Remove the setting or target ${status.addedIn}.`, detail };
  }
  const fix = didYouMean.length ? `Did you mean ${didYouMean.join(' or ')}? Otherwise remove the setting.` : 'Remove the setting.';
  return { message: start, fix, detail };
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
        ...unknownGateMessage(s, status, version, didYouMean),
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
        message: `${s.gate}=${s.value} stops components from starting: locked to ${state.default} in ${version} (${state.stage})`,
        fix: 'Remove the setting.',
        detail: `${s.gate} is locked to its default (${state.default}) in Kubernetes ${version}; components refuse any other value.`,
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
        message: `Setting ${s.gate} has no effect: GA and ${s.value ? 'on' : 'off'} by default in ${version}`,
        fix: 'Remove the setting: it breaks start-up once the gate is removed.',
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
    const minor = minorText(n.version, 'prefix');
    if (!minor || compareVersions(minor, version) === 0) continue;
    out.push({
      code: 'version-mismatch',
      severity: defaultSeverity('version-mismatch'),
      message: `Gate stages may differ: this ${n.what} names Kubernetes ${n.version}, the check targets ${version}`,
      fix: `Set the target version to ${minor} (e.g. --kubernetes-version ${minor}) if that is the cluster you run.`,
      range: n.range as Range,
      document,
      data: { named: n.version, namedMinor: minor, target: version, what: n.what },
    });
  }
  return out;
}
