// The string formats of upstream declarative validation (`+k8s:format=…`), each as a check that returns why a
// value does not fit (undefined when it fits). Names are the upstream format names; the rules follow the
// apimachinery validators those names stand for (DNS label/subdomain, qualified names, UUID, …).

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const C_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function shortName(v: string): string | undefined {
  if (v.length > 63) return 'must be at most 63 characters';
  if (!DNS_LABEL.test(v)) return 'must be a DNS label: lower-case letters, digits and "-", starting and ending with a letter or digit';
  return undefined;
}

function longName(v: string, caseless = false): string | undefined {
  if (v.length > 253) return 'must be at most 253 characters';
  if (!DNS_SUBDOMAIN.test(caseless ? v.toLowerCase() : v)) {
    return 'must be a DNS subdomain: lower-case letters, digits, "-" and ".", starting and ending with a letter or digit';
  }
  return undefined;
}

function labelKey(v: string, prefixRequired = false): string | undefined {
  const parts = v.split('/');
  if (parts.length > 2) return 'must be a name with an optional DNS prefix and one "/"';
  const [prefix, name] = parts.length === 2 ? parts : [undefined, parts[0] as string];
  if (prefixRequired && prefix === undefined) return 'must have a DNS prefix ("example.com/name")';
  if (prefix !== undefined) {
    if (prefix === '') return 'has an empty prefix before "/"';
    const bad = longName(prefix);
    if (bad) return `prefix ${bad}`;
  }
  if (!name) return 'has an empty name';
  if (name.length > 63) return 'name part must be at most 63 characters';
  if (!QUALIFIED_NAME_PART.test(name)) {
    return 'name part must be letters, digits, "-", "_" or ".", starting and ending with a letter or digit';
  }
  return undefined;
}

function fullyQualifiedName(v: string): string | undefined {
  const slash = v.indexOf('/');
  if (slash < 0) return 'must be a domain and a name separated by "/" (e.g. "example.com/name")';
  if (v.indexOf('/', slash + 1) >= 0) return 'must not contain more than one "/"';
  const badPrefix = longName(v.slice(0, slash));
  if (badPrefix) return `domain ${badPrefix}`;
  const name = v.slice(slash + 1);
  if (name.length > 32) return 'name part must be at most 32 characters';
  if (!C_IDENTIFIER.test(name)) return 'name part must be a C identifier (letters, digits, "_"; not starting with a digit)';
  return undefined;
}

function poolName(v: string): string | undefined {
  if (v.length > 253) return 'must be at most 253 characters';
  for (const part of v.split('/')) {
    const bad = longName(part);
    if (bad) return `each "/"-separated part ${bad}`;
  }
  return undefined;
}

function pathSegmentName(v: string): string | undefined {
  if (v === '.' || v === '..') return `may not be "${v}"`;
  if (v.includes('/') || v.includes('%')) return 'may not contain "/" or "%"';
  return undefined;
}

function extendedResourceName(v: string): string | undefined {
  if (!v.includes('/')) return 'must have a domain prefix (e.g. "example.com/device")';
  const prefix = v.slice(0, v.indexOf('/'));
  if (prefix === 'kubernetes.io' || prefix.endsWith('.kubernetes.io')) return 'may not use the kubernetes.io domain';
  if (v.startsWith('requests.')) return 'may not start with "requests."';
  const bad = labelKey(`requests.${v}`);
  return bad ? `with "requests." in front it ${bad}` : undefined;
}

const FORMATS: Readonly<Record<string, (value: string) => string | undefined>> = {
  'k8s-short-name': shortName,
  'k8s-long-name': (v) => longName(v),
  'k8s-long-name-caseless': (v) => longName(v, true),
  'k8s-label-key': (v) => labelKey(v),
  'k8s-prefixed-label-key': (v) => labelKey(v, true),
  'k8s-label-value': (v) => (v.length > 63 ? 'must be at most 63 characters' : LABEL_VALUE.test(v) ? undefined : 'must be letters, digits, "-", "_" or ".", starting and ending with a letter or digit'),
  'k8s-resource-fully-qualified-name': fullyQualifiedName,
  'k8s-resource-pool-name': poolName,
  'k8s-path-segment-name': pathSegmentName,
  'k8s-extended-resource-name': extendedResourceName,
  'k8s-uuid': (v) => (UUID.test(v) ? undefined : 'must be a lower-case RFC 4122 UUID'),
};

/** Why `value` does not have `format`; undefined when it does, or when the format is not known here. */
export function formatProblem(format: string, value: string): string | undefined {
  return FORMATS[format]?.(value);
}

/** The problem in a few words, for a message that names the value too (`must be a DNS label`): what the format
 *  allows (after the colon) is left out. */
export function briefFormatProblem(format: string, value: string): string | undefined {
  const problem = formatProblem(format, value);
  const colon = problem?.indexOf(': ') ?? -1;
  return problem !== undefined && colon >= 0 ? problem.slice(0, colon) : problem;
}
