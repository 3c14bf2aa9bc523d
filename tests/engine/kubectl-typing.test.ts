// Scalars are typed as kubectl reads them (YAML 1.1 of go-yaml v2), and the decoder's type rules decide what is an
// invalid value: a number or boolean where a string is expected is rejected, `readOnly: yes` is a boolean.
// Internal imports: `parse/kubectl-scalar` (how kubectl types a plain scalar, a unit with no public surface).
import { describe, expect, it } from 'vitest';
import { Analysis } from '../../server/src/engine';
import { kubectlPlain } from '../../server/src/engine/parse/kubectl-scalar';
import { marked } from '../support/markers';

function findings(source: string, code?: string) {
  const { text, ranges } = marked(source);
  const report = new Analysis({ version: '1.37' }).check(text);
  return { found: report.findings.filter((f) => !code || f.code === code), ranges };
}

const pod = (container: string) => `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  volumes:
  - name: v
  containers:
  - name: c
    image: busybox
${container}`;

describe('kubectl scalar typing (go-yaml v2 YAML 1.1 rules)', () => {
  it.each([
    ['yes', 'bool', true],
    ['Off', 'bool', false],
    ['yEs', 'string', 'yEs'],
    ['~', 'null', undefined],
    ['0644', 'int', 420n],
    ['0o17', 'int', 15n],
    ['0X1F', 'int', 31n],
    ['0b101', 'int', 5n],
    ['1_000', 'int', 1000n],
    ['08', 'float', 8],
    ['1.', 'float', 1],
    ['.5', 'float', 0.5],
    ['1e3', 'float', 1000],
    ['1:30', 'string', '1:30'],
    ['2001-12-14', 'string', '2001-12-14'],
    ['1e400', 'string', '1e400'],
    ['18446744073709551615', 'int', 18446744073709551615n],
    ['-9223372036854775809', 'float', -9223372036854775809],
  ])('%s is %s', (text, type, value) => {
    const s = kubectlPlain(text);
    expect(s.type).toBe(type);
    if (value !== undefined) expect((s as { value: unknown }).value).toBe(value);
  });
});

describe('type mismatches the decoder rejects', () => {
  it('a number where a string is expected (env value) is invalid-value at the value', () => {
    const { found, ranges } = findings(pod('    env:\n    - name: PORT\n      value: ⟦8080⟧\n'), 'invalid-value');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ path: 'spec.containers[].env[].value', range: ranges[0], severity: 'error' });
    expect(found[0]!.message).toMatch(/expects a string/);
    expect(found[0]!.fix).toMatch(/Quote/);
  });

  it('a label value 1.0 and a ConfigMap data value true are not strings', () => {
    const { found, ranges } = findings(
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    version: ⟦1.0⟧\ndata:\n  enabled: ⟦true⟧\n  mode: ⟦yes⟧\n  ok: "yes"\n',
      'invalid-value',
    );
    expect(found.map((f) => [f.path, f.range])).toEqual([
      ['metadata.labels.*', ranges[0]],
      ['data.*', ranges[1]],
      ['data.*', ranges[2]],
    ]);
  });

  it('readOnly: yes is the boolean true; readOnly: "true" is a string', () => {
    const ok = findings(pod('    volumeMounts:\n    - name: v\n      mountPath: /v\n      readOnly: yes\n'), 'invalid-value');
    expect(ok.found).toEqual([]);
    const bad = findings(pod('    volumeMounts:\n    - name: v\n      mountPath: /v\n      readOnly: ⟦"true"⟧\n'), 'invalid-value');
    expect(bad.found.map((f) => f.range)).toEqual(bad.ranges);
    expect(bad.found[0]!.fix).toBe('Remove the quotes.');
  });

  it('integers: "3" and 1.5 are rejected, 1.0 and 1e3 are whole numbers', () => {
    const deploy = (replicas: string) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  replicas: ${replicas}\n  selector:\n    matchLabels: {a: b}\n  template:\n    metadata:\n      labels: {a: b}\n    spec:\n      containers:\n      - name: c\n        image: i\n`;
    for (const bad of ['⟦"3"⟧', '⟦1.5⟧', '⟦on⟧']) {
      const { found, ranges } = findings(deploy(bad), 'invalid-value');
      expect(found.map((f) => f.range), bad).toEqual(ranges);
    }
    for (const ok of ['3', '1.0', '1e3', '0x10']) expect(findings(deploy(ok), 'invalid-value').found, ok).toEqual([]);
  });

  it('integers beyond their Go type are refused as kube-apiserver decodes them (int32, int64, IntOrString)', () => {
    const deploy = (replicas: string, surge = '1') =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  replicas: ${replicas}\n  selector:\n    matchLabels: {a: b}\n  strategy:\n    rollingUpdate:\n      maxSurge: ${surge}\n  template:\n    metadata:\n      labels: {a: b}\n    spec:\n      containers:\n      - name: c\n        image: i\n`;
    for (const bad of ['⟦3000000000⟧', '⟦2147483648⟧', '⟦-2147483649⟧', '⟦3e9⟧', '⟦0x80000000⟧']) {
      // The decoder's refusal alone: kube-apiserver stops there, so no validation rule speaks of the same value.
      const { found, ranges } = findings(deploy(bad), 'invalid-value');
      expect(found.map((f) => [f.range, f.message]), bad).toEqual([[ranges[0], expect.stringContaining('expects a whole number from -2147483648 to 2147483647 (int32)')]]);
      expect(found[0]!.fix).toMatch(/kube-apiserver refuses the number/);
    }
    // Decoded, these reach validation: only the negative count is refused there.
    const stages = (text: string) => findings(text, 'invalid-value').found.map((f) => [f.path, f.data?.['pipelineStage']]);
    for (const ok of ['2147483647', '2.147483647e9']) expect(stages(deploy(ok)), ok).toEqual([]);
    expect(stages(deploy('-2147483648'))).toEqual([['spec.replicas', 'validation']]);
    const surge = findings(deploy('1', '⟦4294967296⟧'), 'invalid-value');
    expect(surge.found.map((f) => [f.path, f.range])).toEqual([['spec.strategy.rollingUpdate.maxSurge', surge.ranges[0]]]);
    // int64: 2^63 and beyond are refused, 2^63-1 (which a JavaScript number cannot hold exactly) is accepted.
    const user = (v: string) => pod(`    securityContext:\n      runAsUser: ${v}\n`);
    for (const bad of ['⟦9223372036854775808⟧', '⟦18446744073709551616⟧', '⟦-1e19⟧']) {
      const { found, ranges } = findings(user(bad), 'invalid-value');
      expect(found.map((f) => [f.range, f.message]), bad).toEqual([[ranges[0], expect.stringContaining('from -9223372036854775808 to 9223372036854775807 (int64)')]]);
    }
    // Decoded, these reach validation, which refuses them as user IDs (a later stage, once).
    for (const ok of ['9223372036854775807', '-9223372036854775808']) {
      expect(stages(user(ok)), ok).toEqual([['spec.containers[].securityContext.runAsUser', 'validation']]);
    }
  });

  it('IntOrString takes whole numbers and strings; a Quantity takes any number; neither takes a boolean', () => {
    const { found, ranges } = findings(
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  selector:\n    matchLabels: {a: b}\n  strategy:\n    rollingUpdate:\n      maxSurge: ⟦1.5⟧\n      maxUnavailable: 25%\n  template:\n    metadata:\n      labels: {a: b}\n    spec:\n      containers:\n      - name: c\n        image: i\n        resources:\n          limits:\n            cpu: 0.5\n            memory: ⟦true⟧\n`,
      'invalid-value',
    );
    expect(found.map((f) => f.range)).toEqual(ranges);
  });

  it('file modes: 0644 is read as octal without a hint; "0700" is a string where a number is expected', () => {
    const vol = (mode: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n    image: i\n  volumes:\n  - name: v\n    configMap:\n      name: c\n      defaultMode: ${mode}\n`;
    expect(findings(vol('0644')).found).toEqual([]);
    const quoted = findings(vol('⟦"0700"⟧'));
    expect(quoted.found.map((f) => [f.code, f.range])).toEqual([['invalid-value', quoted.ranges[0]]]);
    expect(quoted.found[0]!.fix).toBe('Remove the quotes.');
  });

  it('a leading-zero number outside a mode field gets an information hint, not an error', () => {
    const { found, ranges } = findings(pod('    ports:\n    - containerPort: ⟦0700⟧\n'));
    expect(found.map((f) => [f.code, f.severity, f.range])).toEqual([['yaml11-scalar', 'information', ranges[0]]]);
    expect(found[0]!.message).toMatch(/octal number 448/);
  });

  it("accepts \\' inside double quotes as kubectl does", () => {
    const { found } = findings(`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: "it\\'s"\n`);
    expect(found).toEqual([]);
  });

  it('kind Cluster documents are read by go-yaml v3: any scalar for a string, a quoted yes for a boolean', () => {
    const { found } = findings(
      'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nname: 123\nnetworking:\n  disableDefaultCNI: "yes"\n',
    );
    expect(found.filter((f) => f.code === 'invalid-value')).toEqual([]);
  });
});
