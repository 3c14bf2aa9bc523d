// Findings about gate settings in config documents (`unknown-gate`, `locked-gate`, `redundant-gate`) and about a
// config naming another Kubernetes version than the target (`version-mismatch`).
import { finding } from '../codes';
import type { GateCatalog } from '../knowledge/data-contract';
import type { DocumentAnalysis, GateSetting } from '../model';
import type { Finding } from '../codes/finding';
import type { KubeVersion, Range } from '../base/types';
import { lookupGateName, similarGateNames } from './catalog-lookup';
import { compareVersions, minorText } from '../base/kube-version';
import { unknownGateWords } from './messages';

export function settingFindings(settings: GateSetting[], catalog: GateCatalog, version: KubeVersion): Finding[] {
  const out: Finding[] = [];
  for (const s of settings) {
    const status = lookupGateName(catalog, s.gate, version);
    if (status.kind === 'meta' || status.kind === 'unverified') continue;
    if (status.kind === 'not-a-gate') {
      const didYouMean = status.reason === 'unknown' && !status.addedIn ? similarGateNames(catalog, s.gate, version) : [];
      out.push(finding('unknown-gate', {
        ...unknownGateWords(s.gate, status, version, didYouMean),
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
      }));
      continue;
    }
    const { state, entry } = status;
    if (s.value === undefined) continue;
    if (state.locked === true && typeof state.default === 'boolean' && s.value !== state.default) {
      out.push(finding('locked-gate', {
        message: `${s.gate}=${s.value} stops components from starting: locked to ${state.default} in ${version} (${state.stage})`,
        fix: 'Remove the setting.',
        detail: `${s.gate} is locked to its default (${state.default}) in Kubernetes ${version}; components refuse any other value.`,
        range: s.valueRange ?? s.range,
        document: s.document,
        data: { gate: s.gate, stage: state.stage, default: state.default, locked: true, kep: entry.kep?.number },
      }));
      continue;
    }
    if (state.stage === 'GA' && state.default === s.value) {
      out.push(finding('redundant-gate', {
        message: `Setting ${s.gate} has no effect: GA and ${s.value ? 'on' : 'off'} by default in ${version}`,
        fix: 'Remove the setting: it breaks start-up once the gate is removed.',
        range: s.range,
        document: s.document,
        data: { gate: s.gate, stage: state.stage, default: state.default, locked: state.locked ?? null },
      }));
    }
  }
  return out;
}

/** The nodes of a kind config as a reader counts them: "nodes 1, 2 and 3". */
function nodeList(nodes: number[]): string {
  const n = nodes.map((i) => String(i + 1));
  return n.length === 1 ? `node ${n[0]}` : `nodes ${n.slice(0, -1).join(', ')} and ${n.at(-1)}`;
}

/** `version-mismatch` once per version a config names whose minor differs from the target (one fact: three kind
 *  nodes naming 1.35.0 give one finding at the first, naming the nodes). */
export function versionMismatchFindings(
  named: DocumentAnalysis['namedVersions'],
  document: number,
  version: KubeVersion,
): Finding[] {
  const out: Finding[] = [];
  const groups = new Map<string, DocumentAnalysis['namedVersions']>();
  for (const n of named) {
    const minor = minorText(n.version, 'prefix');
    if (!minor || compareVersions(minor, version) === 0) continue;
    const key = `${n.what}\u0000${n.version}`;
    const list = groups.get(key) ?? [];
    list.push(n);
    groups.set(key, list);
  }
  for (const list of groups.values()) {
    const n = list[0]!;
    const minor = minorText(n.version, 'prefix')!;
    const nodes = list.flatMap((x) => (x.node === undefined ? [] : [x.node]));
    const subject =
      list.length === 1
        ? `this ${n.what} names`
        : nodes.length === list.length
          ? `the ${n.what}s of ${nodeList(nodes)} name`
          : `${list.length} ${n.what}s name`;
    out.push(finding('version-mismatch', {
      message: `Gate stages may differ: ${subject} Kubernetes ${n.version}, the check targets ${version}`,
      fix: `Set the target version to ${minor} (e.g. --kubernetes-version ${minor}) if that is the cluster you run.`,
      range: n.range as Range,
      document,
      data: { named: n.version, namedMinor: minor, target: version, what: n.what, ...(nodes.length > 0 ? { nodes: nodes.map((i) => i + 1) } : {}) },
    }));
  }
  return out;
}
