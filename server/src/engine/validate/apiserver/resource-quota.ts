// core/v1 ResourceQuota: the resource names a quota may hold (ValidateResourceQuotaResourceName: a qualified name,
// and a name without "/" one the quota system knows) and the whole-number values of object counts and extended
// resources (ValidateResourceQuantityValue with IsIntegerResourceName), and the resources a scope may be applied to
// (validateResourceQuotaScopes / validateScopedResourceSelectorRequirement with IsResourceQuotaScopeValidForResource).
// Negative values, conflicting scopes and selector operators: core-objects.ts.
import { at, type KindRule } from './rule-types';
import { fieldOf, list, obj, objs, str, type Value } from './object-view';
import { briefFormatProblem } from '../declarative-formats';
import { quantityValue, type QuantityValue } from '../quantity';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
const HELPER = at('pkg/apis/core/helper/helpers.go', '00010901c746f9ad7ae204b123615c2880d6f2fd');
const SCOPE_HELPER = at('pkg/apis/core/helper/helpers.go', '78fc8e44052f699bf598f84b697b41e5a328c9c5');

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

/** IsResourceQuotaScopeValidForResource: the resources the pod scopes apply to (pods, and for all but BestEffort
 *  the cpu and memory quotas); any other scope applies to every resource. */
const POD_COMPUTE = ['pods', 'cpu', 'memory', 'limits.cpu', 'limits.memory', 'requests.cpu', 'requests.memory'];
const SCOPE_RESOURCES: Record<string, string[]> = {
  Terminating: POD_COMPUTE,
  NotTerminating: POD_COMPUTE,
  NotBestEffort: POD_COMPUTE,
  PriorityClass: POD_COMPUTE,
  CrossNamespacePodAffinity: POD_COMPUTE,
  BestEffort: ['pods'],
};

/** IsStandardQuotaResourceName: the standard names and the huge page ones. */
function standardQuota(name: string): boolean {
  return STANDARD_QUOTA.has(name) || name.startsWith('hugepages-') || name.startsWith('requests.hugepages-');
}

/** The standard hard resources (in sorted order, as upstream walks them) that `scope` does not apply to. */
function outOfScope(scope: string | undefined, hard: string[]): string[] {
  const allowed = scope === undefined ? undefined : SCOPE_RESOURCES[scope];
  return allowed ? hard.filter((k) => standardQuota(k) && !allowed.includes(k)) : [];
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
  {
    rule: 'resourceQuotaScopeResources',
    kinds: ['/ResourceQuota'],
    source: [
      CORE('validateResourceQuotaScopes / validateScopedResourceSelectorRequirement ("unsupported scope applied to resource")'),
      SCOPE_HELPER('IsResourceQuotaScopeValidForResource / IsStandardQuotaResourceName'),
    ],
    check(o, say) {
      const s = obj(o['spec']) ?? {};
      const hard = Object.keys(obj(s['hard']) ?? {}).sort();
      const report = (path: string, scope: string, k: string) =>
        say.reject(path, `scope ${scope} cannot be applied to the quota for ${k}`, `Move ${k} to a quota without the ${scope} scope.`, { value: scope, resource: k });
      for (const scope of list(s['scopes'])) {
        if (typeof scope === 'string') for (const k of outOfScope(scope, hard)) report('spec.scopes', scope, k);
      }
      // Upstream names this path without the index of the expression.
      for (const [e] of objs(obj(s['scopeSelector'])?.['matchExpressions'])) {
        const scope = str(e['scopeName']);
        for (const k of outOfScope(scope, hard)) report('spec.scopeSelector.matchExpressions', scope as string, k);
      }
    },
  },
];
