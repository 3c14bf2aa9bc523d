// The sentences of gate findings (engine/gates/messages.ts), each form and each branch with its exact words: what
// happens while a gate is off for a kind, a value, a config field and a served field; the unknown-gate forms
// (renamed, removed, added later, unknown with or without did-you-mean); the feature-gate message, fix and detail
// in each gate state; the gate-dependency sentence; the plain part of a catalog reason. The message length bound over
// the whole catalog is tests/gates/message-length.test.ts.
// Internal imports: `gates/messages` (word builders; the engine's findings show each only in some gate states).
import { describe, expect, it } from 'vitest';
import {
  featureGateWords,
  fieldName,
  gateDependencyWords,
  isConfigApiVersion,
  offConsequence,
  plainReason,
  unknownGateWords,
  whenOff,
} from '../../server/src/engine/gates/messages';

const FIELD = { via: 'field' as const, path: 'spec.devices[].capacity', apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice' };
const KIND = { via: 'kind' as const, path: '', apiVersion: 'example.io/v1alpha1', kind: 'Widget' };
const VALUE = { via: 'enum-value' as const, path: 'spec.tolerations[].operator=Gt', value: 'Gt', apiVersion: 'v1', kind: 'Pod' };
const KUBELET_FIELD = { via: 'field' as const, path: 'defaultPodSysctls', apiVersion: 'kubelet.config.k8s.io/v1beta1', kind: 'KubeletConfiguration', component: 'kubelet' };
const SCHEDULER_FIELD = { via: 'field' as const, path: 'profiles[].plugins.x', apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' };

describe('field names and config API versions', () => {
  it('the last segment of a path, without list marks, wildcards or a value', () => {
    expect(fieldName('spec.devices[].capacity')).toBe('capacity');
    expect(fieldName('spec.tolerations[].operator=Gt')).toBe('operator');
    expect(fieldName('spec.resources.*.limits')).toBe('limits');
    expect(fieldName('items[]')).toBe('items');
    expect(fieldName('metadata.')).toBe('metadata.');
  });

  it('config groups are those of the gate-holding configs and the scheduler', () => {
    for (const v of ['kind.x-k8s.io/v1alpha4', 'kubelet.config.k8s.io/v1beta1', 'kubeproxy.config.k8s.io/v1alpha1', 'kubeadm.k8s.io/v1beta4', 'kubescheduler.config.k8s.io/v1']) {
      expect(isConfigApiVersion(v), v).toBe(true);
    }
    for (const v of ['v1', 'apps/v1', 'resource.k8s.io/v1']) expect(isConfigApiVersion(v), v).toBe(false);
  });
});

describe('what happens while a gate is off', () => {
  it('in a sentence (hover)', () => {
    expect(whenOff(KIND)).toBe('while the gate is off the API server does not serve Widget in example.io/v1alpha1, so applying it fails');
    expect(whenOff(VALUE)).toBe("while the gate is off the API server's validation rejects the value Gt for `spec.tolerations[].operator`");
    expect(whenOff({ ...VALUE, value: undefined })).toBe("while the gate is off the API server's validation rejects the value  for `spec.tolerations[].operator`");
    expect(whenOff(KUBELET_FIELD)).toBe('while the gate is off kubelet ignores `defaultPodSysctls` or refuses to start with it');
    expect(whenOff(SCHEDULER_FIELD)).toBe('while the gate is off the component reading this configuration ignores `x` or refuses to start with it');
    expect(whenOff(FIELD)).toBe('while the gate is off the API server silently drops `capacity` when the object is created or updated, so the setting is lost');
  });

  it('as the head of a message, certain or maybe', () => {
    expect([offConsequence(KIND), offConsequence(KIND, true)]).toEqual(['Widget is not served', 'Widget may not be served']);
    expect([offConsequence(VALUE), offConsequence(VALUE, true)]).toEqual(['value Gt of operator is rejected', 'value Gt of operator may be rejected']);
    expect(offConsequence({ ...VALUE, value: undefined })).toBe('value  of operator is rejected');
    expect([offConsequence(KUBELET_FIELD), offConsequence(SCHEDULER_FIELD, true)]).toEqual(['defaultPodSysctls is ignored', 'x may be ignored']);
    expect([offConsequence(FIELD), offConsequence(FIELD, true)]).toEqual(['capacity is dropped', 'capacity may be dropped']);
  });
});

describe('unknown-gate', () => {
  const REFUSE = 'Kubernetes components refuse to start when a feature-gate setting names a gate they do not know.';
  it('renamed: names the gate to use', () => {
    expect(unknownGateWords('OldName', { reason: 'renamed', replacement: 'NewName', why: 'renamed to NewName in 1.30' }, '1.37', [])).toEqual({
      message: 'This name stops components from starting: it was renamed to NewName',
      fix: 'Use NewName instead.',
      detail: `OldName is not a gate in 1.37: it is another name of NewName. ${REFUSE} Renamed to NewName in 1.30.`,
    });
  });

  it('removed: after its last version, or with no version known, with its replacement if any', () => {
    expect(unknownGateWords('Gone', { reason: 'removed', lastIn: '1.33' }, '1.37', [])).toEqual({
      message: 'Gone stops components from starting: removed after 1.33',
      fix: 'Remove the setting.',
      detail: REFUSE,
    });
    expect(unknownGateWords('Gone', { reason: 'removed', replacement: 'Other' }, '1.37', ['Gone2'])).toEqual({
      message: 'Gone stops components from starting: not a gate in 1.37 (removed)',
      fix: 'Use Other instead.',
      detail: REFUSE,
    });
  });

  it('added later: names the version', () => {
    expect(unknownGateWords('Later', { reason: 'unknown', addedIn: '1.38' }, '1.37', [])).toEqual({
      message: 'Later stops components from starting: not a gate before 1.38',
      fix: 'Remove the setting or target 1.38.',
      detail: REFUSE,
    });
  });

  it('unknown: with the near names if any; a renamed reason without its replacement reads as unknown', () => {
    expect(unknownGateWords('Typo', { reason: 'unknown' }, '1.37', ['TypoA', 'TypoB'])).toEqual({
      message: 'Typo stops components from starting: not a gate in 1.37',
      fix: 'Did you mean TypoA or TypoB? Otherwise remove the setting.',
      detail: REFUSE,
    });
    expect(unknownGateWords('Typo', { reason: 'renamed' }, '1.37', []).fix).toBe('Remove the setting.');
    expect(unknownGateWords('Typo', { reason: 'renamed' }, '1.37', []).message).toBe('Typo stops components from starting: not a gate in 1.37');
  });
});

describe('the plain part of a catalog reason', () => {
  it('the text before the first parenthesis or semicolon, as a sentence', () => {
    expect(plainReason('not a 1.37 gate: KEP-5823 moved its alpha to 1.38 (kubernetes/enhancements #6384) and more')).toBe('Not a 1.37 gate: KEP-5823 moved its alpha to 1.38.');
    expect(plainReason('designed but never shipped; see the KEP')).toBe('Designed but never shipped.');
    expect(plainReason('  withdrawn.  ')).toBe('Withdrawn.');
    expect(plainReason('gone:,')).toBe('Gone.');
  });

  it('nothing when empty, too short, or naming where it was read', () => {
    expect(plainReason(undefined)).toBeUndefined();
    expect(plainReason('')).toBeUndefined();
    expect(plainReason('abc')).toBeUndefined();
    expect(plainReason('abcd')).toBe('Abcd.');
    for (const why of ['in the list row of 1.30', 'one of the rows', 'the alpha list', 'removed by a commit', 'named in the spec', 'see gates.yaml', 'see gates.yml too', 'merged in #1234', 'at @abcdef0', 'at deadbeef12']) {
      expect(plainReason(why), why).toBeUndefined();
    }
    expect(plainReason('Lists of 1.30')).toBeUndefined();
    expect(plainReason('a rowing boat #x cafe')).toBe('A rowing boat #x cafe.');
  });
});

describe('feature-gate', () => {
  const base = { components: ['kube-apiserver', 'kube-scheduler', 'kubelet'], on: [], off: [], unknown: ['kube-apiserver', 'kube-scheduler', 'kubelet'] };
  it('Alpha, not known to be on anywhere', () => {
    expect(featureGateWords({ ...FIELD, gate: 'G' }, { ...base, offByDefault: true, stage: 'Alpha', overall: 'off' }, '1.37')).toEqual({
      message: 'capacity is dropped: gate G is off (Alpha in 1.37)',
      fix: 'Enable G=true on kube-apiserver, kube-scheduler and kubelet, or remove the field.',
      detail: 'G is not known to be on for kube-apiserver, kube-scheduler and kubelet.',
    });
  });

  it('Beta off by default, off for some: the stage in the detail, the off components first in the fix', () => {
    const s = { ...base, offByDefault: true, stage: 'Beta', overall: 'off' as const, on: ['kube-apiserver'], off: ['kubelet'], unknown: ['kube-scheduler'] };
    expect(featureGateWords({ ...VALUE, gate: 'G' }, s, '1.37')).toEqual({
      message: 'value Gt of operator is rejected: gate G is off (Beta in 1.37)',
      fix: 'Enable G=true on kubelet and kube-scheduler, or remove the value.',
      detail: 'G is Beta, off by default in 1.37. G is on for kube-apiserver, off for kubelet and not known to be on for kube-scheduler.',
    });
  });

  it('on by default and switched off', () => {
    const s = { ...base, offByDefault: false, stage: 'Beta', overall: 'off' as const, off: ['kube-apiserver'], unknown: [] };
    expect(featureGateWords({ ...KIND, gate: 'G', tag: 'T' }, s, '1.37')).toEqual({
      message: 'Widget is not served: gate G is switched off',
      fix: 'Enable G=true on kube-apiserver, or remove the object.',
      detail: 'The field is tagged with gate T, which is G. G is Beta and on by default in 1.37, and switched off where the evidence says. G is off for kube-apiserver.',
    });
    expect(featureGateWords({ ...KIND, gate: 'G', tag: 'G' }, { ...s, stage: undefined }, '1.37').detail).toBe(
      'G is stage unknown and on by default in 1.37, and switched off where the evidence says. G is off for kube-apiserver.',
    );
  });

  it('partial: on for some, the others cannot be seen', () => {
    const one = { ...base, offByDefault: true, stage: 'Alpha', overall: 'partial' as const, on: ['kube-apiserver', 'kube-scheduler'], unknown: ['kubelet'] };
    expect(featureGateWords({ ...FIELD, gate: 'G' }, one, '1.37')).toEqual({
      message: 'capacity may be dropped: gate G may be off for kubelet',
      fix: 'Make sure G is enabled on kubelet too.',
      detail: 'G is Alpha in 1.37. G is on for kube-apiserver and kube-scheduler and cannot be seen for kubelet.',
    });
    const two = { ...one, on: ['kube-apiserver'], unknown: ['kube-scheduler', 'kubelet'] };
    expect(featureGateWords({ ...FIELD, gate: 'G' }, two, '1.37').message).toBe('capacity may be dropped: gate G may be off for 2 components');
  });

  it('no known components, no known stage', () => {
    const s = { offByDefault: true, stage: undefined, overall: 'off' as const, components: [], on: [], off: [], unknown: [''] };
    expect(featureGateWords({ ...KUBELET_FIELD, gate: 'G' }, s, '1.37')).toEqual({
      message: 'defaultPodSysctls is ignored: gate G is off (stage unknown in 1.37)',
      fix: 'Enable G=true where the feature runs, or remove the field.',
      detail: 'G is stage unknown in 1.37. The components that need it are not known.',
    });
  });
});

describe('gate-dependency', () => {
  it('names the needed gate, where it is off or its stage', () => {
    expect(gateDependencyWords({ gate: 'A', via: 'field' }, 'B', ['kubelet', 'kube-apiserver'], 'Alpha', '1.37')).toEqual({
      message: 'This field does not work while gate B is off: enable it too',
      fix: 'Enable B as well.',
      detail: 'A also needs feature gate B, which is off for kubelet and kube-apiserver. Gate dependencies are known only for a few curated features.',
    });
    expect(gateDependencyWords({ gate: 'A', via: 'kind' }, 'B', [], 'Beta', '1.36').detail).toBe(
      'A also needs feature gate B, which is off (Beta in 1.36). Gate dependencies are known only for a few curated features.',
    );
    expect(gateDependencyWords({ gate: 'A', via: 'kind' }, 'B', [], undefined, '1.36').message).toBe('This object does not work while gate B is off: enable it too');
    expect(gateDependencyWords({ gate: 'A', via: 'enum-value' }, 'B', ['kubelet'], undefined, '1.36')).toMatchObject({
      message: 'This value does not work while gate B is off: enable it too',
      detail: 'A also needs feature gate B, which is off for kubelet. Gate dependencies are known only for a few curated features.',
    });
    expect(gateDependencyWords({ gate: 'A', via: 'field' }, 'B', [], undefined, '1.36').detail).toContain('which is off (stage unknown in 1.36).');
  });
});
