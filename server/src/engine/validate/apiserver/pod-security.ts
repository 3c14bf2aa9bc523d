// The pod spec's security contexts (the Pod's and each container's): the hand-written rules of
// validatePodSpecSecurityContext and ValidateSecurityContext that the schema does not carry — user and group IDs,
// seccomp and AppArmor profiles, sysctl names, procMount Unmasked only in a user namespace, no host namespace in a
// user namespace (validateHostUsers) — over the spec after SetDefaults_PodSpec.
import { at, type PodSpecRule, type PodSpecTarget, type Say } from './rule-types';
import { fieldOf, itemOf, list, num, obj, objs, str, type Obj } from './object-view';
import { localPathProblem } from './volumes';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');

/** IsValidUserID / IsValidGroupID: 0 to 2^31-1. */
const MAX_ID = 2147483647;

/** Every security context of the spec: the Pod's, then each container's, with its server path. */
function contexts(t: PodSpecTarget): { sc: Obj; path: string; pod: boolean }[] {
  const out: { sc: Obj; path: string; pod: boolean }[] = [];
  const own = obj(t.spec['securityContext']);
  if (own) out.push({ sc: own, path: fieldOf(t.path, 'securityContext'), pod: true });
  for (const listName of ['initContainers', 'containers', 'ephemeralContainers']) {
    for (const [c, i] of objs(t.spec[listName])) {
      const sc = obj(c['securityContext']);
      if (sc) out.push({ sc, path: fieldOf(itemOf(fieldOf(t.path, listName), i), 'securityContext'), pod: false });
    }
  }
  return out;
}

function checkId(say: Say, path: string, value: unknown, what: string): void {
  const n = num(value as never);
  if (n === undefined || (Number.isInteger(n) && n >= 0 && n <= MAX_ID)) return;
  say.reject(path, `${what} ${n} is not a valid ID (0 to ${MAX_ID})`, `Use an ID from 0 to ${MAX_ID}.`, { value: n });
}

/** A seccompProfile or appArmorProfile: Localhost needs localhostProfile, the other types refuse it. */
function checkProfile(say: Say, profile: Obj, path: string, what: string, checkPath: boolean): void {
  const type = str(profile['type']);
  const local = profile['localhostProfile'];
  const at = fieldOf(path, 'localhostProfile');
  if (type === 'Localhost') {
    const text = typeof local === 'string' ? local : undefined;
    // AppArmor also refuses a blank or padded profile; seccomp checks the path instead.
    if (text === undefined || (!checkPath && text.trim() === '')) {
      say.missing(at, `a ${what} of type Localhost needs localhostProfile`, 'Set localhostProfile to the profile to load, or use type RuntimeDefault.');
      return;
    }
    const bad = checkPath ? localPathProblem(text, false) : text !== text.trim() ? 'has leading or trailing whitespace' : undefined;
    if (bad) say.reject(at, `localhostProfile ${JSON.stringify(text)} ${bad}`, checkPath ? 'Write the profile path relative to the kubelet profile directory, without "..".' : 'Remove the spaces around the profile name.', { value: text });
  } else if (type !== undefined && local !== undefined && local !== null) {
    say.reject(at, `localhostProfile may only be set when the ${what} type is Localhost, not ${type}`, 'Remove localhostProfile, or use type: Localhost.');
  }
}

/** IsValidSysctlName: segments of [a-z0-9]([-_a-z0-9]*[a-z0-9])? joined by "." or "/", at most 253 characters. */
const SYSCTL_NAME = /^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$/;

export const POD_SECURITY_RULES: readonly PodSpecRule[] = [
  {
    rule: 'securityContextIds',
    source: [
      CORE('validatePodSpecSecurityContext (IsValidUserID / IsValidGroupID on runAsUser, runAsGroup, fsGroup, supplementalGroups)'),
      CORE('ValidateSecurityContext (IsValidUserID / IsValidGroupID on runAsUser, runAsGroup)'),
    ],
    check(t, say) {
      for (const { sc, path, pod } of contexts(t)) {
        checkId(say, fieldOf(path, 'runAsUser'), sc['runAsUser'], 'runAsUser');
        checkId(say, fieldOf(path, 'runAsGroup'), sc['runAsGroup'], 'runAsGroup');
        if (!pod) continue;
        checkId(say, fieldOf(path, 'fsGroup'), sc['fsGroup'], 'fsGroup');
        list(sc['supplementalGroups']).forEach((g, i) => checkId(say, itemOf(fieldOf(path, 'supplementalGroups'), i), g, 'supplemental group'));
      }
    },
  },
  {
    rule: 'securityProfiles',
    source: [
      CORE('validateSeccompProfileField (Localhost needs a local descending localhostProfile; other types refuse it)'),
      CORE('ValidateAppArmorProfileField (Localhost needs a non-blank localhostProfile; other types refuse it)'),
    ],
    check(t, say) {
      for (const { sc, path } of contexts(t)) {
        const seccomp = obj(sc['seccompProfile']);
        if (seccomp) checkProfile(say, seccomp, fieldOf(path, 'seccompProfile'), 'seccomp profile', true);
        const apparmor = obj(sc['appArmorProfile']);
        if (apparmor) checkProfile(say, apparmor, fieldOf(path, 'appArmorProfile'), 'AppArmor profile', false);
      }
    },
  },
  {
    rule: 'sysctlNames',
    source: CORE('validateSysctls (IsValidSysctlName; each name once)'),
    check(t, say) {
      const base = fieldOf(fieldOf(t.path, 'securityContext'), 'sysctls');
      const seen = new Set<string>();
      for (const [s, i] of objs(obj(t.spec['securityContext'])?.['sysctls'])) {
        const name = str(s['name']);
        const at = fieldOf(itemOf(base, i), 'name');
        if (name === undefined || name === '') continue;
        if (name.length > 253 || !SYSCTL_NAME.test(name)) {
          say.reject(at, `sysctl name ${JSON.stringify(name)} is not a valid sysctl name`, 'Use lower-case segments of letters, digits, "-" and "_" joined by "." or "/", e.g. net.core.somaxconn.', { value: name });
        } else if (seen.has(name)) {
          say.reject(at, `sysctl ${name} is set twice`, 'Keep one entry per sysctl.', { value: name });
        }
        seen.add(name);
      }
    },
  },
  {
    rule: 'procMountUnmasked',
    source: CORE('ValidateSecurityContext (procMount Unmasked needs hostUsers: false; the ProcMountType gate is GA and locked on from 1.34)'),
    check(t, say) {
      // hostUsers is true unless written false (ValidatePodSpec reads an absent value as true).
      if (t.spec['hostUsers'] === false) return;
      for (const { sc, path, pod } of contexts(t)) {
        if (pod || str(sc['procMount']) !== 'Unmasked') continue;
        say.reject(fieldOf(path, 'procMount'), 'procMount Unmasked needs hostUsers: false (a user namespace)', 'Set spec.hostUsers: false, or use procMount: Default.', { value: 'Unmasked' });
      }
    },
  },
  {
    rule: 'hostUsersNamespaces',
    source: CORE('validateHostUsers (hostUsers: false forbids hostNetwork, hostPID and hostIPC; UserNamespacesHostNetworkSupport, alpha and off from 1.35, would allow hostNetwork)'),
    check(t, say) {
      if (t.spec['hostUsers'] !== false) return;
      for (const host of ['hostNetwork', 'hostPID', 'hostIPC']) {
        if (t.spec[host] === true) say.reject(fieldOf(t.path, host), `${host} cannot be true when hostUsers is false`, `Remove ${host}, or hostUsers: false.`);
      }
    },
  },
  {
    rule: 'hostNamespaces',
    source: [
      CORE('validatePodSpecSecurityContext ("ShareProcessNamespace and HostPID cannot both be enabled")'),
      CORE('validateSysctls → ValidateHostSysctl (no net sysctl with hostNetwork, no IPC sysctl with hostIPC)'),
      { repo: 'kubernetes/kubernetes', path: 'staging/src/k8s.io/component-helpers/node/util/sysctl/namespace.go', commit: '11de9543ee78c28cf73546ea55ec4f817c893a11', fn: 'NamespacedBy' },
    ],
    check(t, say) {
      const scPath = fieldOf(t.path, 'securityContext');
      if (t.spec['shareProcessNamespace'] === true && t.spec['hostPID'] === true) {
        say.reject(fieldOf(scPath, 'shareProcessNamespace'), 'shareProcessNamespace and hostPID cannot both be true', 'Drop one of the two.');
      }
      objs(obj(t.spec['securityContext'])?.['sysctls']).forEach(([s, i]) => {
        const name = str(s['name']) ?? '';
        const ns = sysctlNamespace(name);
        const host = ns === 'net' ? 'hostNetwork' : ns === 'ipc' ? 'hostIPC' : undefined;
        if (host && t.spec[host] === true) say.reject(fieldOf(itemOf(fieldOf(scPath, 'sysctls'), i), 'name'), `sysctl ${name} may not be set when ${host} is true`, `Remove the sysctl, or ${host}.`, { value: name });
      });
    },
  },
];

/** NamespacedBy: the kernel namespace of a sysctl (the IPC ones, the network ones), else undefined. */
function sysctlNamespace(name: string): 'ipc' | 'net' | undefined {
  if (name === 'kernel.sem' || ['kernel.shm', 'kernel.msg', 'fs.mqueue.'].some((p) => name.startsWith(p))) return 'ipc';
  return name.startsWith('net.') ? 'net' : undefined;
}

