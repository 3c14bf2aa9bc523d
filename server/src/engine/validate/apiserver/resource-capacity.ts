// resource.k8s.io/v1 ResourceSlice: the capacity request policies of a device (validateMultiAllocatableDeviceCapacity,
// validateSingleAllocatableDeviceCapacity, validateRequestPolicy and its valid values and range) and its node
// allocatable resources (validateNodeAllocatableResources). Both are gated fields (DRAConsumableCapacity,
// DRANodeAllocatableResources in the data): every finding here lies inside one, so the gate step turns it into
// "refused once the gate is on" while the field is dropped.
// Not judged: the number of valid values (CapacityRequestPolicyDiscreteMaxOptions), the step arithmetic of a range with
// a fractional bound (it depends on DRAFractionalCapacityRange: milli-value or rounded integer arithmetic), and
// whether a node allocatable resource name is one (IsNodeAllocatableResourceName).
import type { KindRule, Say } from './rule-types';
import { compareQuantities, quantityValue, type QuantityValue } from '../quantity';
import { fieldOf, isSet, itemOf, list, obj, type Obj, type Value } from './object-view';
import { DRA } from './resource-names';
import { sliceDevices } from './resource-devices';

function quantity(v: Value | undefined): QuantityValue | undefined {
  if (typeof v === 'number') return quantityValue(String(v));
  return typeof v === 'string' ? quantityValue(v) : undefined;
}

/** The exact integer value of a quantity (undefined when it has a fraction). */
function whole(q: QuantityValue): bigint | undefined {
  let n = q.digits * 2n ** BigInt(q.exp2);
  if (q.exp10 >= 0) n *= 10n ** BigInt(q.exp10);
  else {
    const d = 10n ** BigInt(-q.exp10);
    if (n % d !== 0n) return undefined;
    n /= d;
  }
  return q.negative ? -n : n;
}

const INT64_MAX = 9223372036854775807n;
const cmp = compareQuantities;

function checkValidValues(say: Say, policy: Obj, cap: QuantityValue, path: string): void {
  const at = `${path}.validValues`;
  const values = list(policy['validValues']).map(quantity);
  const dflt = quantity(policy['default']);
  values.forEach((v, i) => {
    const prev = values[i - 1];
    if (i > 0 && v && prev && cmp(prev, v) > 0) say.reject(itemOf(at, i), 'validValues must be sorted in ascending order', 'Sort the values from smallest to largest.');
  });
  let found = false;
  values.forEach((v, i) => {
    if (!v) return;
    if (cmp(v, cap) > 0) say.reject(itemOf(at, i), 'this option is larger than the capacity value', 'Keep every option at or below the capacity value.');
    if (values.slice(0, i).some((w) => w && cmp(w, v) === 0)) say.reject(itemOf(at, i), 'this option is listed twice', 'Keep one entry per value.');
    if (dflt && cmp(v, dflt) === 0) found = true;
  });
  if (dflt && !found) say.reject(at, 'the default is not one of validValues', 'Add the default to validValues, or change the default.');
}

function checkRange(say: Say, policy: Obj, cap: QuantityValue, path: string): void {
  const at = `${path}.validRange`;
  const range = obj(policy['validRange']) ?? {};
  const dflt = quantity(policy['default']);
  // A range without min: the walker reports the required field.
  if (!isSet(range['min'])) return;
  const min = quantity(range['min']);
  const max = quantity(range['max']);
  const step = quantity(range['step']);
  if (!min || !dflt) return;
  if (cmp(min, cap) > 0) say.reject(`${at}.min`, 'min is larger than the capacity value', 'Lower min to the capacity value or less.');
  if (cmp(dflt, min) < 0) say.reject(`${at}.default`, 'the default is less than min', 'Raise the default to min or more.');
  if (max) {
    if (cmp(min, max) > 0) say.reject(`${at}.max`, 'min is larger than max', 'Make max at least min.');
    if (cmp(max, cap) > 0) say.reject(`${at}.max`, 'max is larger than the capacity value', 'Lower max to the capacity value or less.');
    if (cmp(dflt, max) > 0) say.reject(`${at}.default`, 'the default is more than max', 'Lower the default to max or less.');
  }
  if (!step) return;
  const s = whole(step);
  if (step.negative || step.digits === 0n) {
    say.reject(`${at}.step`, 'step must be greater than zero', 'Use a positive step.');
    return;
  }
  const m = whole(min);
  const c = whole(cap);
  if (m !== undefined && s !== undefined && c !== undefined && m + s > c) say.reject(`${at}.step`, 'one step above min is larger than the capacity value', 'Use a smaller step, or a smaller min.');
  // The integer arithmetic: every value must be a whole number in [0, 2^63-1], then default and max lie whole steps above min.
  const named: [string, QuantityValue | undefined][] = [['default', dflt], ['min', min], ['max', max], ['step', step]];
  const ints = named.map(([, q]) => (q ? whole(q) : undefined));
  if (named.some(([, q], i) => q && ints[i] === undefined)) return;
  let unsafe = false;
  named.forEach(([name], i) => {
    const n = ints[i];
    if (n === undefined) return;
    if (n < 0n || n > INT64_MAX) {
      unsafe = true;
      say.reject(`${at}.${name}`, n < 0n ? `${name} is negative` : `${name} is larger than 9223372036854775807`, `Use a ${name} between 0 and 9223372036854775807.`);
    }
  });
  if (unsafe || m === undefined || s === undefined) return;
  for (const [name, n] of [['default', ints[0]], ['max', ints[2]]] as const) {
    if (n !== undefined && (n - m) % s !== 0n) say.reject(`${at}.step`, `${name} is not a whole number of steps above min`, `Make ${name} equal min plus a multiple of step.`);
  }
}

/** validateMultiAllocatableDeviceCapacity / validateSingleAllocatableDeviceCapacity over one capacity. */
function checkCapacity(say: Say, c: Obj, path: string, multi: boolean): void {
  const policy = obj(c['requestPolicy']);
  if (!isSet(c['requestPolicy'])) return;
  const at = `${path}.requestPolicy`;
  if (!multi) {
    say.reject(at, 'a requestPolicy needs allowMultipleAllocations: true on the device', 'Set allowMultipleAllocations: true, or remove requestPolicy.');
    return;
  }
  const cap = quantity(c['value']);
  if (!policy || !cap) return;
  const hasValues = list(policy['validValues']).length > 0;
  if (hasValues && isSet(policy['validRange'])) {
    say.reject(at, 'a requestPolicy takes validValues or validRange, not both', 'Keep one of validValues and validRange.');
    return;
  }
  if (!hasValues && !isSet(policy['validRange'])) return;
  if (!isSet(policy['default'])) {
    say.missing(`${at}.default`, `a requestPolicy with ${hasValues ? 'validValues' : 'validRange'} needs a default`, 'Add default: the amount a request gets when it names none.');
    return;
  }
  if (hasValues) checkValidValues(say, policy, cap, at);
  else checkRange(say, policy, cap, at);
}

function positive(say: Say, v: Value | undefined, path: string, zeroOk: boolean): void {
  const q = quantity(v);
  if (!q) return;
  const bad = q.negative || (!zeroOk && q.digits === 0n);
  if (bad) say.reject(path, zeroOk ? 'the value is negative' : 'the value must be positive', zeroOk ? 'Use 0 or more.' : 'Use a value above 0.');
}

/** validateNodeAllocatableResources: each resource maps a capacity or a device count, or adds an overhead. */
function checkNodeAllocatable(say: Say, d: Obj, p: string): void {
  const base = `${p}.nodeAllocatableResources`;
  const capacity = obj(d['capacity']) ?? {};
  for (const [name, r] of Object.entries(obj(d['nodeAllocatableResources']) ?? {})) {
    const at = fieldOf(base, name);
    const entry = obj(r) ?? {};
    if (!isSet(entry['mapping']) && !isSet(entry['overhead'])) {
      say.missing(at, 'a node allocatable resource needs mapping or overhead', 'Add mapping (capacityKey and capacityMultiplier, or deviceMultiplier) or overhead.');
    }
    const mapping = obj(entry['mapping']);
    if (mapping) {
      const key = mapping['capacityKey'];
      if (key === '') say.reject(`${at}.mapping.capacityKey`, 'capacityKey may not be empty', 'Name a capacity of this device.');
      else if (typeof key === 'string' && !(key in capacity)) say.reject(`${at}.mapping.capacityKey`, `capacityKey "${key}" is not a capacity of this device`, 'Name a key of the device\'s capacity.', { value: key });
      if (isSet(key)) positive(say, mapping['capacityMultiplier'], `${at}.mapping.capacityMultiplier`, false);
      positive(say, mapping['deviceMultiplier'], `${at}.mapping.deviceMultiplier`, false);
    }
    const overhead = obj(entry['overhead']);
    if (!overhead) continue;
    if (!isSet(overhead['perPod']) && !isSet(overhead['perContainer'])) {
      say.reject(`${at}.overhead`, 'an overhead needs perPod or perContainer', 'Add perPod or perContainer, or remove overhead.');
      continue;
    }
    positive(say, overhead['perPod'], `${at}.overhead.perPod`, true);
    positive(say, overhead['perContainer'], `${at}.overhead.perContainer`, true);
  }
}

export const RESOURCE_CAPACITY_RULES: readonly KindRule[] = [
  {
    rule: 'draCapacityRequestPolicy',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: [
      DRA('validateMultiAllocatableDeviceCapacity / validateSingleAllocatableDeviceCapacity / validateRequestPolicy'),
      DRA('validateValidRequestValues / validateRequestPolicyValidValues / validateRequestPolicyRange / validateRequestPolicyRangeStep'),
    ],
    check(o, say) {
      for (const [d, i] of sliceDevices(o)) {
        const multi = d['allowMultipleAllocations'] === true;
        const p = itemOf('spec.devices', i);
        for (const [key, c] of Object.entries(obj(d['capacity']) ?? {})) {
          const capacity = obj(c);
          if (capacity) checkCapacity(say, capacity, fieldOf(`${p}.capacity`, key), multi);
        }
      }
    },
  },
  {
    rule: 'draNodeAllocatableResources',
    kinds: ['resource.k8s.io/ResourceSlice'],
    source: DRA('validateNodeAllocatableResources / validateNodeAllocatableMapping / validateNodeAllocatableOverheadMapping'),
    check(o, say) {
      for (const [d, i] of sliceDevices(o)) checkNodeAllocatable(say, d, itemOf('spec.devices', i));
    },
  },
];
