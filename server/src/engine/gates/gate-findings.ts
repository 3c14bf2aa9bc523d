// `feature-gate` and `gate-dependency` findings for the gated uses of a document.
import { defaultSeverity } from '../codes';
import type { BriefFacts, GateCatalog } from '../knowledge/format';
import type { GatedUse, GateEnvironment, GateState } from '../model';
import type { Evidence, Finding, KubeVersion } from '../types';
import { describeState, gateInVersion, isOffByDefault } from './catalog-lookup';
import { ANY_COMPONENT } from './environment';
import { listWords, whenOff } from './messages';

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
  if (!found || !isOffByDefault(found.state)) return undefined;
  const { entry, state } = found;
  const components = componentsFor(knowledge.catalog, use.gate, use);
  const states = statesFor(env, use.gate, components);
  const overall = overallState(states);
  if (overall === 'on') return undefined;

  const named = use.tag && use.tag !== use.gate ? `${use.gate} (tagged ${use.tag})` : use.gate;
  const what = use.via === 'kind' ? use.kind : `\`${use.path}\``;
  const kep = entry.kep ? `; KEP-${entry.kep.number}` : '';
  const parts = [`${what} needs feature gate ${named} (${describeState(state)} in ${version}${kep}): ${whenOff(use)}.`];
  const on = states.filter((s) => s.state === 'on').map((s) => s.component);
  const off = states.filter((s) => s.state === 'off').map((s) => s.component);
  const unknown = states.filter((s) => s.state === 'unknown').map((s) => s.component);
  if (components.length === 0) {
    parts.push('The components that need it are not known; enable it where the feature runs.');
  } else {
    if (on.length) parts.push(`It is on for ${listWords(on)}.`);
    if (off.length) parts.push(`It is off for ${listWords(off)}.`);
    if (unknown.length) {
      parts.push(
        overall === 'partial'
          ? `Its state on ${listWords(unknown)} cannot be seen; make sure it is enabled there too.`
          : `It is not known to be on for ${listWords(unknown)}.`,
      );
    }
    const todo = [...off, ...unknown];
    if (overall === 'off' && todo.length) {
      parts.push(`Enable ${use.gate}=true on ${listWords(todo)} (e.g. kind featureGates or --feature-gates), or remove the ${use.via === 'kind' ? 'object' : use.via === 'enum-value' ? 'value' : 'field'}.`);
    }
  }
  return {
    code: 'feature-gate',
    severity: overall === 'partial' ? 'information' : defaultSeverity('feature-gate'),
    message: parts.join(' '),
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
      ...(use.value !== undefined ? { value: use.value } : {}),
      state: states.map((s) => ({ component: s.component, state: s.state, evidence: s.evidence.map((e) => e.message) })),
      ...(env && env.notes.length ? { notes: env.notes } : {}),
    },
    related: dedupeEvidence(states.flatMap((s) => s.evidence)),
  };
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
      const why =
        knownOff.length > 0
          ? `it is off for ${listWords(knownOff.map((s) => s.component))}`
          : `it is ${describeState(found.state)} in ${version} and not known to be on`;
      out.push({
        code: 'gate-dependency',
        severity: defaultSeverity('gate-dependency'),
        message: `${use.gate} also needs feature gate ${required}, but ${why}: enable ${required} as well. (Gate dependencies are known only for a few curated features.)`,
        path: use.path,
        range: use.range,
        document: use.document,
        data: { gate: use.gate, requires: required, stage: found.state.stage, default: found.state.default, coverage: 'limited' },
        related: dedupeEvidence(states.flatMap((s) => s.evidence)),
      });
    }
  }
  return out;
}
