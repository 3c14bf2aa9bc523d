// The failure policy of `kubegate check`: severity overrides (`--severity code=level`, the vocabulary of the
// `kubegate.severity` setting and of `.kubegate.yaml`), `--fail-on` and `--max-warnings`, and the exit code.
import { FINDING_CODES, SEVERITY_OVERRIDES, type SeverityOverride } from '../contract/settings';
import type { Finding, FindingCode, Severity } from '../engine';
import { UsageError } from './args';
import { EXIT_FINDINGS, EXIT_OK } from './io';

export const FAIL_ON = ['error', 'warning', 'information', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export type SeverityMap = Partial<Record<FindingCode, SeverityOverride>>;

/** `--severity feature-gate=error,yaml11-scalar=off` (repeatable) → a map; unknown codes or levels are usage errors. */
export function parseSeverityOptions(values: readonly string[]): SeverityMap {
  const out: SeverityMap = {};
  for (const item of values.flatMap((v) => v.split(','))) {
    const pair = item.trim();
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const code = (eq < 0 ? pair : pair.slice(0, eq)).trim();
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

export function parseMaxWarnings(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw.trim())) throw new UsageError(`--max-warnings must be a whole number (0 or more), not "${raw}"`);
  return Number(raw.trim());
}

/** 1 when a finding reaches the --fail-on level or warnings exceed --max-warnings, else 0. */
export function exitCodeFor(counts: Record<Severity, number>, failOn: FailOn, maxWarnings: number | undefined): number {
  const failing =
    failOn === 'never'
      ? false
      : failOn === 'error'
        ? counts.error > 0
        : failOn === 'warning'
          ? counts.error + counts.warning > 0
          : counts.error + counts.warning + counts.information > 0;
  if (failing) return EXIT_FINDINGS;
  if (maxWarnings !== undefined && counts.warning > maxWarnings) return EXIT_FINDINGS;
  return EXIT_OK;
}
