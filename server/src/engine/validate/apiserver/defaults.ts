// Defaulting before validation, as kube-apiserver runs it (decode → SetDefaults_* → validation): the defaults of
// the kinds in scope that the rules of this folder depend on, applied to a copy of the object (never to the
// user's text). Each default records its server path, so a message can say a value was defaulted.
import type { UpstreamSource } from '../field-rule-table';
import { fieldOf, itemOf, num, obj, objs, str, type Obj, type Value } from './object-view';
import type { PodOwner } from './rule-types';

const K = 'kubernetes/kubernetes';
const RBAC_GROUP = 'rbac.authorization.k8s.io';
const CORE_V1: Omit<UpstreamSource, 'fn'> = { repo: K, path: 'pkg/apis/core/v1/defaults.go', commit: 'e34b0935e09e39e5e7fb74b8f6ad141107d3b90e' };
const APPS_V1: Omit<UpstreamSource, 'fn'> = { repo: K, path: 'pkg/apis/apps/v1/defaults.go', commit: 'a79f3c787d204848670cdf3e424107053ffcea3e' };
const RBAC_V1: Omit<UpstreamSource, 'fn'> = { repo: K, path: 'pkg/apis/rbac/v1/defaults.go', commit: '7c30c06e721d89056db323a3857a6b89990adf03' };
const BATCH_V1: Omit<UpstreamSource, 'fn'> = { repo: K, path: 'pkg/apis/batch/v1/defaults.go', commit: '3e36dd62c66c3d2b1a2cedb019b00e22e79b7c38' };

/** The defaulting functions ported here (the coverage table, scripts/coverage/table.ts, lists them). */
export const DEFAULTING_SOURCES: readonly UpstreamSource[] = [
  { ...CORE_V1, fn: 'SetDefaults_PodSpec (restartPolicy Always, dnsPolicy ClusterFirst, hostNetwork ports, terminationGracePeriodSeconds 30)' },
  { ...CORE_V1, fn: 'SetDefaults_Pod (requests from limits)' },
  { ...CORE_V1, fn: 'SetDefaults_Volume (no source: emptyDir)' },
  { ...CORE_V1, fn: 'SetDefaults_ContainerPort (protocol TCP)' },
  { ...CORE_V1, fn: 'SetDefaults_Container (imagePullPolicy from the image tag)' },
  { ...CORE_V1, fn: 'SetDefaults_Probe (timeout 1, period 10, success 1, failure 3)' },
  { ...CORE_V1, fn: 'SetDefaults_Service (type ClusterIP, protocol TCP, targetPort = port, sessionAffinity None)' },
  { ...CORE_V1, fn: 'SetDefaults_Secret (type Opaque)' },
  { ...APPS_V1, fn: 'SetDefaults_Deployment' },
  { ...APPS_V1, fn: 'SetDefaults_DaemonSet' },
  { ...APPS_V1, fn: 'SetDefaults_StatefulSet' },
  { ...APPS_V1, fn: 'SetDefaults_ReplicaSet' },
  { ...BATCH_V1, fn: 'SetDefaults_Job (completions and parallelism 1)' },
  { ...RBAC_V1, fn: 'SetDefaults_RoleBinding / SetDefaults_ClusterRoleBinding (roleRef apiGroup)' },
  { ...RBAC_V1, fn: 'SetDefaults_Subject (User and Group: apiGroup rbac.authorization.k8s.io)' },
];


interface PodSpecPlace {
  spec: Obj;
  path: string;
  meta: Obj | undefined;
  owner: PodOwner;
}

/** Where the pod spec of each kind lives (`group/Kind`, core group empty). */
const POD_SPEC_AT: Record<string, { owner: PodOwner; path: string[] }> = {
  '/Pod': { owner: 'Pod', path: [] },
  '/PodTemplate': { owner: 'PodTemplate', path: ['template'] },
  '/ReplicationController': { owner: 'ReplicationController', path: ['spec', 'template'] },
  'apps/Deployment': { owner: 'Deployment', path: ['spec', 'template'] },
  'apps/ReplicaSet': { owner: 'ReplicaSet', path: ['spec', 'template'] },
  'apps/StatefulSet': { owner: 'StatefulSet', path: ['spec', 'template'] },
  'apps/DaemonSet': { owner: 'DaemonSet', path: ['spec', 'template'] },
  'batch/Job': { owner: 'Job', path: ['spec', 'template'] },
  'batch/CronJob': { owner: 'CronJob', path: ['spec', 'jobTemplate', 'spec', 'template'] },
};

export function holdsPodSpec(gk: string): boolean {
  return gk in POD_SPEC_AT;
}

/** The pod spec of an object of kind `gk` (after defaulting, the same objects the rules read). */
export function podSpecOf(gk: string, root: Obj): PodSpecPlace | undefined {
  const where = POD_SPEC_AT[gk];
  if (!where) return undefined;
  let holder: Obj | undefined = root;
  let path = '';
  for (const step of where.path) {
    holder = obj(holder?.[step]);
    path = fieldOf(path, step);
  }
  const spec = obj(holder?.['spec']);
  if (!holder || !spec) return undefined;
  return { spec, path: fieldOf(path, 'spec'), meta: obj(holder['metadata']), owner: where.owner };
}

class Defaulter {
  constructor(readonly defaulted: Set<string>) {}

  /** Sets `o[key]` when it is absent, null or "" (Go's zero value), recording the path. */
  set(o: Obj, key: string, value: Value, path: string): void {
    const now = o[key];
    if (now !== undefined && now !== null && now !== '') return;
    o[key] = value;
    this.defaulted.add(fieldOf(path, key));
  }

  /** A child mapping, created (and recorded) when absent. */
  child(o: Obj, key: string, path: string): Obj {
    const now = obj(o[key]);
    if (now) return now;
    const made: Obj = {};
    o[key] = made;
    this.defaulted.add(fieldOf(path, key));
    return made;
  }

  zeroTo(o: Obj, key: string, value: number, path: string): void {
    if ((num(o[key]) ?? 0) !== 0) return;
    o[key] = value;
    this.defaulted.add(fieldOf(path, key));
  }
}

function podSpec(d: Defaulter, place: PodSpecPlace): void {
  const { spec, path } = place;
  d.set(spec, 'restartPolicy', 'Always', path);
  d.set(spec, 'dnsPolicy', 'ClusterFirst', path);
  d.set(spec, 'terminationGracePeriodSeconds', 30, path);
  const volumes = fieldOf(path, 'volumes');
  for (const [volume, i] of objs(spec['volumes'])) {
    if (Object.keys(volume).some((k) => k !== 'name' && volume[k] !== null && volume[k] !== undefined)) continue;
    volume['emptyDir'] = {};
    d.defaulted.add(fieldOf(itemOf(volumes, i), 'emptyDir'));
  }
  for (const list of ['containers', 'initContainers', 'ephemeralContainers']) {
    const listPath = fieldOf(path, list);
    for (const [c, i] of objs(spec[list])) {
      const cPath = itemOf(listPath, i);
      const pull = pullPolicyFor(str(c['image']));
      if (pull) d.set(c, 'imagePullPolicy', pull, cPath);
      for (const [port, j] of objs(c['ports'])) {
        const portPath = itemOf(fieldOf(cPath, 'ports'), j);
        d.set(port, 'protocol', 'TCP', portPath);
        if (spec['hostNetwork'] === true && list !== 'ephemeralContainers' && (num(port['hostPort']) ?? 0) === 0 && num(port['containerPort']) !== undefined) {
          port['hostPort'] = port['containerPort'] as number;
          d.defaulted.add(fieldOf(portPath, 'hostPort'));
        }
      }
      for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
        const p = obj(c[probe]);
        if (!p) continue;
        const probePath = fieldOf(cPath, probe);
        d.zeroTo(p, 'timeoutSeconds', 1, probePath);
        d.zeroTo(p, 'periodSeconds', 10, probePath);
        d.zeroTo(p, 'successThreshold', 1, probePath);
        d.zeroTo(p, 'failureThreshold', 3, probePath);
      }
      // SetDefaults_Pod: only a Pod (not a template) gets requests from its limits.
      if (place.owner === 'Pod' && list !== 'ephemeralContainers') {
        const resources = obj(c['resources']);
        const limits = obj(resources?.['limits']);
        if (resources && limits) {
          const resPath = fieldOf(cPath, 'resources');
          const requests = d.child(resources, 'requests', resPath);
          for (const [name, value] of Object.entries(limits)) {
            if (requests[name] !== undefined || value === undefined) continue;
            requests[name] = value;
            d.defaulted.add(fieldOf(fieldOf(resPath, 'requests'), name));
          }
        }
      }
    }
  }
}

/** SetDefaults_Container: `Always` for the tag `latest` (an image without tag or digest counts as `latest`, as
 *  pkg/util/parsers ParseImageName@94ece24476b5 reads it), else `IfNotPresent`; undefined for an image with a
 *  digest (not ported) or none. */
function pullPolicyFor(image: string | undefined): string | undefined {
  if (!image || image.includes('@')) return undefined;
  const name = image.slice(image.lastIndexOf('/') + 1);
  const colon = name.lastIndexOf(':');
  const tag = colon < 0 ? 'latest' : name.slice(colon + 1);
  return tag === 'latest' ? 'Always' : 'IfNotPresent';
}

function rollingUpdate(d: Defaulter, strategy: Obj, base: string, unavailable: Value, surge: Value): void {
  const rolling = d.child(strategy, 'rollingUpdate', base);
  const at = fieldOf(base, 'rollingUpdate');
  if (rolling['maxUnavailable'] === undefined || rolling['maxUnavailable'] === null) d.set(rolling, 'maxUnavailable', unavailable, at);
  if (rolling['maxSurge'] === undefined || rolling['maxSurge'] === null) d.set(rolling, 'maxSurge', surge, at);
}

function kindDefaults(d: Defaulter, gk: string, root: Obj): void {
  const spec = obj(root['spec']);
  switch (gk) {
    case 'apps/Deployment': {
      if (!spec) return;
      d.set(spec, 'replicas', 1, 'spec');
      const strategy = d.child(spec, 'strategy', 'spec');
      d.set(strategy, 'type', 'RollingUpdate', 'spec.strategy');
      if (str(strategy['type']) === 'RollingUpdate') rollingUpdate(d, strategy, 'spec.strategy', '25%', '25%');
      d.set(spec, 'revisionHistoryLimit', 10, 'spec');
      d.set(spec, 'progressDeadlineSeconds', 600, 'spec');
      return;
    }
    case 'apps/DaemonSet': {
      if (!spec) return;
      const strategy = d.child(spec, 'updateStrategy', 'spec');
      d.set(strategy, 'type', 'RollingUpdate', 'spec.updateStrategy');
      if (str(strategy['type']) === 'RollingUpdate') rollingUpdate(d, strategy, 'spec.updateStrategy', 1, 0);
      d.set(spec, 'revisionHistoryLimit', 10, 'spec');
      return;
    }
    case 'apps/StatefulSet': {
      if (!spec) return;
      d.set(spec, 'podManagementPolicy', 'OrderedReady', 'spec');
      const strategy = d.child(spec, 'updateStrategy', 'spec');
      d.set(strategy, 'type', 'RollingUpdate', 'spec.updateStrategy');
      d.set(spec, 'replicas', 1, 'spec');
      d.set(spec, 'revisionHistoryLimit', 10, 'spec');
      return;
    }
    case 'apps/ReplicaSet':
      if (spec) d.set(spec, 'replicas', 1, 'spec');
      return;
    case 'batch/Job':
      if (!spec) return;
      if (spec['completions'] === undefined && spec['parallelism'] === undefined) d.set(spec, 'completions', 1, 'spec');
      d.set(spec, 'parallelism', 1, 'spec');
      return;
    case '/Service': {
      if (!spec) return;
      d.set(spec, 'type', 'ClusterIP', 'spec');
      d.set(spec, 'sessionAffinity', 'None', 'spec');
      for (const [port, i] of objs(spec['ports'])) {
        const at = itemOf('spec.ports', i);
        d.set(port, 'protocol', 'TCP', at);
        if ((port['targetPort'] === undefined || port['targetPort'] === 0 || port['targetPort'] === '') && num(port['port']) !== undefined) {
          port['targetPort'] = port['port'] as number;
          d.defaulted.add(fieldOf(at, 'targetPort'));
        }
      }
      return;
    }
    case '/Secret':
      d.set(root, 'type', 'Opaque', '');
      return;
    case 'rbac.authorization.k8s.io/RoleBinding':
    case 'rbac.authorization.k8s.io/ClusterRoleBinding': {
      const ref = obj(root['roleRef']);
      if (ref) d.set(ref, 'apiGroup', RBAC_GROUP, 'roleRef');
      for (const [subject, i] of objs(root['subjects'])) {
        const kind = str(subject['kind']);
        if (kind === 'User' || kind === 'Group') d.set(subject, 'apiGroup', RBAC_GROUP, itemOf('subjects', i));
      }
      return;
    }
  }
}

/** Applies the defaults of kind `gk` to `root` (a copy), returning the paths that were set. */
export function applyDefaults(gk: string, root: Obj): Set<string> {
  const d = new Defaulter(new Set());
  kindDefaults(d, gk, root);
  const place = podSpecOf(gk, root);
  if (place) podSpec(d, place);
  return d.defaulted;
}
