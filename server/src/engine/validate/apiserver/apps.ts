// apps/v1 workload controllers (Deployment, ReplicaSet, StatefulSet, DaemonSet): the hand-written rules of
// ValidateDeploymentSpec, ValidateReplicaSetSpec, ValidateStatefulSetSpec, ValidateDaemonSetSpec and their
// strategy checks, read over the object after SetDefaults_* (defaults.ts). Read at the commit below.
import { at, rejectNegative, type KindRule } from './rule-types';
import { isSet, num, obj, specOf, str, type Obj, type Value } from './object-view';
import { isEmptySelector, selectorMatches } from './label-selector';
import { checkSelectorRequirements, LABEL_SELECTOR_SOURCE } from './selector-rules';

const APPS = at('pkg/apis/apps/validation/validation.go', '2dd1588c490775be7cd90d0afc59c6dcef07032a');

const DEPLOYMENT = 'apps/Deployment';
const REPLICA_SET = 'apps/ReplicaSet';
const STATEFUL_SET = 'apps/StatefulSet';
const DAEMON_SET = 'apps/DaemonSet';
const CONTROLLERS = [DEPLOYMENT, REPLICA_SET, STATEFUL_SET, DAEMON_SET];

const NOUN: Record<string, string> = { Deployment: 'Deployment', ReplicaSet: 'ReplicaSet', StatefulSet: 'StatefulSet', DaemonSet: 'DaemonSet' };

function kindOf(o: Obj): string {
  return NOUN[str(o['kind']) ?? ''] ?? 'controller';
}

/** getIntOrPercentValue: a percentage's number, an integer, else what Go's Atoi makes of the string (0 when it
 *  is not a number). */
function intOrPercent(v: Value | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return 0;
  const m = /^([0-9]+)%$/.exec(v);
  if (m) return Number(m[1]);
  return /^[-+]?[0-9]+$/.test(v) ? Number(v) : 0;
}

export const APPS_RULES: readonly KindRule[] = [
  {
    rule: 'statefulSetRetentionPolicy',
    kinds: [STATEFUL_SET],
    source: APPS('ValidatePersistentVolumeClaimRetentionPolicy / ValidatePersistentVolumeClaimRetentionPolicyType (Retain or Delete)'),
    check(o, say) {
      const policy = obj(specOf(o)['persistentVolumeClaimRetentionPolicy']);
      for (const field of ['whenDeleted', 'whenScaled']) {
        const v = str(policy?.[field]);
        // An empty or absent value is defaulted to Retain.
        if (v === undefined || v === '' || v === 'Retain' || v === 'Delete') continue;
        say.reject(`spec.persistentVolumeClaimRetentionPolicy.${field}`, `${field} "${v}" is not supported`, 'Use Retain or Delete.', { value: v, allowed: ['Retain', 'Delete'] });
      }
    },
  },
  {
    // The keys and matchLabels of these selectors are the ObjectMeta checks' (object-label-maps.tsv).
    rule: 'selectorRequirements',
    kinds: CONTROLLERS,
    source: [APPS('ValidateDeploymentSpec / ValidateReplicaSetSpec / ValidateStatefulSetSpec / ValidateDaemonSetSpec (selector: ValidateLabelSelector)'), LABEL_SELECTOR_SOURCE],
    check(o, say) {
      checkSelectorRequirements(specOf(o)['selector'], 'spec.selector', say);
    },
  },
  {
    rule: 'selectorEmpty',
    kinds: CONTROLLERS,
    source: APPS('ValidateDeploymentSpec / ValidateReplicaSetSpec / ValidateStatefulSetSpec / ValidateDaemonSetSpec ("empty selector is invalid")'),
    check(o, say) {
      const selector = obj(specOf(o)['selector']);
      if (!selector || !isEmptySelector(selector)) return;
      say.reject('spec.selector', `an empty selector would select every pod, and a ${kindOf(o)} may not have one`, 'Add matchLabels that the template labels carry, e.g. app: <name>.');
    },
  },
  {
    rule: 'selectorMatchesTemplate',
    kinds: CONTROLLERS,
    source: APPS('ValidatePodTemplateSpecForReplicaSet / ValidatePodTemplateSpecForStatefulSet / ValidateDaemonSetSpec ("`selector` does not match template `labels`")'),
    check(o, say) {
      const s = specOf(o);
      const selector = obj(s['selector']);
      // No selector is the required-field check's; an empty one is selectorEmpty's.
      if (!selector || isEmptySelector(selector)) return;
      const template = obj(s['template']);
      const labels = obj(template?.['metadata'])?.['labels'];
      if (selectorMatches(selector, labels, say.labelOk) !== false) return;
      say.reject(
        'spec.template.metadata.labels',
        `spec.selector does not match the template labels, so the ${kindOf(o)} would not own its pods`,
        'Give the template every label of spec.selector.matchLabels (and satisfy its matchExpressions).',
      );
    },
  },
  {
    rule: 'templateRestartPolicyAlways',
    kinds: CONTROLLERS,
    source: APPS('ValidatePodTemplateSpecForReplicaSet / ValidateStatefulSetSpec / ValidateDaemonSetSpec (restartPolicy: only Always)'),
    check(o, say) {
      const policy = str(obj(obj(specOf(o)['template'])?.['spec'])?.['restartPolicy']);
      if (policy === undefined || policy === '' || policy === 'Always') return;
      say.reject('spec.template.spec.restartPolicy', `a ${kindOf(o)}'s pods must have restartPolicy Always, not ${policy}`, 'Remove restartPolicy (it defaults to Always), or set it to Always.', { value: policy });
    },
  },
  {
    rule: 'templateActiveDeadline',
    kinds: CONTROLLERS,
    source: APPS('ValidatePodTemplateSpecForReplicaSet / ValidateStatefulSetSpec / ValidateDaemonSetSpec (activeDeadlineSeconds forbidden)'),
    check(o, say) {
      const podSpec = obj(obj(specOf(o)['template'])?.['spec']);
      if (!podSpec || !isSet(podSpec['activeDeadlineSeconds'])) return;
      say.reject('spec.template.spec.activeDeadlineSeconds', `a ${kindOf(o)}'s pods may not set activeDeadlineSeconds`, 'Remove activeDeadlineSeconds: the controller would replace pods it ends.');
    },
  },
  {
    rule: 'nonNegative',
    kinds: CONTROLLERS,
    source: APPS('ValidateDeploymentSpec / ValidateReplicaSetSpec / ValidateStatefulSetSpec / ValidateDaemonSetSpec (ValidateNonnegativeField)'),
    check(o, say) {
      const s = specOf(o);
      for (const field of ['replicas', 'minReadySeconds', 'revisionHistoryLimit', 'progressDeadlineSeconds']) rejectNegative(say, `spec.${field}`, s[field], field);
      rejectNegative(say, 'spec.ordinals.start', obj(s['ordinals'])?.['start'], 'ordinals.start');
      rejectNegative(say, 'spec.updateStrategy.rollingUpdate.partition', obj(obj(s['updateStrategy'])?.['rollingUpdate'])?.['partition'], 'partition');
    },
  },
  {
    rule: 'progressDeadline',
    kinds: [DEPLOYMENT],
    source: [APPS('ValidateDeploymentSpec (progressDeadlineSeconds "must be greater than minReadySeconds")'), { repo: 'kubernetes/kubernetes', path: 'pkg/apis/apps/v1/defaults.go', commit: 'a79f3c787d204848670cdf3e424107053ffcea3e', fn: 'SetDefaults_Deployment (progressDeadlineSeconds 600)' }],
    check(o, say) {
      const s = specOf(o);
      const deadline = num(s['progressDeadlineSeconds']);
      const minReady = num(s['minReadySeconds']) ?? 0;
      if (deadline === undefined || deadline < 0 || deadline > minReady) return;
      const how = say.defaulted('spec.progressDeadlineSeconds') ? ' (its default)' : '';
      say.reject(
        'spec.progressDeadlineSeconds',
        `progressDeadlineSeconds ${deadline}${how} must be greater than minReadySeconds ${minReady}`,
        `Set progressDeadlineSeconds above ${minReady}, or lower minReadySeconds.`,
        { progressDeadlineSeconds: deadline, minReadySeconds: minReady },
      );
    },
  },
  {
    rule: 'strategyRollingUpdate',
    kinds: [DEPLOYMENT],
    source: APPS('ValidateDeploymentStrategy (rollingUpdate "may not be specified when strategy `type` is \'Recreate\'")'),
    check(o, say) {
      const strategy = obj(specOf(o)['strategy']);
      if (str(strategy?.['type']) !== 'Recreate' || !isSet(strategy?.['rollingUpdate'])) return;
      say.reject('spec.strategy.rollingUpdate', 'rollingUpdate may not be set with strategy type Recreate', 'Remove rollingUpdate, or use type RollingUpdate.');
    },
  },
  {
    rule: 'strategyRollingUpdate',
    kinds: [STATEFUL_SET],
    source: APPS('ValidateStatefulSetSpec (rollingUpdate "only allowed for updateStrategy \'RollingUpdate\'")'),
    check(o, say) {
      const strategy = obj(specOf(o)['updateStrategy']);
      if (str(strategy?.['type']) !== 'OnDelete' || !isSet(strategy?.['rollingUpdate'])) return;
      say.reject('spec.updateStrategy.rollingUpdate', 'rollingUpdate may not be set with updateStrategy type OnDelete', 'Remove rollingUpdate, or use type RollingUpdate.');
    },
  },
  {
    rule: 'daemonSetSurge',
    kinds: [DAEMON_SET],
    source: [
      APPS('ValidateRollingUpdateDaemonSet (exactly one of maxSurge and maxUnavailable non-zero)'),
      { repo: 'kubernetes/kubernetes', path: 'pkg/apis/apps/v1/defaults.go', commit: 'a79f3c787d204848670cdf3e424107053ffcea3e', fn: 'SetDefaults_DaemonSet (maxUnavailable 1, maxSurge 0)' },
    ],
    check(o, say) {
      const strategy = obj(specOf(o)['updateStrategy']);
      const rolling = obj(strategy?.['rollingUpdate']);
      if (str(strategy?.['type']) !== 'RollingUpdate' || !rolling) return;
      const base = 'spec.updateStrategy.rollingUpdate';
      const unavailable = intOrPercent(rolling['maxUnavailable']);
      const surge = intOrPercent(rolling['maxSurge']);
      if (unavailable !== 0 && surge !== 0) {
        const how = say.defaulted(`${base}.maxUnavailable`) ? ' (it defaults to 1)' : '';
        say.reject(`${base}.maxSurge`, `maxSurge may not be set while maxUnavailable is not 0${how}`, 'Set maxUnavailable: 0 beside maxSurge, or remove maxSurge.');
      } else if (unavailable === 0 && surge === 0) {
        say.reject(`${base}.maxUnavailable`, 'maxUnavailable and maxSurge are both 0, so a rollout could never progress', 'Set maxUnavailable or maxSurge above 0.');
      }
    },
  },
];
