// resource.k8s.io/v1 ResourceSlice: the hand-written rules of validateDevice, for each device of a slice, that the
// declarative markers of the data do not cover: names (DNS-1123 labels, unique), attribute and capacity keys
// (validateQualifiedName), how many attributes, capacities and attribute values a device has, the values of version,
// string and list attributes, where the device is reachable (with perDeviceNodeSelection), taints, binding
// conditions and the counters it consumes. Capacity request policies and node allocatable resources are in
// resource-capacity.ts. A field its gate leaves out is dropped before validation (the gate step turns a finding
// inside it into "refused once the gate is on"); a finding about the device itself that holds only while a gated
// field is kept or dropped carries that condition (`whileGates`), read from the data's gates of the field.
import { whileGates, type KindRule, type Say } from './rule-types';
import { briefFormatProblem } from '../declarative-formats';
import { fieldOf, isSet, itemOf, list, obj, objs, str, type Obj } from './object-view';
import { checkNodeSelector } from './pod-affinity';
import { byteLength, checkCounters, DRA, MAX_VALUE_BYTES, qualifiedNameProblem, versionProblem } from './resource-names';

const DEVICE = 'resource.v1.Device';
const ATTRIBUTE = 'resource.v1.DeviceAttribute';
const CONSUMPTION = 'resource.v1.DeviceCounterConsumption';
export const SLICE_SPEC = 'resource.v1.ResourceSliceSpec';

/** ResourceSliceMaxDevices: beyond it validateSet reports the list alone, not its devices. */
export const MAX_DEVICES = 128;
/** ResourceSliceMaxAttributesAndCapacitiesPerDevice, ResourceSliceMaxAttributeValuesPerDevice. */
const MAX_ATTRIBUTES_AND_CAPACITIES = 32;
const MAX_ATTRIBUTE_VALUES = 48;
/** DeviceTaintsMaxLength, BindingConditionsMaxSize (and the failure conditions'), and
 *  ResourceSliceMaxDeviceCounterConsumptionsPerDevice. */
const MAX_TAINTS = 16;
const MAX_BINDING_CONDITIONS = 4;
const MAX_CONSUMPTIONS = 2;

const LIST_ATTRIBUTES = ['bools', 'ints', 'strings', 'versions'] as const;

/** The devices of a slice that validateDevice sees: none when the list is too long (validateSet stops there). */
export function sliceDevices(o: Obj): [Obj, number][] {
  const devices = obj(o['spec'])?.['devices'];
  return list(devices).length > MAX_DEVICES ? [] : objs(devices);
}

/** The number of attribute values of a device (numEntriesDeviceAttribute: a list counts its items). */
function attributeValues(attributes: Obj): number {
  let n = 0;
  for (const v of Object.values(attributes)) {
    const a = obj(v) ?? {};
    const items = LIST_ATTRIBUTES.reduce((sum, f) => sum + list(a[f]).length, 0);
    n += items === 0 ? 1 : items;
  }
  return n;
}

function checkAttribute(say: Say, a: Obj, path: string): void {
  const tooLong = (v: string, at: string) => {
    if (byteLength(v) > MAX_VALUE_BYTES) say.reject(at, `the value is longer than ${MAX_VALUE_BYTES} bytes`, `Shorten it to ${MAX_VALUE_BYTES} bytes or less.`, { value: v });
  };
  const version = (v: string, at: string) => {
    const bad = versionProblem(v);
    if (bad) say.reject(at, `version "${v}" ${bad}`, 'Write a semantic version such as 1.2.3 or 2.0.0-rc.1.', { value: v });
  };
  const s = str(a['string']);
  if (s !== undefined) tooLong(s, `${path}.string`);
  const v = str(a['version']);
  if (v !== undefined) version(v, `${path}.version`);
  for (const f of LIST_ATTRIBUTES) {
    if (Array.isArray(a[f]) && list(a[f]).length === 0) say.reject(`${path}.${f}`, `${f} may not be an empty list`, `Give at least one value, or remove ${f}.`);
  }
  const stringsDeclared = say.declared(ATTRIBUTE, 'strings', 'maxBytes', 'val');
  list(a['strings']).forEach((item, i) => {
    if (typeof item === 'string' && !stringsDeclared) tooLong(item, itemOf(`${path}.strings`, i));
  });
  list(a['versions']).forEach((item, i) => {
    if (typeof item === 'string') version(item, itemOf(`${path}.versions`, i));
  });
}

/** A long key cut in the middle for the message (validateMap does the same for its paths). */
function shortened(key: string): string {
  return key.length <= 40 ? key : `${key.slice(0, 18)}…${key.slice(-18)}`;
}

function checkKeysAndValues(say: Say, d: Obj, p: string): void {
  const attributes = obj(d['attributes']) ?? {};
  const capacity = obj(d['capacity']) ?? {};
  const both = Object.keys(attributes).length + Object.keys(capacity).length;
  if (both > MAX_ATTRIBUTES_AND_CAPACITIES) {
    say.reject(p, `${both} attributes and capacities; a device has at most ${MAX_ATTRIBUTES_AND_CAPACITIES}`, 'Drop some attributes or capacities.', { value: both });
  }
  const values = attributeValues(attributes);
  if (values > MAX_ATTRIBUTE_VALUES) say.reject(p, `${values} attribute values; a device has at most ${MAX_ATTRIBUTE_VALUES}`, 'Drop some attributes or list items.', { value: values });
  for (const [field, map] of [['attributes', attributes], ['capacity', capacity]] as const) {
    for (const key of Object.keys(map)) {
      const bad = qualifiedNameProblem(key);
      // validateMap reports a key at the map.
      if (bad) say.reject(`${p}.${field}`, `${field} key "${shortened(key)}" ${bad}`, 'Use a name such as model or example.com/model.', { value: key });
    }
  }
  for (const [key, a] of Object.entries(attributes)) {
    const attribute = obj(a);
    if (attribute) checkAttribute(say, attribute, fieldOf(`${p}.attributes`, key));
  }
}

/** With perDeviceNodeSelection each device names where it is reachable, exactly one way; without it none may. */
function checkDeviceNodes(say: Say, d: Obj, p: string, perDevice: boolean): void {
  if (!perDevice) {
    if (!isSet(d['nodeName']) && !isSet(d['nodeSelector']) && !isSet(d['allNodes'])) return;
    const kept = whileGates(say.gatesOf(DEVICE, 'nodeName'), true);
    if (kept) say.reject(p, 'nodeName, nodeSelector and allNodes of a device need perDeviceNodeSelection: true in the slice', 'Set spec.perDeviceNodeSelection: true, or remove them.', kept);
    return;
  }
  const set: string[] = [];
  const nodeName = str(d['nodeName']);
  if (nodeName === '') say.reject(`${p}.nodeName`, 'a device\'s nodeName may not be empty', 'Name the node, or remove nodeName.', { value: '' });
  else if (nodeName !== undefined) {
    set.push('nodeName');
    const bad = briefFormatProblem('k8s-long-name', nodeName);
    if (bad) say.reject(`${p}.nodeName`, `node name "${nodeName}" ${bad}`, 'Use the name of a node.', { value: nodeName });
  }
  if (isSet(d['nodeSelector'])) {
    set.push('nodeSelector');
    const selector = obj(d['nodeSelector']);
    if (selector) checkNodeSelector(say, selector, `${p}.nodeSelector`, true);
  }
  if (d['allNodes'] === false) say.reject(`${p}.allNodes`, 'allNodes may be unset or true, not false', 'Remove allNodes, or set it to true.', { value: false });
  else if (d['allNodes'] === true) set.push('allNodes');
  // perDeviceNodeSelection and the device's fields have the same gate: dropped together, nothing is required.
  const kept = whileGates(say.gatesOf(SLICE_SPEC, 'perDeviceNodeSelection'), true);
  if (!kept) return;
  if (set.length === 0) say.missing(p, 'with perDeviceNodeSelection each device needs one of nodeName, nodeSelector, allNodes', 'Add nodeName: <node>, or allNodes: true.', kept);
  else if (set.length > 1) say.reject(p, `a device takes one of nodeName, nodeSelector, allNodes; it sets ${set.join(', ')}`, 'Keep exactly one of them.', { value: set, ...kept });
}

function checkTaints(say: Say, d: Obj, p: string): void {
  const path = `${p}.taints`;
  const taints = list(d['taints']);
  if (taints.length > MAX_TAINTS) {
    say.reject(path, `${taints.length} taints; a device has at most ${MAX_TAINTS}`, 'Drop some taints.', { value: taints.length });
    return;
  }
  for (const [t, j] of objs(taints)) {
    const at = itemOf(path, j);
    const key = str(t['key']);
    const badKey = key === undefined ? undefined : briefFormatProblem('k8s-label-key', key);
    if (badKey) say.reject(`${at}.key`, `taint key "${key}" is not a label key`, `The key ${badKey}; use e.g. example.com/unhealthy.`, { value: key });
    const value = str(t['value']) ?? '';
    const badValue = value === '' ? undefined : briefFormatProblem('k8s-label-value', value);
    if (badValue) say.reject(`${at}.value`, `taint value "${value}" is not a label value`, `The value ${badValue}.`, { value });
  }
}

/** validateDeviceBindingParameters: label-key names, at most 4 of each, no repeats, no overlap, both or neither. */
function checkBindingConditions(say: Say, d: Obj, p: string): void {
  const conditions = list(d['bindingConditions']);
  const failures = list(d['bindingFailureConditions']);
  for (const [field, items] of [['bindingConditions', conditions], ['bindingFailureConditions', failures]] as const) {
    const path = `${p}.${field}`;
    if (items.length > MAX_BINDING_CONDITIONS) {
      if (!say.declared(DEVICE, field, 'maxItems')) say.reject(path, `${items.length} ${field}; at most ${MAX_BINDING_CONDITIONS}`, 'Drop some conditions.', { value: items.length });
      continue;
    }
    const seen = new Set<string>();
    items.forEach((c, i) => {
      if (typeof c !== 'string') return;
      const bad = briefFormatProblem('k8s-label-key', c);
      if (bad) say.reject(itemOf(path, i), `condition "${c}" is not a label key`, `The name ${bad}; use e.g. example.com/attached.`, { value: c });
      if (seen.has(c)) say.reject(itemOf(path, i), `condition "${c}" is listed twice`, 'Keep one entry per condition.', { value: c });
      seen.add(c);
      if (field === 'bindingFailureConditions' && conditions.includes(c)) {
        say.reject(itemOf(path, i), `"${c}" is both a binding condition and a binding failure condition`, 'Keep it in one of the two lists.', { value: c });
      }
    });
  }
  // Either list may be absent here: the finding holds while both fields are kept (their gates on).
  const kept = whileGates(say.gatesOf(DEVICE, 'bindingConditions'), true);
  if (!kept) return;
  if (conditions.length === 0 && failures.length > 0) say.reject(`${p}.bindingConditions`, 'bindingFailureConditions need bindingConditions', 'Add the bindingConditions the device waits for, or remove bindingFailureConditions.', kept);
  if (failures.length === 0 && conditions.length > 0) say.reject(`${p}.bindingFailureConditions`, 'bindingConditions need bindingFailureConditions', 'Add the bindingFailureConditions that mark a failed binding.', kept);
}

/** validateSet over consumesCounters (at most 2, one per counter set) and validateDeviceCounterConsumption. */
function checkConsumption(say: Say, d: Obj, p: string): void {
  const path = `${p}.consumesCounters`;
  const items = list(d['consumesCounters']);
  if (items.length > MAX_CONSUMPTIONS) {
    if (!say.declared(DEVICE, 'consumesCounters', 'maxItems')) say.reject(path, `${items.length} counter consumptions; at most ${MAX_CONSUMPTIONS}`, 'Consume from at most two counter sets.', { value: items.length });
    return;
  }
  const uniqueDeclared = say.declared(DEVICE, 'consumesCounters', 'listMapKeys');
  const nameDeclared = say.declared(CONSUMPTION, 'counterSet', 'format');
  const keysDeclared = say.declared(CONSUMPTION, 'counters', 'format', 'key');
  const seen = new Set<string>();
  for (const [c, j] of objs(items)) {
    const at = itemOf(path, j);
    const set = str(c['counterSet']);
    if (set !== undefined && set !== '') {
      const bad = nameDeclared ? undefined : briefFormatProblem('k8s-short-name', set);
      if (bad) say.reject(`${at}.counterSet`, `counter set name "${set}" ${bad}`, 'Use the name of a counter set of the pool.', { value: set });
      if (seen.has(set) && !uniqueDeclared) say.reject(at, `counter set "${set}" is consumed twice`, 'Merge the two entries into one.', { value: set });
      seen.add(set);
    }
    checkCounters(say, c['counters'], `${at}.counters`, keysDeclared);
  }
}

export const RESOURCE_DEVICE_RULES: readonly KindRule[] = [
  {
    rule: 'draSliceDeviceNames',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: [DRA('validateResourceSliceSpec (device names unique)'), DRA('validateDevice (validateDeviceName: a DNS-1123 label)')],
    check(o, say) {
      const seen = new Set<string>();
      for (const [d, i] of sliceDevices(o)) {
        const p = itemOf('spec.devices', i);
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
    rule: 'draDeviceAttributes',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: [
      DRA('validateDevice (attributes and capacities: how many, how many values)'),
      DRA('validateQualifiedName (attribute and capacity keys)'),
      DRA('validateDeviceAttribute / validateDeviceAttributeStringValue / validateDeviceAttributeVersionValue'),
    ],
    check(o, say) {
      for (const [d, i] of sliceDevices(o)) checkKeysAndValues(say, d, itemOf('spec.devices', i));
    },
  },
  {
    rule: 'draDeviceNodes',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: DRA('validateDevice (nodeName, nodeSelector, allNodes against perDeviceNodeSelection; validateNodeName; corevalidation.ValidateNodeSelector)'),
    check(o, say) {
      const perDevice = obj(o['spec'])?.['perDeviceNodeSelection'] === true;
      for (const [d, i] of sliceDevices(o)) checkDeviceNodes(say, d, itemOf('spec.devices', i), perDevice);
    },
  },
  {
    rule: 'draDeviceTaints',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: DRA('validateDevice / validateDeviceTaint (key, value; at most 16 taints)'),
    check(o, say) {
      for (const [d, i] of sliceDevices(o)) checkTaints(say, d, itemOf('spec.devices', i));
    },
  },
  {
    rule: 'draDeviceBindingConditions',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: DRA('validateDeviceBindingParameters'),
    check(o, say) {
      for (const [d, i] of sliceDevices(o)) checkBindingConditions(say, d, itemOf('spec.devices', i));
    },
  },
  {
    rule: 'draDeviceCounters',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: [DRA('validateDevice (consumesCounters: at most 2, one per counter set)'), DRA('validateDeviceCounterConsumption')],
    check(o, say) {
      for (const [d, i] of sliceDevices(o)) checkConsumption(say, d, itemOf('spec.devices', i));
    },
  },
];
