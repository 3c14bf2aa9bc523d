// The custom requests that summarise the workspace: kubegate/gateReport and kubegate/kindConfigForWorkspace.
// The engine builds the report (engine/gates/gate-report.ts); here its file paths become URIs.
import * as path from 'node:path';
import type { GateReportEntry, GateReportResult, GateReportScope, KindConfigResult } from '../contract/protocol';
import { gateUsageReport, kindConfigForReport, type GateUsageReport, type KubeVersion } from '../engine';
import type { DocumentContext } from './document-context';
import { toUri } from './workspace';

export interface ReportSource {
  uri: string;
  text: string;
  ctx: DocumentContext;
}

function usageReport(sources: ReportSource[], version: KubeVersion): GateUsageReport {
  return gateUsageReport(sources.map((s) => ({ id: s.uri, text: s.text, context: s.ctx })), version);
}

function entries(report: GateUsageReport): GateReportEntry[] {
  return report.gates.map((g) => ({
    ...g,
    usedAt: g.usedAt.map((u) => ({ uri: u.id, range: u.range, path: u.path })),
    setAt: g.setAt.map((s) => ({ source: s.source, value: s.value, location: s.location ? { uri: toUri(s.location.file), range: s.location.range } : undefined })),
  }));
}

/** A gate needs action unless it is on (set, or on by default, or locked on). */
export function needsAction(e: Pick<GateReportEntry, 'state' | 'default' | 'locked'>): boolean {
  if (e.state === 'on') return false;
  if (e.state === 'unknown') return e.default !== true;
  return !(e.locked && e.default === true);
}

/** The sources grouped by the configs that govern them (one group per cluster), in order of first appearance; a
 *  config file joins the group it governs (its own gate settings are that cluster's). */
function scopesOf(sources: ReportSource[]): { configs: string[]; sources: ReportSource[] }[] {
  const groups = new Map<string, { configs: string[]; sources: ReportSource[] }>();
  const configsOf = (s: ReportSource) => [...new Set(s.ctx.configs.map((c) => c.file).filter((f): f is string => !!f))];
  const keyOf = (configs: string[]) => [...configs].sort().join('\u0000');
  const governing = new Set(sources.flatMap(configsOf));
  const pending: ReportSource[] = [];
  for (const s of sources) {
    if (governing.has(s.ctx.file)) {
      pending.push(s);
      continue;
    }
    const configs = configsOf(s);
    const g = groups.get(keyOf(configs)) ?? { configs, sources: [] };
    g.sources.push(s);
    groups.set(keyOf(configs), g);
  }
  for (const s of pending) {
    const home = [...groups.values()].find((g) => g.configs.includes(s.ctx.file));
    if (home) home.sources.push(s);
    else {
      const configs = configsOf(s);
      const g = groups.get(keyOf(configs)) ?? { configs, sources: [] };
      g.sources.push(s);
      groups.set(keyOf(configs), g);
    }
  }
  return [...groups.values()];
}

export function gateReport(sources: ReportSource[], version: KubeVersion): GateReportResult {
  const report = usageReport(sources, version);
  const result: GateReportResult = { kubernetesVersion: report.kubernetesVersion, gates: entries(report) };
  const groups = scopesOf(sources);
  if (groups.length > 1) {
    result.scopes = groups.map((g): GateReportScope => {
      const gates = entries(usageReport(g.sources, version));
      return {
        configs: g.configs.map(toUri),
        label: g.configs.length ? g.configs.map((c) => path.basename(c)).join(' + ') : 'no cluster config',
        gates: [...gates.filter(needsAction), ...gates.filter((e) => !needsAction(e))],
      };
    });
  }
  return result;
}

export function kindConfigForWorkspace(sources: ReportSource[], version: KubeVersion): KindConfigResult {
  return kindConfigForReport(usageReport(sources, version), version);
}
