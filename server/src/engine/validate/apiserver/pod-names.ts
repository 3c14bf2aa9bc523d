// The names a pod spec refers to and the names it gives (ValidatePodSpec): service account, node, priority class
// and runtime class names are DNS subdomains; hostname and subdomain are DNS labels; nodeSelector is a label set;
// a toleration compared with Equal holds a label value. Over the spec after SetDefaults_PodSpec.
import { at, type PodSpecRule } from './rule-types';
import { fieldOf, itemOf, obj, objs, str } from './object-view';
import { formatProblem } from '../formats';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');

/** A field of the pod spec and the name format ValidatePodSpec holds it to. */
const NAMED_FIELDS: readonly { field: string; format: 'k8s-long-name' | 'k8s-short-name'; what: string }[] = [
  { field: 'serviceAccountName', format: 'k8s-long-name', what: 'a ServiceAccount' },
  { field: 'nodeName', format: 'k8s-long-name', what: 'a node' },
  { field: 'priorityClassName', format: 'k8s-long-name', what: 'a PriorityClass' },
  { field: 'runtimeClassName', format: 'k8s-long-name', what: 'a RuntimeClass' },
  { field: 'hostname', format: 'k8s-short-name', what: 'the pod host' },
  { field: 'subdomain', format: 'k8s-short-name', what: 'the pod subdomain (a headless Service)' },
];

export const POD_NAME_RULES: readonly PodSpecRule[] = [
  {
    rule: 'podSpecNames',
    source: CORE(
      'ValidatePodSpec (ValidateServiceAccountName, ValidateNodeName, ValidatePriorityClassName, ValidateRuntimeClassName: DNS subdomains; hostname and subdomain: ValidateDNS1123Label)',
    ),
    check(t, say) {
      for (const row of NAMED_FIELDS) {
        const value = str(t.spec[row.field]);
        if (value === undefined || value === '') continue;
        const bad = formatProblem(row.format, value);
        if (bad) say.reject(fieldOf(t.path, row.field), `${row.field} ${JSON.stringify(value)} ${bad}`, `Use the name of ${row.what}.`, { value });
      }
    },
  },
  {
    rule: 'nodeSelectorLabels',
    source: CORE('ValidatePodSpec → ValidateLabels (nodeSelector keys and values)'),
    check(t, say) {
      const selector = obj(t.spec['nodeSelector']) ?? {};
      for (const [key, raw] of Object.entries(selector)) {
        const value = typeof raw === 'string' ? raw : raw === null || raw === undefined ? '' : String(raw);
        if (say.labelOk(key, value)) continue;
        const where = fieldOf(fieldOf(t.path, 'nodeSelector'), key);
        const keyOk = say.labelOk(key);
        say.reject(where, keyOk ? `nodeSelector value ${JSON.stringify(value)} of ${key} is not a valid label value` : `nodeSelector key ${JSON.stringify(key)} is not a valid label key`, 'Use a node label key and value, e.g. kubernetes.io/os: linux.', { value: keyOk ? value : key });
      }
    },
  },
  {
    rule: 'tolerationValue',
    source: CORE('ValidateTolerations (with operator Equal or empty, value is a label value; reported at operator)'),
    check(t, say) {
      for (const [tol, i] of objs(t.spec['tolerations'])) {
        const op = str(tol['operator']) ?? '';
        const value = str(tol['value']) ?? '';
        if ((op !== 'Equal' && op !== '') || value === '') continue;
        const bad = formatProblem('k8s-label-value', value);
        if (bad) say.reject(fieldOf(itemOf(fieldOf(t.path, 'tolerations'), i), 'operator'), `toleration value ${JSON.stringify(value)} ${bad}`, 'Use the taint value as a label value: letters, digits, "-", "_" and ".".', { value });
      }
    },
  },
];
