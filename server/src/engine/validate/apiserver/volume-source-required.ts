// What validateVolumeSource asks of the in-tree volume sources beyond volume-sources.ts: the fields each source
// requires (an absent or empty one is refused), Flocker's dataset choice, Quobyte's registry and tenant, StorageOS
// names, the secret references of Cinder, StorageOS and CSI, a gitRepo directory, a Fibre Channel target, and the
// full iSCSI name formats. Upstream runs a source's checks only for the first source of a volume (the others are
// "more than 1 volume type", volumes.ts), so only that one is judged here. Over the spec after SetDefaults_PodSpec.
import { at, type PodSpecRule, type Say } from './rule-types';
import { fieldOf, isSet, itemOf, list, obj, objs, str, type Obj } from './object-view';
import { SOURCE_ORDER, localPathProblem } from './volumes';
import { briefFormatProblem } from '../declarative-formats';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
const GO_NET = { repo: 'golang/go', path: 'src/net/ipsock.go', commit: '0258d2ea35b3135fab223b522dca6da652477a4c', fn: 'SplitHostPort' };

/** Per source: the name upstream's field path gives it, and the string fields (or lists) it requires. */
const REQUIRED: Record<string, { as?: string; strings?: string[]; lists?: string[] }> = {
  hostPath: { strings: ['path'] },
  gitRepo: { strings: ['repository'] },
  gcePersistentDisk: { as: 'persistentDisk', strings: ['pdName'] },
  awsElasticBlockStore: { strings: ['volumeID'] },
  nfs: { strings: ['server', 'path'] },
  iscsi: { strings: ['targetPortal', 'iqn'] },
  glusterfs: { strings: ['endpoints', 'path'] },
  rbd: { lists: ['monitors'], strings: ['image'] },
  cinder: { strings: ['volumeID'] },
  cephfs: { lists: ['monitors'] },
  quobyte: { strings: ['volume'] },
  flexVolume: { strings: ['driver'] },
  azureFile: { strings: ['secretName', 'shareName'] },
  vsphereVolume: { strings: ['volumePath'] },
  photonPersistentDisk: { strings: ['pdID'] },
  portworxVolume: { strings: ['volumeID'] },
  azureDisk: { strings: ['diskName', 'diskURI'] },
  storageos: { strings: ['volumeName'] },
  scaleIO: { strings: ['gateway', 'system', 'volumeName'] },
};

/** The iSCSI name forms (iscsiInitiatorIqnRegex, …Eui…, …Naa…); the IQN one is not anchored at its start. */
const IQN = /iqn\.\d{4}-\d{2}\.([A-Za-z0-9.-]+)(:[^,;*&$|\t\n\f\r ]+)$/;
const EUI = /^eui.[A-Za-z0-9]{16}$/;
const NAA = /^naa.[A-Za-z0-9]{32}$/;

function iscsiNameProblem(name: string): string | undefined {
  if (name.startsWith('iqn')) return IQN.test(name) ? undefined : 'is not an IQN name (iqn.YYYY-MM.domain:name)';
  if (name.startsWith('eui')) return EUI.test(name) ? undefined : 'is not an EUI name (eui. and 16 letters or digits)';
  if (name.startsWith('naa')) return NAA.test(name) ? undefined : 'is not an NAA name (naa. and 32 letters or digits)';
  return 'does not start with iqn, eui or naa';
}

/** net.SplitHostPort succeeds: a last ':' before the port; a bracketed host right before it; no stray brackets. */
function splitsHostPort(s: string): boolean {
  const i = s.lastIndexOf(':');
  if (i < 0) return false;
  let from = 0;
  let to = 0;
  if (s.startsWith('[')) {
    const end = s.indexOf(']');
    if (end < 0 || end + 1 !== i) return false;
    [from, to] = [1, end + 1];
  } else if (s.slice(0, i).includes(':') || s.slice(0, i).includes('%')) {
    return false;
  }
  return !s.slice(from).includes('[') && !s.slice(to).includes(']');
}

function checkExtras(say: Say, kind: string, s: Obj, path: string, volumeName: string, base: string): void {
  const sub = (field: string) => fieldOf(path, field);
  const secretName = (ref: string) => {
    const r = obj(s[ref]);
    if (r && (str(r['name']) ?? '') === '') say.missing(fieldOf(sub(ref), 'name'), `${ref} needs a name`, `Name the Secret in ${ref}.`);
    return r;
  };
  const label = (field: string, value: string) => {
    const bad = briefFormatProblem('k8s-short-name', value);
    if (bad) say.reject(sub(field), `${field} ${JSON.stringify(value)} ${bad}`, `Use a lower-case DNS label for ${field}.`, { value });
  };
  if (kind === 'flocker') {
    const name = str(s['datasetName']) ?? '';
    const uuid = str(s['datasetUUID']) ?? '';
    if (name === '' && uuid === '') say.missing(path, 'flocker volumes need datasetName or datasetUUID', 'Set datasetName or datasetUUID.');
    if (name !== '' && uuid !== '') say.reject(path, 'datasetName and datasetUUID may not both be set', 'Keep one of datasetName and datasetUUID.');
    if (name.includes('/')) say.reject(sub('datasetName'), `datasetName ${JSON.stringify(name)} may not contain "/"`, 'Name the dataset without "/".', { value: name });
  } else if (kind === 'quobyte') {
    const registry = str(s['registry']) ?? '';
    if (registry === '') say.missing(sub('registry'), 'quobyte volumes need a registry (host:port, comma-separated)', 'Set registry, e.g. registry.example.com:7861.');
    else if ((str(s['tenant']) ?? '').length >= 65) say.missing(sub('tenant'), 'the quobyte tenant may not be longer than 64 characters', 'Use the tenant UUID.');
    else if (registry.split(',').some((pair) => !splitsHostPort(pair))) say.reject(sub('registry'), `registry ${JSON.stringify(registry)} is not host:port pairs separated by commas`, 'Write each registry as host:port.', { value: registry });
  } else if (kind === 'storageos') {
    const name = str(s['volumeName']) ?? '';
    if (name !== '') label('volumeName', name);
    const namespace = str(s['volumeNamespace']) ?? '';
    if (namespace !== '') label('volumeNamespace', namespace);
    secretName('secretRef');
  } else if (kind === 'cinder') {
    secretName('secretRef');
  } else if (kind === 'csi') {
    const ref = secretName('nodePublishSecretRef');
    const name = str(ref?.['name']) ?? '';
    const bad = name === '' ? undefined : briefFormatProblem('k8s-long-name', name);
    // Upstream reports a bad secret name at csi.name, not at the reference.
    if (bad) say.reject(sub('name'), `nodePublishSecretRef name ${JSON.stringify(name)} ${bad}`, 'Name the Secret with a lower-case DNS subdomain.', { value: name });
  } else if (kind === 'gitRepo') {
    const dir = str(s['directory']) ?? '';
    const bad = dir === '' ? undefined : localPathProblem(dir, false);
    if (bad) say.reject(sub('directory'), `directory ${JSON.stringify(dir)} ${bad}`, 'Use a directory relative to the volume, e.g. repo, or ".".', { value: dir });
  } else if (kind === 'fc') {
    if (list(s['targetWWNs']).length === 0 && list(s['wwids']).length === 0) say.missing(sub('targetWWNs'), 'a Fibre Channel volume needs targetWWNs or wwids', 'Set targetWWNs (with lun) or wwids.');
  } else if (kind === 'iscsi') {
    const iqn = str(s['iqn']) ?? '';
    const iqnBad = iqn === '' || !['iqn', 'eui', 'naa'].some((p) => iqn.startsWith(p)) ? undefined : iscsiNameProblem(iqn);
    if (iqnBad) say.reject(sub('iqn'), `iqn ${JSON.stringify(iqn)} ${iqnBad}`, 'Write the target name as iqn.2001-04.com.example:storage.', { value: iqn });
    const initiator = str(s['initiatorName']);
    if (initiator === undefined) return;
    const bad = iscsiNameProblem(initiator);
    // Upstream names the field initiatorname (lower case) in its path.
    if (bad) say.reject(sub('initiatorname'), `initiatorName ${JSON.stringify(initiator)} ${bad}`, 'Write the initiator as iqn.2001-04.com.example:node1.', { value: initiator });
    const joined = `${volumeName}:${str(s['targetPortal']) ?? ''}`;
    if (joined.length > 64) say.reject(fieldOf(base, 'name'), `with initiatorName set, "<volume name>:<targetPortal>" must be under 64 characters (${joined.length})`, 'Shorten the volume name or the target portal.', { value: volumeName });
  }
}

export const VOLUME_SOURCE_REQUIRED_RULES: readonly PodSpecRule[] = [
  {
    rule: 'volumeSourceRequired',
    source: [
      CORE('validateVolumeSource (the first source only) / validateHostPathVolumeSource / validateGitRepoVolumeSource / validateGCEPersistentDiskVolumeSource / validateAWSElasticBlockStoreVolumeSource / validateNFSVolumeSource'),
      CORE('validateISCSIVolumeSource (targetPortal and iqn required, the iqn, eui and naa forms of iqn and initiatorName, <volume name>:<targetPortal> under 64 with an initiator) / validateFCVolumeSource (targetWWNs or wwids)'),
      CORE('validateGlusterfsVolumeSource / validateRBDVolumeSource / validateCinderVolumeSource / validateCephFSVolumeSource / validateQuobyteVolumeSource / validateFlockerVolumeSource / validateFlexVolumeSource'),
      CORE('validateAzureFile / validateAzureDisk (diskName, diskURI) / validateVsphereVolumeSource / validatePhotonPersistentDiskVolumeSource / validatePortworxVolumeSource'),
      CORE('validateStorageOSVolumeSource / validateScaleIOVolumeSource / validateCSIVolumeSource (nodePublishSecretRef name)'),
      GO_NET,
    ],
    check(t, say) {
      for (const [volume, i] of objs(t.spec['volumes'])) {
        const base = itemOf(fieldOf(t.path, 'volumes'), i);
        const kind = SOURCE_ORDER.find((k) => isSet(volume[k]));
        const source = kind ? obj(volume[kind]) : undefined;
        if (!kind || !source) continue;
        const row = REQUIRED[kind];
        const path = fieldOf(base, row?.as ?? kind);
        for (const field of row?.lists ?? []) {
          if (list(source[field]).length === 0) say.missing(fieldOf(path, field), `${kind} volumes need ${field}`, `List the ${field} of the ${kind} cluster.`);
        }
        for (const field of row?.strings ?? []) {
          if ((str(source[field]) ?? '') === '') say.missing(fieldOf(path, field), `${kind} volumes need ${field}`, `Set ${field}.`);
        }
        checkExtras(say, kind, source, path, str(volume['name']) ?? '', base);
      }
    },
  },
];
