// `feature-gate` and `gate-dependency` findings for the gated uses of a document.
import { defaultSeverity, finding } from '../codes';
import type { BriefFacts, GateCatalog } from '../knowledge/data-contract';
import type { GatedUse, GateEnvironment, GateState } from '../model';
import type { Evidence, KubeVersion } from '../base/types';
import type { Finding } from '../codes/finding';
import { gateInVersion, isOffByDefault } from './catalog-lookup';
import { versionWords } from '../base/kube-version';
import { ANY_COMPONENT } from './environment';
import { featureGateWords, gateDependencyWords } from './messages';

export interface GateKnowledge {
  catalog: GateCatalog;
  brief?: BriefFacts;
}

export interface ComponentState {
  component: string;
  state: GateState;
  evidence: Evidence[];
}

/** Components that need `gate` for this use: a config document's own component, else the catalog's. */
export function componentsFor(catalog: GateCatalog, gate: string, use?: Pick<GatedUse, 'component'>): string[] {
  if (use?.component) return [use.component];
  return catalog.gates[gate]?.components ?? [];
}

/** State per component; with no known components one entry for "any component". */
export function statesFor(env: GateEnvironment | undefined, gate: string, components: string[]): ComponentState[] {
  const list = components.length > 0 ? components : [ANY_COMPONENT];
  return list.map((component) => {
    const s = env?.stateOf(gate, component) ?? { state: 'unknown' as const, evidence: [] };
    return { component, state: s.state, evidence: s.evidence };
  });
}

/** on = every component on; partial = some on, none off; off = otherwise. */
export function overallState(states: ComponentState[]): 'on' | 'partial' | 'off' {
  if (states.every((s) => s.state === 'on')) return 'on';
  if (states.some((s) => s.state === 'on') && !states.some((s) => s.state === 'off')) return 'partial';
  return 'off';
}

function dedupeEvidence(list: Evidence[]): Evidence[] {
  const seen = new Set<string>();
  return list.filter((e) => (seen.has(e.message) ? false : (seen.add(e.message), true)));
}

export function featureGateFinding(
  use: GatedUse,
  knowledge: GateKnowledge,
  version: KubeVersion,
  env: GateEnvironment | undefined,
): Finding | undefined {
  const found = gateInVersion(knowledge.catalog, use.gate, version);
  if (!found || found.state.exists !== true) return undefined;
  const offByDefault = isOffByDefault(found.state);
  // A gate locked on cannot be switched off; one on by default matters only where a setting turns it off.
  if (!offByDefault && (found.state.locked === true || found.state.default !== true)) return undefined;
  const { entry, state } = found;
  const components = componentsFor(knowledge.catalog, use.gate, use);
  const seen = statesFor(env, use.gate, components);
  const states = offByDefault ? seen : seen.map((s) => (s.state === 'unknown' ? { ...s, state: 'on' as const } : s));
  const overall = overallState(states);
  if (overall === 'on') return undefined;

  // The words (message ≤ 120 characters, fix, detail): messages.ts featureGateWords.
  const words = featureGateWords(
    use,
    {
      offByDefault,
      stage: state.stage,
      overall,
      components,
      on: states.filter((s) => s.state === 'on').map((s) => s.component),
      off: states.filter((s) => s.state === 'off').map((s) => s.component),
      unknown: states.filter((s) => s.state === 'unknown').map((s) => s.component),
    },
    versionWords(version, state),
  );
  return finding('feature-gate', {
    severity: overall === 'partial' ? 'information' : defaultSeverity('feature-gate'),
    ...words,
    path: use.path,
    range: use.range,
    document: use.document,
    data: {
      gate: use.gate,
      ...(use.tag && use.tag !== use.gate ? { tag: use.tag } : {}),
      stage: state.stage,
      default: state.default,
      kep: entry.kep?.number,
      kepTitle: entry.kep?.title,
      kepUrl: entry.kep?.url,
      components,
      via: use.via,
      ...(use.dropped ? { dropped: true } : {}),
      ...(use.config ? { config: true } : {}),
      ...(use.value !== undefined ? { value: use.value } : {}),
      state: states.map((s) => ({ component: s.component, state: s.state, evidence: s.evidence.map((e) => e.message) })),
      ...(env && env.notes.length ? { notes: env.notes } : {}),
    },
    related: dedupeEvidence(states.flatMap((s) => s.evidence)),
  });
}

/** Gate names of a curated also-requires entry (entries may carry a note after the name). */
function requiredNames(raw: string[] | undefined): string[] {
  return (raw ?? []).map((r) => /^[A-Za-z0-9]+/.exec(r.trim())?.[0] ?? '').filter(Boolean);
}

/** One `gate-dependency` finding per (document, gate, required gate), at the first use of the gate. */
export function gateDependencyFindings(
  uses: GatedUse[],
  knowledge: GateKnowledge,
  version: KubeVersion,
  env: GateEnvironment | undefined,
): Finding[] {
  const out: Finding[] = [];
  const done = new Set<string>();
  for (const use of uses) {
    for (const required of requiredNames(knowledge.brief?.alsoRequires[use.gate])) {
      const key = `${use.document}\u0000${use.gate}\u0000${required}`;
      if (done.has(key)) continue;
      done.add(key);
      const found = gateInVersion(knowledge.catalog, required, version);
      if (!found || found.state.exists !== true) continue;
      const states = statesFor(env, required, componentsFor(knowledge.catalog, required));
      const knownOff = states.filter((s) => s.state === 'off');
      const offByDefault = isOffByDefault(found.state) && overallState(states) !== 'on';
      if (knownOff.length === 0 && !offByDefault) continue;
      out.push(finding('gate-dependency', {
        ...gateDependencyWords(use, required, knownOff.map((s) => s.component), found.state.stage, versionWords(version, found.state)),
        path: use.path,
        range: use.range,
        document: use.document,
        data: { gate: use.gate, requires: required, stage: found.state.stage, default: found.state.default, coverage: 'limited' },
        related: dedupeEvidence(states.flatMap((s) => s.evidence)),
      }));
    }
  }
  return out;
}
