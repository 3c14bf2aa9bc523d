// The pod's operating system (spec.os) and the security options that belong to one OS: the name must be linux or
// windows; a linux pod may not carry Windows options; a windows pod may not carry the Linux-only settings of its
// own or its containers' security contexts (validateOS, validateLinux, validateWindows); and a Windows user name
// must have the shape Windows accepts, a gMSA credential spec name is a DNS subdomain and its spec neither empty
// nor over 64 KiB (validateWindowsSecurityContextOptions); hostProcess is all or nothing and
// needs hostNetwork (validateWindowsHostProcessPod). Over the defaulted spec.
import { at, type PodSpecRule, type PodSpecTarget, type Say } from './rule-types';
import { fieldOf, isSet, obj, str, type Obj } from './object-view';
import { containers } from './pod-containers';
import { briefFormatProblem } from '../declarative-formats';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');

/** Pod security context fields a windows pod may not set (spec.securityContext.<field>). */
const WINDOWS_POD_CONTEXT = ['appArmorProfile', 'seLinuxOptions', 'seccompProfile', 'fsGroup', 'fsGroupChangePolicy', 'sysctls', 'runAsUser', 'runAsGroup', 'supplementalGroups', 'supplementalGroupsPolicy', 'seLinuxChangePolicy'];
/** Pod spec fields a windows pod may not set (internally they live in the pod security context). */
const WINDOWS_POD_SPEC = ['hostUsers', 'shareProcessNamespace'];
/** Container security context fields a windows pod may not set. */
const WINDOWS_CONTAINER_CONTEXT = ['appArmorProfile', 'seLinuxOptions', 'seccompProfile', 'capabilities', 'readOnlyRootFilesystem', 'privileged', 'allowPrivilegeEscalation', 'procMount', 'runAsUser', 'runAsGroup'];

/** The security contexts of the pod (first) and of each container, with their paths. */
function contexts(t: PodSpecTarget): { sc: Obj; path: string; pod: boolean }[] {
  const out: { sc: Obj; path: string; pod: boolean }[] = [];
  const own = obj(t.spec['securityContext']);
  if (own) out.push({ sc: own, path: fieldOf(t.path, 'securityContext'), pod: true });
  for (const { c, path } of containers(t)) {
    const sc = obj(c['securityContext']);
    if (sc) out.push({ sc, path: fieldOf(path, 'securityContext'), pod: false });
  }
  return out;
}

const NETBIOS_DOMAIN = /^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$/;
const DNS_DOMAIN = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const USER_BAD_CHARS = /["/\\:;|=,+*?<>@[\]]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** validateWindowsSecurityContextOptions on runAsUserName: DOMAIN\USER, each part in its Windows shape. */
function userNameProblem(name: string): string | undefined {
  if (name === '') return 'may not be empty';
  if (CONTROL.test(name)) return 'may not contain control characters';
  const parts = name.split('\\');
  if (parts.length > 2) return 'may not contain more than one backslash';
  const [domain, user] = parts.length === 2 ? (parts as [string, string]) : ['', parts[0] as string];
  if (domain.length >= 256) return 'has a domain of 256 characters or more';
  if (parts.length === 2 && !NETBIOS_DOMAIN.test(domain) && !DNS_DOMAIN.test(domain)) return 'has a domain that is neither a NetBIOS nor a DNS name';
  if (user === '') return 'has an empty user';
  if (user.length > 104) return 'has a user longer than 104 characters';
  if (/^[. ]+$/.test(user)) return 'has a user of only dots or spaces';
  if (USER_BAD_CHARS.test(user)) return 'has a user with a character Windows refuses (" / \\ : ; | = , + * ? < > @ [ ])';
  return undefined;
}

function forbid(say: Say, path: string, field: string, os: string): void {
  say.reject(fieldOf(path, field), `${field} cannot be set for a ${os} pod`, `Remove ${field}, or change spec.os.name.`);
}

export const POD_OS_RULES: readonly PodSpecRule[] = [
  {
    rule: 'podOS',
    source: [CORE('validateOS (name required; linux or windows)'), CORE('validateLinux (no windowsOptions)'), CORE('validateWindows (no Linux-only security settings)')],
    check(t, say) {
      const os = obj(t.spec['os']);
      if (!os) return;
      const base = fieldOf(t.path, 'os');
      const name = str(os['name']) ?? '';
      if (name === '') {
        say.missing(fieldOf(base, 'name'), 'spec.os needs a name', 'Set os.name to linux or windows, or remove os.');
        return;
      }
      if (name !== 'linux' && name !== 'windows') {
        say.reject(base, `os name ${JSON.stringify(name)} is not supported`, 'Use linux or windows.', { value: name });
        return;
      }
      for (const { sc, path, pod } of contexts(t)) {
        if (name === 'linux') {
          if (isSet(sc['windowsOptions'])) forbid(say, path, 'windowsOptions', 'linux');
          continue;
        }
        for (const field of pod ? WINDOWS_POD_CONTEXT : WINDOWS_CONTAINER_CONTEXT) if (isSet(sc[field])) forbid(say, path, field, 'windows');
      }
      if (name !== 'windows') return;
      for (const field of WINDOWS_POD_SPEC) if (isSet(t.spec[field])) forbid(say, t.path, field, 'windows');
      for (const field of ['hostPID', 'hostIPC']) if (t.spec[field] === true) forbid(say, t.path, field, 'windows');
    },
  },
  {
    rule: 'windowsUserName',
    source: CORE('validateWindowsSecurityContextOptions (runAsUserName: DOMAIN\\USER shape)'),
    check(t, say) {
      for (const { sc, path } of contexts(t)) {
        const name = str(obj(sc['windowsOptions'])?.['runAsUserName']);
        const bad = name === undefined ? undefined : userNameProblem(name);
        if (bad) say.reject(fieldOf(fieldOf(path, 'windowsOptions'), 'runAsUserName'), `runAsUserName ${JSON.stringify(name)} ${bad}`, 'Write the user as USER or DOMAIN\\USER, e.g. NT AUTHORITY\\NETWORK SERVICE.', { value: name });
      }
    },
  },
  {
    rule: 'windowsGmsa',
    source: CORE('validateWindowsSecurityContextOptions (gmsaCredentialSpecName a DNS subdomain; gmsaCredentialSpec not empty, at most 64 KiB)'),
    check(t, say) {
      for (const { sc, path } of contexts(t)) {
        const options = obj(sc['windowsOptions']);
        const at = fieldOf(path, 'windowsOptions');
        const name = str(options?.['gmsaCredentialSpecName']);
        const badName = name === undefined ? undefined : briefFormatProblem('k8s-long-name', name);
        if (badName) say.reject(fieldOf(at, 'gmsaCredentialSpecName'), `gmsaCredentialSpecName ${JSON.stringify(name)} ${badName}`, 'Name the GMSACredentialSpec resource, e.g. webapp-gmsa.', { value: name });
        const spec = str(options?.['gmsaCredentialSpec']);
        if (spec === '') say.reject(fieldOf(at, 'gmsaCredentialSpec'), 'gmsaCredentialSpec may not be empty', 'Set the credential spec JSON, or remove gmsaCredentialSpec.');
        // The limit is in bytes of the string (Go's len).
        else if (spec !== undefined && new TextEncoder().encode(spec).length > 64 * 1024) say.reject(fieldOf(at, 'gmsaCredentialSpec'), 'gmsaCredentialSpec is larger than 64 KiB', 'Shorten the credential spec.');
      }
    },
  },
  {
    rule: 'windowsHostProcess',
    source: CORE('validateWindowsHostProcessPod (pod and container hostProcess agree; all containers or none; hostNetwork)'),
    check(t, say) {
      const podValue = obj(obj(t.spec['securityContext'])?.['windowsOptions'])?.['hostProcess'];
      const podHost = typeof podValue === 'boolean' ? podValue : undefined;
      const all = containers(t);
      let hostProcess = 0;
      for (const { c, path } of all) {
        const value = obj(obj(c['securityContext'])?.['windowsOptions'])?.['hostProcess'];
        const own = typeof value === 'boolean' ? value : undefined;
        if (podHost !== undefined && own !== undefined && own !== podHost) {
          say.reject(fieldOf(fieldOf(fieldOf(path, 'securityContext'), 'windowsOptions'), 'hostProcess'), `hostProcess ${own} differs from the pod's hostProcess ${podHost}`, 'Set hostProcess the same in the pod and the container, or only in the pod.', { value: own });
        }
        if (own ?? (podHost === true)) hostProcess++;
      }
      if (hostProcess === 0) return;
      if (hostProcess !== all.length) say.reject(t.path, `${hostProcess} of ${all.length} containers are hostProcess containers; it must be all or none`, 'Make every container a hostProcess container (set hostProcess on the pod), or none.');
      if (t.spec['hostNetwork'] !== true) say.reject(fieldOf(t.path, 'hostNetwork'), 'a pod with hostProcess containers needs hostNetwork: true', 'Set hostNetwork: true.');
    },
  },
];
