// resource.k8s.io/v1 ResourceClaim and ResourceClaimTemplate: the hand-written rules of
// validateDeviceClaim that the declarative markers of the data do not cover (request and subrequest names, exactly
// one of exactly / firstAvailable, the device class name of an exact request, allocationMode against count after
// SetDefaults_ExactDeviceRequest / SetDefaults_DeviceSubRequest, the request names that constraints and config
// refer to, a constraint's attribute, a config's opaque part) and the CEL selectors of each request and subrequest
// (compiled: cel-compile.ts). DeviceClass and ResourceSlice are in resource-slices.ts.
import { at, type KindRule, type Say } from './rule-types';
import { briefFormatProblem } from '../declarative-formats';
import { isSet, itemOf, list, num, obj, objs, str, type Obj, type Value } from './object-view';
import { compileDeviceSelectors, DRA_CEL_SOURCE } from './cel-compile';

const DRA = at('pkg/apis/resource/validation/validation.go', '009801d930e2e3c8b3671a3ec28e31a2f64865ac');
const DRA_DEFAULTS = at('pkg/apis/resource/v1/defaults.go', '16913111deb1a4c4ff76f4ba7ffd9ebef397a303');

/** Where the DeviceClaim lives in each kind. */
const CLAIMS: Readonly<Record<string, string>> = { ResourceClaim: 'spec.devices', ResourceClaimTemplate: 'spec.spec.devices' };

function devicesOf(o: Obj): [Obj, string] | undefined {
  const path = CLAIMS[str(o['kind']) ?? ''];
  if (!path) return undefined;
  let at: Value | undefined = o;
  for (const step of path.split('.')) at = obj(at)?.[step];
  const devices = obj(at);
  return devices ? [devices, path] : undefined;
}

/** validateRequestName: a DNS-1123 label. */
function checkName(say: Say, v: Value | undefined, path: string, what: string): void {
  const name = str(v);
  if (name === undefined || name === '') return;
  const bad = briefFormatProblem('k8s-short-name', name);
  if (bad) say.reject(path, `${what} name "${name}" ${bad}`, 'Use lower-case letters, digits and "-", e.g. gpu.', { value: name });
}

/** validateDeviceAllocationMode over the defaulted request: All takes no count, ExactCount a count above 0. */
function checkAllocation(say: Say, r: Obj, path: string): void {
  const mode = str(r['allocationMode']) ?? 'ExactCount';
  const count = num(r['count']);
  if (mode === 'All' && count !== undefined && count !== 0) {
    say.reject(`${path}.count`, `count may not be set when allocationMode is All (it is ${count})`, 'Remove count, or use allocationMode: ExactCount.', { value: count });
  } else if (mode === 'ExactCount' && count !== undefined && count < 0) {
    say.reject(`${path}.count`, `count ${count} must be greater than zero`, 'Use a count of 1 or more.', { value: count });
  }
}

/** The names a constraint or config may refer to: each request, and request/subrequest. */
function requestNames(devices: Obj): Set<string> {
  const names = new Set<string>();
  for (const [r] of objs(devices['requests'])) {
    const name = str(r['name']);
    if (name === undefined) continue;
    names.add(name);
    for (const [sub] of objs(r['firstAvailable'])) {
      const subName = str(sub['name']);
      if (subName !== undefined) names.add(`${name}/${subName}`);
    }
  }
  return names;
}

function checkRefs(say: Say, value: Value | undefined, path: string, names: Set<string>): void {
  list(value).forEach((v, i) => {
    if (typeof v !== 'string' || names.has(v)) return;
    say.reject(itemOf(path, i), `"${v}" is not the name of a request (or request/subrequest) of this claim`, 'Name a request of spec.devices.requests, or request/subrequest.', { value: v });
  });
}

export const RESOURCE_CLAIM_RULES: readonly KindRule[] = [
  {
    rule: 'draRequests',
    kinds: ['resource.k8s.io/ResourceClaim', 'resource.k8s.io/ResourceClaimTemplate'],
    source: [
      DRA('validateDeviceRequest / validateDeviceSubRequest / validateExactDeviceRequest / validateDeviceAllocationMode / validateDeviceClass'),
      DRA_DEFAULTS('SetDefaults_ExactDeviceRequest / SetDefaults_DeviceSubRequest'),
    ],
    check(o, say) {
      const found = devicesOf(o);
      if (!found) return;
      const [devices, base] = found;
      for (const [r, i] of objs(devices['requests'])) {
        const p = itemOf(`${base}.requests`, i);
        checkName(say, r['name'], `${p}.name`, 'request');
        const exactly = obj(r['exactly']);
        const firstAvailable = objs(r['firstAvailable']);
        if (isSet(r['exactly']) && firstAvailable.length > 0) say.reject(p, 'a request takes exactly or firstAvailable, not both', 'Keep exactly for one kind of device, or firstAvailable for a list of alternatives.');
        else if (!isSet(r['exactly']) && firstAvailable.length === 0) say.missing(p, 'a request needs exactly or firstAvailable', 'Add exactly: {deviceClassName: …}.');
        if (exactly) {
          const cls = str(exactly['deviceClassName']);
          const bad = cls === undefined || cls === '' ? undefined : briefFormatProblem('k8s-long-name', cls);
          if (bad) say.reject(`${p}.exactly.deviceClassName`, `deviceClassName "${cls}" ${bad}`, 'Use the name of a DeviceClass.', { value: cls });
          checkAllocation(say, exactly, `${p}.exactly`);
        }
        for (const [sub, j] of firstAvailable) {
          const sp = itemOf(`${p}.firstAvailable`, j);
          checkName(say, sub['name'], `${sp}.name`, 'subrequest');
          checkAllocation(say, sub, sp);
        }
      }
    },
  },
  {
    rule: 'draSelectors',
    kinds: ['resource.k8s.io/ResourceClaim', 'resource.k8s.io/ResourceClaimTemplate'],
    source: [DRA('validateSelectorSlice / validateSelector / validateCELSelector'), DRA_CEL_SOURCE],
    check(o, say) {
      const found = devicesOf(o);
      if (!found) return;
      const [devices, base] = found;
      for (const [r, i] of objs(devices['requests'])) {
        const p = itemOf(`${base}.requests`, i);
        compileDeviceSelectors(say, obj(r['exactly'])?.['selectors'], `${p}.exactly.selectors`);
        for (const [sub, j] of objs(r['firstAvailable'])) compileDeviceSelectors(say, sub['selectors'], `${itemOf(`${p}.firstAvailable`, j)}.selectors`);
      }
    },
  },
  {
    rule: 'draRequestRefs',
    kinds: ['resource.k8s.io/ResourceClaim', 'resource.k8s.io/ResourceClaimTemplate'],
    source: DRA('validateDeviceConstraint / validateDeviceClaimConfiguration / validateRequestNameRef / validateDeviceConfiguration'),
    check(o, say) {
      const found = devicesOf(o);
      if (!found) return;
      const [devices, base] = found;
      const names = requestNames(devices);
      for (const [c, i] of objs(devices['constraints'])) {
        const p = itemOf(`${base}.constraints`, i);
        checkRefs(say, c['requests'], `${p}.requests`, names);
        // With DRAConsumableCapacity (Beta, on in 1.37 per gates.json) the refusal names the constraint itself.
        if (!isSet(c['matchAttribute']) && !isSet(c['distinctAttribute'])) say.missing(p, 'a constraint needs matchAttribute or distinctAttribute', 'Add matchAttribute with the attribute the devices must share.');
      }
      for (const [c, i] of objs(devices['config'])) {
        const p = itemOf(`${base}.config`, i);
        checkRefs(say, c['requests'], `${p}.requests`, names);
        if (!isSet(c['opaque'])) say.missing(`${p}.opaque`, 'a device configuration needs opaque', 'Add opaque: {driver: …, parameters: …}.');
      }
    },
  },
];
