// A metav1.LabelSelector as the API server reads it: whether it selects anything, and whether it matches a set of
// labels (LabelSelectorAsSelector, then Matches). Sources: kubernetes/apimachinery pkg/apis/meta/v1/helpers.go
// (LabelSelectorAsSelector: no selector selects nothing, an empty one everything) and pkg/labels/selector.go
// (Requirement.Matches: In, NotIn, Exists, DoesNotExist).
import { list, obj, str, type Obj, type Value } from './object-view';

/** Whether `selector` matches `labels`; undefined when the selector cannot be read (an operator upstream does not
 *  take, a key or value that is not a label's), which its own checks report. */
export function selectorMatches(selector: Value | undefined, labels: Value | undefined, labelOk: (key: string, value?: string) => boolean): boolean | undefined {
  const s = obj(selector);
  if (!s) return false;
  const have = obj(labels) ?? {};
  const label = (k: string): string | undefined => str(have[k]);
  const matchLabels = obj(s['matchLabels']) ?? {};
  for (const [k, v] of Object.entries(matchLabels)) {
    if (typeof v !== 'string' || !labelOk(k, v)) return undefined;
    if (label(k) !== v) return false;
  }
  for (const raw of list(s['matchExpressions'])) {
    const e = obj(raw);
    const key = str(e?.['key']);
    const op = str(e?.['operator']);
    if (!e || key === undefined || op === undefined) return undefined;
    const values = list(e['values']).map((v) => (typeof v === 'string' ? v : undefined));
    if (values.some((v) => v === undefined || !labelOk(key, v)) || !labelOk(key)) return undefined;
    // NewRequirement refuses In / NotIn without values and Exists / DoesNotExist with some.
    if ((op === 'In' || op === 'NotIn') === (values.length === 0)) return undefined;
    const value = label(key);
    switch (op) {
      case 'In':
        if (value === undefined || !values.includes(value)) return false;
        break;
      case 'NotIn':
        if (value !== undefined && values.includes(value)) return false;
        break;
      case 'Exists':
        if (value === undefined) return false;
        break;
      case 'DoesNotExist':
        if (value !== undefined) return false;
        break;
      default:
        return undefined;
    }
  }
  return true;
}

/** A selector with neither matchLabels nor matchExpressions entries. */
export function isEmptySelector(selector: Obj): boolean {
  return Object.keys(obj(selector['matchLabels']) ?? {}).length + list(selector['matchExpressions']).length === 0;
}
