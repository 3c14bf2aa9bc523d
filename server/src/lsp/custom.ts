// The custom requests that summarise the workspace: kubegate/gateReport and kubegate/kindConfigForWorkspace.
// The engine builds the report (engine/gates/gate-report.ts); here its file paths become URIs.
import type { GateReportResult, KindConfigResult } from '../contract/protocol';
import { gateUsageReport, kindConfigForReport, type GateUsageReport, type KubeVersion } from '../engine';
import type { DocumentContext } from './analysis';
import { toUri } from './workspace';

export interface ReportSource {
  uri: string;
  text: string;
  ctx: DocumentContext;
}

function usageReport(sources: ReportSource[], version: KubeVersion): GateUsageReport {
  return gateUsageReport(sources.map((s) => ({ id: s.uri, text: s.text, context: s.ctx })), version);
}

export function gateReport(sources: ReportSource[], version: KubeVersion): GateReportResult {
  const report = usageReport(sources, version);
  return {
    kubernetesVersion: report.kubernetesVersion,
    gates: report.gates.map((g) => ({
      ...g,
      usedAt: g.usedAt.map((u) => ({ uri: u.id, range: u.range, path: u.path })),
      setAt: g.setAt.map((s) => ({ source: s.source, value: s.value, location: s.location ? { uri: toUri(s.location.file), range: s.location.range } : undefined })),
    })),
  };
}

export function kindConfigForWorkspace(sources: ReportSource[], version: KubeVersion): KindConfigResult {
  return kindConfigForReport(usageReport(sources, version), version);
}
