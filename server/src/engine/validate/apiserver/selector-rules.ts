// ValidateLabelSelector (apimachinery pkg/apis/meta/v1/validation) for selectors the ObjectMeta checks do not
// read (their `labelMaps` cover workload selectors and Service selectors): matchLabels keys and values, each
// requirement's key, and its operator with its values (In/NotIn need values, Exists/DoesNotExist take none).
import type { UpstreamSource } from '../field-rule-table';
import { briefFormatProblem } from '../declarative-formats';
import { itemOf, list, obj, objs, str, type Value } from './object-view';
import type { KindRule, Say } from './rule-types';

export const LABEL_SELECTOR_SOURCE: UpstreamSource = {
  repo: 'kubernetes/kubernetes',
  path: 'staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go',
  commit: '7c981108130eb34797e0dd872501a403cadc95d6',
  fn: 'ValidateLabelSelector / ValidateLabelSelectorRequirement / ValidateLabels',
};

/** Reports what ValidateLabelSelector refuses in the selector at `path` (absent: nothing). */
export function checkLabelSelector(selector: Value | undefined, path: string, say: Say): void {
  const s = obj(selector);
  if (!s) return;
  for (const [key, value] of Object.entries(obj(s['matchLabels']) ?? {})) {
    const keyBad = briefFormatProblem('k8s-label-key', key);
    if (keyBad) say.reject(`${path}.matchLabels`, `label key "${key}" ${keyBad}`, 'Use the label key the selected objects carry, e.g. app.kubernetes.io/name.', { value: key });
    if (typeof value === 'string' && value !== '') {
      const valueBad = briefFormatProblem('k8s-label-value', value);
      if (valueBad) say.reject(`${path}.matchLabels`, `label value "${value}" ${valueBad}`, 'Use a label value (no spaces; letters, digits, "-", "_", ".").', { value });
    }
  }
  checkSelectorRequirements(s, path, say);
  for (const [e, i] of objs(s['matchExpressions'])) {
    const at = itemOf(`${path}.matchExpressions`, i);
    const key = str(e['key']);
    const keyBad = key === undefined ? undefined : key === '' ? 'is empty' : briefFormatProblem('k8s-label-key', key);
    if (keyBad) say.reject(`${at}.key`, `label key "${key}" ${keyBad}`, 'Use the label key the selected objects carry.', { value: key });
  }
}

/** The operator and values of each requirement of a selector (its keys are left to the caller). */
export function checkSelectorRequirements(selector: Value | undefined, path: string, say: Say): void {
  for (const [e, i] of objs(obj(selector)?.['matchExpressions'])) {
    const at = itemOf(`${path}.matchExpressions`, i);
    const op = str(e['operator']);
    const values = list(e['values']);
    if (op === 'In' || op === 'NotIn') {
      if (values.length === 0) say.missing(`${at}.values`, `operator ${op} needs at least one value`, `List the values to match, or use operator ${op === 'In' ? 'Exists' : 'DoesNotExist'}.`);
    } else if (op === 'Exists' || op === 'DoesNotExist') {
      if (values.length > 0) say.reject(`${at}.values`, `operator ${op} takes no values`, `Remove values, or use operator ${op === 'Exists' ? 'In' : 'NotIn'}.`);
    } else if (op !== undefined) {
      say.reject(`${at}.operator`, `"${op}" is not a selector operator`, 'Use In, NotIn, Exists or DoesNotExist.', { value: op });
    }
  }
}

/** A rule that runs ValidateLabelSelector over the selector at `path` (dotted, below the object) of `kinds`. */
export function selectorRule(rule: string, kinds: string[], caller: UpstreamSource, path: string): KindRule {
  const steps = path.split('.');
  return {
    rule,
    kinds,
    source: [caller, LABEL_SELECTOR_SOURCE],
    check(o, say) {
      let at: Value | undefined = o;
      for (const step of steps) at = obj(at)?.[step];
      checkLabelSelector(at, path, say);
    },
  };
}
