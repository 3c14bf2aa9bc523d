// Declarative validation from upstream `+k8s:` markers (generated into schemas/ as FieldDef.rules and
// TypeDef.unions): each rule kind at its exact range, alpha- and beta-prefixed rules refused like the others (the
// hand-written copy or the beta declarative rule answers), gate-conditional rules
// judged against the gate state (file configs and explicit settings).
// Internal imports: `validate/declarative-formats` (formatProblem: the format checks, unit-tested per format).
import { describe, expect, it } from 'vitest';
import { buildGateEnvironment, explicitSettings, gateCatalog, type Finding, Analysis } from '../../server/src/engine';
import { formatProblem } from '../../server/src/engine/validate/declarative-formats';
import { marked } from '../support/markers';
import { dataOf } from '../support/finding-data';

function check(source: string, gates: string[] = []) {
  const { text, ranges } = marked(source);
  const environment = gates.length
    ? buildGateEnvironment({ catalog: gateCatalog(), version: '1.37', explicit: explicitSettings(gates) })
    : undefined;
  const report = new Analysis({ version: '1.37', environment }).check(text);
  const rules = report.findings.filter((f) => f.code === 'invalid-value' && typeof f.data?.['rule'] === 'string');
  return { rules, all: report.findings, ranges };
}

const slice = (body: string) => `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: s
spec:
  driver: gpu.example.com
  nodeName: n
  pool:
    name: p
    generation: 1
    resourceSliceCount: 1
${body}`;

const brief = (f: Finding) => [f.data?.['rule'], f.severity, f.range];

describe('declarative validation rules', () => {
  it('maxItems, unique=set and eachVal format on compatibilityGroups (no stability prefix: errors)', () => {
    const { rules, ranges } = check(
      // The counter set lives in a slice of its own (validateResourceSliceSpec: sharedCounters or devices).
      slice(`  devices:
  - name: d0
    consumesCounters:
    - counterSet: gpu
      counters:
        memory: {value: 1Gi}
      compatibilityGroups: ⟦[a, ⟦a⟧, ⟦Not_A_Name⟧]⟧
`),
      ['DRADeviceCompatibilityGroups=true', 'DRAPartitionableDevices=true'],
    );
    expect(rules.map(brief)).toEqual([
      ['maxItems', 'error', ranges[0]],
      ['unique', 'error', ranges[1]],
      ['format', 'error', ranges[2]],
    ]);
    // Unprefixed rules: no ruleStage, the same verdict as the prefixed forms below.
    for (const f of rules) expect([dataOf(f, 'invalid-value', 'missing-field', 'api-warning')?.ruleStage, f.data?.pipelineStage, f.data?.verdict]).toEqual([undefined, 'validation', 'rejected']);
    expect(rules[0]!.message).toBe('"compatibilityGroups" may have at most 2 items (it has 3)');
  });

  it('listMapKeys: two sharedCounters entries with the same name (beta prefix: enforced, error)', () => {
    const { rules, ranges } = check(
      slice(`  sharedCounters:
  - name: gpu
    counters: {memory: {value: 1Gi}}
  - ⟦name⟧: gpu
    counters: {memory: {value: 2Gi}}
`),
      ['DRAPartitionableDevices=true'],
    );
    expect(rules.map(brief)).toEqual([['listMapKeys', 'error', ranges[0]]]);
  });

  it('union: a device attribute must set exactly one value', () => {
    const { rules, ranges } = check(
      slice(`  devices:
  - name: d0
    attributes:
      model: {string: a100, ⟦int⟧: 3}
      ⟦empty⟧: {}
`),
    );
    expect(rules.map(brief)).toEqual([
      ['union', 'error', ranges[0]],
      ['union', 'error', ranges[1]],
    ]);
  });

  it('alpha-prefixed rule (dependentRequired): refused, the hand-written copy answers at its own path', () => {
    const { rules, all, ranges } = check(`apiVersion: batch/v1
kind: Job
metadata:
  name: j
⟦spec⟧:
  completionMode: Indexed
  completions: 2
  maxFailedIndexes: 1
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: i
`);
    // The declarative copy (at maxFailedIndexes) runs in shadow upstream: only the ported hand-written rule speaks.
    expect(rules.filter((f) => f.data?.['rule'] === 'dependentRequired')).toEqual([]);
    const answer = all.filter((f) => f.severity === 'error');
    expect(answer.map((f) => [f.code, dataOf(f, 'invalid-value', 'missing-field', 'api-warning')?.fieldPath, f.data?.rule, f.range])).toEqual([['missing-field', 'spec.backoffLimitPerIndex', 'completionMode', ranges[0]]]);
    expect(answer[0]!.data).toMatchObject({ verdict: 'rejected' });
  });

  it('each prefix form gives the same verdict: unprefixed, +k8s:alpha, +k8s:beta', () => {
    const rc = (replicas: string) => `apiVersion: v1
kind: ReplicationController
metadata:
  name: r
spec:
  replicas: ${replicas}
  selector: {app: a}
  template:
    metadata: {labels: {app: a}}
    spec:
      containers: [{name: c, image: i}]
`;
    // ReplicationControllerSpec.replicas carries +k8s:beta(since)=+k8s:minimum=0 (schemas/k8s-1.37.json).
    const beta = check(rc('⟦-1⟧'));
    expect(beta.rules.map(brief)).toEqual([['minimum', 'error', beta.ranges[0]]]);
    expect(beta.rules[0]!.data).toMatchObject({ ruleStage: 'beta', pipelineStage: 'validation', verdict: 'rejected' });
  });

  it('gate-conditional minimum: HPA minReplicas 0 needs HPAScaleToZero (on by default in 1.37)', () => {
    const hpa = (min: string) => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: h
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: d}
  minReplicas: ${min}
  maxReplicas: 3
  metrics:
  - type: External
    external:
      metric: {name: queue}
      target: {type: Value, value: "1"}
`;
    // (An External metric: without an Object or External one, minReplicas 0 is refused by validateMetrics too.)
    expect(check(hpa('0')).rules).toEqual([]);
    const off = check(hpa('⟦0⟧'), ['HPAScaleToZero=false']);
    expect(off.rules.map(brief)).toEqual([['minimum', 'error', off.ranges[0]]]);
    expect(dataOf(off.rules[0], 'invalid-value', 'missing-field', 'api-warning')?.when).toEqual({ gate: 'HPAScaleToZero', enabled: false });
    const negative = check(hpa('⟦-1⟧'));
    expect(negative.rules.map(brief)).toEqual([['minimum', 'error', negative.ranges[0]]]);
  });

  it('gate-conditional format applies only while the gate is on; forbidden-while-off is the gate finding', () => {
    // A partition type needs devices that consume counters and carry the attribute (validatePartitionTypeAttribute).
    const body = (value: string) =>
      `  partitionTypeAttribute: ${value}\n  devices:\n  - name: d0\n    attributes: {profile: {string: 1g}}\n    consumesCounters: [{counterSet: gpu, counters: {memory: {value: 1Gi}}}]\n`;
    const on = check(slice(body('⟦profile⟧')), ['DRAPartitionableDevicesType=true']);
    expect(on.rules.map(brief)).toEqual([['format', 'error', on.ranges[0]]]);
    expect(check(slice(body('gpu.example.com/profile')), ['DRAPartitionableDevicesType=true']).rules).toEqual([]);
    const off = check(slice(body('profile')));
    expect(off.rules).toEqual([]);
    expect(off.all.map((f) => f.code)).toContain('feature-gate');
  });

  it('formats follow the apimachinery validators', () => {
    expect(formatProblem('k8s-short-name', 'gpu-0')).toBeUndefined();
    expect(formatProblem('k8s-short-name', 'GPU')).toMatch(/DNS label: lower-case/);
    expect(formatProblem('k8s-short-name', 'a'.repeat(64))).toMatch(/63/);
    expect(formatProblem('k8s-long-name', 'a.b-c.d')).toBeUndefined();
    expect(formatProblem('k8s-long-name-caseless', 'A.B')).toBeUndefined();
    expect(formatProblem('k8s-label-key', 'example.com/x_y.z')).toBeUndefined();
    expect(formatProblem('k8s-label-key', 'a/b/c')).toMatch(/optional DNS prefix and one "\/"/);
    expect(formatProblem('k8s-prefixed-label-key', 'name')).toMatch(/prefix/);
    expect(formatProblem('k8s-resource-fully-qualified-name', 'gpu.example.com/model')).toBeUndefined();
    expect(formatProblem('k8s-resource-fully-qualified-name', 'gpu.example.com/1model')).toMatch(/C identifier/);
    expect(formatProblem('k8s-resource-pool-name', 'node-1/pool.a')).toBeUndefined();
    expect(formatProblem('k8s-resource-pool-name', 'node_1')).toMatch(/part must be a DNS subdomain/);
    expect(formatProblem('k8s-path-segment-name', '..')).toBe('may not be ".."');
    expect(formatProblem('k8s-path-segment-name', '...')).toBeUndefined();
    expect(formatProblem('k8s-extended-resource-name', 'example.com/gpu')).toBeUndefined();
    expect(formatProblem('k8s-extended-resource-name', 'kubernetes.io/gpu')).toMatch(/kubernetes\.io domain/);
    expect(formatProblem('k8s-uuid', '123e4567-e89b-12d3-a456-426614174000')).toBeUndefined();
    expect(formatProblem('k8s-uuid', '123E4567-E89B-12D3-A456-426614174000')).toMatch(/lower-case RFC 4122/);
  });
});
