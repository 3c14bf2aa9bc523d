// Pod-level resources (spec.resources), which ValidatePodSpec judges only with PodLevelResources on (on by default
// in every supported version per schemas/gates.json; with it off the API server drops the field): no claims at pod
// level, only resources the pod level supports, and no container limit above the pod's limit. A request above its
// limit is the ResourceRequirements rule every requirements block gets. Not ported: the pod requests against the
// containers' aggregate requests (AggregateContainerRequests, after SetDefaults_Pod fills pod requests in).
import { at, type PodSpecRule } from './rule-types';
import { fieldOf, itemOf, obj, objs } from './object-view';
import { compareQuantities, quantityValue } from '../quantity';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
/** cpu and memory in every variant of component-helpers' list; hugepages-<size> only in the newer ones, so a
 *  hugepages name is left alone here. */
const SUPPORTED = (name: string) => name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');

function quantity(v: unknown) {
  return typeof v === 'string' || typeof v === 'number' ? quantityValue(String(v)) : undefined;
}

export const POD_LEVEL_RESOURCE_RULES: readonly PodSpecRule[] = [
  {
    rule: 'podLevelResources',
    source: [
      CORE('ValidatePodSpec (validatePodResources only with PodLevelResourcesEnabled) / validatePodResources (claims forbidden at pod level)'),
      CORE('validatePodResourceName (IsSupportedPodLevelResource) / validatePodResourceConsistency (container limits at most the pod limits)'),
      { repo: 'kubernetes/kubernetes', path: 'staging/src/k8s.io/component-helpers/resource/helpers.go', commit: 'c4b5de207d1f469249888c498a965c58443e6964', fn: 'IsSupportedPodLevelResource (cpu, memory, hugepages-<size>; other variants in the index lack hugepages)' },
    ],
    check(t, say) {
      const resources = obj(t.spec['resources']);
      if (!resources || !say.gateOn('PodLevelResources')) return;
      const base = fieldOf(t.path, 'resources');
      if (resources['claims'] !== undefined && resources['claims'] !== null) {
        say.reject(fieldOf(base, 'claims'), 'claims cannot be set in pod-level resources', 'Move the claims to the containers\' resources.');
      }
      for (const list of ['limits', 'requests']) {
        for (const name of Object.keys(obj(resources[list]) ?? {})) {
          if (SUPPORTED(name)) continue;
          say.reject(fieldOf(fieldOf(base, list), name), `${name} is not supported in pod-level resources (cpu, memory)`, `Set ${name} in the containers' resources instead.`, { value: name });
        }
      }
      const podLimits = obj(resources['limits']) ?? {};
      for (const [c, i] of objs(t.spec['containers'])) {
        for (const [name, raw] of Object.entries(obj(obj(c['resources'])?.['limits']) ?? {})) {
          const [mine, pod] = [quantity(raw), quantity(podLimits[name])];
          if (!mine || !pod || compareQuantities(mine, pod) <= 0) continue;
          // Upstream's path: resources.containers[i][<resource>].limits below the pod spec.
          const at = fieldOf(fieldOf(itemOf(fieldOf(base, 'containers'), i), name), 'limits');
          say.reject(at, `container ${i}'s ${name} limit ${String(raw)} is above the pod limit ${String(podLimits[name])}`, `Lower the container's ${name} limit, or raise the pod's.`, { value: String(raw) });
        }
      }
    },
  },
];
