// The custom requests that summarise the workspace: kubegate/gateReport and kubegate/kindConfigForWorkspace.
import type { GateReportEntry, GateReportResult, KindConfigResult } from '../contract/protocol';
import { kindConfigFor, gateCatalog, type KubeVersion } from '../engine';
import { knowledge, type DocumentContext } from './analysis';
import { gatedUsesWithState } from './inlay';
import { toUri } from './workspace';

export interface ReportSource {
  uri: string;
  text: string;
  ctx: DocumentContext;
}

export function gateReport(sources: ReportSource[], version: KubeVersion): GateReportResult {
  const catalog = gateCatalog();
  const byGate = new Map<string, GateReportEntry>();
  for (const src of sources) {
    let uses;
    try {
      uses = gatedUsesWithState(src.text, src.ctx).uses;
    } catch {
      continue;
    }
    for (const u of uses) {
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
      e.usedAt.push({ uri: src.uri, range: u.use.range, path: u.use.path });
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
          const location = source.type === 'file' ? { uri: toUri(source.file), range: source.range } : undefined;
          const label = source.type === 'file' ? source.file : source.type === 'setting' ? source.name : source.type === 'default' ? `Kubernetes ${source.version} default` : `cluster ${source.context}`;
          if (e.setAt.some((x) => x.source === label && x.location?.range.start.line === location?.range.start.line)) continue;
          e.setAt.push({ source: label, value: s.state === 'on' ? true : s.state === 'off' ? false : undefined, location });
        }
      }
    }
  }
  return { kubernetesVersion: version, gates: [...byGate.values()].sort((a, b) => a.gate.localeCompare(b.gate)) };
}

/** Gates the sources need that are off by default: what a new kind cluster must turn on. Gates that
 *  existing configs already enable are included too, since a new cluster does not inherit them. */
export function neededGates(report: GateReportResult): string[] {
  return report.gates.filter((g) => g.default !== true).map((g) => g.gate);
}

export function kindConfigForWorkspace(report: GateReportResult, version: KubeVersion): KindConfigResult {
  const gates = neededGates(report);
  return { text: kindConfigFor(gates, knowledge(version).data), gates: [...new Set(gates)].sort() };
}

