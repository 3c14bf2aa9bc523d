// core/v1 ResourceQuota: the resource names a quota may hold (ValidateResourceQuotaResourceName: a qualified name,
// and a name without "/" one the quota system knows) and the whole-number values of object counts and extended
// resources (ValidateResourceQuantityValue with IsIntegerResourceName). Negative values and scopes:
// core-objects.ts.
import { at, type KindRule } from './rule-types';
import { fieldOf, obj, type Value } from './object-view';
import { briefFormatProblem } from '../declarative-formats';
import { quantityValue, type QuantityValue } from '../quantity';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
const HELPER = at('pkg/apis/core/helper/helpers.go', '00010901c746f9ad7ae204b123615c2880d6f2fd');

/** standardQuotaResources (helper.IsStandardQuotaResourceName, besides the huge page names). */
const STANDARD_QUOTA = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.storage', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods', 'resourcequotas', 'services', 'replicationcontrollers',
  'secrets', 'persistentvolumeclaims', 'configmaps', 'services.nodeports', 'services.loadbalancers',
]);
/** integerResources (helper.IsIntegerResourceName, besides extended resources). */
const INTEGER = new Set(['pods', 'resourcequotas', 'services', 'replicationcontrollers', 'secrets', 'configmaps', 'persistentvolumeclaims', 'services.nodeports', 'services.loadbalancers']);

/** helper.IsExtendedResourceName: outside kubernetes.io, no "requests." prefix, a qualified name behind "requests.". */
function isExtended(name: string): boolean {
  const native = !name.includes('/') || name.includes('kubernetes.io/');
  return !native && !name.startsWith('requests.') && briefFormatProblem('k8s-label-key', `requests.${name}`) === undefined;
}

/** Quantity.MilliValue() % 1000 != 0: the value in thousandths, rounded up, is not a whole number of units. */
function notWhole(q: QuantityValue): boolean {
  if (q.negative) return false;
  const e = q.exp10 + 3;
  const n = q.digits * 2n ** BigInt(q.exp2);
  let milli: bigint;
  if (e >= 0) milli = n * 10n ** BigInt(e);
  else {
    const d = 10n ** BigInt(-e);
    milli = (n + d - 1n) / d;
  }
  return milli % 1000n !== 0n;
}

function quantity(v: Value | undefined): QuantityValue | undefined {
  if (typeof v === 'number') return quantityValue(String(v));
  return typeof v === 'string' ? quantityValue(v) : undefined;
}

export const RESOURCE_QUOTA_RULES: readonly KindRule[] = [
  {
    rule: 'resourceQuotaNames',
    kinds: ['/ResourceQuota'],
    source: [CORE('ValidateResourceQuotaSpec → ValidateResourceQuotaResourceName / ValidateResourceQuantityValue (whole numbers)'), HELPER('IsStandardQuotaResourceName / IsIntegerResourceName / IsExtendedResourceName')],
    check(o, say) {
      for (const [k, v] of Object.entries(obj(obj(o['spec'])?.['hard']) ?? {})) {
        const path = fieldOf('spec.hard', k);
        const bad = briefFormatProblem('k8s-label-key', k);
        if (bad) {
          say.reject(path, `quota resource name "${k}" ${bad}`, 'Use a resource name such as requests.cpu, pods or count/deployments.apps.', { value: k });
          continue;
        }
        if (!k.includes('/') && !STANDARD_QUOTA.has(k) && !k.startsWith('hugepages-') && !k.startsWith('requests.hugepages-')) {
          say.reject(path, `${k} is not a resource the quota system knows`, 'Use a standard name (requests.cpu, pods, …), count/<resource>.<group>, or a name with a domain.', { value: k });
          continue;
        }
        const q = quantity(v);
        if (q && (INTEGER.has(k) || isExtended(k)) && notWhole(q)) say.reject(path, `the quota for ${k} (${String(v)}) must be a whole number`, `Use a whole number for ${k}.`, { value: v });
      }
    },
  },
];
