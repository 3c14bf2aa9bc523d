// The names and small values of resource.k8s.io that several DRA rules judge: a device attribute's or capacity's
// qualified name (validateQualifiedName), a version attribute (semver 2.0.0), the byte length of a string value,
// and a map of counters (a counter set's, or what a device consumes of one: validateCounterSet,
// validateDeviceCounterConsumption). The limits are the constants of the resource types (read in kubernetes/api
// resource/v1/types.go @ 10b39a39bcee995dfe7cd5e8e7b922be5e46f1e2, the published copy of k8s.io/api).
import { at, type Say } from './rule-types';
import { briefFormatProblem } from '../declarative-formats';
import { obj, type Value } from './object-view';

export const DRA = at('pkg/apis/resource/validation/validation.go', '009801d930e2e3c8b3671a3ec28e31a2f64865ac');

/** ResourceSliceMaxCountersPerCounterSet and ResourceSliceMaxCountersPerDeviceCounterConsumption. */
const MAX_COUNTERS = 32;
/** DeviceMaxIDLength: the identifier after the domain. */
const MAX_ID_LENGTH = 32;
/** validateDriverName (core's ValidateCSIDriverName): the domain of a qualified name. */
const MAX_DOMAIN_LENGTH = 63;
/** DeviceAttributeMaxValueLength: a string or version attribute, in bytes. */
export const MAX_VALUE_BYTES = 64;

const C_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
// semver.org 2.0.0: three numeric parts without leading zeros, optional dot-separated pre-release parts (numbers
// without leading zeros, or alphanumerics with a letter or "-") and build parts.
const SEMVER =
  /^(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)(?:-(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*))*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

export function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}

function identifierProblem(id: string): string | undefined {
  if (id.length > MAX_ID_LENGTH) return `name part is longer than ${MAX_ID_LENGTH} characters`;
  return C_IDENTIFIER.test(id) ? undefined : 'name part is not a C identifier (letters, digits, "_"; no leading digit)';
}

/** validateQualifiedName: a C identifier, or a domain (a driver name: a DNS subdomain in any case, at most 63
 *  characters) and a C identifier joined by one "/". */
export function qualifiedNameProblem(name: string): string | undefined {
  const parts = name.split('/');
  if (parts.length > 2) return 'has more than one "/"';
  if (parts.length === 1) return identifierProblem(name);
  const [domain = '', id = ''] = parts;
  if (domain === '') return 'has an empty domain before "/"';
  if (domain.length > MAX_DOMAIN_LENGTH) return `has a domain longer than ${MAX_DOMAIN_LENGTH} characters`;
  const bad = briefFormatProblem('k8s-long-name-caseless', domain);
  if (bad) return `has a domain that ${bad}`;
  if (id === '') return 'has an empty name after "/"';
  return identifierProblem(id);
}

/** validateDeviceAttributeVersionValue: a semantic version of at most 64 bytes. */
export function versionProblem(v: string): string | undefined {
  if (!SEMVER.test(v)) return 'is not a semantic version (semver.org 2.0.0, e.g. 1.2.3)';
  return byteLength(v) > MAX_VALUE_BYTES ? `is longer than ${MAX_VALUE_BYTES} bytes` : undefined;
}

/** A map of counters (`counters` of a counter set or of a device's consumption) at `path`: required non-empty, at
 *  most 32 entries, keys DNS labels (`keysDeclared`: the walker already reports the keys from the data's marker). */
export function checkCounters(say: Say, counters: Value | undefined, path: string, keysDeclared: boolean): void {
  const map = obj(counters);
  if (!map) return;
  const keys = Object.keys(map);
  if (keys.length === 0) {
    say.missing(path, 'counters may not be empty', 'Add at least one counter, e.g. memory: {value: 1Gi}.');
    return;
  }
  if (keys.length > MAX_COUNTERS) {
    say.reject(path, `${keys.length} counters; at most ${MAX_COUNTERS}`, `Split the counters so that each map has at most ${MAX_COUNTERS}.`, { value: keys.length });
    return;
  }
  if (keysDeclared) return;
  for (const key of keys) {
    const bad = briefFormatProblem('k8s-short-name', key);
    // validateMap reports a key at the map.
    if (bad) say.reject(path, `counter name "${key}" ${bad}`, 'Use lower-case letters, digits and "-", e.g. memory.', { value: key });
  }
}
