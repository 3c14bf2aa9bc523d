// The API server's warning headers for Pods and pod templates (server/src/engine/validate/warning-table.ts and
// api-warnings.ts): deprecated volume types, node labels and annotations, fractional byte quantities, null label
// selectors, negative grace periods and nameless pull secrets. Exact ranges, paths, rules and verdicts.
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/engine/check';
import { buildCrdCatalog } from '../../server/src/engine/crd/catalog';
import { crdsFromText } from '../../server/src/engine/crd/workspace';
import type { Finding } from '../../server/src/engine/codes/finding';
import { isFractionalBytes } from '../../server/src/engine/validate/api-warnings';
import { API_WARNING_RULE_IDS, NODE_LABEL_WARNINGS, VOLUME_WARNINGS } from '../../server/src/engine/validate/warning-table';
import { marked } from '../support/markers';

/** Checked as `kubegate check` checks a file: its own CRDs are the catalog. */
function check(source: string) {
  const { text, ranges } = marked(source);
  const crds = buildCrdCatalog({ workspace: crdsFromText(text, 'test.yaml'), pack: null });
  const report = checkText(text, { version: '1.37', crds });
  const found = report.findings.filter((f) => f.code === 'api-warning');
  return { found, all: report.findings, ranges };
}

const brief = (f: Finding) => [f.path, f.data?.['rule'], f.data?.['pipelineStage'], f.data?.['verdict'], f.severity, f.range];

const pod = (spec: string, meta = '') => `apiVersion: v1
kind: Pod
metadata:
  name: p
${meta}spec:
  containers:
  - name: web
    image: nginx:1.27
${spec}`;

describe('deprecated volume types', () => {
  it('gitRepo, flocker and glusterfs on a Pod: a warning at the volume type key', () => {
    const { found, ranges, all } = check(
      pod(`  volumes:
  - name: src
    ⟦gitRepo⟧:
      repository: https://example.com/site.git
  - name: f
    ⟦flocker⟧:
      datasetName: d
  - name: g
    ⟦glusterfs⟧:
      endpoints: ep
      path: vol
  - name: ok
    emptyDir: {}
`),
    );
    expect(found.map(brief)).toEqual([
      ['spec.volumes[].gitRepo', 'deprecatedVolume', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
      ['spec.volumes[].flocker', 'deprecatedVolume', 'warning', 'accepted-with-warning', 'warning', ranges[1]],
      ['spec.volumes[].glusterfs', 'deprecatedVolume', 'warning', 'accepted-with-warning', 'warning', ranges[2]],
    ]);
    expect(found.map((f) => f.message)).toEqual([
      'Accepted with a warning: the gitRepo volume type is deprecated since Kubernetes 1.11',
      'Accepted with a warning: flocker volumes no longer work since Kubernetes 1.25 (deprecated in 1.22)',
      'Accepted with a warning: glusterfs volumes no longer work since Kubernetes 1.26 (deprecated in 1.25)',
    ]);
    for (const f of found) {
      expect(f.fix).toBeTruthy();
      expect(f.message.length).toBeLessThanOrEqual(120);
      expect(f.data?.['source']).toMatch(/^kubernetes\/kubernetes pkg\/api\/pod\/warnings\.go@00f6e68e0a64 /);
    }
    expect(all.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('every row of the table names a field of core.v1.Volume', () => {
    const { found } = check(pod(`  volumes:\n${VOLUME_WARNINGS.map((v, i) => `  - name: v${i}\n    ${v.field}: {}\n`).join('')}`));
    expect(found.map((f) => f.data?.['volumeType'])).toEqual(VOLUME_WARNINGS.map((v) => v.field));
  });

  it('a Deployment template and a CronJob job template are checked at their own paths', () => {
    const { found, ranges } = check(`apiVersion: batch/v1
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
          - name: c
            image: busybox
          volumes:
          - name: s
            ⟦rbd⟧:
              monitors: [m]
              image: i
`);
    expect(found.map(brief)).toEqual([
      ['spec.jobTemplate.spec.template.spec.volumes[].rbd', 'deprecatedVolume', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
    ]);
  });
});

describe('deprecated node labels', () => {
  it('in nodeSelector keys, node affinity expressions and topology keys', () => {
    const { found, ranges } = check(
      pod(`  nodeSelector:
    ⟦beta.kubernetes.io/arch⟧: amd64
    kubernetes.io/os: linux
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: ⟦failure-domain.beta.kubernetes.io/zone⟧
            operator: In
            values: [a]
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 1
        preference:
          matchExpressions:
          - key: ⟦node-role.kubernetes.io/master⟧
            operator: Exists
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: ⟦beta.kubernetes.io/instance-type⟧
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels: { app: web }
`),
    );
    expect(found.map(brief)).toEqual([
      ['spec.nodeSelector.*', 'deprecatedNodeLabel', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
      ['spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[].matchExpressions[].key', 'deprecatedNodeLabel', 'warning', 'accepted-with-warning', 'warning', ranges[1]],
      ['spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[].preference.matchExpressions[].key', 'deprecatedNodeLabel', 'warning', 'accepted-with-warning', 'warning', ranges[2]],
      ['spec.topologySpreadConstraints[].topologyKey', 'deprecatedNodeLabel', 'warning', 'accepted-with-warning', 'warning', ranges[3]],
    ]);
    expect(found[0]!.message).toBe('Accepted with a warning: node label beta.kubernetes.io/arch is deprecated since Kubernetes 1.14');
    expect(found[0]!.fix).toBe('Use the node label kubernetes.io/arch instead.');
    expect(found[2]!.message).toBe('Accepted with a warning: node label node-role.kubernetes.io/master is deprecated');
  });

  it('the current labels give nothing', () => {
    const { found } = check(pod(`  nodeSelector:\n    kubernetes.io/arch: amd64\n    topology.kubernetes.io/zone: a\n`));
    expect(found).toEqual([]);
    expect(NODE_LABEL_WARNINGS.map((l) => l.label)).not.toContain('kubernetes.io/arch');
  });
});

describe('deprecated annotations', () => {
  it('critical-pod on a Pod and sysctls on a template: a warning at the annotation key', () => {
    const { found, ranges } = check(
      pod('', `  annotations:\n    ⟦scheduler.alpha.kubernetes.io/critical-pod⟧: ""\n    example.com/keep: "1"\n`),
    );
    expect(found.map(brief)).toEqual([
      ['metadata.annotations.*', 'deprecatedAnnotation', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
    ]);
    expect(found[0]!.message).toBe('Accepted with a warning: annotation scheduler.alpha.kubernetes.io/critical-pod does nothing since Kubernetes 1.16');
    expect(found[0]!.fix).toBe('Remove the annotation and use the priorityClassName field.');
  });

  it('a template annotation is reported at the template path; the Deployment\'s own annotations are not', () => {
    const { found, ranges } = check(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
  annotations:
    scheduler.alpha.kubernetes.io/critical-pod: ""
spec:
  selector:
    matchLabels: { app: d }
  template:
    metadata:
      labels: { app: d }
      annotations:
        ⟦security.alpha.kubernetes.io/sysctls⟧: kernel.shm_rmid_forced=1
    spec:
      containers:
      - name: d
        image: nginx:1.27
`);
    expect(found.map(brief)).toEqual([
      ['spec.template.metadata.annotations.*', 'deprecatedAnnotation', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
    ]);
  });
});

describe('seccomp annotations on pod templates', () => {
  it('without the seccompProfile field they stand for: a warning at the key; with it, or for an unknown container, none', () => {
    const { found, ranges } = check(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
spec:
  selector:
    matchLabels: { app: d }
  template:
    metadata:
      labels: { app: d }
      annotations:
        ⟦seccomp.security.alpha.kubernetes.io/pod⟧: runtime/default
        ⟦container.seccomp.security.alpha.kubernetes.io/web⟧: runtime/default
        container.seccomp.security.alpha.kubernetes.io/side: runtime/default
        container.seccomp.security.alpha.kubernetes.io/gone: runtime/default
    spec:
      containers:
      - name: web
        image: nginx:1.27
      - name: side
        image: busybox
        securityContext:
          seccompProfile: { type: RuntimeDefault }
`);
    expect(found.map(brief)).toEqual([
      ['spec.template.metadata.annotations.*', 'seccompAnnotation', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
      ['spec.template.metadata.annotations.*', 'seccompAnnotation', 'warning', 'accepted-with-warning', 'warning', ranges[1]],
    ]);
    expect(found[0]!.fix).toBe('Set spec.securityContext.seccompProfile instead.');
  });

  it('a Pod with the annotation: nothing (the Pod strategy may fill the field from it first)', () => {
    const { found } = check(pod('', `  annotations:\n    seccomp.security.alpha.kubernetes.io/pod: runtime/default\n`));
    expect(found).toEqual([]);
  });
});

describe('fractional byte quantities', () => {
  it('memory 100m and ephemeral-storage 0.5 in containers, init containers and overhead; cpu 100m is fine', () => {
    const { found, ranges, all } = check(`apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  overhead:
    memory: ⟦1500m⟧
  initContainers:
  - name: i
    image: busybox
    resources:
      limits:
        ephemeral-storage: ⟦0.5⟧
  containers:
  - name: c
    image: busybox
    resources:
      requests:
        cpu: 100m
        memory: ⟦100m⟧
      limits:
        memory: 128Mi
        ephemeral-storage: 0.5Ki
`);
    expect(found.map(brief)).toEqual([
      ['spec.overhead.*', 'fractionalBytes', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
      ['spec.initContainers[].resources.limits.*', 'fractionalBytes', 'warning', 'accepted-with-warning', 'warning', ranges[1]],
      ['spec.containers[].resources.requests.*', 'fractionalBytes', 'warning', 'accepted-with-warning', 'warning', ranges[2]],
    ]);
    expect(found[2]!.message).toBe('Accepted with a warning: memory 100m is a fraction of a byte');
    expect(all.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('the storage request of an ephemeral volume claim template', () => {
    const { found, ranges } = check(
      pod(`  volumes:
  - name: scratch
    ephemeral:
      volumeClaimTemplate:
        spec:
          accessModes: [ReadWriteOnce]
          resources:
            requests:
              storage: ⟦1500m⟧
`),
    );
    expect(found.map(brief)).toEqual([
      ['spec.volumes[].ephemeral.volumeClaimTemplate.spec.resources.requests.*', 'fractionalBytes', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
    ]);
    expect(found[0]!.data?.['source']).toMatch(/GetWarningsForPersistentVolumeClaimSpec$/);
  });

  it('as the API server counts: thousandths rounded up, then whole bytes', () => {
    const fractional = ['100m', '1m', '0.5', '1500m', '1n', '1.5', '1e-1'];
    const whole = ['1', '1000m', '128Mi', '0.5Ki', '1k', '1e3', '0', '1.0', '2000000u', '999999999n'];
    expect(fractional.filter((q) => !isFractionalBytes(q))).toEqual([]);
    expect(whole.filter((q) => isFractionalBytes(q))).toEqual([]);
  });
});

describe('null label selectors', () => {
  it('a topology spread constraint and pod (anti-)affinity terms without labelSelector', () => {
    const { found, ranges } = check(
      pod(`  topologySpreadConstraints:
  - ⟦maxSkew⟧: 1
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: ScheduleAnyway
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - topologyKey: kubernetes.io/hostname
        ⟦labelSelector⟧: null
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 10
        podAffinityTerm:
          ⟦topologyKey⟧: kubernetes.io/hostname
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - topologyKey: kubernetes.io/hostname
        labelSelector: {}
`),
    );
    expect(found.map(brief)).toEqual([
      ['spec.topologySpreadConstraints[].labelSelector', 'nullLabelSelector', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
      ['spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[].labelSelector', 'nullLabelSelector', 'warning', 'accepted-with-warning', 'warning', ranges[1]],
      ['spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[].podAffinityTerm.labelSelector', 'nullLabelSelector', 'warning', 'accepted-with-warning', 'warning', ranges[2]],
    ]);
  });

  it('a term without its topologyKey is refused anyway: no warning on top', () => {
    const { found } = check(
      pod(`  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - weight: 100
        podAffinityTerm:
          labelSelector: { matchLabels: { app: a } }
          topologyKey: kubernetes.io/hostname
`),
    );
    expect(found).toEqual([]);
  });
});

describe('grace period and pull secrets', () => {
  it('a negative terminationGracePeriodSeconds and an image pull secret without a name', () => {
    const { found, ranges } = check(
      pod(`  terminationGracePeriodSeconds: ⟦-5⟧
  imagePullSecrets:
  - name: regcred
  - name: ⟦""⟧
`),
    );
    expect(found.map(brief)).toEqual([
      ['spec.terminationGracePeriodSeconds', 'negativeGracePeriod', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
      ['spec.imagePullSecrets[].name', 'emptyPullSecretName', 'warning', 'accepted-with-warning', 'warning', ranges[1]],
    ]);
  });
});

describe('hostIP without hostPort', () => {
  it('a container port with hostIP and no (or a zero) hostPort; one with a hostPort is fine', () => {
    const { found, ranges } = check(
      pod(`    ports:
    - containerPort: 8080
      ⟦hostIP⟧: 127.0.0.1
    - containerPort: 8081
      ⟦hostIP⟧: 127.0.0.1
      hostPort: 0
    - containerPort: 8082
      hostIP: 127.0.0.1
      hostPort: 9082
`),
    );
    expect(found.map(brief)).toEqual([
      ['spec.containers[].ports[].hostIP', 'hostIpWithoutHostPort', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
      ['spec.containers[].ports[].hostIP', 'hostIpWithoutHostPort', 'warning', 'accepted-with-warning', 'warning', ranges[1]],
    ]);
  });

  it('under hostNetwork the hostPort is defaulted to the containerPort: no warning', () => {
    const { found } = check(pod(`    ports:
    - containerPort: 8080
      hostIP: 127.0.0.1
  hostNetwork: true
`));
    expect(found).toEqual([]);
  });
});

describe('overlapping paths of one volume', () => {
  it('a configMap file at the path of a service account token in the same projected volume: a warning at the later path', () => {
    const { found, ranges } = check(
      pod(`  volumes:
  - name: token
    projected:
      sources:
      - serviceAccountToken:
          path: token
      - configMap:
          name: c
          items:
          - key: a
            path: ⟦token⟧
          - key: b
            path: other
`),
    );
    expect(found.map(brief)).toEqual([
      ['spec.volumes[].projected.sources[].configMap.items[].path', 'overlappingPaths', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
    ]);
    expect(found[0]!.message).toBe('Accepted with a warning: file path "token" overlaps "token" in volume "token"');
  });

  it('a file inside another file of one configMap volume warns; the same path in two volumes does not', () => {
    const { found, ranges } = check(
      pod(`  volumes:
  - name: conf
    configMap:
      name: c
      items:
      - key: a
        path: app
      - key: b
        path: ⟦app/extra⟧
  - name: other
    secret:
      secretName: s
      items:
      - key: a
        path: app
`),
    );
    expect(found.map(brief)).toEqual([['spec.volumes[].configMap.items[].path', 'overlappingPaths', 'warning', 'accepted-with-warning', 'warning', ranges[0]]]);
  });
});

describe('the table', () => {
  it('every finding names one of the table\'s rules; a plain Pod gets none', () => {
    expect(check(pod('')).found).toEqual([]);
    expect([...API_WARNING_RULE_IDS].sort()).toEqual(
      ['deprecatedAnnotation', 'deprecatedNodeLabel', 'deprecatedVolume', 'emptyProjection', 'emptyPullSecretName', 'fractionalBytes', 'hostIpWithoutHostPort', 'negativeGracePeriod', 'nullLabelSelector', 'overlappingPaths', 'portAcrossContainers', 'seccompAnnotation', 'unqualifiedFinalizer'],
    );
  });
});

describe('custom resource finalizers', () => {
  const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: { plural: widgets, kind: Widget }
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-preserve-unknown-fields: true
---
`;

  it('a finalizer without a domain is stored with a warning; standard and qualified names are not', () => {
    const { found, ranges, all } = check(`${crd}apiVersion: example.com/v1
kind: Widget
metadata:
  name: small
  finalizers:
  - ⟦cleanup.example.com⟧
  - example.com/cleanup
  - foregroundDeletion
`);
    expect(found.map(brief)).toEqual([
      ['metadata.finalizers[]', 'unqualifiedFinalizer', 'warning', 'accepted-with-warning', 'warning', ranges[0]],
    ]);
    expect(found[0]!.message).toBe("Accepted with a warning: finalizer cleanup.example.com has no domain prefix (no '/')");
    expect(found[0]!.data?.['source']).toMatch(/customresource\/validator\.go@de4be7261d44 /);
    expect(all.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('a built-in object with the same finalizer is refused instead (no warning)', () => {
    const { found, all } = check(`apiVersion: v1
kind: ConfigMap
metadata:
  name: c
  finalizers:
  - cleanup.example.com
`);
    expect(found).toEqual([]);
    expect(all.map((f) => [f.code, f.severity, f.data?.['verdict']])).toEqual([['invalid-value', 'error', 'rejected']]);
  });
});
