// resource.Quantity as kube-apiserver decodes it (apimachinery pkg/api/resource: Quantity.UnmarshalJSON trims
// surrounding space, then ParseQuantity scans sign, digits, an optional fraction and a suffix; the suffix must be
// a decimal SI suffix (n u m "" k M G T P E), a binary one (Ki Mi Gi Ti Pi Ei) or an exponent e/E followed by a
// whole number). A string that does not scan fails the decode: the object is rejected before validation.

const SUFFIX_CHARS = 'eEinumkKMGTP';
const DECIMAL_SUFFIXES = new Set(['n', 'u', 'm', '', 'k', 'M', 'G', 'T', 'P', 'E']);
const BINARY_SUFFIXES = new Set(['Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei']);
const INT64_MAX = 9223372036854775807n;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

function suffixKnown(suffix: string): boolean {
  if (DECIMAL_SUFFIXES.has(suffix) || BINARY_SUFFIXES.has(suffix)) return true;
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) {
    const exp = suffix.slice(1);
    if (!/^[+-]?[0-9]+$/.test(exp)) return false;
    const n = BigInt(exp);
    return n <= INT64_MAX && n >= -INT64_MAX - 1n;
  }
  return false;
}

/** Why `raw` is not a quantity (undefined when kube-apiserver decodes it). */
export function quantityProblem(raw: string): string | undefined {
  const str = raw.trim();
  if (str === '') return 'is empty';
  const end = str.length;
  let pos = 0;
  if (str[0] === '-' || str[0] === '+') pos++;
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return undefined; // only zeros (or a bare sign): zero
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos >= end) return undefined;
  if (str[pos] === '.') {
    pos++;
    while (pos < end && isDigit(str[pos])) pos++;
    if (pos >= end) return undefined;
  }
  const suffixStart = pos;
  while (pos < end && SUFFIX_CHARS.includes(str[pos] as string)) pos++;
  if (pos < end) {
    if (str[pos] === '-' || str[pos] === '+') pos++;
    while (pos < end && isDigit(str[pos])) pos++;
    if (pos < end) return 'has characters that are not part of a number and a unit suffix';
  }
  const suffix = str.slice(suffixStart);
  return suffixKnown(suffix) ? undefined : `has an unknown unit suffix "${suffix}"`;
}

/** A hint for the usual mistake of writing bytes as "MB"/"Gb" (undefined when none applies). */
export function quantityHint(raw: string): string | undefined {
  const m = /^\s*([+-]?[0-9.]+)([kKMGTPE])i?[bB]\s*$/.exec(raw);
  if (!m) return undefined;
  const unit = (m[2] as string).toUpperCase() === 'K' ? 'k' : (m[2] as string).toUpperCase();
  return `Write ${m[1]}${unit === 'k' ? 'Ki' : `${unit}i`} (powers of 1024) or ${m[1]}${unit} (powers of 1000).`;
}

/** An exact quantity: sign · digits · 10^exp10 · 2^exp2 (digits without the decimal point). */
export interface QuantityValue {
  negative: boolean;
  digits: bigint;
  exp10: number;
  exp2: number;
}

const DECIMAL_EXP: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_EXP: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
/** Exponents beyond this are not compared (the values would be huge to build exactly). */
const EXP_LIMIT = 400;

/** The exact value of a quantity that decodes (undefined when it does not, or its exponent is extreme). */
export function quantityValue(raw: string): QuantityValue | undefined {
  if (quantityProblem(raw) !== undefined) return undefined;
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(.*)$/.exec(raw.trim());
  if (!m) return undefined;
  const [, sign, whole = '', fraction = '', suffix = ''] = m;
  let exp10 = -fraction.length;
  let exp2 = 0;
  if (suffix in DECIMAL_EXP) exp10 += DECIMAL_EXP[suffix] as number;
  else if (suffix in BINARY_EXP) exp2 = BINARY_EXP[suffix] as number;
  else {
    const e = Number(suffix.slice(1));
    if (!Number.isInteger(e) || Math.abs(e) > EXP_LIMIT) return undefined;
    exp10 += e;
  }
  const digits = BigInt(`${whole}${fraction}` || '0');
  return { negative: sign === '-' && digits !== 0n, digits, exp10, exp2 };
}

/** Compares two quantities exactly: negative when a < b, 0 when equal, positive when a > b. */
export function compareQuantities(a: QuantityValue, b: QuantityValue): number {
  const scaled = (q: QuantityValue, minExp10: number): bigint => {
    const v = q.digits * 10n ** BigInt(q.exp10 - minExp10) * 2n ** BigInt(q.exp2);
    return q.negative ? -v : v;
  };
  const minExp10 = Math.min(a.exp10, b.exp10);
  const x = scaled(a, minExp10);
  const y = scaled(b, minExp10);
  return x < y ? -1 : x > y ? 1 : 0;
}
