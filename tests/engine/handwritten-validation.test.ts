// Hand-written kube-apiserver validation beyond the schema (server/src/engine/validate/handwritten-table.ts):
// container name/image, int-or-string fields read as port names or percentages, quantities as the decoder parses
// them, and repeated keys of built-in list-map lists with the server's verdict. Exact ranges, rules and verdicts.
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/engine/check';
import type { Finding } from '../../server/src/engine/codes/finding';
import { HANDWRITTEN_RULE_IDS, INT_OR_STRING, LIST_KEYS, REQUIRED } from '../../server/src/engine/validate/handwritten-table';
import { portNameProblem } from '../../server/src/engine/validate/handwritten-scalars';
import { compareQuantities, quantityProblem, quantityValue } from '../../server/src/engine/validate/quantity';
import { marked } from '../support/markers';
import { data } from './helpers';

const RULES = HANDWRITTEN_RULE_IDS;

function check(source: string) {
  const { text, ranges } = marked(source);
  const report = checkText(text, { version: '1.37' });
  const found = report.findings.filter((f) => RULES.has(f.data?.['rule'] as string));
  return { found, all: report.findings, ranges };
}

const brief = (f: Finding) => [f.code, f.data?.['rule'], f.data?.['pipelineStage'], f.data?.['verdict'], f.severity, f.range];

const pod = (spec: string) => `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
${spec}`;

describe('required container fields', () => {
  it('a Pod container without image or name: missing-field at the item\'s first key', () => {
    const { found, ranges } = check(
      pod(`  containers:
  - ⟦name⟧: web
  - ⟦image⟧: busybox
`),
    );
    expect(found.map(brief)).toEqual([
      ['missing-field', 'containerImage', 'validation', 'rejected', 'error', ranges[0]],
      ['missing-field', 'containerName', 'validation', 'rejected', 'error', ranges[1]],
    ]);
    expect(found[0]!.path).toBe('spec.containers[].image');
    expect(found[0]!.message).toBe('Applying fails: the container has no image');
    expect(found[0]!.fix).toBe('Add image under spec.containers[].');
    expect(found[0]!.data?.['source']).toMatch(/^kubernetes\/kubernetes pkg\/apis\/core\/validation\/validation\.go@[0-9a-f]{12} validateContainerCommon$/);
  });

  it('a Deployment template and a CronJob jobTemplate are validated the same way', () => {
    const { found, ranges } = check(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
spec:
  selector: {matchLabels: {app: a}}
  template:
    metadata: {labels: {app: a}}
    spec:
      initContainers:
      - ⟦name⟧: init
      containers:
      - name: a
        image: nginx
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: c
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - ⟦image⟧: busybox
`);
    expect(found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.template.spec.initContainers[].image', 'missing-field', 'containerImage', 'validation', 'rejected', 'error', ranges[0]],
      ['spec.jobTemplate.spec.template.spec.containers[].name', 'missing-field', 'containerName', 'validation', 'rejected', 'error', ranges[1]],
    ]);
  });

  it('an empty image, a name that is not a DNS label, and no containers at all', () => {
    const { found, ranges } = check(`apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: ⟦Web_1⟧
    image: ⟦""⟧
---
apiVersion: v1
kind: Pod
metadata:
  name: q
spec:
  containers: ⟦[]⟧
---
apiVersion: v1
kind: Pod
metadata:
  name: r
⟦spec⟧:
  restartPolicy: Always
`);
    expect(found.map(brief)).toEqual([
      ['invalid-value', 'containerName', 'validation', 'rejected', 'error', ranges[0]],
      ['invalid-value', 'containerImage', 'validation', 'rejected', 'error', ranges[1]],
      ['invalid-value', 'podContainers', 'validation', 'rejected', 'error', ranges[2]],
      ['missing-field', 'podContainers', 'validation', 'rejected', 'error', ranges[3]],
    ]);
    expect(found[0]!.message).toBe('Applying fails: name "Web_1" is not a valid DNS label');
    expect(found[0]!.fix).toBe('Rename it, e.g. "web-1": the name must be a DNS label: lower-case letters, digits and "-", starting and ending with a letter or digit.');
  });

  it('says nothing on a valid workload', () => {
    const { all } = check(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
spec:
  selector: {matchLabels: {app: a}}
  strategy:
    rollingUpdate: {maxUnavailable: 25%, maxSurge: 1}
  template:
    metadata: {labels: {app: a}}
    spec:
      containers:
      - name: a
        image: nginx
        ports:
        - {containerPort: 80, name: http}
        - {containerPort: 80, protocol: UDP}
        env:
        - {name: A, value: x}
        - {name: A, value: "$(A):y"}
        resources:
          limits: {cpu: 500m, memory: 1Gi}
          requests: {cpu: "0.25", memory: 1e9, ephemeral-storage: 2Gi}
        readinessProbe:
          httpGet: {port: http, path: /}
        livenessProbe:
          tcpSocket: {port: 80}
`);
    expect(all.filter((f) => f.severity === 'error' || f.severity === 'warning')).toEqual([]);
  });
});

describe('int-or-string fields', () => {
  it('port fields: a quoted number is a port name, a number must be 1 to 65535', () => {
    const { found, ranges } = check(
      pod(`  containers:
  - name: a
    image: nginx
    livenessProbe:
      httpGet: {path: /, port: ⟦"8080"⟧}
    readinessProbe:
      tcpSocket: {port: ⟦70000⟧}
    startupProbe:
      httpGet: {path: /, port: ⟦Http⟧}
    lifecycle:
      preStop:
        httpGet: {path: /, port: ⟦'9090'⟧}
      postStart:
        tcpSocket: {port: web-1}
`),
    );
    expect(found.map(brief)).toEqual([
      ['invalid-value', 'portName', 'validation', 'rejected', 'error', ranges[0]],
      ['invalid-value', 'portNumber', 'validation', 'rejected', 'error', ranges[1]],
      ['invalid-value', 'portName', 'validation', 'rejected', 'error', ranges[2]],
      ['invalid-value', 'portName', 'validation', 'rejected', 'error', ranges[3]],
    ]);
    expect(found[0]!.message).toBe('Applying fails: "8080" is read as a port name (it is quoted), and a port name needs a letter');
    expect(found[0]!.fix).toBe('Write 8080 without quotes for the port number.');
    expect(found[1]!.message).toBe('Applying fails: port 70000 is not a port number (1 to 65535)');
    expect(found[2]!.message).toBe('Applying fails: "Http" is not a valid port name');
    expect(found[2]!.detail).toBe('The port name may contain only lower-case letters, digits and "-".');
  });

  it('port numbers at the edges: 1 and 65535 pass, 0 and 65536 are refused', () => {
    const { found, ranges } = check(
      pod(`  containers:
  - name: a
    image: nginx
    livenessProbe:
      tcpSocket: {port: 65535}
    readinessProbe:
      tcpSocket: {port: 1}
    startupProbe:
      tcpSocket: {port: ⟦65536⟧}
    lifecycle:
      preStop:
        tcpSocket: {port: ⟦0⟧}
`),
    );
    expect(found.map(brief)).toEqual([
      ['invalid-value', 'portNumber', 'validation', 'rejected', 'error', ranges[0]],
      ['invalid-value', 'portNumber', 'validation', 'rejected', 'error', ranges[1]],
    ]);
    expect(found.map((f) => f.data?.['value'])).toEqual([65536, 0]);
  });

  it('Service targetPort and NetworkPolicy port (targetPort 0 is defaulted to port)', () => {
    const { found, ranges } = check(`apiVersion: v1
kind: Service
metadata: {name: s}
spec:
  ports:
  - {port: 80, targetPort: ⟦"8080"⟧}
  - {port: 81, targetPort: 0}
  - {port: 82, targetPort: http}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: n}
spec:
  podSelector: {}
  ingress:
  - ports:
    - port: ⟦"443"⟧
    - port: https
    - port: ⟦0⟧
`);
    expect(found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.ports[].targetPort', 'invalid-value', 'portName', 'validation', 'rejected', 'error', ranges[0]],
      ['spec.ingress[].ports[].port', 'invalid-value', 'portName', 'validation', 'rejected', 'error', ranges[1]],
      ['spec.ingress[].ports[].port', 'invalid-value', 'portNumber', 'validation', 'rejected', 'error', ranges[2]],
    ]);
  });

  it('percent fields: a quoted number is not a percentage; limits of 100% and zero where upstream has them', () => {
    const { found, ranges } = check(`apiVersion: apps/v1
kind: Deployment
metadata: {name: d}
spec:
  selector: {matchLabels: {app: a}}
  strategy:
    rollingUpdate: {maxUnavailable: ⟦"1"⟧, maxSurge: 150%}
  template:
    metadata: {labels: {app: a}}
    spec:
      containers: [{name: a, image: nginx}]
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: ds}
spec:
  selector: {matchLabels: {app: a}}
  updateStrategy:
    rollingUpdate: {maxUnavailable: 0, maxSurge: ⟦101%⟧}
  template:
    metadata: {labels: {app: a}}
    spec:
      containers: [{name: a, image: nginx}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: ss}
spec:
  serviceName: ss
  selector: {matchLabels: {app: a}}
  updateStrategy:
    rollingUpdate: {maxUnavailable: ⟦0⟧}
  template:
    metadata: {labels: {app: a}}
    spec:
      containers: [{name: a, image: nginx}]
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: pdb}
spec:
  minAvailable: ⟦half⟧
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: pdb2}
spec:
  maxUnavailable: ⟦-1⟧
`);
    expect(found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.strategy.rollingUpdate.maxUnavailable', 'invalid-value', 'percent', 'validation', 'rejected', 'error', ranges[0]],
      ['spec.updateStrategy.rollingUpdate.maxSurge', 'invalid-value', 'percent', 'validation', 'rejected', 'error', ranges[1]],
      ['spec.updateStrategy.rollingUpdate.maxUnavailable', 'invalid-value', 'percent', 'validation', 'rejected', 'error', ranges[2]],
      ['spec.minAvailable', 'invalid-value', 'percent', 'validation', 'rejected', 'error', ranges[3]],
      ['spec.maxUnavailable', 'invalid-value', 'percent', 'validation', 'rejected', 'error', ranges[4]],
    ]);
    expect(found[0]!.message).toBe('Applying fails: "1" is read as a percentage (it is quoted), and a percentage must end with %');
    expect(found[0]!.fix).toBe('Write 1 without quotes for a count, or "1%" for a percentage.');
    expect(found[1]!.message).toBe('Applying fails: maxSurge 101% is more than 100%');
    expect(found[2]!.message).toBe('Applying fails: maxUnavailable cannot be 0');
  });

  it('every row names a field that exists with an int-or-string type in the generated data', () => {
    const d = data();
    for (const row of INT_OR_STRING) {
      const field = d.types[row.type]?.fields.find((f) => f.name === row.field);
      expect(field?.type, `${row.type}.${row.field}`).toEqual({ s: 'int-or-string' });
      expect(row.source.commit).toMatch(/^[0-9a-f]{40}$/);
    }
    for (const row of [...REQUIRED, ...LIST_KEYS]) {
      expect(d.types[row.type]?.fields.some((f) => f.name === row.field), `${row.type}.${row.field}`).toBe(true);
      expect(row.source.commit).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('port names follow the IANA service-name rules', () => {
    expect(['http', 'web-1', 'a1', 'abcdefghijklmno'].map(portNameProblem)).toEqual([undefined, undefined, undefined, undefined]);
    expect(['8080', 'abcdefghijklmnop', 'web--1', '-web', 'web-', 'Web', ''].map(portNameProblem)).toEqual([
      'needs at least one letter',
      'is longer than 15 characters',
      'may not contain "--"',
      'may not start or end with "-"',
      'may not start or end with "-"',
      'may contain only lower-case letters, digits and "-"',
      'may contain only lower-case letters, digits and "-"',
    ]);
  });
});

describe('quantities', () => {
  it('the decoder\'s grammar: sign, digits, fraction, SI / binary suffix or exponent', () => {
    const ok = ['1', '0', '-1', '+1', '1.5', '.5', '1.', '100m', '250u', '3n', '1k', '1M', '1G', '1T', '1P', '1E', '1Ki', '512Mi', '1.5Gi', '1Ti', '1Pi', '1Ei', '1e3', '1E-3', '1e+3', ' 2Gi ', '00', 'Mi'];
    // 'Mi' scans as an empty number (zero) with a binary suffix: upstream decodes it as 0.
    expect(ok.filter((v) => quantityProblem(v) !== undefined)).toEqual([]);
    expect(['512MB', '1.5.3', 'abc', '', '1ki', '1K', '1e', '1Gb', '1 Gi', '1m3'].map((v) => [v, quantityProblem(v)])).toEqual([
      ['512MB', 'has characters that are not part of a number and a unit suffix'],
      ['1.5.3', 'has characters that are not part of a number and a unit suffix'],
      ['abc', 'has characters that are not part of a number and a unit suffix'],
      ['', 'is empty'],
      ['1ki', 'has an unknown unit suffix "ki"'],
      ['1K', 'has an unknown unit suffix "K"'],
      ['1e', 'has an unknown unit suffix "e"'],
      ['1Gb', 'has characters that are not part of a number and a unit suffix'],
      ['1 Gi', 'has characters that are not part of a number and a unit suffix'],
      ['1m3', 'has an unknown unit suffix "m3"'],
    ]);
  });

  it('resources, PVC storage, ResourceQuota and LimitRange: a bad quantity fails the decode', () => {
    const { found, ranges } = check(`apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
  - name: a
    image: nginx
    resources:
      limits: {memory: ⟦512MB⟧, cpu: ⟦"1.5.3"⟧}
      requests: {cpu: 0.5, memory: 128Mi}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: c}
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests: {storage: ⟦"abc"⟧}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: q}
spec:
  hard: {requests.cpu: "10", limits.memory: ⟦20GB⟧}
---
apiVersion: v1
kind: LimitRange
metadata: {name: l}
spec:
  limits:
  - type: Container
    max: {memory: 1Gi}
    default: {memory: ⟦1 Gi⟧}
`);
    expect(found.map(brief)).toEqual([
      ['invalid-value', 'quantity', 'decode', 'rejected', 'error', ranges[0]],
      ['invalid-value', 'quantity', 'decode', 'rejected', 'error', ranges[1]],
      ['invalid-value', 'quantity', 'decode', 'rejected', 'error', ranges[2]],
      ['invalid-value', 'quantity', 'decode', 'rejected', 'error', ranges[3]],
      ['invalid-value', 'quantity', 'decode', 'rejected', 'error', ranges[4]],
    ]);
    expect(found[0]!.message).toBe('Applying fails: "512MB" is not a quantity');
    expect(found[0]!.detail).toBe('The value has characters that are not part of a number and a unit suffix; the API server cannot decode it, so the whole object is refused.');
    expect(found[0]!.fix).toBe('Write 512Mi (powers of 1024) or 512M (powers of 1000).');
    expect(found[0]!.data?.['source']).toMatch(/^kubernetes\/apimachinery pkg\/api\/resource\/quantity\.go@/);
  });
});

describe('repeated keys of built-in list-map lists', () => {
  it('container ports and env warn (server-side apply rejects); container names are rejected', () => {
    const { found, ranges } = check(
      pod(`  containers:
  - name: web
    image: nginx
    ports:
    - containerPort: 8080
    - containerPort: ⟦8080⟧
      protocol: TCP
    - containerPort: 8080
      protocol: UDP
    env:
    - {name: A, value: x}
    - {name: ⟦A⟧, value: z}
    - {name: B, value: x}
    - {name: B, value: "$(B):z"}
  - name: ⟦web⟧
    image: busybox
`),
    );
    expect(found.map(brief)).toEqual([
      ['api-warning', 'duplicateListKey', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
      ['api-warning', 'duplicateListKey', 'warning', 'accepted-with-warning', 'warning', ranges[1]],
      ['invalid-value', 'duplicateListKey', 'validation', 'rejected', 'error', ranges[2]],
    ]);
    expect(found[0]!.message).toBe('kubectl apply warns: ports items 1 and 2 repeat containerPort/protocol 8080/TCP; server-side apply rejects the list');
    expect(found[0]!.data?.['source']).toContain('pkg/api/pod/warnings.go');
    expect(found[1]!.message).toBe('kubectl apply warns: env items 1 and 2 repeat name "A"; server-side apply rejects the list');
    expect(found[2]!.message).toBe('Applying fails: containers items 1 and 2 have the same name "web"');
  });

  it('names shared across container lists, volumes, mount paths and Service ports are rejected', () => {
    const { found, ranges } = check(`apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  initContainers:
  - name: ⟦app⟧
    image: busybox
  containers:
  - name: app
    image: nginx
    volumeMounts:
    - {name: data, mountPath: /data}
    - {name: data, mountPath: ⟦/data⟧}
  volumes:
  - {name: data, emptyDir: {}}
  - {name: ⟦data⟧, emptyDir: {}}
---
apiVersion: v1
kind: Service
metadata: {name: s}
spec:
  ports:
  - {name: a, port: 80}
  - {name: b, port: ⟦80⟧, protocol: TCP}
  - {name: c, port: 80, protocol: UDP}
`);
    expect(found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.initContainers[].name', 'invalid-value', 'duplicateListKey', 'validation', 'rejected', 'error', ranges[0]],
      ['spec.containers[].volumeMounts[].mountPath', 'invalid-value', 'duplicateListKey', 'validation', 'rejected', 'error', ranges[1]],
      ['spec.volumes[].name', 'invalid-value', 'duplicateListKey', 'validation', 'rejected', 'error', ranges[2]],
      ['spec.ports[]', 'invalid-value', 'duplicateListKey', 'validation', 'rejected', 'error', ranges[3]],
    ]);
    expect(found[0]!.message).toBe('Applying fails: name "app" of initContainers item 1 is already used by containers item 1');
    expect(found[3]!.message).toBe('Applying fails: ports items 1 and 2 have the same port/protocol 80/TCP');
  });

  it('container ports: equal non-zero host ports fail validation, distinct host ports pass silently', () => {
    const { found, ranges } = check(
      pod(`  containers:
  - name: a
    image: nginx
    ports:
    - {containerPort: 80, hostPort: 8080}
    - {containerPort: ⟦80⟧, hostPort: 8080}
    - {containerPort: 81, hostPort: 9000}
    - {containerPort: 81, hostPort: 9001}
`),
    );
    expect(found.map(brief)).toEqual([['invalid-value', 'duplicateListKey', 'validation', 'rejected', 'error', ranges[0]]]);
    expect(found[0]!.message).toBe('Applying fails: ports items 1 and 2 have the same containerPort/protocol 80/TCP with the same hostPort');
  });

  it('container ports: the same hostPort on different hostIPs passes, on the same hostIP fails, beside no hostIP warns', () => {
    const ports = (second: string) =>
      check(
        pod(`  containers:
  - name: a
    image: nginx
    ports:
    - {containerPort: 80, hostPort: 8080, hostIP: 10.0.0.1}
    - {containerPort: ⟦80⟧, hostPort: 8080${second}}
`),
      );
    expect(ports(', hostIP: 10.0.0.2').found).toEqual([]);
    const same = ports(', hostIP: 10.0.0.1');
    expect(same.found.map(brief)).toEqual([['invalid-value', 'duplicateListKey', 'validation', 'rejected', 'error', same.ranges[0]]]);
    const unset = ports('');
    expect(unset.found.map(brief)).toEqual([['api-warning', 'duplicateListKey', 'warning', 'accepted-with-warning', 'warning', unset.ranges[0]]]);
  });

  it('hostAliases and imagePullSecrets warn', () => {
    const { found, ranges } = check(
      pod(`  containers: [{name: a, image: nginx}]
  hostAliases:
  - {ip: 10.0.0.1, hostnames: [a]}
  - {ip: ⟦10.0.0.1⟧, hostnames: [b]}
  imagePullSecrets:
  - name: reg
  - name: ⟦reg⟧
`),
    );
    expect(found.map(brief)).toEqual([
      ['api-warning', 'duplicateListKey', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
      ['api-warning', 'duplicateListKey', 'warning', 'accepted-with-warning', 'warning', ranges[1]],
    ]);
  });
});

describe('kustomize patches', () => {
  it('a strategic-merge patch names containers without image (nothing is required there), null deletes stay silent', () => {
    const text = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: web
        image: null
        resources:
          limits: {memory: 1Gi}
      - name: sidecar
        env:
        - {name: A, value: x}
        - {name: A, value: z}
`;
    const report = checkText(text, { version: '1.37', kustomize: { role: 'patch', kustomization: '/repo/kustomization.yaml', injected: [] } });
    expect(report.findings.map((f) => [f.data?.['rule'], f.data?.['verdict'], f.range.start.line])).toEqual([['duplicateListKey', 'accepted-with-warning', 15]]);
  });
});

describe('fields that may not both be zero', () => {
  it('a Deployment with maxUnavailable and maxSurge both 0 is rejected; one of them 0 is fine', () => {
    const deployment = (rollingUpdate: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: d}
spec:
  selector: {matchLabels: {app: a}}
  strategy:
    rollingUpdate: ${rollingUpdate}
  template:
    metadata: {labels: {app: a}}
    spec:
      containers: [{name: a, image: nginx}]
`;
    const both = check(deployment('{maxUnavailable: ⟦0⟧, maxSurge: 0%}'));
    expect(both.found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.strategy.rollingUpdate.maxUnavailable', 'invalid-value', 'percent', 'validation', 'rejected', 'error', both.ranges[0]],
    ]);
    expect(both.found[0]!.message).toBe('Applying fails: maxUnavailable and maxSurge are both 0, so a rollout could never progress');
    expect(check(deployment('{maxUnavailable: 0, maxSurge: 1}')).found).toEqual([]);
    expect(check(deployment('{maxUnavailable: 0}')).found).toEqual([]);
  });
});

describe('null container lists', () => {
  it('containers with no value is as empty as an empty list (a patch may delete it: got null)', () => {
    const { found, ranges } = check(`apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  ⟦containers⟧:
  restartPolicy: Always
`);
    expect(found.map((f) => [...brief(f), f.data?.['got']])).toEqual([['invalid-value', 'podContainers', 'validation', 'rejected', 'error', ranges[0], 'null']]);
  });
});

describe('container port names (IANA service names)', () => {
  it('a name with "_" or of 16 characters is rejected at the value; an empty or valid name is fine', () => {
    const { found, ranges } = check(
      pod(`  containers:
  - name: a
    image: nginx
    ports:
    - {containerPort: 80, name: ⟦http_port⟧}
    - {containerPort: 81, name: ⟦metrics-endpoint⟧}
    - {containerPort: 82, name: metrics}
    - {containerPort: 83, name: ""}
`),
    );
    expect(found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.containers[].ports[].name', 'invalid-value', 'portName', 'validation', 'rejected', 'error', ranges[0]],
      ['spec.containers[].ports[].name', 'invalid-value', 'portName', 'validation', 'rejected', 'error', ranges[1]],
    ]);
    expect(found[0]!.message).toBe('Applying fails: "http_port" is not a valid port name');
    expect(found[0]!.detail).toBe('The port name may contain only lower-case letters, digits and "-".');
    expect(found[1]!.detail).toBe('The port name is longer than 15 characters.');
    expect(found[0]!.data?.['source']).toMatch(/validation\.go@[0-9a-f]{12} validateContainerPorts \(IsValidPortName\); .*IsValidPortName/);
  });

  it('two container ports with the same name are rejected; unnamed ports are not compared', () => {
    const { found, ranges } = check(
      pod(`  containers:
  - name: a
    image: nginx
    ports:
    - {name: web, containerPort: 80}
    - {containerPort: 81}
    - {name: ⟦web⟧, containerPort: 82}
    - {containerPort: 83}
`),
    );
    expect(found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.containers[].ports[].name', 'invalid-value', 'duplicateListKey', 'validation', 'rejected', 'error', ranges[0]],
    ]);
    expect(found[0]!.message).toBe('Applying fails: ports items 1 and 3 have the same name "web"');
  });
});

describe('Service port names', () => {
  it('two Service ports named http are rejected at the later name; unnamed ports are not compared', () => {
    const { found, ranges } = check(`apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports:
  - {name: http, port: 80}
  - {name: ⟦http⟧, port: 8080}
  - {name: https, port: 443}
`);
    expect(found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.ports[].name', 'invalid-value', 'duplicateListKey', 'validation', 'rejected', 'error', ranges[0]],
    ]);
    expect(found[0]!.message).toBe('Applying fails: ports items 1 and 2 have the same name "http"');
    expect(found[0]!.data?.['source']).toMatch(/validateServicePort \(field\.Duplicate name\)$/);
  });
});

describe('resource requests and limits', () => {
  it('a negative quantity is rejected in requests and limits (quoted or not)', () => {
    const { found, ranges } = check(
      pod(`  containers:
  - name: a
    image: nginx
    resources:
      requests: {cpu: ⟦"-1"⟧, memory: 0}
      limits: {memory: ⟦-1Gi⟧}
`),
    );
    expect(found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.containers[].resources.requests.cpu', 'invalid-value', 'quantityRange', 'validation', 'rejected', 'error', ranges[0]],
      ['spec.containers[].resources.limits.memory', 'invalid-value', 'quantityRange', 'validation', 'rejected', 'error', ranges[1]],
    ]);
    expect(found[0]!.message).toBe('Applying fails: requests.cpu "-1" is negative');
    expect(found[0]!.fix).toBe('Use a quantity of 0 or more for cpu.');
  });

  it('a request above its limit is rejected, compared exactly across units (300m equals 0.3)', () => {
    const { found, ranges } = check(
      pod(`  containers:
  - name: a
    image: nginx
    resources:
      requests: {cpu: ⟦"2"⟧, memory: 1Gi, ephemeral-storage: 300m}
      limits: {cpu: 500m, memory: 1024Mi, ephemeral-storage: "0.3"}
`),
    );
    expect(found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.containers[].resources.requests.cpu', 'invalid-value', 'quantityRange', 'validation', 'rejected', 'error', ranges[0]],
    ]);
    expect(found[0]!.message).toBe('Applying fails: requests.cpu 2 is above limits.cpu 500m');
    expect(found[0]!.fix).toBe('Lower the cpu request to at most 500m, or raise the limit.');
  });

  it('compares exactly: binary and decimal suffixes, exponents, fractions', () => {
    const cmp = (a: string, b: string) => compareQuantities(quantityValue(a)!, quantityValue(b)!);
    expect(cmp('1Gi', '1024Mi')).toBe(0);
    expect(cmp('1e9', '1Gi')).toBe(-1);
    expect(cmp('1G', '1e9')).toBe(0);
    expect(cmp('300m', '0.3')).toBe(0);
    expect(cmp('1.5', '1500m')).toBe(0);
    expect(cmp('-1', '0')).toBe(-1);
    expect(cmp('2', '500m')).toBe(1);
    expect(quantityValue('-0')!.negative).toBe(false);
    expect(quantityValue('1.5.5')).toBeUndefined();
  });
});

describe('a Job pod template restartPolicy', () => {
  const job = (template: string) => `apiVersion: batch/v1
kind: Job
metadata: {name: report}
spec:
  template:
${template}`;

  it('absent (defaulted to Always) is rejected at restartPolicy, pointing at the template spec key; Always is rejected at the value', () => {
    const absent = check(
      job(`    ⟦spec⟧:
      containers: [{name: r, image: python:3.13}]
`),
    );
    expect(absent.found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.template.spec.restartPolicy', 'invalid-value', 'templateRestartPolicy', 'validation', 'rejected', 'error', absent.ranges[0]],
    ]);
    expect(absent.found[0]!.message).toBe("Applying fails: a Job's pod template needs restartPolicy OnFailure or Never; without it the default Always is refused");
    expect(absent.found[0]!.fix).toBe('Add restartPolicy: OnFailure (or Never) under spec.template.spec.');
    expect(absent.found[0]!.data?.['source']).toMatch(/^kubernetes\/kubernetes pkg\/apis\/batch\/validation\/validation\.go@3989b1858620 validateJobSpec .*; kubernetes\/kubernetes pkg\/apis\/core\/v1\/defaults\.go@[0-9a-f]{12} SetDefaults_PodSpec/);
    const always = check(
      job(`    spec:
      restartPolicy: ⟦Always⟧
      containers: [{name: r, image: python:3.13}]
`),
    );
    expect(always.found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.template.spec.restartPolicy', 'invalid-value', 'templateRestartPolicy', 'validation', 'rejected', 'error', always.ranges[0]],
    ]);
    expect(always.found[0]!.message).toBe("Applying fails: a Job's pod template needs restartPolicy OnFailure or Never, not Always");
  });

  it('OnFailure and Never pass; a CronJob jobTemplate is judged the same way; a Deployment is not', () => {
    for (const policy of ['OnFailure', 'Never']) {
      expect(check(job(`    spec:\n      restartPolicy: ${policy}\n      containers: [{name: r, image: busybox}]\n`)).all.filter((f) => f.severity === 'error')).toEqual([]);
    }
    const cron = check(`apiVersion: batch/v1
kind: CronJob
metadata: {name: tick}
spec:
  schedule: "*/5 * * * *"
  jobTemplate:
    spec:
      template:
        ⟦spec⟧:
          containers: [{name: t, image: busybox}]
`);
    expect(cron.found.map((f) => [f.path, ...brief(f)])).toEqual([
      ['spec.jobTemplate.spec.template.spec.restartPolicy', 'invalid-value', 'templateRestartPolicy', 'validation', 'rejected', 'error', cron.ranges[0]],
    ]);
  });

  it('a strategic-merge patch of a Job that leaves restartPolicy out says nothing', () => {
    const text = job(`    spec:
      containers: [{name: r, image: python:3.13}]
`);
    const report = checkText(text, { version: '1.37', kustomize: { role: 'patch', kustomization: '/repo/kustomization.yaml', injected: [] } });
    expect(report.findings.filter((f) => f.data?.['rule'] === 'templateRestartPolicy')).toEqual([]);
  });
});
