// The pod spec, everywhere a pod template lives (Pod, PodTemplate, ReplicationController, Deployment, ReplicaSet,
// DaemonSet, Job, CronJob): the hand-written rules of ValidatePodSpec and the container validation it calls, read
// over the spec after SetDefaults_PodSpec (defaults.ts). StatefulSet templates are not run through
// ValidatePodTemplateSpec upstream (ValidatePodTemplateSpecForStatefulSet leaves it out), so neither are they here.
import { at, rejectNegative, type PodSpecRule, type Say } from './rule-types';
import { containers, isSidecar, PROBES } from './pod-containers';
import { fieldOf, isSet, itemOf, num, obj, objs, str, type Obj, type Value } from './object-view';
import { compareQuantities, quantityValue } from '../quantity';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');

const PROBE_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'grpc'];
const LIFECYCLE_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'sleep'];

function checkHandler(say: Say, handler: Obj, path: string, kinds: string[], what: string): void {
  const set = kinds.filter((k) => isSet(handler[k]));
  if (set.length === 0) {
    say.reject(path, `${what} has no handler`, `Give it exactly one of ${kinds.join(', ')}.`);
    return;
  }
  for (const extra of set.slice(1)) {
    say.reject(fieldOf(path, extra), `${what} has more than one handler (${set[0]} and ${extra})`, `Keep one of ${set.join(', ')}.`);
  }
  // exec comes first in both handler lists, so a set exec is always the one that counts.
  const exec = obj(handler['exec']);
  if (exec && !(Array.isArray(exec['command']) && exec['command'].length > 0)) {
    say.reject(fieldOf(fieldOf(path, 'exec'), 'command'), `${what} runs exec without a command`, 'Add the command to run, e.g. command: ["cat", "/tmp/healthy"].');
  }
}

/** IsValidPortNum. A port that is not a whole number never gets here: the decoder refuses the object first. */
function inRange(n: number): boolean {
  return n >= 1 && n <= 65535;
}

export const POD_SPEC_RULES: readonly PodSpecRule[] = [
  {
    rule: 'containerPortRange',
    source: CORE('validateContainerPorts (containerPort 0 or absent is Required; IsValidPortNum on containerPort, and on hostPort when not 0)'),
    check(t, say) {
      for (const { c, path } of containers(t, ['containers', 'initContainers'])) {
        for (const [port, j] of objs(c['ports'])) {
          const at = itemOf(fieldOf(path, 'ports'), j);
          const container = num(port['containerPort']);
          if (container === undefined) {
            say.missing(fieldOf(at, 'containerPort'), 'a container port has no containerPort', 'Add containerPort: the port number the container listens on.');
          } else if (!inRange(container)) {
            const what = container === 0 ? 'containerPort 0 is not a port: it must be set' : `containerPort ${container} is not a port number (1 to 65535)`;
            say.reject(fieldOf(at, 'containerPort'), what, 'Use a port number from 1 to 65535.', { value: container });
          }
          const host = num(port['hostPort']);
          if (host !== undefined && host !== 0 && !inRange(host) && !say.defaulted(fieldOf(at, 'hostPort'))) {
            say.reject(fieldOf(at, 'hostPort'), `hostPort ${host} is not a port number (1 to 65535)`, 'Use a port number from 1 to 65535, or remove hostPort.', { value: host });
          }
        }
      }
    },
  },
  {
    rule: 'hostNetworkPorts',
    source: [CORE('validatePodHostNetworkDeps (hostPort "must match `containerPort` when `hostNetwork` is true")'), { repo: 'kubernetes/kubernetes', path: 'pkg/apis/core/v1/defaults.go', commit: 'e34b0935e09e39e5e7fb74b8f6ad141107d3b90e', fn: 'SetDefaults_PodSpec → defaultHostNetworkPorts' }],
    check(t, say) {
      if (t.spec['hostNetwork'] !== true) return;
      for (const [c, i] of objs(t.spec['containers'])) {
        for (const [port, j] of objs(c['ports'])) {
          const host = num(port['hostPort']) ?? 0;
          const container = num(port['containerPort']) ?? 0;
          if (host === 0 || host === container) continue;
          const at = fieldOf(itemOf(fieldOf(itemOf(fieldOf(t.path, 'containers'), i), 'ports'), j), 'hostPort');
          say.reject(at, `with hostNetwork, hostPort ${host} must equal containerPort ${container}`, `Set hostPort to ${container}, or remove it (it defaults to containerPort).`, { hostPort: host, containerPort: container });
        }
      }
    },
  },
  {
    rule: 'envValueFrom',
    source: CORE('ValidateEnv → validateEnvVarValueFrom (one source; not with a non-empty value)'),
    check(t, say) {
      for (const { c, path } of containers(t)) {
        for (const [env, j] of objs(c['env'])) {
          const from = obj(env['valueFrom']);
          if (!from) continue;
          const at = fieldOf(itemOf(fieldOf(path, 'env'), j), 'valueFrom');
          // Any key counts as a source: later releases add sources (fileKeyRef, EnvFiles) this commit does not list.
          const sources = Object.keys(from).filter((k) => isSet(from[k]));
          const name = str(env['name']) ?? '';
          if (sources.length === 0) say.reject(at, `env ${name} has valueFrom without a source`, 'Give valueFrom one of fieldRef, resourceFieldRef, configMapKeyRef or secretKeyRef.');
          else if ((str(env['value']) ?? '') !== '') say.reject(at, `env ${name} sets both value and valueFrom`, 'Keep value or valueFrom, not both.');
          else if (sources.length > 1) say.reject(at, `env ${name} has more than one valueFrom source (${sources.join(', ')})`, 'Keep one source.');
        }
      }
    },
  },
  {
    rule: 'envFromSource',
    source: CORE('ValidateEnvFrom (exactly one of configMapRef and secretRef)'),
    check(t, say) {
      for (const { c, path } of containers(t)) {
        for (const [entry] of objs(c['envFrom'])) {
          const sources = ['configMapRef', 'secretRef'].filter((k) => isSet(entry[k]));
          if (sources.length === 1) continue;
          const what = sources.length === 0 ? 'an envFrom entry has neither configMapRef nor secretRef' : 'an envFrom entry has both configMapRef and secretRef';
          say.reject(fieldOf(path, 'envFrom'), what, 'Give each envFrom entry exactly one of configMapRef and secretRef.');
        }
      }
    },
  },
  {
    rule: 'volumeMountVolume',
    source: CORE('ValidateVolumeMounts (an empty name is Required; IsMatchedVolume: field.NotFound name)'),
    check(t, say) {
      const volumes = new Set(objs(t.spec['volumes']).map(([v]) => str(v['name'])));
      for (const { c, path } of containers(t)) {
        for (const [mount, j] of objs(c['volumeMounts'])) {
          const name = str(mount['name']) ?? '';
          const at = fieldOf(itemOf(fieldOf(path, 'volumeMounts'), j), 'name');
          if (name === '') say.missing(at, 'a volumeMount has no name', 'Name the volume to mount (one of the pod\'s volumes).');
          else if (!volumes.has(name)) say.reject(at, `volumeMount ${JSON.stringify(name)} names no volume of the pod`, `Add a volume named ${name} under volumes, or fix the name.`, { value: name });
        }
      }
    },
  },
  {
    rule: 'subPathExclusive',
    source: CORE('ValidateVolumeMounts ("subPathExpr and subPath are mutually exclusive")'),
    check(t, say) {
      for (const { c, path } of containers(t)) {
        for (const [mount, j] of objs(c['volumeMounts'])) {
          if ((str(mount['subPath']) ?? '') === '' || (str(mount['subPathExpr']) ?? '') === '') continue;
          say.reject(fieldOf(itemOf(fieldOf(path, 'volumeMounts'), j), 'subPathExpr'), 'a volumeMount may not set both subPath and subPathExpr', 'Keep subPath or subPathExpr.');
        }
      }
    },
  },
  {
    rule: 'probeHandler',
    source: CORE('validateProbe / validateLifecycle → validateHandler (exactly one handler; exec needs a command)'),
    check(t, say) {
      for (const { c, path, list } of containers(t, ['containers', 'initContainers'])) {
        if (list === 'initContainers' && !isSidecar(c)) continue;
        for (const probe of PROBES) {
          const p = obj(c[probe]);
          if (p) checkHandler(say, p, fieldOf(path, probe), PROBE_HANDLERS, `the ${probe}`);
        }
        const lifecycle = obj(c['lifecycle']);
        for (const hook of ['postStart', 'preStop']) {
          const h = obj(lifecycle?.[hook]);
          if (h) checkHandler(say, h, fieldOf(fieldOf(path, 'lifecycle'), hook), LIFECYCLE_HANDLERS, `the ${hook} hook`);
        }
      }
    },
  },
  {
    rule: 'probeThresholds',
    source: CORE('validateLivenessProbe / validateStartupProbe (successThreshold "must be 1"), validateReadinessProbe (no terminationGracePeriodSeconds), validateProbe (ValidateNonnegativeField; terminationGracePeriodSeconds > 0)'),
    check(t, say) {
      for (const { c, path, list } of containers(t, ['containers', 'initContainers'])) {
        if (list === 'initContainers' && !isSidecar(c)) continue;
        for (const probe of PROBES) {
          const p = obj(c[probe]);
          if (!p) continue;
          const base = fieldOf(path, probe);
          for (const field of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold']) rejectNegative(say, fieldOf(base, field), p[field], field);
          const success = num(p['successThreshold']) ?? 1;
          if (probe !== 'readinessProbe' && success > 1) {
            say.reject(fieldOf(base, 'successThreshold'), `a ${probe}'s successThreshold must be 1, not ${success}`, 'Remove successThreshold (it defaults to 1), or set it to 1.', { value: success });
          }
          const grace = p['terminationGracePeriodSeconds'];
          if (probe === 'readinessProbe' && isSet(grace)) {
            say.reject(fieldOf(base, 'terminationGracePeriodSeconds'), 'a readinessProbe may not set terminationGracePeriodSeconds', 'Remove it: a failing readiness probe does not restart the container.');
          } else if ((num(grace) ?? 1) <= 0) {
            say.reject(fieldOf(base, 'terminationGracePeriodSeconds'), `the ${probe}'s terminationGracePeriodSeconds must be above 0`, 'Use 1 or more, or remove it.', { value: grace });
          }
        }
      }
    },
  },
  {
    rule: 'initContainerProbes',
    source: CORE('validateInitContainers (lifecycle and probes "may not be set for init containers without restartPolicy=Always")'),
    check(t, say) {
      for (const { c, path } of containers(t, ['initContainers'])) {
        if (isSidecar(c)) continue;
        for (const field of ['lifecycle', ...PROBES]) {
          if (!isSet(c[field])) continue;
          say.reject(fieldOf(path, field), `an init container may not have ${field} unless its restartPolicy is Always`, `Remove ${field}, or make it a sidecar with restartPolicy: Always.`);
        }
      }
    },
  },
  {
    rule: 'ephemeralContainerFields',
    source: CORE('validateEphemeralContainers (allowedEphemeralContainerFields: "cannot be set for an Ephemeral Container")'),
    check(t, say) {
      for (const { c, path } of containers(t, ['ephemeralContainers'])) {
        for (const field of ['ports', 'resources', 'lifecycle', ...PROBES]) {
          if (!isSet(c[field])) continue;
          say.reject(fieldOf(path, field), `an ephemeral container may not set ${field}`, `Remove ${field}.`);
        }
      }
    },
  },
  {
    rule: 'ephemeralContainerTarget',
    source: CORE('validateEphemeralContainers (targetContainerName must name a regular or init container: NotFound)'),
    check(t, say) {
      const names = new Set(containers(t, ['containers', 'initContainers']).map(({ c }) => str(c['name'])));
      for (const { c, path } of containers(t, ['ephemeralContainers'])) {
        const target = str(c['targetContainerName']);
        if (target === undefined || target === '' || names.has(target)) continue;
        say.reject(fieldOf(path, 'targetContainerName'), `targetContainerName ${JSON.stringify(target)} names no container or init container of the pod`, 'Use the name of a container or init container of this pod.', { value: target });
      }
    },
  },
  {
    rule: 'podImageWhitespace',
    skip: ['PodTemplate', 'ReplicationController', 'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'],
    source: CORE('validateContainerOnlyForPod (image "must not have leading or trailing whitespace")'),
    check(t, say) {
      for (const { c, path } of containers(t)) {
        const image = str(c['image']);
        if (image === undefined || image === image.trim()) continue;
        say.reject(fieldOf(path, 'image'), `the image ${JSON.stringify(image)} has leading or trailing whitespace`, 'Remove the spaces around the image name.', { value: image });
      }
    },
  },
  {
    rule: 'dnsConfig',
    source: CORE('validatePodDNSConfig (dnsPolicy None needs dnsConfig with a nameserver; at most 3 nameservers, 32 searches)'),
    check(t, say) {
      const policy = str(t.spec['dnsPolicy']);
      const config = obj(t.spec['dnsConfig']);
      const base = fieldOf(t.path, 'dnsConfig');
      const nameservers = Array.isArray(config?.['nameservers']) ? (config?.['nameservers'] as unknown[]) : [];
      if (policy === 'None') {
        if (!config) {
          say.reject(base, 'dnsPolicy None needs a dnsConfig', 'Add dnsConfig with at least one nameserver, or use another dnsPolicy.');
          return;
        }
        if (nameservers.length === 0) {
          say.reject(fieldOf(base, 'nameservers'), 'dnsPolicy None needs at least one nameserver in dnsConfig', 'Add a nameserver IP under dnsConfig.nameservers.');
          return;
        }
      }
      if (nameservers.length > 3) say.reject(fieldOf(base, 'nameservers'), `dnsConfig has ${nameservers.length} nameservers; at most 3 are allowed`, 'Keep at most 3 nameservers.');
      const searches = Array.isArray(config?.['searches']) ? (config?.['searches'] as unknown[]) : [];
      if (searches.length > 32) say.reject(fieldOf(base, 'searches'), `dnsConfig has ${searches.length} search domains; at most 32 are allowed`, 'Keep at most 32 search domains.');
    },
  },
  {
    rule: 'tolerations',
    source: CORE('ValidateTolerations (empty key needs Exists; tolerationSeconds needs NoExecute; Exists takes no value)'),
    check(t, say) {
      const base = fieldOf(t.path, 'tolerations');
      for (const [tol, i] of objs(t.spec['tolerations'])) {
        const at = itemOf(base, i);
        const key = str(tol['key']) ?? '';
        const op = str(tol['operator']) ?? '';
        if (key === '' && op !== 'Exists') say.reject(fieldOf(at, 'operator'), 'a toleration without a key must use operator Exists (it matches every taint)', 'Add a key, or set operator: Exists.');
        if (isSet(tol['tolerationSeconds']) && str(tol['effect']) !== 'NoExecute') say.reject(fieldOf(at, 'effect'), 'tolerationSeconds needs effect NoExecute', 'Set effect: NoExecute, or remove tolerationSeconds.');
        if (op === 'Exists' && (str(tol['value']) ?? '') !== '') say.reject(fieldOf(at, 'operator'), 'a toleration with operator Exists may not have a value', 'Remove value, or use operator Equal.');
      }
    },
  },
  {
    rule: 'activeDeadlineRange',
    source: CORE('ValidatePodSpec (activeDeadlineSeconds InclusiveRangeError(1, MaxInt32))'),
    check(t, say) {
      const n = num(t.spec['activeDeadlineSeconds']);
      if (n === undefined || (n >= 1 && n <= 2147483647)) return;
      say.reject(fieldOf(t.path, 'activeDeadlineSeconds'), `activeDeadlineSeconds ${n} is out of range (1 to 2147483647)`, 'Use 1 or more seconds, or remove it.', { value: n });
    },
  },
  {
    rule: 'securityContextEscalation',
    source: CORE('ValidateSecurityContext (allowPrivilegeEscalation false with privileged true, or with capability CAP_SYS_ADMIN)'),
    check(t, say) {
      for (const { c, path } of containers(t)) {
        const sc = obj(c['securityContext']);
        if (!sc || sc['allowPrivilegeEscalation'] !== false) continue;
        const at = fieldOf(path, 'securityContext');
        if (sc['privileged'] === true) say.reject(at, 'allowPrivilegeEscalation: false contradicts privileged: true', 'Remove one of the two settings.');
        const added = obj(sc['capabilities'])?.['add'];
        if (Array.isArray(added) && added.includes('CAP_SYS_ADMIN')) say.reject(at, 'allowPrivilegeEscalation: false contradicts adding capability CAP_SYS_ADMIN', 'Remove CAP_SYS_ADMIN, or allow privilege escalation.');
      }
    },
  },
  {
    rule: 'extendedResourceLimits',
    source: CORE('validateResourceRequirements (a resource that cannot be overcommitted — helper.IsOvercommitAllowed: not native, or hugepages — needs a limit equal to its request)'),
    check(t, say) {
      for (const { c, path } of containers(t, ['containers', 'initContainers'])) {
        const resources = obj(c['resources']);
        const requests = obj(resources?.['requests']);
        if (!resources || !requests) continue;
        const limits = obj(resources['limits']) ?? {};
        const base = fieldOf(path, 'resources');
        for (const [name, request] of Object.entries(requests)) {
          if (overcommitAllowed(name)) continue;
          const limit = limits[name];
          if (limit === undefined) {
            say.reject(fieldOf(base, 'limits'), `${name} is requested without a limit; it cannot be overcommitted, so it needs one`, `Set limits.${name} equal to the request.`, { resource: name });
            continue;
          }
          const [a, b] = [quantityOf(request), quantityOf(limit)];
          if (a && b && compareQuantities(a, b) !== 0) say.reject(fieldOf(base, 'requests'), `the ${name} request must equal its limit`, `Set requests.${name} and limits.${name} to the same quantity.`, { resource: name });
        }
      }
    },
  },
];

/** helper.IsOvercommitAllowed: a native resource (no domain, or a kubernetes.io one) that is not hugepages. */
export function overcommitAllowed(name: string): boolean {
  const native = !name.includes('/') || name.includes('kubernetes.io/');
  return native && !name.startsWith('hugepages-');
}

function quantityOf(v: Value | undefined) {
  return typeof v === 'string' || typeof v === 'number' ? quantityValue(String(v)) : undefined;
}
