// Policy kinds: policy/v1 PodDisruptionBudget (ValidatePodDisruptionBudgetSpec; the percentages themselves are the
// int-or-string rows of handwritten-table.ts) and scheduling.k8s.io/v1 PriorityClass (ValidatePriorityClass).
import { at, type KindRule } from './rule-types';
import { isSet, num, obj, str } from './object-view';

const SCHEDULING = at('pkg/apis/scheduling/validation/validation.go', '00447344aba092d2e9fed602d0a9522dda4fdd14');
/** pkg/apis/scheduling/types.go: HighestUserDefinablePriority, and the two system classes. */
const HIGHEST_USER_PRIORITY = 1000000000;
const SYSTEM_CLASSES = ['system-cluster-critical', 'system-node-critical'];
const POLICY = at('pkg/apis/policy/validation/validation.go', '3157ff0230c990ac3e3c647a8abea360149aae32');

export const POLICY_RULES: readonly KindRule[] = [
  {
    rule: 'pdbMinOrMax',
    kinds: ['policy/PodDisruptionBudget'],
    source: POLICY('ValidatePodDisruptionBudgetSpec ("minAvailable and maxUnavailable cannot be both set")'),
    check(o, say) {
      const spec = obj(o['spec']);
      if (!spec || !isSet(spec['minAvailable']) || !isSet(spec['maxUnavailable'])) return;
      say.reject('spec', 'a PodDisruptionBudget may set minAvailable or maxUnavailable, not both', 'Keep one of minAvailable and maxUnavailable.');
    },
  },
  {
    rule: 'priorityClass',
    kinds: ['scheduling.k8s.io/PriorityClass'],
    source: SCHEDULING('ValidatePriorityClass ("system-" names reserved; value at most HighestUserDefinablePriority)'),
    check(o, say) {
      const name = str(obj(o['metadata'])?.['name']) ?? '';
      if (name.startsWith('system-')) {
        if (!SYSTEM_CLASSES.includes(name)) say.reject('metadata.name', `names starting with "system-" are reserved for the system's priority classes`, 'Choose a name without the "system-" prefix.', { value: name });
        return;
      }
      const value = num(o['value']);
      if (value !== undefined && value > HIGHEST_USER_PRIORITY) {
        say.reject('value', `value ${value} is above ${HIGHEST_USER_PRIORITY}, the highest a user-defined priority may have`, `Use ${HIGHEST_USER_PRIORITY} or less.`, { value });
      }
    },
  },
];
