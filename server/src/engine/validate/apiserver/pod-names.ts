// The names a pod spec refers to and the names it gives (ValidatePodSpec): service account, node, priority class
// and runtime class names are DNS subdomains; hostname and subdomain are DNS labels; nodeSelector is a label set;
// a toleration compared with Equal holds a label value; readiness and scheduling gates are qualified names; host
// aliases and DNS config hold IPs and DNS names. Over the spec after SetDefaults_PodSpec.
import { at, type PodSpecRule } from './rule-types';
import { fieldOf, itemOf, obj, objs, str } from './object-view';
import { briefFormatProblem } from '../declarative-formats';
import { ipProblem } from './ip';
import { IP_VALIDATION, KEP_4858, legacyIp, STRICT_ON } from './ip-legacy';

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
        const bad = briefFormatProblem(row.format, value);
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
        const bad = briefFormatProblem('k8s-label-value', value);
        if (bad) say.reject(fieldOf(itemOf(fieldOf(t.path, 'tolerations'), i), 'operator'), `toleration value ${JSON.stringify(value)} ${bad}`, 'Use the taint value as a label value: letters, digits, "-", "_" and ".".', { value });
      }
    },
  },
  {
    rule: 'podGates',
    source: [CORE('validateReadinessGates (conditionType a qualified name)'), CORE('validateSchedulingGates (names qualified and unique)')],
    check(t, say) {
      for (const [gate, i] of objs(t.spec['readinessGates'])) {
        const type = str(gate['conditionType']);
        if (type !== undefined && !say.labelOk(type)) {
          say.reject(fieldOf(itemOf(fieldOf(t.path, 'readinessGates'), i), 'conditionType'), `readiness gate ${JSON.stringify(type)} is not a qualified name`, 'Use a name such as example.com/feature-ready.', { value: type });
        }
      }
      const seen = new Set<string>();
      for (const [gate, i] of objs(t.spec['schedulingGates'])) {
        const name = str(gate['name']) ?? '';
        const at = itemOf(fieldOf(t.path, 'schedulingGates'), i);
        if (!say.labelOk(name)) say.reject(at, `scheduling gate ${JSON.stringify(name)} is not a qualified name`, 'Use a name such as example.com/wait-for-quota.', { value: name });
        else if (seen.has(name)) say.reject(at, `scheduling gate ${name} is listed twice`, 'Keep one entry per gate.', { value: name });
        seen.add(name);
      }
    },
  },
  {
    rule: 'hostAliasesAndDns',
    source: [
      CORE('ValidateHostAliases (ip a valid IP; hostnames DNS subdomains)'),
      CORE('validatePodDNSConfig (nameservers valid IPs; searches DNS subdomains; options named)'),
      IP_VALIDATION('IsValidIPForLegacyField → parseIP (strict: no leading zeros, no IPv4-mapped IPv6)'),
      KEP_4858,
    ],
    check(t, say) {
      for (const [alias, i] of objs(t.spec['hostAliases'])) {
        const at = itemOf(fieldOf(t.path, 'hostAliases'), i);
        const ip = str(alias['ip']) ?? '';
        const bad = ipProblem(ip);
        if (bad) say.reject(fieldOf(at, 'ip'), `host alias IP ${JSON.stringify(ip)} ${bad}`, 'Use an IPv4 or IPv6 address such as 10.0.0.5.', { value: ip });
        const legacy = bad ? undefined : legacyIp(ip);
        if (legacy) say.reject(fieldOf(at, 'ip'), `host alias IP ${ip} ${legacy.problem}`, `Write ${legacy.preferred}.`, { value: ip, ...STRICT_ON });
        (Array.isArray(alias['hostnames']) ? alias['hostnames'] : []).forEach((h, j) => {
          const name = typeof h === 'string' ? h : String(h);
          const problem = briefFormatProblem('k8s-long-name', name);
          if (problem) say.reject(itemOf(fieldOf(at, 'hostnames'), j), `host name ${JSON.stringify(name)} ${problem}`, 'Use a lower-case host name such as db.internal.', { value: name });
        });
      }
      const dns = obj(t.spec['dnsConfig']);
      if (!dns) return;
      const base = fieldOf(t.path, 'dnsConfig');
      (Array.isArray(dns['nameservers']) ? dns['nameservers'] : []).forEach((n, i) => {
        const text = typeof n === 'string' ? n : String(n);
        const bad = ipProblem(text);
        if (bad) say.reject(itemOf(fieldOf(base, 'nameservers'), i), `nameserver ${JSON.stringify(text)} ${bad}`, 'Use the IP address of a DNS server.', { value: text });
        const legacy = bad ? undefined : legacyIp(text);
        if (legacy) say.reject(itemOf(fieldOf(base, 'nameservers'), i), `nameserver ${text} ${legacy.problem}`, `Write ${legacy.preferred}.`, { value: text, ...STRICT_ON });
      });
      (Array.isArray(dns['searches']) ? dns['searches'] : []).forEach((s, i) => {
        const text = typeof s === 'string' ? s : String(s);
        if (text === '.') return;
        // Judged as the relaxed search validation does (underscores allowed): what fails it fails the strict one too.
        const problem = briefFormatProblem('k8s-long-name', text.replace(/\.$/, '').replace(/_/g, 'a'));
        if (problem) say.reject(itemOf(fieldOf(base, 'searches'), i), `search domain ${JSON.stringify(text)} ${problem}`, 'Use a DNS domain such as svc.cluster.local.', { value: text });
      });
      for (const [option, i] of objs(dns['options'])) {
        if ((str(option['name']) ?? '') === '') say.missing(itemOf(fieldOf(base, 'options'), i), 'a DNS option needs a name', 'Set the option name, e.g. name: ndots.');
      }
    },
  },
];
