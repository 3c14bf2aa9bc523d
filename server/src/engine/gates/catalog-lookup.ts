// Reading the gate catalog (schemas/gates.json) for one Kubernetes version: is a name a gate, which stage,
// is it off by default, what replaced it. Every fact comes from the catalog; nothing is typed here.
import type { GateCatalog, GateEntry, GateVersionState } from '../knowledge/data-contract';
import { closeNames } from '../base/similar-names';
import { compareVersions } from '../base/kube-version';

export type GateNameStatus =
  /** A gate that exists in the version. */
  | { kind: 'gate'; name: string; entry: GateEntry; state: GateVersionState }
  /** AllAlpha / AllBeta. */
  | { kind: 'meta'; name: string }
  /** The catalog does not know whether the gate exists in this version: claim nothing. */
  | { kind: 'unverified'; name: string; entry: GateEntry }
  /** Not a gate of the version. */
  | {
      kind: 'not-a-gate';
      name: string;
      reason: 'unknown' | 'removed' | 'renamed';
      replacement?: string;
      /** Why, in a sentence (from the catalog's notes or our own wording). */
      why?: string;
      entry?: GateEntry;
      /** First version (of the supported ones) where the gate exists, when it is added later. */
      addedIn?: string;
      /** Last supported version where the gate existed, when it was removed. */
      lastIn?: string;
      /** The catalog's answer for the version comes from a development preview of it. */
      preview?: true;
    };

/** What a name means in a feature-gate setting for `version`. */
export function lookupGateName(catalog: GateCatalog, name: string, version: string): GateNameStatus {
  if (catalog.meta.includes(name)) return { kind: 'meta', name };
  const alias = catalog.notGates[name];
  if (alias) {
    if (alias.aliasOf) return { kind: 'not-a-gate', name, reason: 'renamed', replacement: alias.aliasOf, why: alias.why };
    return { kind: 'not-a-gate', name, reason: 'unknown', why: alias.why };
  }
  const entry = catalog.gates[name];
  if (!entry) return { kind: 'not-a-gate', name, reason: 'unknown' };
  const state = entry.byVersion[version];
  if (!state || state.exists === null) return { kind: 'unverified', name, entry };
  if (state.exists) return { kind: 'gate', name, entry, state };
  const pv = state.preview ? { preview: true as const } : {};
  const versions = Object.keys(entry.byVersion).sort(compareVersions);
  const earlier = versions.filter((v) => compareVersions(v, version) < 0 && entry.byVersion[v]?.exists === true);
  const later = versions.filter((v) => compareVersions(v, version) > 0 && entry.byVersion[v]?.exists === true);
  if (later.length > 0 && earlier.length === 0) {
    return { kind: 'not-a-gate', name, reason: 'unknown', entry, addedIn: later[0], replacement: entry.replacedBy, ...pv };
  }
  if (earlier.length === 0 && entry.history.length === 0) {
    // Documented or designed, but never registered in a release (e.g. a KEP whose alpha moved to a later release).
    return { kind: 'not-a-gate', name, reason: 'unknown', entry, why: state.why, replacement: entry.replacedBy, ...pv };
  }
  const lastUntil = entry.history.map((h) => h.until).filter((u): u is string => !!u).sort(compareVersions).pop();
  return {
    kind: 'not-a-gate',
    name,
    reason: 'removed',
    entry,
    replacement: entry.replacedBy,
    lastIn: earlier.length > 0 ? earlier[earlier.length - 1] : lastUntil,
    why: state.why,
    ...pv,
  };
}

/** The catalog entry and version state of a registered gate (aliases already resolved by the caller). */
export function gateInVersion(
  catalog: GateCatalog,
  gate: string,
  version: string,
): { entry: GateEntry; state: GateVersionState } | undefined {
  const entry = catalog.gates[gate];
  const state = entry?.byVersion[version];
  if (!entry || !state) return undefined;
  return { entry, state };
}

/** Alpha, or Beta with default false: a field of such a gate needs the gate switched on. */
export function isOffByDefault(state: GateVersionState): boolean {
  if (state.exists !== true) return false;
  return state.stage === 'Alpha' || (state.stage === 'Beta' && state.default === false);
}

/** Gates of the version close to `name` (base/similar-names.ts closeNames), best first. */
export function similarGateNames(catalog: GateCatalog, name: string, version: string, max = 3): string[] {
  const inVersion = Object.keys(catalog.gates).filter((g) => catalog.gates[g]?.byVersion[version]?.exists === true);
  return closeNames(name, inVersion, max);
}

/** "Alpha, off by default" style words for a version state. */
export function describeState(state: GateVersionState): string {
  if (state.exists === false) return 'not a gate in this version';
  if (state.exists === null) return 'not verified for this version';
  const def = state.default === true ? 'on by default' : state.default === false ? 'off by default' : 'default varies by patch release';
  const lock = state.locked ? ', locked to its default' : '';
  return `${state.stage ?? 'stage unknown'}, ${def}${lock}`;
}
