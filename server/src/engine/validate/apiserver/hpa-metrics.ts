// autoscaling/v2 HorizontalPodAutoscaler: the metrics and behavior rules of validateHorizontalPodAutoscalerSpec
// (validateMetrics, validateMetricSpec and its per-source checks, validateBehavior), over the object after the v2
// defaults (an HPA without metrics scales on CPU; written scaling rules keep what was written, so only an
// explicit empty policy list is refused). autoscaling/v1 has no metrics or behavior fields: its
// targetCPUUtilizationPercentage is converted into a CPU Resource metric and judged as one (paths of the converted
// object); the metrics a v1 object keeps in its autoscaling.alpha.kubernetes.io/metrics annotation are not judged.
// The read commit predates the tolerance field (HPAConfigurableTolerance), which is not judged.
// minReplicas 0 is the declarative markers' (HPAScaleToZero); refusing it without an Object or External metric
// is not gated: validateMetrics does so with the gate on, and with it off minReplicas 0 is refused anyway.
import { at, type KindRule, type Say } from './rule-types';
import { fieldOf, itemOf, list, num, obj, objs, str, type Obj, type Value } from './object-view';
import { briefFormatProblem } from '../declarative-formats';
import { quantityValue } from '../quantity';
import { resourceNameProblem } from './pod-resources';

const AUTOSCALING = at('pkg/apis/autoscaling/validation/validation.go', '0fec7b0f7e2dfd4b0c6c57e086472546f6c69efa');
const CORE_V1 = at('pkg/apis/core/v1/validation/validation.go', '054d429d9f8bc8de4fc82e6cf2281e12a13fe1f2');
const CONVERSION_V1 = at('pkg/apis/autoscaling/v1/conversion.go', '6672a99eab3b5559bccf66fbac27d9d3717e43f6');
/** The annotation in which autoscaling/v1 keeps the metrics other than the CPU target (MetricSpecsAnnotation). */
const V1_METRICS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
const DEFAULTS = at('pkg/apis/autoscaling/v2/defaults.go', 'a689afaaa0a02dbec78f0cdfe758ed057c8a2b98');
const HPA = ['autoscaling/HorizontalPodAutoscaler'];

/** The metric source field of each metric type, in the order validateMetricSpec checks the sources. */
const SOURCE_OF: Readonly<Record<string, string>> = { Object: 'object', External: 'external', Pods: 'pods', Resource: 'resource', ContainerResource: 'containerResource' };
const SOURCES = Object.values(SOURCE_OF);
const TARGET_TYPES = ['Utilization', 'Value', 'AverageValue'];
const POLICY_TYPES = ['Pods', 'Percent'];
const SELECT_POLICIES = ['Max', 'Min', 'Disabled'];
/** MaxStabilizationWindowSeconds and MaxPeriodSeconds. */
const MAX_WINDOW = 3600;
const MAX_PERIOD = 1800;

/** The spec of a v2 HPA (undefined for autoscaling/v1, whose metrics live elsewhere). */
function v2Spec(o: Obj): Obj | undefined {
  return str(o['apiVersion']) === 'autoscaling/v2' ? (obj(o['spec']) ?? {}) : undefined;
}

/** A quantity that decodes and is not above zero (Quantity.Sign() != 1). */
function notPositive(v: Value | undefined): boolean {
  const q = typeof v === 'number' ? quantityValue(String(v)) : typeof v === 'string' ? quantityValue(v) : undefined;
  return q !== undefined && (q.negative || q.digits === 0n);
}

/** validateMetricTarget: the type one of three, value and averageValue positive, averageUtilization at least 1. */
function checkTarget(target: Obj, path: string, say: Say): void {
  const type = str(target['type']);
  if (type === '') say.missing(`${path}.type`, 'a metric target needs a type', 'Set type to Utilization, Value or AverageValue.');
  else if (type !== undefined && !TARGET_TYPES.includes(type)) say.reject(`${path}.type`, `target type ${type} is not Utilization, Value or AverageValue`, 'Use Utilization, Value or AverageValue.', { value: type, allowed: TARGET_TYPES });
  for (const field of ['value', 'averageValue']) {
    if (notPositive(target[field])) say.reject(`${path}.${field}`, `target ${field} ${String(target[field])} is not positive`, `Set ${field} above zero.`, { value: target[field] });
  }
  const utilization = num(target['averageUtilization']);
  if (utilization !== undefined && utilization < 1) say.reject(`${path}.averageUtilization`, `averageUtilization ${utilization} is below 1`, 'Set averageUtilization to 1 or more (a percentage of the request).', { value: utilization });
}

/** validateMetricIdentifier and ValidateCrossVersionObjectReference: written names not empty, path segments. */
function checkName(value: Value | undefined, path: string, what: string, say: Say): void {
  const v = str(value);
  if (v === undefined) return;
  const bad = v === '' ? undefined : briefFormatProblem('k8s-path-segment-name', v);
  if (v === '') say.missing(path, `the ${what} may not be empty`, `Set the ${what}.`);
  else if (bad) say.reject(path, `${what} "${v}" ${bad}`, `Use a plain ${what} (no "/" or "%").`, { value: v });
}

/** The per-source checks of validateObjectSource … validateContainerResourceSource. */
function checkSource(field: string, src: Obj, path: string, say: Say): void {
  const target = obj(src['target']);
  const t = `${path}.target`;
  if (field === 'object' || field === 'external' || field === 'pods') checkName(obj(src['metric'])?.['name'], `${path}.metric.name`, 'metric name', say);
  if (field === 'object') {
    const ref = obj(src['describedObject']);
    for (const f of ['kind', 'name']) checkName(ref?.[f], `${path}.describedObject.${f}`, `describedObject ${f}`, say);
  }
  if (field === 'resource' || field === 'containerResource') {
    const name = str(src['name']);
    if (name === '') say.missing(`${path}.name`, 'a resource metric needs a resource name', 'Set name, e.g. cpu or memory.');
    const bad = field === 'containerResource' && name ? resourceNameProblem(name) : undefined;
    if (bad) say.reject(`${path}.name`, `container resource "${name}" ${bad}`, 'Use cpu, memory, ephemeral-storage or an extended resource such as example.com/gpu.', { value: name });
  }
  if (field === 'containerResource') {
    const container = str(src['container']);
    const bad = container ? briefFormatProblem('k8s-short-name', container) : undefined;
    if (container === '') say.missing(`${path}.container`, 'a container resource metric needs a container', 'Set container to a container name of the pod.');
    else if (bad) say.reject(`${path}.container`, `container "${container}" ${bad}`, 'Use the name of a container of the pod.', { value: container });
  }
  if (!target) return;
  checkTarget(target, t, say);
  const has = (f: string) => target[f] !== undefined && target[f] !== null;
  if (field === 'object' && !has('value') && !has('averageValue')) say.missing(`${t}.averageValue`, 'an Object metric target needs value or averageValue', 'Set target.value (or averageValue).');
  if (field === 'external') {
    if (!has('value') && !has('averageValue')) say.missing(`${t}.averageValue`, 'an External metric target needs value or averageValue', 'Set target.value or target.averageValue.');
    if (has('value') && has('averageValue')) say.reject(`${t}.value`, 'an External metric target may not set both value and averageValue', 'Keep value or averageValue, not both.');
  }
  if (field === 'pods' && !has('averageValue')) say.missing(`${t}.averageValue`, 'a Pods metric target needs averageValue', 'Set target.averageValue.');
  if (field === 'resource' || field === 'containerResource') {
    if (!has('averageUtilization') && !has('averageValue')) say.missing(`${t}.averageUtilization`, 'a resource metric target needs averageUtilization or averageValue', 'Set target.averageUtilization (or averageValue).');
    if (has('averageUtilization') && has('averageValue')) say.reject(`${t}.averageValue`, 'a resource metric target may not set both averageUtilization and averageValue', 'Keep averageUtilization or averageValue.');
  }
}

/** validateScalingRules and validateScalingPolicy over one written scaling rule. */
function checkScalingRules(rules: Obj, path: string, say: Say): void {
  const window = num(rules['stabilizationWindowSeconds']);
  if (window !== undefined && window < 0) say.reject(`${path}.stabilizationWindowSeconds`, `stabilizationWindowSeconds ${window} is negative`, 'Use 0 to 3600 seconds.', { value: window });
  if (window !== undefined && window > MAX_WINDOW) say.reject(`${path}.stabilizationWindowSeconds`, `stabilizationWindowSeconds ${window} is over ${MAX_WINDOW}`, 'Use 0 to 3600 seconds.', { value: window });
  const select = str(rules['selectPolicy']);
  if (select !== undefined && !SELECT_POLICIES.includes(select)) say.reject(`${path}.selectPolicy`, `selectPolicy ${select} is not Max, Min or Disabled`, 'Use Max, Min or Disabled.', { value: select, allowed: SELECT_POLICIES });
  const policies = rules['policies'];
  // SetDefaults_HorizontalPodAutoscalerBehavior fills absent policies; a written empty list stays empty.
  if (Array.isArray(policies) && policies.length === 0) say.missing(`${path}.policies`, 'a scaling rule needs at least one policy', 'Add a policy, e.g. {type: Percent, value: 100, periodSeconds: 15}.');
  for (const [policy, i] of objs(policies)) {
    const p = itemOf(`${path}.policies`, i);
    const type = str(policy['type']);
    if (type !== undefined && !POLICY_TYPES.includes(type)) say.reject(`${p}.type`, `policy type ${type === '' ? '""' : type} is not Pods or Percent`, 'Use Pods or Percent.', { value: type, allowed: POLICY_TYPES });
    const value = num(policy['value']);
    if (value !== undefined && value <= 0) say.reject(`${p}.value`, `policy value ${value} is not above zero`, 'Set value to 1 or more.', { value });
    const period = num(policy['periodSeconds']);
    if (period !== undefined && period <= 0) say.reject(`${p}.periodSeconds`, `periodSeconds ${period} is not above zero`, 'Use 1 to 1800 seconds.', { value: period });
    if (period !== undefined && period > MAX_PERIOD) say.reject(`${p}.periodSeconds`, `periodSeconds ${period} is over ${MAX_PERIOD}`, 'Use 1 to 1800 seconds.', { value: period });
  }
}

export const HPA_METRIC_RULES: readonly KindRule[] = [
  {
    rule: 'hpaMetricSource',
    kinds: HPA,
    source: [
      AUTOSCALING('validateMetricSpec (a known type; its source set, and no other; the source\'s names and target)'),
      CORE_V1('ValidateContainerResourceName (validateContainerResourceSource: the resource name of a ContainerResource metric)'),
    ],
    check(o, say) {
      const s = v2Spec(o);
      if (!s) return;
      for (const [metric, i] of objs(s['metrics'])) {
        const path = itemOf('spec.metrics', i);
        const type = str(metric['type']);
        const expected = type === undefined ? undefined : SOURCE_OF[type];
        if (type === '') say.missing(fieldOf(path, 'type'), 'a metric needs a type', 'Set type to Resource, Pods, Object, External or ContainerResource.');
        else if (type !== undefined && !expected) say.reject(fieldOf(path, 'type'), `metric type ${type} is not supported`, 'Use Resource, Pods, Object, External or ContainerResource.', { value: type, allowed: Object.keys(SOURCE_OF) });
        const present = SOURCES.filter((f) => obj(metric[f]) !== undefined);
        // Only the first source present (in upstream's order) is checked in depth.
        const first = present[0];
        if (first) checkSource(first, obj(metric[first]) ?? {}, fieldOf(path, first), say);
        if (expected && !present.includes(expected)) say.missing(fieldOf(path, expected), `a ${type} metric needs its ${expected} source`, `Add ${expected}: with the metric and target.`);
        if (present.length > 1) {
          for (const f of present) if (f !== expected) say.reject(fieldOf(path, f), `a metric sets only the source of its type; ${f} is extra`, `Remove ${f}, or split it into a metric of its own.`);
        }
      }
    },
  },
  {
    rule: 'hpaScaleToZeroMetrics',
    kinds: HPA,
    source: [AUTOSCALING('validateMetrics (minReplicas 0 needs an Object or External metric)'), DEFAULTS('SetDefaults_HorizontalPodAutoscaler (no metrics: a CPU Resource metric)')],
    check(o, say) {
      const s = v2Spec(o);
      if (!s || num(s['minReplicas']) !== 0) return;
      const types = list(s['metrics']).map((m) => str(obj(m)?.['type']));
      if (types.includes('Object') || types.includes('External')) return;
      say.reject('spec.metrics', 'minReplicas 0 needs at least one Object or External metric', 'Add an Object or External metric, or set minReplicas to 1 or more.');
    },
  },
  {
    rule: 'hpaBehavior',
    kinds: HPA,
    source: [AUTOSCALING('validateBehavior / validateScalingRules / validateScalingPolicy (window 0-3600, policies required, value and period above zero, period at most 1800)'), DEFAULTS('SetDefaults_HorizontalPodAutoscalerBehavior')],
    check(o, say) {
      const behavior = obj(v2Spec(o)?.['behavior']);
      if (!behavior) return;
      for (const side of ['scaleUp', 'scaleDown']) {
        const rules = obj(behavior[side]);
        if (rules) checkScalingRules(rules, `spec.behavior.${side}`, say);
      }
    },
  },
  {
    rule: 'hpaV1TargetCpu',
    kinds: HPA,
    source: [
      CONVERSION_V1('Convert_v1_HorizontalPodAutoscalerSpec_To_autoscaling_HorizontalPodAutoscalerSpec (targetCPUUtilizationPercentage becomes a CPU Utilization metric)'),
      AUTOSCALING('validateMetricTarget (averageUtilization at least 1)'),
    ],
    check(o, say) {
      if (str(o['apiVersion']) !== 'autoscaling/v1') return;
      const target = num(obj(o['spec'])?.['targetCPUUtilizationPercentage']);
      // Metrics in the annotation come first in the converted list, which moves the CPU metric's index.
      if (target === undefined || target >= 1 || V1_METRICS_ANNOTATION in (obj(obj(o['metadata'])?.['annotations']) ?? {})) return;
      say.reject('spec.metrics[0].resource.target.averageUtilization', `targetCPUUtilizationPercentage ${target} is below 1`, 'Use a percentage of 1 or more (of the pods\' CPU requests).', { value: target });
    },
  },
];
