// resource.k8s.io/v1 ResourceSlice and DeviceClass: the hand-written rules of validateResourceSliceSpec,
// validateResourcePool and validateDeviceClassSpec that the declarative markers of the data do not cover (where
// the slice's devices are reachable, its pool's counts, device names (DNS-1123 labels, unique), attribute and
// capacity keys, a class config's opaque part, a class's CEL selectors compiled as the server compiles them).
// Not judged: sharedCounters, perDeviceNodeSelection and the per-device node
// fields, which the DRAPartitionableDevices gate drops when off (a slice naming perDeviceNodeSelection is only
// judged on the other three fields, and one holding sharedCounters is not told it lacks a node selection: the
// KEP 4815 examples leave it out there, and the corpus expects them valid); attribute values, capacity request policies, taints.
import { at, type KindRule, type Say } from './rule-types';
import { briefFormatProblem } from '../declarative-formats';
import { isSet, itemOf, num, obj, objs, str, type Obj } from './object-view';
import { compileDeviceSelectors, DRA_CEL_SOURCE } from './cel-compile';

const DRA = at('pkg/apis/resource/validation/validation.go', '009801d930e2e3c8b3671a3ec28e31a2f64865ac');

/** The node-selection fields of a slice that no gate drops, and whether each is set (upstream's setFields). */
function checkNodeSelection(say: Say, spec: Obj): void {
  const set: string[] = [];
  const nodeName = spec['nodeName'];
  if (typeof nodeName === 'string') {
    if (nodeName === '') say.reject('spec.nodeName', 'nodeName may be unset or a node name, not empty', 'Name the node, or remove nodeName.', { value: '' });
    else set.push('nodeName');
  }
  const selector = obj(spec['nodeSelector']);
  if (isSet(spec['nodeSelector'])) {
    set.push('nodeSelector');
    const terms = objs(selector?.['nodeSelectorTerms']).length;
    if (terms !== 1) say.reject('spec.nodeSelector.nodeSelectorTerms', `a slice's nodeSelector needs exactly one term (it has ${terms})`, 'Merge the terms into one, or split the slice.', { value: terms });
  }
  const allNodes = spec['allNodes'];
  if (allNodes === false) say.reject('spec.allNodes', 'allNodes may be unset or true, not false', 'Remove allNodes, or set it to true.', { value: false });
  else if (allNodes === true) set.push('allNodes');
  if (set.length > 1) {
    say.reject('spec', `a slice takes one of nodeName, nodeSelector, allNodes, perDeviceNodeSelection; it sets ${set.join(', ')}`, 'Keep exactly one of them.', { value: set });
  } else if (set.length === 0 && !isSet(spec['perDeviceNodeSelection']) && !isSet(spec['sharedCounters'])) {
    say.missing('spec', 'a slice needs one of nodeName, nodeSelector, allNodes, perDeviceNodeSelection', 'Add nodeName: <node>, or allNodes: true.');
  }
}

/** validateQualifiedName over an attribute or capacity key: a C identifier, or domain/C identifier. Upstream reports
 *  at the map, not the key. The domain is held to the DNS-subdomain form only (validateDriverName also caps it at 63). */
function keyProblem(key: string): string | undefined {
  return briefFormatProblem('k8s-resource-fully-qualified-name', key.includes('/') ? key : `example.com/${key}`);
}

function checkKeys(say: Say, device: Obj, path: string): void {
  for (const field of ['attributes', 'capacity']) {
    for (const key of Object.keys(obj(device[field]) ?? {})) {
      const bad = keyProblem(key);
      if (bad) say.reject(`${path}.${field}`, `${field} key "${key}" ${bad}`, 'Use a name such as model or example.com/model.', { value: key });
    }
  }
}

export const RESOURCE_SLICE_RULES: readonly KindRule[] = [
  {
    rule: 'draSliceNodes',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: DRA('validateResourceSliceSpec (exactly one node selection field)'),
    check(o, say) {
      const spec = obj(o['spec']);
      if (spec) checkNodeSelection(say, spec);
    },
  },
  {
    rule: 'draSlicePool',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: DRA('validateResourcePool'),
    check(o, say) {
      const pool = obj(obj(o['spec'])?.['pool']);
      if (!pool) return;
      const count = num(pool['resourceSliceCount']);
      if (count !== undefined && count <= 0) say.reject('spec.pool.resourceSliceCount', `resourceSliceCount ${count} must be greater than zero`, 'Give the number of slices in the pool, 1 or more.', { value: count });
      const generation = num(pool['generation']);
      if (generation !== undefined && generation < 0) say.reject('spec.pool.generation', `generation ${generation} is negative`, 'Use 0 or more for generation.', { value: generation });
    },
  },
  {
    rule: 'draSliceDeviceNames',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: [DRA('validateResourceSliceSpec (device names unique)'), DRA('validateDevice (validateDeviceName: a DNS-1123 label)'), DRA('validateQualifiedName (attribute and capacity keys)')],
    check(o, say) {
      const seen = new Set<string>();
      for (const [d, i] of objs(obj(o['spec'])?.['devices'])) {
        const p = itemOf('spec.devices', i);
        checkKeys(say, d, p);
        const name = str(d['name']);
        if (name === undefined || name === '') continue;
        const bad = briefFormatProblem('k8s-short-name', name);
        if (bad) say.reject(`${p}.name`, `device name "${name}" ${bad}`, 'Use lower-case letters, digits and "-", e.g. gpu-0.', { value: name });
        // validateSet reports the repeated item itself, not its name.
        if (seen.has(name)) say.reject(p, `device name "${name}" is used twice in this slice`, 'Give each device of the slice its own name.', { value: name });
        seen.add(name);
      }
    },
  },
  {
    rule: 'draClassSelectors',
    kinds: ['resource.k8s.io/DeviceClass'],
    source: [DRA('validateDeviceClassSpec / validateSelector / validateCELSelector'), DRA_CEL_SOURCE],
    check(o, say) {
      compileDeviceSelectors(say, obj(o['spec'])?.['selectors'], 'spec.selectors');
    },
  },
  {
    rule: 'draClassConfig',
    kinds: ['resource.k8s.io/DeviceClass'],
    source: DRA('validateDeviceClassSpec / validateDeviceConfiguration'),
    check(o, say) {
      for (const [c, i] of objs(obj(o['spec'])?.['config'])) {
        if (!isSet(c['opaque'])) say.missing(`${itemOf('spec.config', i)}.opaque`, 'a device class configuration needs opaque', 'Add opaque: {driver: …, parameters: …}.');
      }
    },
  },
];
