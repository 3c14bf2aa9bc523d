// policy/v1 PodDisruptionBudget: the hand-written rule of ValidatePodDisruptionBudgetSpec that the schema does not
// carry (the percentages themselves are the int-or-string rows of handwritten-table.ts).
import { at, type KindRule } from './rule-types';
import { isSet, obj } from './object-view';

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
];
