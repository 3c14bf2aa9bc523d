// resource.k8s.io/v1 ResourceSlice and DeviceClass: the hand-written rules of validateResourceSliceSpec,
// validateResourcePool and validateDeviceClassSpec that the declarative markers of the data do not cover (where the
// slice's devices are reachable, sharedCounters or devices, how many devices, the counter sets, the partition type
// attribute, the node operations a driver skips, its pool's counts, a class config's opaque part). The rules of each
// device are in resource-devices.ts and resource-capacity.ts.
// The API server drops a gated field while its gate is off before it validates (the gates of each field come from
// the data): a finding inside such a field becomes "refused once the gate is on" in the gate step, and a finding
// about the slice that holds only while a gated field is kept, or only once it is dropped, carries that condition.
// A class's CEL selectors are compiled as the server compiles them (cel-compile.ts). A slice holding only
// sharedCounters while its gate is on is not told it lacks a node selection, although upstream requires one there
// too: the KEP 4815 and 5963 examples leave it out and the corpus expects them valid.
import { whileGates, type KindRule, type Say } from './rule-types';
import { briefFormatProblem } from '../declarative-formats';
import { fieldOf, isSet, itemOf, list, num, obj, objs, str, type Obj } from './object-view';
import { checkCounters, DRA, qualifiedNameProblem } from './resource-names';
import { MAX_DEVICES, SLICE_SPEC } from './resource-devices';
import { checkNodeSelector } from './pod-affinity';
import { compileDeviceSelectors, DRA_CEL_SOURCE } from './cel-compile';

const DEVICE = 'resource.v1.Device';
const ATTRIBUTE = 'resource.v1.DeviceAttribute';
const COUNTER_SET = 'resource.v1.CounterSet';
/** ResourceSliceMaxDevicesWithAdvancedFeatures; ResourceSliceMaxCounterSets. */
const MAX_DEVICES_ADVANCED = 64;
const MAX_COUNTER_SETS = 8;
const LIST_ATTRIBUTES = ['bools', 'ints', 'strings', 'versions'];

/** The node-selection fields of a slice, and whether each is set (upstream's setFields), judged after the drop. */
function checkNodeSelection(say: Say, spec: Obj): void {
  const set: string[] = [];
  const nodeName = spec['nodeName'];
  if (typeof nodeName === 'string') {
    if (nodeName === '') say.reject('spec.nodeName', 'nodeName may be unset or a node name, not empty', 'Name the node, or remove nodeName.', { value: '' });
    else {
      set.push('nodeName');
      const bad = briefFormatProblem('k8s-long-name', nodeName);
      if (bad) say.reject('spec.nodeName', `node name "${nodeName}" ${bad}`, 'Use the name of a node.', { value: nodeName });
    }
  }
  const selector = obj(spec['nodeSelector']);
  if (isSet(spec['nodeSelector'])) {
    set.push('nodeSelector');
    const terms = objs(selector?.['nodeSelectorTerms']).length;
    if (terms !== 1) say.reject('spec.nodeSelector.nodeSelectorTerms', `a slice's nodeSelector needs exactly one term (it has ${terms})`, 'Merge the terms into one, or split the slice.', { value: terms });
    if (selector) checkNodeSelector(say, selector, 'spec.nodeSelector', false);
  }
  const allNodes = spec['allNodes'];
  if (allNodes === false) say.reject('spec.allNodes', 'allNodes may be unset or true, not false', 'Remove allNodes, or set it to true.', { value: false });
  else if (allNodes === true) set.push('allNodes');
  const perDevice = spec['perDeviceNodeSelection'];
  if (perDevice === false) say.reject('spec.perDeviceNodeSelection', 'perDeviceNodeSelection may be unset or true, not false', 'Remove perDeviceNodeSelection, or set it to true.', { value: false });
  const perDeviceGates = say.gatesOf(SLICE_SPEC, 'perDeviceNodeSelection');
  const one = 'a slice sets exactly one node selection field';
  const keep = 'Keep exactly one of nodeName, nodeSelector, allNodes, perDeviceNodeSelection.';
  if (set.length > 1) {
    say.reject('spec', `${one}; it sets ${set.join(', ')}`, keep, { value: set });
  } else if (set.length === 1 && perDevice === true) {
    const kept = whileGates(perDeviceGates, true);
    if (kept) say.reject('spec', `${one}; it sets ${set[0]}, perDeviceNodeSelection`, keep, { value: [...set, 'perDeviceNodeSelection'], ...kept });
  } else if (set.length === 0) {
    const need = 'Add nodeName: <node>, or allNodes: true.';
    // Only perDeviceNodeSelection (or only sharedCounters, see above) is set: nothing is left once its gate drops it.
    const onlyGated = perDevice === true ? perDeviceGates : isSet(spec['sharedCounters']) ? say.gatesOf(SLICE_SPEC, 'sharedCounters') : undefined;
    if (!onlyGated) say.missing('spec', 'a slice needs one of nodeName, nodeSelector, allNodes, perDeviceNodeSelection', need);
    else {
      const dropped = whileGates(onlyGated, false);
      const what = perDevice === true ? 'perDeviceNodeSelection' : 'sharedCounters';
      if (dropped) say.missing('spec', `no node selection is left once ${what} is dropped (${onlyGated.join(', ')} off)`, need, dropped);
    }
  }
}

/** Whether a device uses a feature that lowers the device limit to 64, by the gates of the field it uses. */
function advancedFeatureGates(say: Say, devices: Obj[]): (readonly string[])[] {
  const out: (readonly string[])[] = [];
  if (devices.some((d) => list(d['taints']).length > 0)) out.push(say.gatesOf(DEVICE, 'taints'));
  if (devices.some((d) => list(d['consumesCounters']).length > 0)) out.push(say.gatesOf(DEVICE, 'consumesCounters'));
  const listAttribute = devices.some((d) => Object.values(obj(d['attributes']) ?? {}).some((a) => LIST_ATTRIBUTES.some((f) => isSet(obj(a)?.[f]))));
  if (listAttribute) out.push(say.gatesOf(ATTRIBUTE, 'ints'));
  return out;
}

function checkDeviceCount(say: Say, spec: Obj): void {
  const devices = list(spec['devices']);
  if (devices.length > MAX_DEVICES) {
    say.reject('spec.devices', `${devices.length} devices; a slice holds at most ${MAX_DEVICES}`, 'Split the devices over several slices of the pool.', { value: devices.length });
    return;
  }
  if (devices.length <= MAX_DEVICES_ADVANCED) return;
  // The lower limit holds while a field that uses the feature is kept. With features of different gates only the
  // first is read (a missed refusal, never a false one, when that gate is off and another is on).
  const [gates] = advancedFeatureGates(say, objs(devices).map(([d]) => d));
  const kept = gates && whileGates(gates, true);
  if (kept) {
    say.reject('spec.devices', `${devices.length} devices; with taints, counters or list attributes a slice holds at most ${MAX_DEVICES_ADVANCED}`, 'Split the devices over several slices of the pool.', { value: devices.length, ...kept });
  }
}

/** validateSet over sharedCounters (at most 8, names unique) and validateCounterSet. */
function checkCounterSets(say: Say, spec: Obj): void {
  const sets = list(spec['sharedCounters']);
  if (sets.length > MAX_COUNTER_SETS) {
    if (!say.declared(SLICE_SPEC, 'sharedCounters', 'maxItems')) say.reject('spec.sharedCounters', `${sets.length} counter sets; a slice holds at most ${MAX_COUNTER_SETS}`, 'Split the counter sets over several slices.', { value: sets.length });
    return;
  }
  const uniqueDeclared = say.declared(SLICE_SPEC, 'sharedCounters', 'listMapKeys');
  const nameDeclared = say.declared(COUNTER_SET, 'name', 'format');
  const keysDeclared = say.declared(COUNTER_SET, 'counters', 'format', 'key');
  const seen = new Set<string>();
  for (const [s, i] of objs(sets)) {
    const at = itemOf('spec.sharedCounters', i);
    const name = str(s['name']);
    if (name !== undefined && name !== '') {
      const bad = nameDeclared ? undefined : briefFormatProblem('k8s-short-name', name);
      if (bad) say.reject(`${at}.name`, `counter set name "${name}" ${bad}`, 'Use lower-case letters, digits and "-", e.g. gpu-0-counters.', { value: name });
      if (seen.has(name) && !uniqueDeclared) say.reject(at, `counter set name "${name}" is used twice in this slice`, 'Give each counter set its own name.', { value: name });
      seen.add(name);
    }
    checkCounters(say, s['counters'], `${at}.counters`, keysDeclared);
  }
}

/** validatePartitionTypeAttribute: the slice has devices that consume counters, and each of them carries the named
 *  attribute (by its full name, or bare when in the driver's domain) as a string. */
function checkPartitionType(say: Say, spec: Obj): void {
  const name = str(spec['partitionTypeAttribute']);
  if (name === undefined) return;
  const devices = objs(spec['devices']).filter(([d]) => list(d['consumesCounters']).length > 0);
  if (devices.length === 0) {
    say.reject('spec.partitionTypeAttribute', 'partitionTypeAttribute needs devices that consume counters in this slice', 'Remove partitionTypeAttribute, or add consumesCounters to the partitions.', { value: name });
    return;
  }
  // A malformed name is the declarative format rule's finding.
  if (!name.includes('/') || qualifiedNameProblem(name) !== undefined) return;
  const driver = str(spec['driver']) ?? '';
  const bare = name.startsWith(`${driver}/`) ? name.slice(driver.length + 1) : '';
  // The devices' attributes are not the gated field: these hold while partitionTypeAttribute is kept.
  const kept = whileGates(say.gatesOf(SLICE_SPEC, 'partitionTypeAttribute'), true);
  if (!kept) return;
  for (const [d, i] of devices) {
    const attributes = obj(d['attributes']) ?? {};
    const at = fieldOf(`${itemOf('spec.devices', i)}.attributes`, name);
    const attribute = name in attributes ? attributes[name] : bare !== '' ? attributes[bare] : undefined;
    if (attribute === undefined) say.missing(at, `the device consumes counters, so it needs the attribute ${name}`, 'Add the attribute with a string value, e.g. the partition profile.', kept);
    else if (!isSet(obj(attribute)?.['string'])) say.reject(at, `attribute ${name} must be a string, as partitionTypeAttribute names it`, 'Give the attribute a string value.', kept);
  }
}

export const RESOURCE_SLICE_RULES: readonly KindRule[] = [
  {
    rule: 'draSliceNodes',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: DRA('validateResourceSliceSpec (exactly one node selection field; validateNodeName; corevalidation.ValidateNodeSelector)'),
    check(o, say) {
      const spec = obj(o['spec']);
      if (spec) checkNodeSelection(say, spec);
    },
  },
  {
    rule: 'draSliceDevices',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: DRA('validateResourceSliceSpec (sharedCounters or devices; at most 128 devices, 64 with advanced features)'),
    check(o, say) {
      const spec = obj(o['spec']);
      if (!spec) return;
      if (isSet(spec['sharedCounters']) && isSet(spec['devices'])) {
        const kept = whileGates(say.gatesOf(SLICE_SPEC, 'sharedCounters'), true);
        if (kept) say.reject('spec', 'a slice holds sharedCounters or devices, not both', 'Publish the counter sets in a slice of their own, in the same pool.', kept);
      }
      checkDeviceCount(say, spec);
    },
  },
  {
    rule: 'draSliceCounterSets',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: [DRA('validateResourceSliceSpec (sharedCounters: at most 8, names unique)'), DRA('validateCounterSet')],
    check(o, say) {
      const spec = obj(o['spec']);
      if (spec) checkCounterSets(say, spec);
    },
  },
  {
    rule: 'draSlicePartitionType',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: DRA('validatePartitionTypeAttribute / lookupQualifiedAttribute'),
    check(o, say) {
      const spec = obj(o['spec']);
      if (spec) checkPartitionType(say, spec);
    },
  },
  {
    rule: 'draSliceSkipNodeOperations',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: DRA('validateSkipNodeOperations'),
    check(o, say) {
      const ops = list(obj(o['spec'])?.['skipNodeOperations']);
      if (ops.includes('NodePrepareResources') && !ops.includes('NodeUnprepareResources') && !ops.includes('*')) {
        say.reject('spec.skipNodeOperations', 'NodePrepareResources may be skipped only with NodeUnprepareResources (or "*")', 'Add NodeUnprepareResources, or use "*".', { value: ops });
      }
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
