// The pod spec's topology spread constraints: the hand-written rules of validateTopologySpreadConstraints that the
// schema does not carry (maxSkew and minDomains above 0, minDomains only with DoNotSchedule, a non-empty
// topologyKey, one constraint per {topologyKey, whenUnsatisfiable} pair, matchLabelKeys, the labelSelector), over
// the spec after SetDefaults_PodSpec. The enums (whenUnsatisfiable, node inclusion policies) are the schema's.
import { at, type PodSpecRule } from './rule-types';
import { checkLabelSelector, LABEL_SELECTOR_SOURCE } from './selector-rules';
import { fieldOf, itemOf, list, num, obj, objs, str } from './object-view';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');

export const POD_TOPOLOGY_SPREAD_RULES: readonly PodSpecRule[] = [
  {
    rule: 'topologySpread',
    source: [
      CORE('validateTopologySpreadConstraints → ValidateMaxSkew, ValidateTopologyKey, validateMinDomains, ValidateSpreadConstraintNotRepeat'),
      CORE('validateMatchLabelKeysInTopologySpread (needs labelSelector; label keys not already in it)'),
      CORE('validateTopologySpreadConstraints (labelSelector: ValidateLabelSelector, label values checked on create)'),
      LABEL_SELECTOR_SOURCE,
    ],
    check(t, say) {
      const base = fieldOf(t.path, 'topologySpreadConstraints');
      const all = objs(t.spec['topologySpreadConstraints']);
      for (const [c, i] of all) {
        const path = itemOf(base, i);
        const skew = num(c['maxSkew']);
        if (skew !== undefined && skew <= 0) say.reject(fieldOf(path, 'maxSkew'), `maxSkew ${skew} must be above 0`, 'Use a maxSkew of 1 or more.', { value: skew });
        const key = c['topologyKey'];
        if (key === undefined || key === null || key === '') say.missing(fieldOf(path, 'topologyKey'), 'a topology spread constraint needs a topologyKey', 'Set topologyKey, e.g. topology.kubernetes.io/zone.');
        const action = str(c['whenUnsatisfiable']);
        const min = c['minDomains'];
        if (min !== undefined && min !== null) {
          const n = num(min);
          if (n !== undefined && n <= 0) say.reject(fieldOf(path, 'minDomains'), `minDomains ${n} must be above 0`, 'Use a minDomains of 1 or more, or leave it out.', { value: n });
          if (action !== 'DoNotSchedule') say.reject(fieldOf(path, 'minDomains'), `minDomains only works with whenUnsatisfiable DoNotSchedule, not ${action ?? 'unset'}`, 'Remove minDomains, or use whenUnsatisfiable: DoNotSchedule.');
        }
        checkLabelSelector(c['labelSelector'], fieldOf(path, 'labelSelector'), say);
        const later = all.find(([o, j]) => j > i && str(o['topologyKey']) === str(key) && str(o['whenUnsatisfiable']) === action);
        if (later) say.reject(path, `constraints ${i + 1} and ${later[1] + 1} both spread on ${String(key)} with ${action}`, 'Merge the two constraints, or change the topologyKey or whenUnsatisfiable of one.');
        const keys = list(c['matchLabelKeys']).map(String);
        if (keys.length === 0) continue;
        const keysAt = fieldOf(path, 'matchLabelKeys');
        const selector = obj(c['labelSelector']);
        if (!selector) {
          say.reject(keysAt, 'matchLabelKeys needs a labelSelector', 'Add a labelSelector, or remove matchLabelKeys.');
          continue;
        }
        const inSelector = new Set([...Object.keys(obj(selector['matchLabels']) ?? {}), ...objs(selector['matchExpressions']).map(([e]) => str(e['key']) ?? '')]);
        keys.forEach((k, j) => {
          if (!say.labelOk(k)) say.reject(itemOf(keysAt, j), `${JSON.stringify(k)} is not a valid label key`, 'Use a label key such as app or pod-template-hash.', { value: k });
          else if (inSelector.has(k)) say.reject(itemOf(keysAt, j), `label key ${k} is both in matchLabelKeys and in the labelSelector`, 'Keep the key in one of the two.', { value: k });
        });
      }
    },
  },
];
