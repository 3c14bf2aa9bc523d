// The mapping half of the hand-written validation table (engine/validate/mapping-field-rules.ts), each finding in
// full: required fields (absent, null, empty, and a name that is not a DNS label, with the suggested name), maxSurge
// and maxUnavailable both 0, and repeated keys of list-map lists — refused (container names, also across the lists
// that share them) or warned about (env names, container ports), with the cases that stay silent beside each.
import { describe, expect, it } from 'vitest';
import type { FileReport } from '../../server/src/engine';
import { dataOf } from '../support/finding-data';
import { check, rangeOfText } from './helpers';

const TABLE_RULES = new Set(['percent', 'duplicateListKey', 'containerName', 'containerImage', 'podContainers']);

/** The findings of the table's rules, without the source text and server path (pinned elsewhere). */
function table(report: FileReport) {
  return report.findings
    .filter((f) => TABLE_RULES.has(String(f.data?.rule)))
    .map((f) => ({
      code: f.code,
      severity: f.severity,
      path: f.path,
      message: f.message,
      fix: f.fix,
      data: Object.fromEntries(Object.entries(f.data ?? {}).filter(([k]) => k !== 'source' && k !== 'fieldPath')),
    }));
}

const pod = (spec: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n${spec}`;
const rollout = (maxSurge: string, maxUnavailable: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  strategy:\n    rollingUpdate: {maxSurge: ${maxSurge}, maxUnavailable: ${maxUnavailable}}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers: [{name: web, image: nginx}]\n`;
const REPEAT_FIX = 'Remove one of the two entries: only one value is kept, and server-side apply refuses repeated keys.';
const WARNED = { code: 'api-warning', severity: 'warning' } as const;
const warned = { rule: 'duplicateListKey', pipelineStage: 'warning', verdict: 'accepted-with-warning' };
const refused = { pipelineStage: 'validation', verdict: 'rejected' };

describe('required fields', () => {
  it('absent, empty and null: each with its own words and data', () => {
    expect(table(check(pod('  containers:\n  - name: web\n  - name: b\n    image: ""\n  - name: c\n    image: null\n')))).toEqual([
      { code: 'missing-field', severity: 'error', path: 'spec.containers[].image', message: 'Applying fails: the container has no image', fix: 'Add image under spec.containers[].', data: { field: 'image', type: 'Container', rule: 'containerImage', ...refused } },
      { code: 'invalid-value', severity: 'error', path: 'spec.containers[].image', message: 'Applying fails: image is empty', fix: 'Give image a value.', data: { field: 'image', rule: 'containerImage', ...refused } },
      { code: 'invalid-value', severity: 'error', path: 'spec.containers[].image', message: 'Applying fails: image is empty', fix: 'Give image a value.', data: { field: 'image', got: 'null', rule: 'containerImage', ...refused } },
    ]);
  });

  it('an empty or null list of containers', () => {
    const empty = { code: 'invalid-value', severity: 'error', path: 'spec.containers', message: 'Applying fails: containers is empty', fix: 'Add an entry to containers.' };
    expect(table(check(pod('  containers: []\n')))).toEqual([{ ...empty, data: { field: 'containers', rule: 'podContainers', ...refused } }]);
    expect(table(check(pod('  containers: null\n')))).toEqual([{ ...empty, data: { field: 'containers', got: 'null', rule: 'podContainers', ...refused } }]);
  });

  it('a container name that is not a DNS label, with a suggested name', () => {
    const named = (name: string) => table(check(pod(`  containers:\n  - name: ${JSON.stringify(name)}\n    image: nginx\n`)));
    expect(named('-Web_App-')).toEqual([
      {
        code: 'invalid-value',
        severity: 'error',
        path: 'spec.containers[].name',
        message: 'Applying fails: name "-Web_App-" is not a valid DNS label',
        fix: 'Rename it, e.g. "web-app": the name must be a DNS label: lower-case letters, digits and "-", starting and ending with a letter or digit.',
        data: { field: 'name', value: '-Web_App-', format: 'k8s-short-name', rule: 'containerName', ...refused },
      },
    ]);
    expect(named('___')[0]?.fix).toMatch(/^Rename it, e\.g\. "main": /);
    // Cut to 63 characters, no '-' left at the end; a long value is shortened in the message.
    const long = named(`${'a'.repeat(62)}_b`)[0]!;
    expect(long.fix).toMatch(new RegExp(`^Rename it, e\\.g\\. "${'a'.repeat(62)}": `));
    expect(long.message).toBe(`Applying fails: name "${'a'.repeat(29)}…" is not a valid DNS label`);
    expect(named(`A${'a'.repeat(29)}`)[0]!.message).toBe(`Applying fails: name "A${'a'.repeat(29)}" is not a valid DNS label`);
  });
});

describe('maxSurge and maxUnavailable both 0', () => {
  it('0 and "00%" are both 0', () => {
    expect(table(check(rollout('0', '"00%"')))).toEqual([
      {
        code: 'invalid-value',
        severity: 'error',
        path: 'spec.strategy.rollingUpdate.maxUnavailable',
        message: 'Applying fails: maxUnavailable and maxSurge are both 0, so a rollout could never progress',
        fix: 'Set maxUnavailable or maxSurge above 0.',
        data: { rule: 'percent', ...refused },
      },
    ]);
  });

  it('"05%" and "10%" are not 0', () => {
    expect(table(check(rollout('0', '"05%"')))).toEqual([]);
    expect(table(check(rollout('0', '"10%"')))).toEqual([]);
    expect(table(check(rollout('"10%"', '0')))).toEqual([]);
  });
});

describe('repeated keys of list-map lists', () => {
  it('container names: within a list, and across the lists that share the name space', () => {
    const text = pod('  initContainers:\n  - {name: web, image: busybox}\n  - {name: web, image: busybox}\n  - {name: "", image: busybox}\n  containers:\n  - {name: web, image: nginx}\n  - {name: side, image: nginx}\n  - {name: side, image: nginx}\n');
    const fix = 'Give each container a unique name.';
    expect(table(check(text)).filter((f) => f.data['rule'] === 'duplicateListKey')).toEqual([
      { code: 'invalid-value', severity: 'error', path: 'spec.initContainers[].name', message: 'Applying fails: name "web" of initContainers item 1 is already used by containers item 1', fix, data: { keys: ['name'], items: [1], rule: 'duplicateListKey', ...refused } },
      { code: 'invalid-value', severity: 'error', path: 'spec.initContainers[].name', message: 'Applying fails: name "web" of initContainers item 2 is already used by containers item 1', fix, data: { keys: ['name'], items: [2], rule: 'duplicateListKey', ...refused } },
      { code: 'invalid-value', severity: 'error', path: 'spec.containers[].name', message: 'Applying fails: containers items 2 and 3 have the same name "side"', fix: 'Remove one of the two entries, or change its key.', data: { keys: ['name'], items: [2, 3], rule: 'duplicateListKey', ...refused } },
    ]);
  });

  it('the first container of a name is the one named; entries without a name are not compared', () => {
    const text = pod('  initContainers:\n  - {image: busybox}\n  - {name: web, image: busybox}\n  containers:\n  - {name: web, image: nginx}\n  - {name: web, image: nginx}\n');
    expect(table(check(text)).map((f) => f.message)).toEqual([
      'Applying fails: the container has no name',
      'Applying fails: name "web" of initContainers item 2 is already used by containers item 1',
      'Applying fails: containers items 1 and 2 have the same name "web"',
    ]);
  });

  it('an init container name repeated within its own list', () => {
    const text = pod('  initContainers:\n  - {name: a, image: busybox}\n  - {name: a, image: busybox}\n  containers:\n  - {name: web, image: nginx}\n');
    expect(table(check(text)).map((f) => f.message)).toEqual(['Applying fails: name "a" of initContainers item 2 is already used by initContainers item 1']);
  });

  it('env names: a later entry that hides the earlier one warns; one that builds on it does not', () => {
    const env = (later: string) => table(check(pod(`  containers:\n  - name: web\n    image: nginx\n    env:\n    - {name: A, value: x}\n    - ${later}\n`)));
    const warning = {
      ...WARNED,
      path: 'spec.containers[].env[]',
      message: 'kubectl apply warns: env items 1 and 2 repeat name "A"; server-side apply rejects the list',
      fix: REPEAT_FIX,
      data: { keys: ['name'], items: [1, 2], ...warned },
    };
    expect(env('{name: A, value: y}')).toEqual([warning]);
    expect(env('{name: A, value: "$(A)"}')).toEqual([warning]);
    expect(env('{name: A}')).toEqual([warning]);
    expect(env('{name: A, value: null}')).toEqual([warning]);
    expect(env('{name: A, valueFrom: {fieldRef: {fieldPath: metadata.name}}}')).toEqual([warning]);
    expect(env('{name: A, value: "$(A):y"}')).toEqual([]);
    expect(env('{name: A, valueFrom: null, value: "$(A):y"}')).toEqual([]);
    // valueFrom wins over a value that builds on the earlier entry (validation refuses the pair besides).
    expect(env('{name: A, valueFrom: {fieldRef: {fieldPath: metadata.name}}, value: "$(A):y"}')).toEqual([warning]);
  });

  it('container ports: the same port and protocol warn unless their host ports differ', () => {
    const ports = (a: string, b: string) => table(check(pod(`  containers:\n  - name: web\n    image: nginx\n    ports:\n    - ${a}\n    - ${b}\n`)));
    const warning = {
      ...WARNED,
      path: 'spec.containers[].ports[]',
      message: 'kubectl apply warns: ports items 1 and 2 repeat containerPort/protocol 80/TCP; server-side apply rejects the list',
      fix: REPEAT_FIX,
      data: { keys: ['containerPort', 'protocol'], items: [1, 2], ...warned },
    };
    expect(ports('{containerPort: 80}', '{containerPort: 80}')).toEqual([warning]);
    expect(ports('{containerPort: 80, hostPort: 8080}', '{containerPort: 80}')).toEqual([warning]);
    expect(ports('{containerPort: 80}', '{containerPort: 80, hostPort: 8080}')).toEqual([warning]);
    expect(ports('{containerPort: 80, hostPort: 8080}', '{containerPort: 80, hostPort: 8080, hostIP: 10.0.0.1}')).toEqual([warning]);
    expect(ports('{containerPort: 80, hostPort: 8080, hostIP: 10.0.0.1}', '{containerPort: 80, hostPort: 8080}')).toEqual([warning]);
    // Distinct host ports pass; equal ones on the same host IP are refused by another rule, not warned about here.
    expect(ports('{containerPort: 80, hostPort: 8080}', '{containerPort: 80, hostPort: 8081}')).toEqual([]);
    expect(ports('{containerPort: 80, hostPort: 8080}', '{containerPort: 80, hostPort: 8080}')).toEqual([]);
    expect(ports('{containerPort: 80, hostPort: 8080, hostIP: 10.0.0.1}', '{containerPort: 80, hostPort: 8080, hostIP: 10.0.0.2}')).toEqual([]);
    expect(ports('{containerPort: 80, hostPort: 8080}', '{containerPort: 80, hostPort: 8081, hostIP: 10.0.0.1}')).toEqual([]);
  });

  it('a repeated entry is marked at the value of its first key', () => {
    const text = pod('  containers:\n  - name: web\n    image: nginx\n    ports:\n    - {containerPort: 80}\n    - {protocol: TCP, containerPort: 80}\n');
    const f = check(text).findings.find((x) => x.data?.['rule'] === 'duplicateListKey');
    expect(f?.range).toEqual(rangeOfText(text, 10, '80'));
  });

  it('a list given through an alias is read like one written out', () => {
    const text = pod('  initContainers: &c\n  - {name: web, image: busybox}\n  containers: *c\n');
    expect(table(check(text)).map((f) => f.message)).toEqual(['Applying fails: name "web" of initContainers item 1 is already used by containers item 1']);
  });

  it('a port warning names both upstream sources: the duplicate check and the protocol default', () => {
    const text = pod('  containers:\n  - name: web\n    image: nginx\n    ports:\n    - {containerPort: 80}\n    - {containerPort: 80}\n');
    const f = check(text).findings.find((x) => x.data?.['rule'] === 'duplicateListKey');
    expect(String(dataOf(f, 'invalid-value', 'missing-field', 'api-warning')?.source).split('; ')).toHaveLength(2);
  });

  it('Service ports: unnamed ports, or ports named "", are not compared by name', () => {
    const svc = (a: string, b: string) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - {${a}port: 80, protocol: TCP}\n  - {${b}port: 81, protocol: TCP}\n`;
    expect(table(check(svc('', '')))).toEqual([]);
    expect(table(check(svc('name: "", ', 'name: "", ')))).toEqual([]);
    expect(table(check(svc('name: a, ', 'name: a, '))).map((f) => f.message)).toEqual(['Applying fails: ports items 1 and 2 have the same name "a"']);
  });
});
