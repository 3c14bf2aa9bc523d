// The gates a set of files needs, with where each is used, where it is set and its state (per component and
// over all uses); and the kind config that a new cluster for those files needs.
import { kindConfigFor } from '../fixes/kind-config';
import { briefFacts, gateCatalog, loadVersion } from '../knowledge';
import type { CheckOptions } from '../check/options';
import type { KubeVersion, Range } from '../base/types';
import { gatedUsesWithState } from './gated-uses';
import type { GatedUseState } from '../gates/use-states';
import { componentsFor, overallState, statesFor } from '../gates/gate-findings';
import { compareText } from '../base/compare-text';

interface GateReportSource {
  /** Names the source in `usedAt` (the front end's document id). */
  id: string;
  text: string;
  context: CheckOptions;
}

type GateSummaryState = 'on' | 'off' | 'unknown' | 'mixed';

interface GateUsageEntry {
  gate: string;
  stage?: string;
  default?: boolean | null;
  kep?: { number: number; title: string; url: string };
  components: string[];
  /** Where the sources use a field, value or kind that needs the gate. */
  usedAt: { id: string; range: Range; path: string }[];
  /** Where the gate is set, with its value; `location` for a setting in a file. */
  setAt: { source: string; value: boolean | undefined; location?: { file: string; range: Range } }[];
  /** Summary state for the uses. */
  state: GateSummaryState;
  /** Locked to its default in the version (GA or deprecated and locked): `state` is its default. */
  locked?: boolean;
  /** The state per component the uses need (over every use; `mixed` when uses disagree), with the sources. */
  componentStates?: { component: string; state: GateSummaryState; sources: string[] }[];
  /** A gate no source uses directly but a used gate needs (curated dependencies, brief data): those gates. */
  neededBy?: string[];
}

export interface GateUsageReport {
  kubernetesVersion: string;
  /** Sorted by gate name. */
  gates: GateUsageEntry[];
}

/** The gates the sources use; `version` decides which gates are locked. A source that fails is left out. */
export function gateUsageReport(sources: readonly GateReportSource[], version: KubeVersion): GateUsageReport {
  const catalog = gateCatalog();
  const brief = briefFacts();
  const byGate = new Map<string, GateUsageEntry>();
  for (const src of sources) {
    let uses;
    try {
      uses = gatedUsesWithState(src.text, src.context).uses;
    } catch {
      continue;
    }
    // The gates the used gates need (curated): listed too, with their state for this source.
    const deps: (GatedUseState & { neededBy: string })[] = [];
    for (const u of uses) {
      for (const required of brief.alsoRequires[u.use.gate] ?? []) {
        const v = catalog.gates[required]?.byVersion[version];
        if (v?.exists !== true) continue;
        const states = statesFor(src.context.environment, required, componentsFor(catalog, required));
        deps.push({ use: { ...u.use, gate: required, component: undefined }, stage: v.stage, default: v.default, states, overall: overallState(states), neededBy: u.use.gate });
      }
    }
    for (const u of [...uses, ...deps]) {
      const neededBy = 'neededBy' in u ? (u as { neededBy: string }).neededBy : undefined;
      const entry = catalog.gates[u.use.gate];
      const v = entry?.byVersion[version];
      // A gate locked to its default (GA or deprecated-and-locked): its state is the default, whatever is set.
      const locked = v?.locked === true && typeof v.default === 'boolean';
      let e = byGate.get(u.use.gate);
      if (!e) {
        e = {
          gate: u.use.gate,
          stage: u.stage,
          default: u.default,
          kep: entry?.kep,
          components: entry?.components ?? [],
          usedAt: [],
          setAt: [],
          state: locked ? (v!.default ? 'on' : 'off') : u.overall === 'on' ? 'on' : u.states.every((s) => s.state === 'unknown') ? 'unknown' : 'off',
          ...(locked ? { locked: true } : {}),
          componentStates: [],
        };
        byGate.set(u.use.gate, e);
      }
      if (neededBy) {
        if (!(e.neededBy ??= []).includes(neededBy)) e.neededBy.push(neededBy);
      } else e.usedAt.push({ id: src.id, range: u.use.range, path: u.use.path });
      const state = locked ? e.state : u.overall === 'on' ? 'on' : u.states.every((s) => s.state === 'unknown') ? 'unknown' : 'off';
      if (e.state !== state) e.state = 'mixed';
      for (const s of u.states) {
        const list = (e.componentStates ??= []);
        const cs = locked ? e.state : s.state;
        let c = list.find((x) => x.component === s.component);
        if (!c) list.push((c = { component: s.component, state: cs, sources: [] }));
        else if (c.state !== cs) c.state = 'mixed';
        for (const ev of s.evidence) if (!c.sources.includes(ev.message)) c.sources.push(ev.message);
      }
      for (const s of u.states) {
        for (const ev of s.evidence) {
          const source = ev.source;
          const location = source.type === 'file' ? { file: source.file, range: source.range } : undefined;
          const label = source.type === 'file' ? source.file : source.type === 'setting' ? source.name : source.type === 'default' ? `Kubernetes ${source.version} default` : `cluster ${source.context}`;
          if (e.setAt.some((x) => x.source === label && x.location?.range.start.line === location?.range.start.line)) continue;
          e.setAt.push({ source: label, value: s.state === 'on' ? true : s.state === 'off' ? false : undefined, location });
        }
      }
    }
  }
  return { kubernetesVersion: version, gates: [...byGate.values()].sort((a, b) => compareText(a.gate, b.gate)) };
}

/** Gates the report needs that are not on by default: what a new cluster must turn on. Gates that existing
 *  configs already enable are included too, since a new cluster does not inherit them. */
export function gatesForNewCluster(report: { gates: readonly { gate: string; default?: boolean | null }[] }): string[] {
  return report.gates.filter((g) => g.default !== true).map((g) => g.gate);
}

/** A kind Cluster config turning on the gates a new cluster needs, and those gates (sorted, deduplicated). */
export function kindConfigForReport(report: GateUsageReport, version: KubeVersion): { text: string; gates: string[] } {
  const gates = gatesForNewCluster(report);
  return { text: kindConfigFor(gates, loadVersion(version).data), gates: [...new Set(gates)].sort() };
}
