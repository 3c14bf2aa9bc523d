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
