// The feature-gate finding of one gated use (engine/gates/gate-findings.ts featureGateFinding) and its data: which
// gates give one (off by default and not known on; on by default only where switched off; never a locked gate),
// the severity of a partial state, the facts it carries (tag, value, config, notes, each component's state) and
// its evidence once each. Gate stages, defaults and components come from the committed catalog (schemas/gates.json).
// Internal imports: `gates/gate-findings` (one gated use judged alone; the walker makes them from manifests).
// Also `model` (the GatedUse type).
import { describe, expect, it } from 'vitest';
import { buildGateEnvironment, explicitSettings, gateCatalog, type GateEnvironment } from '../../server/src/engine';
import { featureGateFinding } from '../../server/src/engine/gates/gate-findings';
import type { GatedUse } from '../../server/src/engine/model';
import { dataOf } from '../support/finding-data';

const knowledge = { catalog: gateCatalog() };
const RANGE = { start: { line: 5, character: 2 }, end: { line: 5, character: 20 } };
// EvictionRequestAPI: Alpha, off by default in 1.37, for kube-apiserver and kube-controller-manager.
const USE: GatedUse = { gate: 'EvictionRequestAPI', via: 'field', path: 'spec.evictionResponders', range: RANGE, document: 2, apiVersion: 'v1', kind: 'Pod' };
const env = (...gates: string[]) => buildGateEnvironment({ catalog: knowledge.catalog, version: '1.37', explicit: explicitSettings(gates, 'test') });

describe('feature-gate findings', () => {
  it('a gate off by default and not known on: a warning with the gate facts and each component state', () => {
    const f = featureGateFinding(USE, knowledge, '1.37', undefined)!;
    expect(f).toMatchObject({ code: 'feature-gate', severity: 'warning', path: 'spec.evictionResponders', range: RANGE, document: 2 });
    expect(f.data).toMatchObject({
      gate: 'EvictionRequestAPI',
      stage: 'Alpha',
      default: false,
      components: ['kube-apiserver', 'kube-controller-manager'],
      via: 'field',
      state: [
        { component: 'kube-apiserver', state: 'unknown', evidence: [] },
        { component: 'kube-controller-manager', state: 'unknown', evidence: [] },
      ],
    });
    expect(dataOf(f, 'feature-gate')?.kep).toEqual(expect.any(Number));
    for (const key of ['tag', 'dropped', 'config', 'value', 'notes']) expect(f.data, key).not.toHaveProperty(key);
    expect(f.related).toEqual([]);
  });

  it('on everywhere: nothing; on for some and unseen for others: information', () => {
    expect(featureGateFinding(USE, knowledge, '1.37', env('EvictionRequestAPI=true'))).toBeUndefined();
    const kubelet = buildGateEnvironment({
      catalog: knowledge.catalog,
      version: '1.37',
      cluster: { reachable: true, apiServerGates: [{ name: 'EvictionRequestAPI', enabled: true, stage: 'ALPHA' }], notes: ['a note'], takenAt: 0 },
    });
    const f = featureGateFinding(USE, knowledge, '1.37', kubelet)!;
    expect(f.severity).toBe('information');
    expect(dataOf(f, 'feature-gate')?.notes).toEqual(['a note']);
  });

  it('the same evidence for two components is related once', () => {
    const f = featureGateFinding(USE, knowledge, '1.37', env('EvictionRequestAPI=false'))!;
    expect(f.severity).toBe('warning');
    expect(f.related?.map((e) => e.message)).toEqual(['test sets EvictionRequestAPI=false for every component']);
    expect(dataOf(f, 'feature-gate')?.state?.map((s) => s.evidence)).toEqual([
      ['test sets EvictionRequestAPI=false for every component'],
      ['test sets EvictionRequestAPI=false for every component'],
    ]);
  });

  it('the use facts it carries: a tag other than the gate, a value, a config component, a drop without a marker', () => {
    const f = featureGateFinding({ ...USE, tag: 'SomeTag', value: 'X', dropped: true, config: true, component: 'kubelet' }, knowledge, '1.37', undefined)!;
    expect(f.data).toMatchObject({ tag: 'SomeTag', value: 'X', dropped: true, config: true, components: ['kubelet'] });
    expect(featureGateFinding({ ...USE, tag: 'EvictionRequestAPI' }, knowledge, '1.37', undefined)!.data).not.toHaveProperty('tag');
  });

  it('a gate on by default only where a setting switches it off; a locked gate, an unknown gate or another version never', () => {
    // StrictIPCIDRValidation: Beta, on by default in 1.37 (kube-apiserver).
    const use = { ...USE, gate: 'StrictIPCIDRValidation' };
    expect(featureGateFinding(use, knowledge, '1.37', undefined)).toBeUndefined();
    expect(featureGateFinding(use, knowledge, '1.37', env())).toBeUndefined();
    const off = featureGateFinding(use, knowledge, '1.37', env('StrictIPCIDRValidation=false'))!;
    expect(off.severity).toBe('warning');
    expect(off.message).toBe('evictionResponders is dropped: gate StrictIPCIDRValidation is switched off');
    // RelaxedServiceNameValidation: GA and locked on in 1.37.
    expect(featureGateFinding({ ...USE, gate: 'RelaxedServiceNameValidation' }, knowledge, '1.37', env('RelaxedServiceNameValidation=false'))).toBeUndefined();
    expect(featureGateFinding({ ...USE, gate: 'NoSuchGate' }, knowledge, '1.37', undefined)).toBeUndefined();
    const silent: GateEnvironment = { notes: [], apiEnabled: () => undefined, stateOf: () => ({ state: 'unknown', evidence: [] }) };
    expect(featureGateFinding(USE, knowledge, '1.37', silent)?.data).not.toHaveProperty('notes');
  });
});
