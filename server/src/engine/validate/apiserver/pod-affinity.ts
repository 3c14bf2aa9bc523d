// The pod spec's affinity: the hand-written rules of validateNodeAffinity, validatePodAffinity and
// validatePodAntiAffinity (node selector requirements and their operators, matchFields, weights, pod affinity
// terms' namespaces, label selectors, matchLabelKeys / mismatchLabelKeys and topologyKey), over the spec after
// SetDefaults_PodSpec.
import { at, type PodSpecRule, type Say } from './rule-types';
import { checkLabelSelector, LABEL_SELECTOR_SOURCE } from './selector-rules';
import { fieldOf, itemOf, list, num, obj, objs, str, type Obj, type Value } from './object-view';
import { briefFormatProblem } from '../declarative-formats';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');

function weight(say: Say, term: Obj, path: string): void {
  const w = num(term['weight']);
  if (w === undefined || (w >= 1 && w <= 100)) return;
  say.reject(fieldOf(path, 'weight'), `weight ${w} is outside 1 to 100`, 'Use a weight from 1 to 100.', { value: w });
}

function strings(v: Value | undefined): string[] {
  return list(v).map((x) => (typeof x === 'string' ? x : String(x)));
}

/** ValidateNodeSelectorRequirement (matchExpressions) and ValidateNodeFieldSelectorRequirement (matchFields). */
function nodeSelectorTerm(say: Say, term: Obj, path: string, checkValues: boolean): void {
  for (const [req, i] of objs(term['matchExpressions'])) {
    const at = itemOf(fieldOf(path, 'matchExpressions'), i);
    const op = str(req['operator']);
    const values = strings(req['values']);
    const valuesAt = fieldOf(at, 'values');
    if (op === 'In' || op === 'NotIn') {
      if (values.length === 0) say.missing(valuesAt, `operator ${op} needs at least one value`, 'Add the values to match, or use operator Exists.');
    } else if (op === 'Exists' || op === 'DoesNotExist') {
      if (values.length > 0) say.reject(valuesAt, `operator ${op} takes no values`, 'Remove values, or use operator In.');
    } else if (op === 'Gt' || op === 'Lt') {
      if (values.length !== 1) say.reject(valuesAt, `operator ${op} takes exactly one value, not ${values.length}`, 'Give one integer value to compare with.');
    }
    // An operator outside the six is the schema's enum finding.
    const key = str(req['key']);
    if (key !== undefined && !say.labelOk(key)) say.reject(fieldOf(at, 'key'), `${JSON.stringify(key)} is not a valid label key`, 'Use a label key such as topology.kubernetes.io/zone.', { value: key });
    if (!checkValues) continue;
    values.forEach((v, j) => {
      const bad = briefFormatProblem('k8s-label-value', v);
      if (bad) say.reject(itemOf(valuesAt, j), `value ${JSON.stringify(v)} ${bad}`, 'Use a valid label value.', { value: v });
    });
  }
  for (const [req, i] of objs(term['matchFields'])) {
    const at = itemOf(fieldOf(path, 'matchFields'), i);
    const op = str(req['operator']);
    const values = strings(req['values']);
    if (op === 'In' || op === 'NotIn') {
      if (values.length !== 1) say.reject(fieldOf(at, 'values'), `matchFields with operator ${op} takes exactly one value, not ${values.length}`, 'Use one node name per matchFields entry, or matchExpressions on kubernetes.io/hostname.');
    } else if (op !== undefined) {
      say.reject(fieldOf(at, 'operator'), `matchFields supports only In and NotIn, not ${JSON.stringify(op)}`, 'Use operator In or NotIn.', { value: op });
    }
    const key = str(req['key']);
    if (key !== 'metadata.name') {
      if (key !== undefined) say.reject(fieldOf(at, 'key'), `${JSON.stringify(key)} is not a node field matchFields can select on`, 'Use key: metadata.name.', { value: key });
      continue;
    }
    values.forEach((v, j) => {
      const bad = briefFormatProblem('k8s-long-name', v);
      if (bad) say.reject(itemOf(fieldOf(at, 'values'), j), `node name ${JSON.stringify(v)} ${bad}`, 'Use the name of a node (a DNS subdomain).', { value: v });
    });
  }
}

/** ValidateNodeSelector outside a pod (a ResourceSlice's or a device's nodeSelector): each term's requirements, label
 *  values included; `requireTerm`: at least one term (a slice counts its terms itself). */
export function checkNodeSelector(say: Say, selector: Obj, path: string, requireTerm: boolean): void {
  const termsAt = fieldOf(path, 'nodeSelectorTerms');
  if (requireTerm && list(selector['nodeSelectorTerms']).length === 0) say.missing(termsAt, 'a node selector needs at least one term', 'Add a term under nodeSelectorTerms.');
  for (const [term, i] of objs(selector['nodeSelectorTerms'])) nodeSelectorTerm(say, term, itemOf(termsAt, i), true);
}

/** validateMatchLabelKeysAndMismatchLabelKeys as far as the manifest decides it: the keys need a labelSelector, are
 *  label keys, and a key is not both matched and mismatched. (Keys that also appear in the labelSelector are judged
 *  by upstream only after the pod's labels are merged into the selector, so they are left alone here.) */
function labelKeys(say: Say, term: Obj, path: string): void {
  const match = strings(term['matchLabelKeys']);
  const mismatch = strings(term['mismatchLabelKeys']);
  const hasSelector = obj(term['labelSelector']) !== undefined;
  for (const [name, keys] of [['matchLabelKeys', match], ['mismatchLabelKeys', mismatch]] as const) {
    if (keys.length === 0) continue;
    const keysAt = fieldOf(path, name);
    if (!hasSelector) {
      say.reject(keysAt, `${name} needs a labelSelector`, `Add a labelSelector, or remove ${name}.`);
      continue;
    }
    keys.forEach((k, j) => {
      if (!say.labelOk(k)) say.reject(itemOf(keysAt, j), `${JSON.stringify(k)} is not a valid label key`, 'Use a label key such as app or pod-template-hash.', { value: k });
    });
  }
  const mismatched = new Set(mismatch);
  match.forEach((k, j) => {
    if (mismatched.has(k)) say.reject(itemOf(fieldOf(path, 'matchLabelKeys'), j), `label key ${k} is both in matchLabelKeys and in mismatchLabelKeys`, 'Keep the key in one of the two.', { value: k });
  });
}

/** validatePodAffinityTerm: label selectors, namespaces are DNS labels, matchLabelKeys, topologyKey a label key. */
function podAffinityTerm(say: Say, term: Obj, path: string): void {
  checkLabelSelector(term['labelSelector'], fieldOf(path, 'labelSelector'), say);
  checkLabelSelector(term['namespaceSelector'], fieldOf(path, 'namespaceSelector'), say);
  labelKeys(say, term, path);
  strings(term['namespaces']).forEach((ns, i) => {
    const bad = briefFormatProblem('k8s-short-name', ns);
    // Upstream names the field "namespace" in this error.
    if (bad) say.reject(itemOf(fieldOf(path, 'namespaces'), i), `namespace ${JSON.stringify(ns)} ${bad}`, 'Use the name of a namespace.', { value: ns });
  });
  const key = str(term['topologyKey']) ?? '';
  const at = fieldOf(path, 'topologyKey');
  if (key === '') say.missing(at, 'a pod affinity term needs a topologyKey', 'Set topologyKey, e.g. kubernetes.io/hostname or topology.kubernetes.io/zone.');
  else if (!say.labelOk(key)) say.reject(at, `topologyKey ${JSON.stringify(key)} is not a valid label key`, 'Use a node label key such as topology.kubernetes.io/zone.', { value: key });
}

export const POD_AFFINITY_RULES: readonly PodSpecRule[] = [
  {
    rule: 'nodeAffinity',
    source: [
      CORE('validateNodeAffinity → ValidateNodeSelector (at least one term) / ValidatePreferredSchedulingTerms (weight 1-100)'),
      CORE('ValidateNodeSelectorRequirement (operators and their values; label key; label values when required)'),
      CORE('ValidateNodeFieldSelectorRequirement (In/NotIn with one value; key metadata.name; node names)'),
    ],
    check(t, say) {
      const base = fieldOf(fieldOf(t.path, 'affinity'), 'nodeAffinity');
      const na = obj(obj(t.spec['affinity'])?.['nodeAffinity']);
      if (!na) return;
      const required = obj(na['requiredDuringSchedulingIgnoredDuringExecution']);
      if (required) {
        const termsAt = fieldOf(fieldOf(base, 'requiredDuringSchedulingIgnoredDuringExecution'), 'nodeSelectorTerms');
        if (list(required['nodeSelectorTerms']).length === 0) say.missing(termsAt, 'a required node affinity needs at least one node selector term', 'Add a term under nodeSelectorTerms, or remove requiredDuringSchedulingIgnoredDuringExecution.');
        for (const [term, i] of objs(required['nodeSelectorTerms'])) nodeSelectorTerm(say, term, itemOf(termsAt, i), true);
      }
      const preferredAt = fieldOf(base, 'preferredDuringSchedulingIgnoredDuringExecution');
      for (const [term, i] of objs(na['preferredDuringSchedulingIgnoredDuringExecution'])) {
        weight(say, term, itemOf(preferredAt, i));
        // Preferred terms may hold values that are not label values (upstream allows them).
        const preference = obj(term['preference']);
        if (preference) nodeSelectorTerm(say, preference, fieldOf(itemOf(preferredAt, i), 'preference'), false);
      }
    },
  },
  {
    rule: 'podAffinity',
    source: [
      CORE('validatePodAffinity / validatePodAntiAffinity → validatePodAffinityTerms, validateWeightedPodAffinityTerms (weight 1-100)'),
      CORE('validatePodAffinityTerm (namespaces, topologyKey required and a label key)'),
      CORE('validatePodAffinityTerm → ValidatePodAffinityTermSelector (labelSelector, namespaceSelector: ValidateLabelSelector)'),
      CORE('validatePodAffinityTerm → validateMatchLabelKeysAndMismatchLabelKeys (needs labelSelector; label keys; not both)'),
      LABEL_SELECTOR_SOURCE,
    ],
    check(t, say) {
      const affinity = obj(t.spec['affinity']);
      for (const kind of ['podAffinity', 'podAntiAffinity']) {
        const pa = obj(affinity?.[kind]);
        if (!pa) continue;
        const base = fieldOf(fieldOf(t.path, 'affinity'), kind);
        const requiredAt = fieldOf(base, 'requiredDuringSchedulingIgnoredDuringExecution');
        for (const [term, i] of objs(pa['requiredDuringSchedulingIgnoredDuringExecution'])) podAffinityTerm(say, term, itemOf(requiredAt, i));
        const preferredAt = fieldOf(base, 'preferredDuringSchedulingIgnoredDuringExecution');
        for (const [term, i] of objs(pa['preferredDuringSchedulingIgnoredDuringExecution'])) {
          weight(say, term, itemOf(preferredAt, i));
          podAffinityTerm(say, obj(term['podAffinityTerm']) ?? {}, fieldOf(itemOf(preferredAt, i), 'podAffinityTerm'));
        }
      }
    },
  },
];
