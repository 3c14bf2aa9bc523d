// Container resources and the pod's resource claims: resource names a container may request, hugepage amounts
// that are whole pages and come with cpu or memory, and claims that name an entry of spec.resourceClaims, which in
// turn names exactly one claim or claim template (validateResourceRequirements, validateContainerResourceName,
// validateResourceQuantityHugePageValue, validateResourceClaimNames, validatePodResourceClaim).
import { at, type PodSpecRule, type Say } from './rule-types';
import { fieldOf, itemOf, isSet, obj, objs, str, type Obj, type Value } from './object-view';
import { containers } from './pod-containers';
import { briefFormatProblem } from '../declarative-formats';
import { quantityValue, type QuantityValue } from '../quantity';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
const HELPERS = { repo: 'kubernetes/kubernetes', path: 'pkg/apis/core/helper/helpers.go', commit: '78fc8e44052f699bf598f84b697b41e5a328c9c5' };

/** standardContainerResources (plus hugepages-<size>). */
const STANDARD = ['cpu', 'memory', 'ephemeral-storage'];
const HUGEPAGES = 'hugepages-';

/** validateContainerResourceName: a qualified name; unprefixed, a standard container resource; with a domain
 *  outside kubernetes.io, an extended resource name. The v1 ValidateContainerResourceName (which HPA ContainerResource
 *  metrics use) decides the same names. */
export function resourceNameProblem(name: string): string | undefined {
  const bad = briefFormatProblem('k8s-label-key', name);
  if (bad) return bad;
  if (!name.includes('/')) return STANDARD.includes(name) || name.startsWith(HUGEPAGES) ? undefined : 'is not a standard container resource';
  if (name.includes('kubernetes.io/')) return undefined;
  return briefFormatProblem('k8s-extended-resource-name', name);
}

/** Quantity.Value(): the value rounded up to a whole number. */
function wholeValue(q: QuantityValue): bigint | undefined {
  if (q.exp10 > 40 || q.exp2 > 70) return undefined;
  const scale = 10n ** BigInt(Math.abs(q.exp10));
  let v = q.digits * 2n ** BigInt(q.exp2);
  v = q.exp10 >= 0 ? v * scale : (v + scale - 1n) / scale;
  return q.negative ? -v : v;
}

function quantityOf(v: Value | undefined): QuantityValue | undefined {
  return typeof v === 'string' || typeof v === 'number' ? quantityValue(String(v)) : undefined;
}

/** IsHugePageResourceValueDivisible: the page size parses, is a whole positive number, and divides the amount. */
function wholePages(name: string, amount: QuantityValue): boolean | undefined {
  const page = quantityValue(name.slice(HUGEPAGES.length));
  const size = page && !page.negative ? wholeValue(page) : undefined;
  const n = wholeValue(amount);
  if (n === undefined) return undefined;
  if (size === undefined || size <= 0n) return false;
  return n % size === 0n;
}

function checkList(say: Say, list: Obj | undefined, path: string): void {
  for (const [name, value] of Object.entries(list ?? {})) {
    const at = fieldOf(path, name);
    const bad = resourceNameProblem(name);
    if (bad) say.reject(at, `resource name ${JSON.stringify(name)} ${bad}`, 'Use cpu, memory, ephemeral-storage, hugepages-<size>, or a domain-qualified extended resource.', { value: name });
    const q = quantityOf(value);
    if (name.startsWith(HUGEPAGES) && q && wholePages(name, q) === false) {
      say.reject(at, `${String(value)} is not a whole number of ${name.slice(HUGEPAGES.length)} pages`, `Use a multiple of the page size, e.g. ${name.slice(HUGEPAGES.length)}.`, { value: String(value) });
    }
  }
}

export const POD_RESOURCE_RULES: readonly PodSpecRule[] = [
  {
    rule: 'containerResources',
    source: [
      CORE('validateResourceRequirements (HugePages require cpu or memory)'),
      CORE('validateContainerResourceName (standard container resource, or extended resource name)'),
      CORE('validateResourceQuantityHugePageValue (a whole number of pages)'),
      { ...HELPERS, fn: 'IsStandardContainerResourceName / IsNativeResource / IsExtendedResourceName / HugePageSizeFromResourceName' },
    ],
    check(t, say) {
      for (const { c, path } of containers(t)) {
        const resources = obj(c['resources']);
        if (!resources) continue;
        const base = fieldOf(path, 'resources');
        const limits = obj(resources['limits']);
        const requests = obj(resources['requests']);
        checkList(say, limits, fieldOf(base, 'limits'));
        checkList(say, requests, fieldOf(base, 'requests'));
        const names = [...Object.keys(limits ?? {}), ...Object.keys(requests ?? {})];
        if (names.some((n) => n.startsWith(HUGEPAGES)) && !names.some((n) => n === 'cpu' || n === 'memory')) {
          say.reject(base, 'hugepages need a cpu or memory request or limit too', 'Add a memory (or cpu) request or limit beside the hugepages.');
        }
      }
    },
  },
  {
    rule: 'resourceClaims',
    source: [
      CORE('validatePodResourceClaim (name a unique DNS label; exactly one of resourceClaimName and resourceClaimTemplateName)'),
      CORE('validateResourceClaimNames (each container claim names an entry of spec.resourceClaims, once)'),
    ],
    check(t, say) {
      const declared = new Set<string>();
      for (const [claim, i] of objs(t.spec['resourceClaims'])) {
        const at = itemOf(fieldOf(t.path, 'resourceClaims'), i);
        const name = str(claim['name']) ?? '';
        const bad = name === '' ? undefined : briefFormatProblem('k8s-short-name', name);
        if (name === '') say.missing(fieldOf(at, 'name'), 'a resource claim needs a name', 'Name the claim, e.g. gpu.');
        else if (declared.has(name)) say.reject(fieldOf(at, 'name'), `resource claim ${name} is declared twice`, 'Keep one entry per claim name.', { value: name });
        else if (bad) say.reject(fieldOf(at, 'name'), `resource claim name ${JSON.stringify(name)} ${bad}`, 'Use a lower-case name such as gpu.', { value: name });
        if (name !== '') declared.add(name);
        const byName = isSet(claim['resourceClaimName']);
        const byTemplate = isSet(claim['resourceClaimTemplateName']);
        if (byName && byTemplate) say.reject(at, 'a resource claim may set only one of resourceClaimName and resourceClaimTemplateName', 'Keep one of the two.');
        if (!byName && !byTemplate) say.reject(at, 'a resource claim needs resourceClaimName or resourceClaimTemplateName', 'Name the ResourceClaim, or the template to create one from.');
        for (const field of ['resourceClaimName', 'resourceClaimTemplateName']) {
          const value = str(claim[field]);
          const badRef = value === undefined ? undefined : briefFormatProblem('k8s-long-name', value);
          if (badRef) say.reject(fieldOf(at, field), `${field} ${JSON.stringify(value)} ${badRef}`, 'Use the name of the object (lower case).', { value });
        }
      }
      for (const { c, path } of containers(t)) {
        const seen = new Set<string>();
        for (const [claim, k] of objs(obj(c['resources'])?.['claims'])) {
          const at = itemOf(fieldOf(fieldOf(path, 'resources'), 'claims'), k);
          const name = str(claim['name']) ?? '';
          const key = `${name}/${str(claim['request']) ?? ''}`;
          if (name === '') say.missing(at, 'a container resource claim needs a name', 'Name an entry of spec.resourceClaims.');
          else if (!declared.has(name)) say.reject(at, `claim ${name} is not among spec.resourceClaims`, `Add ${name} to spec.resourceClaims, or fix the name.`, { value: name });
          else if (seen.has(key)) say.reject(at, `claim ${name} is listed twice in this container`, 'Keep one entry per claim.', { value: name });
          seen.add(key);
        }
      }
    },
  },
];
