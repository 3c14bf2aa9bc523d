// The user's severity per finding code (a level, or `off` to drop the finding).
import type { Finding, FindingCode } from './finding';
import type { Severity } from '../base/types';

export type SeverityOverrides = Partial<Record<FindingCode, Severity | 'off'>>;

/** Findings with the overrides applied (`off` drops the finding); always a new array. */
export function applySeverityOverrides(findings: readonly Finding[], overrides: SeverityOverrides): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const override = overrides[f.code];
    if (override === 'off') continue;
    out.push(override ? { ...f, severity: override } : f);
  }
  return out;
}
