// The failure policy of `kubegate check`: severity overrides (`--severity code=level`, the vocabulary of the
// `kubegate.severity` setting and of `.kubegate.yaml`), `--fail-on` and `--max-warnings`, and the exit code.
import { FAIL_ON_LEVELS, type FailOnLevel } from '../contract/repo-config';
import { FINDING_CODES, SEVERITY_OVERRIDES, type SeverityOverride } from '../contract/settings';
import type { Finding, FindingCode, Severity } from '../engine';
import { UsageError } from './args';
import { EXIT_FINDINGS, EXIT_OK } from './io';

export const FAIL_ON = FAIL_ON_LEVELS;
export type FailOn = FailOnLevel;

export type SeverityMap = Partial<Record<FindingCode, SeverityOverride>>;

/** `--severity feature-gate=error,yaml11-scalar=off` (repeatable) → a map; unknown codes or levels are usage errors. */
export function parseSeverityOptions(values: readonly string[]): SeverityMap {
  const out: SeverityMap = {};
  for (const item of values.flatMap((v) => v.split(','))) {
    const pair = item.trim();
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const code = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    // Stryker disable next-line EqualityOperator: equivalent: with `=` first the code is empty and refused before the level
    const level = eq < 0 ? '' : pair.slice(eq + 1).trim();
    if (!(FINDING_CODES as string[]).includes(code)) {
      throw new UsageError(`--severity: "${code}" is not a finding code; codes: ${FINDING_CODES.join(', ')}`);
    }
    if (!(SEVERITY_OVERRIDES as readonly string[]).includes(level)) {
      throw new UsageError(`--severity ${code}: the level must be one of ${SEVERITY_OVERRIDES.join(', ')}, not "${level}"`);
    }
    out[code as FindingCode] = level as SeverityOverride;
  }
  return out;
}

export function parseFailOn(raw: string | undefined): FailOn {
  if (raw === undefined) return 'error';
  if ((FAIL_ON as readonly string[]).includes(raw)) return raw as FailOn;
  throw new UsageError(`--fail-on must be one of ${FAIL_ON.join(', ')}, not "${raw}"`);
}

export function parseMaxWarnings(raw: string): number {
  if (!/^\d+$/.test(raw.trim())) throw new UsageError(`--max-warnings must be a whole number (0 or more), not "${raw}"`);
  return Number(raw); // Number() trims as the test above did
}

/** The failure policy of a run. */
export interface FailurePolicy {
  failOn: FailOn;
  maxWarnings: number | undefined;
  /** Documents that were not checked fail the run (`--fail-on-unchecked`, `unchecked: fail`). */
  failOnUnchecked: boolean;
}

/** What the run comes to: the exit code and, when it fails, why (one sentence per reason, for every format). */
export interface RunVerdict {
  exitCode: number;
  reasons: string[];
  /** The reasons no finding shows by itself (all but the --fail-on one): warnings over a limit, documents not
   *  checked, unreadable paths. */
  beyondFindings?: string[];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const LEVELS_AT_LEAST: Record<Exclude<FailOn, 'never'>, Severity[]> = {
  error: ['error'],
  warning: ['error', 'warning'],
  information: ['error', 'warning', 'information'],
};

/** Exit 1 with its reasons when a finding reaches the --fail-on level, warnings exceed --max-warnings, or
 *  (with --fail-on-unchecked) documents were not checked; else exit 0. `source` names where each part of the
 *  policy was set (`--fail-on`, or `failOn of .kubegate.yaml:`), as the reasons say it. */
export function verdictOf(counts: Record<Severity, number>, notChecked: number, policy: FailurePolicy, source: { failOn: string; maxWarnings: string; unchecked: string }): RunVerdict {
  const reasons: string[] = [];
  if (policy.failOn !== 'never') {
    const levels = LEVELS_AT_LEAST[policy.failOn];
    const found = levels.filter((l) => counts[l] > 0).map((l) => (l === 'information' ? `${counts[l]} information` : plural(counts[l], l)));
    if (found.length > 0) reasons.push(`${found.join(', ')} (${source.failOn} ${policy.failOn})`);
  }
  const byFindings = reasons.length;
  if (counts.warning > (policy.maxWarnings ?? Infinity)) {
    reasons.push(`${plural(counts.warning, 'warning')}, more than ${source.maxWarnings} ${policy.maxWarnings}`);
  }
  if (policy.failOnUnchecked && notChecked > 0) {
    reasons.push(`${plural(notChecked, 'document')} not checked (${source.unchecked})`);
  }
  return { exitCode: reasons.length > 0 ? EXIT_FINDINGS : EXIT_OK, reasons, beyondFindings: reasons.slice(byFindings) };
}
