// The kube-aggregator rules of an APIService (apiservice-rules.ts), one variant per rule with its accepted neighbour:
// the name <version>.<group>, an empty group only for v1, group and version names, both priorities at and one past
// their bounds or missing, a local APIService (no service) with a caBundle or insecureSkipTLSVerify, the service
// port at and past its bounds, insecureSkipTLSVerify beside a caBundle. Each finding: rule, code, path, message,
// fix, the text it marks.
import { describe, expect, it } from 'vitest';
import { check } from './crd-object-helpers';

const svc = (spec: Record<string, unknown> | null, name = 'v1beta1.metrics.k8s.io') => `apiVersion: apiregistration.k8s.io/v1\nkind: APIService\nmetadata: {name: ${JSON.stringify(name)}}\nspec: ${JSON.stringify(spec)}\n`;
const OK = { group: 'metrics.k8s.io', version: 'v1beta1', groupPriorityMinimum: 100, versionPriority: 100, service: { name: 's', namespace: 'n' } };
const cases: Record<string, string> = {
  ok: svc(OK),
  nullSpec: svc(null),
  badName: svc(OK, 'v1beta1.Metrics_k8s'),
  wrongName: svc(OK, 'v1.metrics.k8s.io'),
  emptyGroupV1: svc({ ...OK, group: '', version: 'v1' }, 'v1.'),
  emptyGroupBeta: svc({ ...OK, group: '' }, 'v1beta1.'),
  badGroup: svc({ ...OK, group: 'Metrics_k8s' }, 'v1beta1.Metrics_k8s'),
  badVersion: svc({ ...OK, version: 'V1' }, 'V1.metrics.k8s.io'),
  priorities: svc({ ...OK, groupPriorityMinimum: 0, versionPriority: 1001 }),
  prioritiesEdge: svc({ ...OK, groupPriorityMinimum: 20000, versionPriority: 1000 }),
  prioritiesOver: svc({ ...OK, groupPriorityMinimum: 20001, versionPriority: 1 }),
  missingPriorities: svc({ group: 'metrics.k8s.io', version: 'v1beta1', service: { name: 's', namespace: 'n' } }),
  localWithCa: svc({ group: 'metrics.k8s.io', version: 'v1beta1', groupPriorityMinimum: 100, versionPriority: 100, caBundle: 'YWJj', insecureSkipTLSVerify: true }),
  localNullService: svc({ group: 'metrics.k8s.io', version: 'v1beta1', groupPriorityMinimum: 100, versionPriority: 100, service: null, insecureSkipTLSVerify: false }),
  ports: svc({ ...OK, service: { name: 's', namespace: 'n', port: 0 } }),
  portsEdge: svc({ ...OK, service: { name: 's', namespace: 'n', port: 65535 } }),
  portsOver: svc({ ...OK, service: { name: 's', namespace: 'n', port: 65536 } }),
  skipAndCa: svc({ ...OK, caBundle: 'YWJj', insecureSkipTLSVerify: true }),
  skipNoCa: svc({ ...OK, insecureSkipTLSVerify: true }),
};

function view(text: string) {
  const lines = text.split('\n');
  return check(text)
    .findings.filter((f) => f.data?.['rule'] !== undefined)
    .map((f) => [f.data?.['rule'], f.code, f.path, f.message.replace(/^Applying fails: /, ''), f.fix, lines[f.range.start.line]!.slice(f.range.start.character, f.range.end.character).slice(0, 30)]);
}

describe('APIService rules', () => {
  const expected: Record<string, unknown[]> = {
      ok: [],
      nullSpec: [["apiservice-version","missing-field","spec","an APIService needs a spec (version, group and priorities)","Add spec with group, version, groupPriorityMinimum, versionPriority and the service.","kind"]],
      badName: [["apiservice-name","invalid-value","metadata.name","an APIService's name must be v1beta1.metrics.k8s.io (spec.version.spec.group), not v1beta1.Metrics_k8s","Rename it to v1beta1.metrics.k8s.io.","\"v1beta1.Metrics_k8s\""]],
      wrongName: [["apiservice-name","invalid-value","metadata.name","an APIService's name must be v1beta1.metrics.k8s.io (spec.version.spec.group), not v1.metrics.k8s.io","Rename it to v1beta1.metrics.k8s.io.","\"v1.metrics.k8s.io\""]],
      emptyGroupV1: [],
      emptyGroupBeta: [["apiservice-group","missing-field","spec.group","spec.group may be empty only for version v1 (the core API)","Add spec.group, the API group this server serves.","\"\""]],
      badGroup: [["apiservice-group","invalid-value","spec.group","spec.group \"Metrics_k8s\" must be a DNS subdomain: lower-case letters, digits, \"-\" and \".\", starting and ending with a letter or digit","Use the API group name, e.g. metrics.k8s.io.","\"Metrics_k8s\""]],
      badVersion: [["apiservice-version","invalid-value","spec.version","spec.version \"V1\" must be a DNS-1035 label: lower-case letters, digits and \"-\", starting with a letter and ending with a letter or digit","Use a version such as v1 or v1beta1.","\"V1\""]],
      priorities: [["apiservice-priority","invalid-value","spec.groupPriorityMinimum","spec.groupPriorityMinimum must be 1–20000, not 0","Use a value from 1 to 20000.","0"],["apiservice-priority","invalid-value","spec.versionPriority","spec.versionPriority must be 1–1000, not 1001","Use a value from 1 to 1000.","1001"]],
      prioritiesEdge: [],
      prioritiesOver: [["apiservice-priority","invalid-value","spec.groupPriorityMinimum","spec.groupPriorityMinimum must be 1–20000, not 20001","Use a value from 1 to 20000.","20001"]],
      missingPriorities: [["apiservice-priority","missing-field","spec.groupPriorityMinimum","spec.groupPriorityMinimum is missing (it must be 1–20000)","Add groupPriorityMinimum, e.g. 1000.","spec"],["apiservice-priority","missing-field","spec.versionPriority","spec.versionPriority is missing (it must be 1–1000)","Add versionPriority, e.g. 15.","spec"]],
      localWithCa: [["apiservice-local","invalid-value","spec.caBundle","a local APIService (no service) cannot have a caBundle","Remove caBundle, or add the service that serves this API.","\"caBundle\""],["apiservice-local","invalid-value","spec.insecureSkipTLSVerify","a local APIService (no service) cannot set insecureSkipTLSVerify","Remove insecureSkipTLSVerify, or add the service that serves this API.","true"]],
      localNullService: [],
      ports: [["apiservice-service","invalid-value","spec.service.port","service port 0 is not a valid port (1–65535)","Use the Service port of the API server (443 is the default).","0"]],
      portsEdge: [],
      portsOver: [["apiservice-service","invalid-value","spec.service.port","service port 65536 is not a valid port (1–65535)","Use the Service port of the API server (443 is the default).","65536"]],
      skipAndCa: [["apiservice-service","invalid-value","spec.insecureSkipTLSVerify","insecureSkipTLSVerify cannot be true when caBundle is set","Remove insecureSkipTLSVerify: the caBundle verifies the server.","true"]],
      skipNoCa: [],
  };
  for (const [name, text] of Object.entries(cases)) {
    it(name, () => {
      expect(view(text)).toEqual(expected[name]);
    });
  }
});
