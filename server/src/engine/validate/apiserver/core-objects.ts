// core/v1 Secret, ConfigMap, PersistentVolumeClaim, Namespace, LimitRange, ResourceQuota and Endpoints, and
// scheduling.k8s.io/v1 PriorityClass: the hand-written rules of their Validate* functions that a manifest
// decides. A Secret is judged as the server sees it after conversion: stringData merged over data.
import { at, type KindRule, type Say } from './rule-types';
import { fieldOf, isSet, itemOf, list, num, obj, objs, str, type Obj, type Value } from './object-view';
import { briefFormatProblem } from '../declarative-formats';
import { compareQuantities, quantityValue, type QuantityValue } from '../quantity';
import { checkDataSourceRef, CLAIM_DATA_SOURCE_REF_SOURCES } from './claim-data-source-ref';
import { objectMetaFacts } from '../../knowledge/object-meta';
import { ipProblem, specialIp } from './ip';
import { IP_VALIDATION, KEP_4858, legacyIp, STRICT_ON } from './ip-legacy';
import type { UpstreamSource } from '../field-rule-table';
import { selectorRule } from './selector-rules';
import { overcommitAllowed } from './pod-spec';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
const UTIL: UpstreamSource = { repo: 'kubernetes/kubernetes', path: 'staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go', commit: '008b3652959ca58af8be3fb5b6ecfe9ae7638282', fn: 'IsConfigMapKey' };
const CORE_TYPES = at('pkg/apis/core/types.go', '32d8e0ce4fce42c4dc62c32ffde66f3f1ee32c1a');
const SCHEDULING = at('pkg/apis/scheduling/validation/validation.go', '00447344aba092d2e9fed602d0a9522dda4fdd14');
const SCHEDULING_TYPES = at('pkg/apis/scheduling/types.go', '81810de635aa13aa0a32992f6def3aa9d6025ebc');
const SCHEDULING_HELPERS = at('pkg/apis/scheduling/v1/helpers.go', 'aed80471ab6fbe2c2f884d1000108db3b65246b8');

/** core.MaxSecretSize: the total bytes of a Secret's or a ConfigMap's values. */
const MAX_DATA_BYTES = 1024 * 1024;
/** scheduling.HighestUserDefinablePriority and the system classes (IsKnownSystemPriorityClass). */
const HIGHEST_USER_PRIORITY = 1_000_000_000;
const SYSTEM_PRIORITY_CLASSES: Readonly<Record<string, number>> = { 'system-node-critical': 2_000_001_000, 'system-cluster-critical': 2_000_000_000 };

function spec(o: Obj): Obj {
  return obj(o['spec']) ?? {};
}

/** IsConfigMapKey: at most 253 of letters, digits, "-", "_", "."; not ".", "..", nor starting with "..". */
export function configKeyProblem(key: string): string | undefined {
  if (key.length > 253) return 'is longer than 253 characters';
  if (!/^[-._a-zA-Z0-9]+$/.test(key)) return 'may only hold letters, digits, "-", "_" and "."';
  if (key === '.' || key === '..') return `may not be "${key}"`;
  if (key.startsWith('..')) return 'may not start with ".."';
  return undefined;
}

function utf8Bytes(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** The bytes a base64 value decodes to (the walker reports values that are not base64). */
function base64Bytes(s: string): number {
  const t = s.replace(/\s/g, '');
  const pad = t.endsWith('==') ? 2 : t.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((t.length * 3) / 4) - pad);
}

function base64Text(s: string): string | undefined {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(s.replace(/\s/g, '')), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** A Secret's values after conversion: data decoded, stringData over it. `encoded` marks values from data. */
function secretValues(o: Obj): Map<string, { text: string; bytes: number; fromData: boolean }> {
  const out = new Map<string, { text: string; bytes: number; fromData: boolean }>();
  for (const [k, v] of Object.entries(obj(o['data']) ?? {})) {
    const s = typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
    out.set(k, { text: s, bytes: base64Bytes(s), fromData: true });
  }
  for (const [k, v] of Object.entries(obj(o['stringData']) ?? {})) {
    const s = typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
    out.set(k, { text: s, bytes: utf8Bytes(s), fromData: false });
  }
  return out;
}

/** json.Unmarshal into a map: a JSON object, or null. */
function jsonObjectProblem(text: string): string | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v === null || (typeof v === 'object' && !Array.isArray(v)) ? undefined : 'is JSON but not an object';
  } catch {
    return 'is not valid JSON';
  }
}

function quantity(v: Value | undefined): QuantityValue | undefined {
  if (typeof v === 'number') return quantityValue(String(v));
  return typeof v === 'string' ? quantityValue(v) : undefined;
}

const ZERO = quantityValue('0') as QuantityValue;
const ONE = quantityValue('1') as QuantityValue;

/** Quantity.MilliValue (rounded up); undefined when negative or at or above resource.MaxMilliValue (2^63 / 1000). */
function milli(q: QuantityValue): bigint | undefined {
  if (q.negative) return undefined;
  const shift = q.exp10 + 3;
  const n = q.digits * 2n ** BigInt(q.exp2) * 10n ** BigInt(Math.max(shift, 0));
  const d = 10n ** BigInt(Math.max(-shift, 0));
  const v = (n + d - 1n) / d;
  return v * 1000n < 2n ** 63n ? v : undefined;
}

const SECRET_KEYS: Readonly<Record<string, { keys: string[]; all: boolean; label: string }>> = {
  'kubernetes.io/tls': { keys: ['tls.crt', 'tls.key'], all: true, label: 'a TLS Secret' },
  'kubernetes.io/basic-auth': { keys: ['username', 'password'], all: false, label: 'a basic-auth Secret' },
};

export const CORE_OBJECT_RULES: readonly KindRule[] = [
  {
    rule: 'dataKeys',
    kinds: ['/Secret', '/ConfigMap'],
    source: [CORE('ValidateSecret / ValidateConfigMap (keys: IsConfigMapKey; a ConfigMap key not in both data and binaryData)'), UTIL],
    check(o, say) {
      const secret = str(o['kind']) === 'Secret';
      const fields = secret ? ['data', 'stringData'] : ['data', 'binaryData'];
      for (const f of fields) {
        for (const key of Object.keys(obj(o[f]) ?? {})) {
          const bad = configKeyProblem(key);
          // A Secret's stringData is merged into data before validation: the server names data.
          if (bad) say.reject(fieldOf(secret ? 'data' : f, key), `key "${key}" ${bad}`, 'Rename the key: letters, digits, "-", "_" and "." (e.g. config.yaml).', { value: key });
        }
      }
      if (secret) return;
      const binary = obj(o['binaryData']) ?? {};
      for (const key of Object.keys(obj(o['data']) ?? {})) {
        if (key in binary) say.reject(fieldOf('data', key), `key "${key}" is in both data and binaryData`, 'Keep the key in one of data and binaryData.', { value: key });
      }
    },
  },
  {
    rule: 'dataSize',
    kinds: ['/Secret', '/ConfigMap'],
    source: [CORE('ValidateSecret / ValidateConfigMap (total size of the values at most MaxSecretSize)'), CORE_TYPES('MaxSecretSize (1 MiB)')],
    check(o, say) {
      let total = 0;
      if (str(o['kind']) === 'Secret') for (const v of secretValues(o).values()) total += v.bytes;
      else {
        for (const v of Object.values(obj(o['data']) ?? {})) total += typeof v === 'string' ? utf8Bytes(v) : 0;
        for (const v of Object.values(obj(o['binaryData']) ?? {})) total += typeof v === 'string' ? base64Bytes(v) : 0;
      }
      if (total <= MAX_DATA_BYTES) return;
      const path = str(o['kind']) === 'Secret' ? 'data' : '';
      say.reject(path, `the values total ${total} bytes, over the ${MAX_DATA_BYTES}-byte (1 MiB) limit`, 'Split the data over several objects, or mount it from elsewhere.', { bytes: total });
    },
  },
  {
    rule: 'secretType',
    kinds: ['/Secret'],
    source: CORE('ValidateSecret (keys each built-in type requires; docker config keys hold a JSON object; service-account-token needs its annotation)'),
    check(o, say) {
      const type = str(o['type']) ?? 'Opaque';
      const values = secretValues(o);
      const need = (key: string, message: string, fix: string) => say.missing(fieldOf('data', key), message, fix);
      switch (type) {
        case 'kubernetes.io/service-account-token': {
          const name = str(obj(obj(o['metadata'])?.['annotations'])?.['kubernetes.io/service-account.name']) ?? '';
          if (name === '') say.missing('metadata.annotations[kubernetes.io/service-account.name]', 'a service-account-token Secret needs the kubernetes.io/service-account.name annotation', 'Add the annotation naming the ServiceAccount the token is for.');
          return;
        }
        case 'kubernetes.io/dockercfg':
        case 'kubernetes.io/dockerconfigjson': {
          const key = type === 'kubernetes.io/dockercfg' ? '.dockercfg' : '.dockerconfigjson';
          const v = values.get(key);
          if (!v) {
            need(key, `a ${type} Secret needs the key ${key}`, `Add ${key} with the registry credentials (kubectl create secret docker-registry writes it).`);
            return;
          }
          const text = v.fromData ? base64Text(v.text) : v.text;
          const bad = text === undefined ? undefined : jsonObjectProblem(text);
          if (bad) say.reject(fieldOf('data', key), `${key} ${bad}`, `Put a JSON object in ${key} (e.g. {"auths": {...}}).`);
          return;
        }
        case 'kubernetes.io/ssh-auth':
          if ((values.get('ssh-privatekey')?.bytes ?? 0) === 0) need('ssh-privatekey', 'an ssh-auth Secret needs a non-empty ssh-privatekey', 'Add ssh-privatekey with the private key.');
          return;
        default: {
          const row = SECRET_KEYS[type];
          if (!row) return;
          const missing = row.keys.filter((k) => !values.has(k));
          if (row.all) for (const k of missing) need(k, `${row.label} needs the key ${k}`, `Add ${k} (it may be empty, but must be present).`);
          else if (missing.length === row.keys.length) for (const k of missing) need(k, `${row.label} needs ${row.keys.join(' or ')}`, `Add ${row.keys.join(' and/or ')}.`);
        }
      }
    },
  },
  {
    rule: 'pvcSpec',
    kinds: ['/PersistentVolumeClaim'],
    source: [CORE('ValidatePersistentVolumeClaimSpec (accessModes required, ReadWriteOncePod alone; a positive storage request; storageClassName; dataSource kind and name)'), ...CLAIM_DATA_SOURCE_REF_SOURCES],
    check(o, say) {
      checkClaimSpec(say, spec(o), 'spec');
    },
  },
  selectorRule('pvcSelector', ['/PersistentVolumeClaim'], CORE('ValidatePersistentVolumeClaimSpec (selector: ValidateLabelSelector)'), 'spec.selector'),
  {
    rule: 'namespaceFinalizers',
    kinds: ['/Namespace'],
    source: CORE('ValidateNamespace → validateFinalizerName / validateKubeFinalizerName (qualified; unqualified only if standard)'),
    check(o, say) {
      const standard = objectMetaFacts().limits.standardFinalizers;
      for (const f of list(spec(o)['finalizers'])) {
        if (typeof f !== 'string') continue;
        const bad = briefFormatProblem('k8s-label-key', f);
        if (bad) say.reject('spec.finalizers', `finalizer "${f}" ${bad}`, 'Use a domain-qualified finalizer such as example.com/cleanup.', { value: f });
        else if (!f.includes('/') && !standard.includes(f)) {
          say.reject('spec.finalizers', `finalizer "${f}" needs a domain prefix (only ${standard.join(', ')} may go without)`, `Qualify it, e.g. example.com/${f}.`, { value: f });
        }
      }
    },
  },
  {
    rule: 'limitRange',
    kinds: ['/LimitRange'],
    source: CORE('ValidateLimitRange (types unique; no default for Pod; PersistentVolumeClaim needs a storage min or max; min <= defaultRequest <= default <= max; maxLimitRequestRatio >= 1 and <= max/min; default = defaultRequest for a resource that cannot be overcommitted)'),
    check(o, say) {
      const seen = new Set<string>();
      for (const [limit, i] of objs(spec(o)['limits'])) {
        const base = itemOf('spec.limits', i);
        const type = str(limit['type']);
        if (type !== undefined) {
          if (seen.has(type)) say.reject(`${base}.type`, `limit type ${type} is listed twice`, 'Merge the two entries into one.', { value: type });
          seen.add(type);
        }
        if (type === 'Pod') {
          for (const f of ['default', 'defaultRequest']) {
            if (Object.keys(obj(limit[f]) ?? {}).length > 0) say.reject(`${base}.${f}`, `a limit of type Pod may not set ${f}`, `Remove ${f}, or use type: Container for per-container defaults.`);
          }
        }
        if (type === 'PersistentVolumeClaim' && !isSet(obj(limit['min'])?.['storage']) && !isSet(obj(limit['max'])?.['storage'])) {
          // Upstream names this path ".limits" under the entry.
          say.missing(`${base}.limits`, 'a limit of type PersistentVolumeClaim needs a storage min or max', 'Add min.storage or max.storage.');
        }
        const read = (f: string) => obj(limit[f]) ?? {};
        const [min, max, dflt, dreq, ratio] = ['min', 'max', 'default', 'defaultRequest', 'maxLimitRequestRatio'].map(read) as [Obj, Obj, Obj, Obj, Obj];
        const keys = new Set([...Object.keys(min), ...Object.keys(max), ...(type === 'Pod' ? [] : [...Object.keys(dflt), ...Object.keys(dreq)]), ...Object.keys(ratio)]);
        for (const k of keys) {
          const q = (m: Obj) => quantity(m[k]);
          const [mn, mx, d, r] = [q(min), q(max), type === 'Pod' ? undefined : q(dflt), type === 'Pod' ? undefined : q(dreq)];
          const over = (a: QuantityValue | undefined, b: QuantityValue | undefined) => a !== undefined && b !== undefined && compareQuantities(a, b) > 0;
          const at = (f: string) => fieldOf(`${base}.${f}`, k);
          if (over(mn, mx)) say.reject(at('min'), `min ${k} is above max ${k}`, `Lower min.${k} or raise max.${k}.`);
          if (over(mn, r)) say.reject(at('defaultRequest'), `defaultRequest ${k} is below min ${k}`, `Raise defaultRequest.${k} to at least min.${k}.`);
          if (over(r, mx)) say.reject(at('defaultRequest'), `defaultRequest ${k} is above max ${k}`, `Lower defaultRequest.${k} to at most max.${k}.`);
          if (over(r, d)) say.reject(at('defaultRequest'), `defaultRequest ${k} is above default ${k}`, `Lower defaultRequest.${k} to at most default.${k}.`);
          if (over(mn, d)) say.reject(at('default'), `default ${k} is below min ${k}`, `Raise default.${k} to at least min.${k}.`);
          if (over(d, mx)) say.reject(at('default'), `default ${k} is above max ${k}`, `Lower default.${k} to at most max.${k}.`);
          const rq = q(ratio);
          if (rq && compareQuantities(rq, ONE) < 0) say.reject(at('maxLimitRequestRatio'), `maxLimitRequestRatio ${k} is below 1`, 'Use a ratio of 1 or more (limit / request).');
          // ratio > max/min, compared in milli-units as upstream does below MaxMilliValue (larger values are not judged).
          const [rm, mnm, mxm] = [rq, mn, mx].map((v) => (v ? milli(v) : undefined));
          if (rm !== undefined && mnm !== undefined && mxm !== undefined && mnm > 0n && rm * mnm > mxm * 1000n) {
            say.reject(at('maxLimitRequestRatio'), `maxLimitRequestRatio ${k} is above max/min, the widest ratio min and max allow`, `Lower maxLimitRequestRatio.${k}, or widen min and max.`);
          }
          if (!overcommitAllowed(k) && d && r && compareQuantities(d, r) !== 0) {
            say.reject(at('defaultRequest'), `${k} cannot be overcommitted: default and defaultRequest must be equal`, `Set defaultRequest.${k} equal to default.${k}.`);
          }
        }
      }
    },
  },
  {
    rule: 'resourceQuotaHard',
    kinds: ['/ResourceQuota'],
    source: CORE('ValidateResourceQuotaSpec → ValidateResourceQuantityValue (ValidateNonnegativeQuantity)'),
    check(o, say) {
      for (const [k, v] of Object.entries(obj(spec(o)['hard']) ?? {})) {
        const q = quantity(v);
        if (q && compareQuantities(q, ZERO) < 0) say.reject(fieldOf('spec.hard', k), `the quota for ${k} (${String(v)}) is negative`, 'Use 0 or more.', { value: v });
      }
    },
  },
  {
    rule: 'resourceQuotaScopes',
    kinds: ['/ResourceQuota'],
    source: CORE('validateResourceQuotaScopes / validateScopedResourceSelectorRequirement (conflicting scopes; operators and values)'),
    check(o, say) {
      const s = spec(o);
      const conflicts = (names: Value[]) =>
        [['BestEffort', 'NotBestEffort'], ['Terminating', 'NotTerminating']].filter(([a, b]) => names.includes(a as string) && names.includes(b as string));
      for (const [a, b] of conflicts(list(s['scopes']))) say.reject('spec.scopes', `scopes ${a} and ${b} conflict: no pod is both`, `Keep one of ${a} and ${b}.`);
      const selector = obj(s['scopeSelector']);
      if (!selector) return;
      // Upstream names these paths without the index of the expression.
      const base = 'spec.scopeSelector.matchExpressions';
      const exprs = objs(selector['matchExpressions']);
      for (const [e] of exprs) {
        const op = str(e['operator']);
        const scope = str(e['scopeName']);
        const values = list(e['values']);
        if (['BestEffort', 'NotBestEffort', 'Terminating', 'NotTerminating', 'CrossNamespacePodAffinity'].includes(scope ?? '') && op !== undefined && op !== 'Exists') {
          say.reject(`${base}.operator`, `scope ${scope} only takes operator Exists`, 'Use operator: Exists for this scope.', { value: op });
        }
        if ((op === 'In' || op === 'NotIn') && values.length === 0) say.missing(`${base}.values`, `operator ${op} needs at least one value`, 'List the values, e.g. [high].');
        if ((op === 'Exists' || op === 'DoesNotExist') && values.length > 0) say.reject(`${base}.values`, `operator ${op} takes no values`, 'Remove values.');
      }
      for (const [a, b] of conflicts(exprs.map(([e]) => e['scopeName'] ?? null))) say.reject(base, `scopes ${a} and ${b} conflict: no pod is both`, `Keep one of ${a} and ${b}.`);
    },
  },
  {
    rule: 'endpoints',
    kinds: ['/Endpoints'],
    source: [CORE('validateEndpointSubsets / validateEndpointAddress / ValidateNonSpecialIP / validateEndpointPort'), IP_VALIDATION('IsValidIPForLegacyField (strict)'), KEP_4858],
    check(o, say) {
      for (const [subset, i] of objs(o['subsets'])) {
        const base = itemOf('subsets', i);
        if (list(subset['addresses']).length + list(subset['notReadyAddresses']).length === 0) {
          say.missing(base, 'a subset needs addresses or notReadyAddresses', 'Add the endpoint addresses, or remove the subset.');
        }
        for (const field of ['addresses', 'notReadyAddresses']) {
          for (const [addr, j] of objs(subset[field])) {
            const path = itemOf(`${base}.${field}`, j);
            const ip = str(addr['ip']);
            if (ip !== undefined) {
              const bad = ipProblem(ip);
              const special = bad ? undefined : specialIp(ip);
              if (bad) say.reject(`${path}.ip`, `endpoint ${bad}`, 'Use the IP address of the backend.', { value: ip });
              else if (special) say.reject(`${path}.ip`, `endpoint IP ${ip} is ${special}`, 'Use an ordinary unicast address of the backend.', { value: ip });
              const legacy = bad ? undefined : legacyIp(ip); // refused with StrictIPCIDRValidation on
              if (legacy) say.reject(`${path}.ip`, `endpoint IP ${ip} ${legacy.problem}`, `Write ${legacy.preferred}.`, { value: ip, ...STRICT_ON });
            }
            const host = str(addr['hostname']);
            const hostBad = host ? briefFormatProblem('k8s-short-name', host) : undefined;
            if (hostBad) say.reject(`${path}.hostname`, `hostname "${host}" ${hostBad}`, 'Use a DNS label such as web-0.', { value: host });
          }
        }
        const ports = objs(subset['ports']);
        const several = list(subset['ports']).length > 1;
        for (const [p, j] of ports) {
          const path = itemOf(`${base}.ports`, j);
          const name = str(p['name']) ?? '';
          if (name === '' && several) say.missing(`${path}.name`, 'each port of a subset with several ports needs a name', 'Name every port, e.g. name: http.');
          const nameBad = name === '' ? undefined : briefFormatProblem('k8s-short-name', name);
          if (nameBad) say.reject(`${path}.name`, `port name "${name}" ${nameBad}`, 'Use a lower-case name such as http.', { value: name });
          const n = num(p['port']);
          if (n !== undefined && !(Number.isInteger(n) && n >= 1 && n <= 65535)) say.reject(`${path}.port`, `port ${n} is not between 1 and 65535`, 'Use a port number from 1 to 65535.', { value: n });
          const proto = str(p['appProtocol']);
          const protoBad = proto === undefined ? undefined : proto === '' ? 'is empty' : briefFormatProblem('k8s-label-key', proto);
          if (protoBad) say.reject(`${path}.appProtocol`, `appProtocol "${proto}" ${protoBad}`, 'Use an IANA service name or a prefixed name such as example.com/proto.', { value: proto });
        }
      }
    },
  },
  {
    rule: 'priorityClass',
    kinds: ['scheduling.k8s.io/PriorityClass'],
    source: [
      SCHEDULING('ValidatePriorityClass (system- names reserved; value at most HighestUserDefinablePriority)'),
      SCHEDULING_TYPES('HighestUserDefinablePriority / SystemCriticalPriority'),
      SCHEDULING_HELPERS('IsKnownSystemPriorityClass'),
    ],
    check(o, say) {
      const name = str(obj(o['metadata'])?.['name']) ?? '';
      const value = num(o['value']);
      if (name.startsWith('system-')) {
        const known = SYSTEM_PRIORITY_CLASSES[name];
        if (known === undefined) say.reject('metadata.name', `names starting with "system-" are reserved; "${name}" is not a built-in system priority class`, 'Choose a name without the "system-" prefix.', { value: name });
        else if (value !== known) say.reject('metadata.name', `the built-in ${name} PriorityClass has value ${known}`, `Use value ${known}, or another name.`, { value: name });
        else if (o['globalDefault'] === true) say.reject('metadata.name', `the built-in ${name} PriorityClass is not the global default`, 'Remove globalDefault: true.', { value: name });
        return;
      }
      if (value !== undefined && value > HIGHEST_USER_PRIORITY) {
        say.reject('value', `value ${value} is above ${HIGHEST_USER_PRIORITY}, the highest a user-defined priority may be`, `Use a value of at most ${HIGHEST_USER_PRIORITY}.`, { value });
      }
    },
  },
];

/** ValidatePersistentVolumeClaimSpec over a claim spec at `base` (a PVC's `spec`, or an ephemeral volume's claim
 *  template spec). */
export function checkClaimSpec(say: Say, s: Obj, base: string): void {
  const modes = list(s['accessModes']);
  if (modes.length === 0) say.missing(fieldOf(base, 'accessModes'), 'a PersistentVolumeClaim needs at least one access mode', 'Add accessModes, e.g. [ReadWriteOnce].');
  if (modes.includes('ReadWriteOncePod') && modes.some((m) => m === 'ReadWriteOnce' || m === 'ReadOnlyMany' || m === 'ReadWriteMany')) {
    say.reject(fieldOf(base, 'accessModes'), 'ReadWriteOncePod may not be combined with other access modes', 'Keep ReadWriteOncePod alone, or drop it.');
  }
  const storagePath = fieldOf(fieldOf(base, 'resources'), 'storage');
  const requests = obj(obj(s['resources'])?.['requests']);
  const raw = requests?.['storage'];
  if (raw === undefined || raw === null) {
    say.missing(storagePath, 'a PersistentVolumeClaim needs resources.requests.storage', 'Add resources.requests.storage, e.g. 10Gi.');
  } else {
    const q = quantity(raw);
    if (q && compareQuantities(q, ZERO) <= 0) say.reject(storagePath, `the storage request ${String(raw)} must be above 0`, 'Request a positive size, e.g. 1Gi.', { value: raw });
  }
  const cls = str(s['storageClassName']);
  const clsBad = cls ? briefFormatProblem('k8s-long-name', cls) : undefined;
  if (clsBad) say.reject(fieldOf(base, 'storageClassName'), `storageClassName "${cls}" ${clsBad}`, 'Use the name of a StorageClass (lower case), or "" for no class.', { value: cls });
  checkDataSourceRef(say, s, base);
  const source = obj(s['dataSource']);
  if (source) {
    const dsPath = fieldOf(base, 'dataSource');
    for (const k of ['name', 'kind']) if ((str(source[k]) ?? '') === '') say.missing(fieldOf(dsPath, k), `dataSource needs a ${k}`, `Set dataSource.${k}.`);
    const group = str(source['apiGroup']) ?? '';
    const kind = str(source['kind']) ?? '';
    if (group === '' && kind !== '' && kind !== 'PersistentVolumeClaim') say.reject(dsPath, `a dataSource of kind ${kind} needs an apiGroup (only PersistentVolumeClaim is in the core group)`, 'Set apiGroup, e.g. snapshot.storage.k8s.io for a VolumeSnapshot.', { value: kind });
    const groupBad = group === '' ? undefined : briefFormatProblem('k8s-long-name', group);
    if (groupBad) say.reject(fieldOf(dsPath, 'apiGroup'), `apiGroup "${group}" ${groupBad}`, 'Use the API group of the source, e.g. snapshot.storage.k8s.io.', { value: group });
  }
}
