// storage.k8s.io/v1 StorageClass and autoscaling HorizontalPodAutoscaler: the hand-written rules of
// ValidateStorageClass (provisioner, parameters, allowed topologies) and validateHorizontalPodAutoscalerSpec
// (replica bounds, scaleTargetRef). minReplicas 0 is not judged: with HPAScaleToZero (on by default in 1.37 per
// ../shared gates.json) it depends on the metrics.
import { at, type KindRule } from './rule-types';
import { fieldOf, itemOf, list, num, obj, objs, str, type Obj } from './object-view';
import { briefFormatProblem } from '../declarative-formats';

const STORAGE = at('pkg/apis/storage/validation/validation.go', '00bdb3fade2ef1ada898bd8fae2c6a1958da3a5d');
const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
// validateReclaimPolicy is not at a commit the index holds; its test table is.
const STORAGE_TEST = at('pkg/apis/storage/validation/validation_test.go', '1c9cf914f2f951313b8e9f7c321f5bd50b5e3d9f');
const AUTOSCALING = at('pkg/apis/autoscaling/validation/validation.go', '001320a9e6bbf2ab66683f652545b3cac29efe9a');
const HPA = ['autoscaling/HorizontalPodAutoscaler'];

/** maxProvisionerParameterLen and maxProvisionerParameterSize. */
const MAX_PARAMETERS = 512;
const MAX_PARAMETER_BYTES = 256 * 1024;

function spec(o: Obj): Obj {
  return obj(o['spec']) ?? {};
}

export const STORAGE_AUTOSCALING_RULES: readonly KindRule[] = [
  {
    rule: 'storageClassProvisioner',
    kinds: ['storage.k8s.io/StorageClass'],
    source: STORAGE('validateProvisioner (required; its lower-case form a qualified name)'),
    check(o, say) {
      const p = str(o['provisioner']);
      if (p === undefined) return;
      if (p === '') {
        say.missing('provisioner', 'a StorageClass needs a provisioner', 'Set provisioner to the volume plugin or CSI driver name, e.g. ebs.csi.aws.com.');
        return;
      }
      const bad = briefFormatProblem('k8s-label-key', p.toLowerCase());
      if (bad) say.reject('provisioner', `provisioner "${p}" ${bad}`, 'Use the CSI driver name, e.g. ebs.csi.aws.com or kubernetes.io/no-provisioner.', { value: p });
    },
  },
  {
    rule: 'storageClassParameters',
    kinds: ['storage.k8s.io/StorageClass'],
    source: STORAGE('validateParameters (at most 512 entries, 256 KiB in all, no empty key)'),
    check(o, say) {
      const params = obj(o['parameters']);
      if (!params) return;
      const entries = Object.entries(params);
      if (entries.length > MAX_PARAMETERS) {
        say.reject('parameters', `parameters has ${entries.length} entries; at most ${MAX_PARAMETERS}`, 'Move settings elsewhere, or split the class.');
        return;
      }
      let bytes = 0;
      for (const [k, v] of entries) {
        if (k === '') say.reject('parameters', 'a parameter key may not be empty', 'Give the parameter a name.');
        bytes += new TextEncoder().encode(k).length + (typeof v === 'string' ? new TextEncoder().encode(v).length : 0);
      }
      if (bytes > MAX_PARAMETER_BYTES) say.reject('parameters', `parameters total ${bytes} bytes, over the ${MAX_PARAMETER_BYTES}-byte limit`, 'Shorten the parameters.', { bytes });
    },
  },
  {
    rule: 'storageClassReclaimPolicy',
    kinds: ['storage.k8s.io/StorageClass'],
    source: STORAGE_TEST('validateReclaimPolicy (its test table TestValidateStorageClass: Delete and Retain pass, Recycle is refused)'),
    check(o, say) {
      const policy = str(o['reclaimPolicy']);
      if (policy !== 'Recycle') return;
      say.reject('reclaimPolicy', 'a StorageClass may not use reclaimPolicy Recycle', 'Use Delete or Retain.', { value: policy, allowed: ['Delete', 'Retain'] });
    },
  },
  {
    rule: 'storageClassTopologies',
    kinds: ['storage.k8s.io/StorageClass'],
    source: CORE('ValidateTopologySelectorTerm / validateTopologySelectorLabelRequirement (values required and unique; keys label names, unique per term)'),
    check(o, say) {
      for (const [term, i] of objs(o['allowedTopologies'])) {
        const base = `${itemOf('allowedTopologies', i)}.matchLabelExpressions`;
        const keys = new Set<string>();
        for (const [req, j] of objs(term['matchLabelExpressions'])) {
          const at = itemOf(base, j);
          const values = list(req['values']);
          if (values.length === 0) say.missing(`${at}.values`, 'a topology requirement needs at least one value', 'List the allowed values, e.g. [eu-west-1a].');
          const seen = new Set<string>();
          values.forEach((v, k) => {
            if (typeof v !== 'string') return;
            if (seen.has(v)) say.reject(itemOf(`${at}.values`, k), `value ${v} is listed twice`, 'List each value once.', { value: v });
            seen.add(v);
          });
          const key = str(req['key']);
          if (key === undefined) continue;
          const bad = key === '' ? 'is empty' : briefFormatProblem('k8s-label-key', key);
          if (bad) say.reject(`${at}.key`, `key "${key}" ${bad}`, 'Use a node label key such as topology.kubernetes.io/zone.', { value: key });
          if (keys.has(key)) say.reject(`${at}.key`, `key ${key} appears twice in this term`, 'Merge the values into one requirement.', { value: key });
          keys.add(key);
        }
      }
    },
  },
  {
    rule: 'hpaReplicas',
    kinds: HPA,
    source: AUTOSCALING('validateHorizontalPodAutoscalerSpec (maxReplicas at least minReplicas)'),
    check(o, say) {
      const s = spec(o);
      const min = num(s['minReplicas']);
      const max = num(s['maxReplicas']);
      // The bounds of minReplicas and maxReplicas alone are the schema's minimums.
      if (max === undefined || max < 1) return;
      if (min !== undefined && max < min) say.reject('spec.maxReplicas', `maxReplicas ${max} is below minReplicas ${min}`, `Set maxReplicas to at least ${min}, or lower minReplicas.`, { value: max });
    },
  },
  {
    rule: 'hpaScaleTargetRef',
    kinds: HPA,
    source: AUTOSCALING('ValidateCrossVersionObjectReference (kind and name required, each a path segment name)'),
    check(o, say) {
      const ref = obj(spec(o)['scaleTargetRef']);
      if (!ref) return;
      for (const field of ['kind', 'name']) {
        const v = str(ref[field]);
        if (v === undefined) continue;
        const path = fieldOf('spec.scaleTargetRef', field);
        if (v === '') say.missing(path, `scaleTargetRef needs a ${field}`, `Set scaleTargetRef.${field} to the workload to scale.`);
        else if (briefFormatProblem('k8s-path-segment-name', v)) say.reject(path, `scaleTargetRef.${field} "${v}" ${briefFormatProblem('k8s-path-segment-name', v)}`, `Use the plain ${field} of the workload (no "/" or "%").`, { value: v });
      }
    },
  },
];
