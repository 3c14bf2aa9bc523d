// What kube-apiserver decides: every finding carries its pipeline stage and verdict, and the severity follows the
// verdict. A rule inside a field the drop stage removes is `rejected-once-enabled`; decode findings there still
// refuse the object; `status` is reset on create; config documents are judged at start-up.
// Internal imports: `gates/verdict-pass` (the default verdict of each code, a table with no public surface).
// Also `codes/verdicts` (VERDICT_SEVERITY: the severity of each verdict).
import { describe, expect, it } from 'vitest';
import { CODE_TABLE, buildGateEnvironment, explicitSettings, gateCatalog, type Finding, type FindingCode, Analysis } from '../../server/src/engine';
import { defaultVerdict } from '../../server/src/engine/gates/verdict-pass';
import { VERDICT_SEVERITY } from '../../server/src/engine/codes/verdicts';
import { marked } from '../support/markers';
import { data } from './helpers';

function check(source: string, options: { gates?: string[]; file?: string } = {}) {
  const { text, ranges } = marked(source);
  const environment = options.gates
    ? buildGateEnvironment({ catalog: gateCatalog(), version: '1.37', explicit: explicitSettings(options.gates) })
    : undefined;
  const report = new Analysis({ version: '1.37', environment, file: options.file }).check(text);
  return { report, ranges };
}

/** code, path, severity, stage, verdict of each finding, with its range. */
const brief = (f: Finding) => [f.code, f.path, f.severity, f.data?.['pipelineStage'], f.data?.['verdict'], f.range];

const POD_WITH_RESPONDERS = `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  ⟦evictionResponders⟧:
  - ⟦foo⟧: 1
  containers:
  - name: c
    image: nginx
`;

describe('verdicts: the API server pipeline', () => {
  it('inside a field dropped while its gate is off, a rule is rejected-once-enabled; decode errors still refuse', () => {
    const { report, ranges } = check(POD_WITH_RESPONDERS);
    expect(report.findings.map(brief)).toEqual([
      ['feature-gate', 'spec.evictionResponders', 'warning', 'drop', 'dropped', ranges[0]],
      ['missing-field', 'spec.evictionResponders[].name', 'warning', 'validation', 'rejected-once-enabled', ranges[1]],
      ['unknown-field', 'spec.evictionResponders[].foo', 'error', 'decode', 'rejected', ranges[1]],
    ]);
    const missing = report.findings.find((f) => f.code === 'missing-field')!;
    expect(missing.message).toBe('name is missing: EvictionResponder requires it (refused once EvictionRequestAPI is on)');
    expect(missing.data?.['droppedWith']).toBe('spec.evictionResponders');
  });

  it('with the gate on nothing is dropped: the same rule refuses the object', () => {
    const { report, ranges } = check(POD_WITH_RESPONDERS, { gates: ['EvictionRequestAPI=true'] });
    expect(report.findings.map(brief)).toEqual([
      ['missing-field', 'spec.evictionResponders[].name', 'error', 'validation', 'rejected', ranges[1]],
      ['unknown-field', 'spec.evictionResponders[].foo', 'error', 'decode', 'rejected', ranges[1]],
    ]);
  });

  it('a rule broken under status is information: the server resets status on create', () => {
    const { report, ranges } = check(`apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: c
spec:
  request: aGVsbG8=
  signerName: example.com/s
  usages: [digital signature]
status:
  conditions:
  - type: Approved
    status: "True"
  - ⟦type⟧: Approved
    status: "True"
`);
    expect(report.findings.map(brief)).toEqual([['invalid-value', 'status.conditions[]', 'information', 'status', 'status', ranges[0]]]);
    expect(report.findings[0]!.message).toMatch(/\(status: reset on create\)$/);
  });

  it('a wrong type under status still fails decoding', () => {
    const { report, ranges } = check(`apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers: [{name: c, image: i}]
status:
  phase: ⟦[a]⟧
`);
    expect(report.findings.map(brief)).toEqual([['invalid-value', 'status.phase', 'error', 'decode', 'rejected', ranges[0]]]);
  });

  it('gated enum values, kinds and config fields: rejected unless enabled, rejected when off, ignored in configs', () => {
    const pod = (gates?: string[]) =>
      check(
        `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers: [{name: c, image: i}]
  tolerations:
  - key: k
    operator: ⟦Gt⟧
    value: "1"
`,
        gates ? { gates } : {},
      );
    const unknown = pod();
    expect(unknown.report.findings.map(brief)).toEqual([['feature-gate', 'spec.tolerations[].operator=Gt', 'warning', 'validation', 'rejected-unless-enabled', unknown.ranges[0]]]);
    const off = pod(['TaintTolerationComparisonOperators=false']);
    expect(off.report.findings.map(brief)).toEqual([['feature-gate', 'spec.tolerations[].operator=Gt', 'error', 'validation', 'rejected', off.ranges[0]]]);
    const config = check(`apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
⟦defaultPodSysctls⟧: {}
`);
    expect(config.report.findings.map(brief)).toEqual([['feature-gate', 'defaultPodSysctls', 'warning', 'startup', 'ignored', config.ranges[0]]]);
  });

  it('the API server warning header of a deprecated version: accepted-with-warning', () => {
    // a kind the 1.37 data serves and marks deprecated (the committed schemas/, not a name from memory)
    const k = data().kinds.find((x) => x.deprecated && x.replacement && !x.removed && !x.component);
    expect(k, 'a deprecated kind served in 1.37').toBeDefined();
    const { report } = check(`apiVersion: ${k!.apiVersion}\nkind: ${k!.kind}\nmetadata:\n  name: f\n`);
    const deprecated = report.findings.filter((f) => f.code === 'api-deprecated');
    expect(deprecated.map((f) => [f.severity, f.data?.['pipelineStage'], f.data?.['verdict']])).toEqual([['warning', 'warning', 'accepted-with-warning']]);
    for (const f of report.findings) expect(f.data?.['verdict'], f.code).toBeTypeOf('string');
  });

  it('every code has a default stage and verdict whose severity is the code default severity', () => {
    for (const [code, info] of Object.entries(CODE_TABLE)) {
      const v = defaultVerdict({ code: code as FindingCode, severity: info.severity, message: '', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
      // check-failed alone has no verdict: Kubegate did not check the file.
      if (code === 'check-failed') expect(v).toBeUndefined();
      else expect([code, v && VERDICT_SEVERITY[v.verdict]]).toEqual([code, info.severity]);
    }
  });
});

describe('documents as kubectl reads them: JSON', () => {
  it('JSON that does not parse is refused before anything else (position of the JSON error)', () => {
    const { report, ranges } = check('{\n  "apiVersion": "v1",\n  "kind": "ConfigMap",\n  "metadata": {"name": "x",⟦}⟧\n}\n', { file: 'cm.json' });
    expect(report.findings.map(brief)).toEqual([['yaml-syntax', undefined, 'error', 'decode', 'rejected', ranges[0]]]);
    expect(report.findings[0]!.message).toMatch(/^Invalid JSON: .*: the file is not checked further$/);
    expect(report.documents).toMatchObject([{ checked: false, reason: 'YAML syntax error' }]);
  });

  it('kubectl decides by the content, not the name: a .json file of YAML is YAML; a BOM before { is YAML', () => {
    const yaml = check('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n', { file: 'cm.json' });
    expect(yaml.report.findings).toEqual([]);
    expect(yaml.report.documents[0]!.checked).toBe(true);
    // A YAML flow mapping (unquoted keys, a trailing comma) after a BOM is YAML, and valid.
    const bom = check('\uFEFF{apiVersion: v1, kind: ConfigMap, metadata: {name: x},}\n');
    expect(bom.report.findings).toEqual([]);
  });

  it('input that opens with { is read as JSON whatever its name; valid JSON is checked as usual', () => {
    const bad = check("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}\n", { file: 'cm.yaml' });
    expect(bad.report.findings.map((f) => f.code)).toEqual(['yaml-syntax']);
    const good = check('{"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"}, "spec": {"ports": [{"port": 80, "bogus": 1}]}}\n', { file: 'svc.json' });
    expect(good.report.findings.map((f) => [f.code, f.path])).toEqual([['unknown-field', 'spec.ports[].bogus']]);
    expect(good.report.documents[0]!.checked).toBe(true);
  });

  it('`{{` is never JSON: a template opening with `{{- if` is a template, with its note, not an Invalid JSON error', () => {
    const { report } = check('{{- if .Values.enabled }}\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n{{- end }}\n', { file: 'cm.yaml' });
    expect(report.findings.map((f) => f.code)).toEqual(['template-not-checked']);
    expect(report.documents.map((d) => d.status)).toEqual(['template']);
  });
});
