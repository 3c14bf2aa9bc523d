// Small numeric helpers for the benchmark: medians that understand time-outs, ratios and formatting.
// A sample is a number of milliseconds, or TIMED_OUT when the step gave no answer in time.

export const TIMED_OUT = 'timed out' as const;
export type Sample = number | typeof TIMED_OUT;

/** Median of the samples, counting a time-out as larger than any number. Undefined when there are none. */
export function median(samples: readonly Sample[]): Sample | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort(compareSamples);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid];
  const a = sorted[mid - 1];
  const b = sorted[mid];
  if (a === TIMED_OUT || b === TIMED_OUT) return TIMED_OUT;
  return (a + b) / 2;
}

function compareSamples(a: Sample, b: Sample): number {
  if (a === TIMED_OUT) return b === TIMED_OUT ? 0 : 1;
  if (b === TIMED_OUT) return -1;
  return a - b;
}

export function countTimeouts(samples: readonly Sample[]): number {
  return samples.filter((s) => s === TIMED_OUT).length;
}

/** Formats milliseconds with a precision that suits the magnitude: 0.42, 12.3, 1234. */
export function formatMs(ms: number): string {
  if (ms < 1) return ms.toFixed(2);
  if (ms < 100) return ms.toFixed(1);
  return Math.round(ms).toString();
}

/** A median cell: "123 ms", "timed out (> 20 s)", with the time-out count when some steps timed out. */
export function formatMedianMs(samples: readonly Sample[], timeoutMs: number): string {
  const m = median(samples);
  if (m === undefined) return 'n/a';
  const t = countTimeouts(samples);
  const base = m === TIMED_OUT ? `timed out (> ${timeoutMs / 1000} s)` : `${formatMs(m)} ms`;
  return t > 0 && m !== TIMED_OUT ? `${base} (${t}/${samples.length} timed out)` : base;
}

/**
 * Ratio of two medians as text ("0.12×"). When only the denominator timed out the ratio is an upper bound
 * ("< 0.05×", measured against the time-out); when the numerator timed out it is a lower bound.
 */
export function formatRatio(
  num: Sample | undefined,
  den: Sample | undefined,
  numTimeoutMs: number,
  denTimeoutMs: number,
): string {
  if (num === undefined || den === undefined) return 'n/a';
  if (num === TIMED_OUT && den === TIMED_OUT) return 'both timed out';
  if (den === TIMED_OUT) return `< ${formatFactor((num as number) / denTimeoutMs)}`;
  if (num === TIMED_OUT) return `> ${formatFactor(numTimeoutMs / den)}`;
  if (den === 0) return 'n/a';
  return formatFactor(num / den);
}

/** Two significant digits and a multiplication sign: 0.012×, 0.35×, 4.2×, 120×. */
export function formatFactor(x: number): string {
  if (!Number.isFinite(x)) return 'n/a';
  if (x === 0) return '0×';
  const digits = Math.max(0, 1 - Math.floor(Math.log10(Math.abs(x))));
  return `${x.toFixed(Math.min(digits, 4))}×`;
}

export function formatMegabytes(kb: number | undefined): string {
  return kb === undefined ? 'n/a' : `${(kb / 1024).toFixed(0)} MB`;
}
