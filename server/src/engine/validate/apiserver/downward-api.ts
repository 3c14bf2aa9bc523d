// The downward API selectors shared by env vars (valueFrom.fieldRef / resourceFieldRef) and downwardAPI volume
// files: which pod fields and container resources may be read, label/annotation subscripts, and the divisors
// each resource accepts (validateObjectFieldSelector, validateContainerResourceFieldSelector,
// validateContainerResourceDivisor).
import type { Say } from './rule-types';
import { fieldOf, str, type Obj, type Value } from './object-view';
import { compareQuantities, quantityValue } from '../quantity';
import { briefFormatProblem } from '../declarative-formats';

/** validEnvDownwardAPIFieldPathExpressions. */
export const ENV_FIELD_PATHS = ['metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs'];
/** validVolumeDownwardAPIFieldPathExpressions. */
export const VOLUME_FIELD_PATHS = ['metadata.name', 'metadata.namespace', 'metadata.labels', 'metadata.annotations', 'metadata.uid'];

const RESOURCE_PATHS = ['limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage'];
const HUGEPAGE_PREFIXES = ['requests.hugepages-', 'limits.hugepages-'];
const CPU_DIVISORS = ['1m', '1'];
const BYTE_DIVISORS = ['1', '1k', '1M', '1G', '1T', '1P', '1E', '1Ki', '1Mi', '1Gi', '1Ti', '1Pi', '1Ei'];

/** SplitMaybeSubscriptedPath: `path['key']` → [path, key]. */
function subscripted(fieldPath: string): [string, string] | undefined {
  if (!fieldPath.endsWith("']")) return undefined;
  const inner = fieldPath.slice(0, -2);
  const at = inner.indexOf("['");
  if (at <= 0) return undefined;
  return [inner.slice(0, at), inner.slice(at + 2)];
}

/** validateObjectFieldSelector over a fieldRef at `path` (apiVersion is defaulted to v1 upstream). */
export function checkFieldRef(say: Say, ref: Obj, path: string, allowed: readonly string[]): void {
  // An empty fieldPath is the schema's to report (the field is required there).
  const fieldPath = str(ref['fieldPath']) ?? '';
  if (fieldPath === '') return;
  const sub = subscripted(fieldPath);
  if (sub) {
    const [base, key] = sub;
    if (base === 'metadata.labels' || base === 'metadata.annotations') {
      const bad = briefFormatProblem('k8s-label-key', base === 'metadata.annotations' ? key.toLowerCase() : key);
      if (bad) say.reject(path, `the key ${JSON.stringify(key)} in fieldPath ${bad}`, 'Name a label or annotation key, e.g. metadata.labels[\'app\'].', { value: fieldPath });
    } else {
      say.reject(path, `fieldPath ${base} does not take a [key] subscript`, 'Only metadata.labels and metadata.annotations take a subscript.', { value: fieldPath });
    }
  } else if (!allowed.includes(fieldPath)) {
    say.reject(fieldOf(path, 'fieldPath'), `fieldPath ${fieldPath} cannot be read here`, `Use one of ${allowed.join(', ')}.`, { value: fieldPath, allowed });
  }
}

function sameValue(divisor: Value | undefined, allowed: readonly string[]): boolean | undefined {
  const q = typeof divisor === 'string' || typeof divisor === 'number' ? quantityValue(String(divisor)) : undefined;
  if (!q) return undefined;
  if (q.digits === 0n) return true;
  // Judged by value: upstream compares the canonical spelling, which a value-equal spelling may not match.
  return allowed.some((a) => compareQuantities(q, quantityValue(a) as NonNullable<ReturnType<typeof quantityValue>>) === 0);
}

/** validateContainerResourceFieldSelector and validateContainerResourceDivisor over a resourceFieldRef. */
export function checkResourceFieldRef(say: Say, ref: Obj, path: string, inVolume: boolean): void {
  const resource = str(ref['resource']) ?? '';
  if (inVolume && (str(ref['containerName']) ?? '') === '') {
    say.missing(fieldOf(path, 'containerName'), 'a resourceFieldRef in a volume needs containerName', 'Name the container whose resources the file shows.');
  } else if (resource !== '' && !RESOURCE_PATHS.includes(resource) && !HUGEPAGE_PREFIXES.some((p) => resource.startsWith(p))) {
    say.reject(fieldOf(path, 'resource'), `resource ${resource} cannot be read`, `Use one of ${RESOURCE_PATHS.join(', ')} or limits.hugepages-<size>.`, { value: resource });
  }
  const divisor = ref['divisor'];
  if (divisor === undefined || divisor === null) return;
  const cpu = resource === 'limits.cpu' || resource === 'requests.cpu';
  const bytes = /^(limits|requests)\.(memory|ephemeral-storage|hugepages-.*)$/.test(resource);
  if (!cpu && !bytes) return;
  const allowed = cpu ? CPU_DIVISORS : BYTE_DIVISORS;
  if (sameValue(divisor, allowed) === false) {
    say.reject(fieldOf(path, 'divisor'), `divisor ${String(divisor)} is not supported for ${resource}`, `Use one of ${allowed.join(', ')}.`, { value: divisor });
  }
}

