// The user's severity per finding code (a level, or `off` to drop the finding).
import type { FileReport, Finding, FindingCode } from './finding';
import type { Severity } from '../base/types';

/** A severity override: one of the finding severities, or `off` to drop the finding. */
export type SeverityOverride = Severity | 'off';
export const SEVERITY_OVERRIDE_LEVELS: readonly SeverityOverride[] = ['error', 'warning', 'information', 'hint', 'off'];

export type SeverityOverrides = Partial<Record<FindingCode, SeverityOverride>>;

/** Findings with the overrides applied (`off` drops the finding); always a new array. */
function applySeverityOverrides(findings: readonly Finding[], overrides: SeverityOverrides): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const override = overrides[f.code];
    if (override === 'off') continue;
    out.push(override ? { ...f, severity: override } : f);
  }
  return out;
}

/** A report with the overrides applied: the findings an `off` dropped are counted (`silenced.configuration`). */
export function withSeverityOverrides(report: FileReport, overrides: SeverityOverrides): FileReport {
  const findings = applySeverityOverrides(report.findings, overrides);
  const off = report.findings.length - findings.length;
  const silenced = off > 0 ? { ...report.silenced, configuration: off } : report.silenced;
  return { ...(report.taken ? { taken: report.taken } : {}), documents: report.documents, findings, ...(silenced ? { silenced } : {}) };
}
