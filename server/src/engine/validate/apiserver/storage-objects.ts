// storage.k8s.io/v1 VolumeAttachment and CSIDriver: what ValidateVolumeAttachment(V1) and ValidateCSIDriver refuse
// in a written object. The index holds no kubernetes/kubernetes commit of validation.go with these functions; the
// first two rules follow the test tables of validation_test.go, the others a current copy of validation.go in a
// fork (darshansreenivas/kubernetes), with the CSIDriver value sets of the API types. Required fields, the attacher
// name and object names are the schema's, the declarative rules' and the ObjectMeta checks'.
import { at, type KindRule } from './rule-types';
import { fieldOf, itemOf, list, num, obj, objs, str } from './object-view';
import { briefFormatProblem } from '../declarative-formats';

const STORAGE_TEST = at('pkg/apis/storage/validation/validation_test.go', '1c9cf914f2f951313b8e9f7c321f5bd50b5e3d9f');
const STORAGE_FORK = { repo: 'darshansreenivas/kubernetes', path: 'pkg/apis/storage/validation/validation.go', commit: '956bae7ad2b5714dffa3e14d03d1852db7189e9d' };
const STORAGE_TYPES = at('staging/src/k8s.io/api/storage/v1/types.go', '02045f4b14068e81a7a95834bae4de3880b63eac');
const FS_GROUP_POLICIES = ['ReadWriteOnceWithFSType', 'File', 'None'];
const LIFECYCLE_MODES = ['Persistent', 'Ephemeral'];

export const STORAGE_OBJECT_RULES: readonly KindRule[] = [
  {
    rule: 'volumeAttachmentSource',
    kinds: ['storage.k8s.io/VolumeAttachment'],
    source: STORAGE_TEST('validateVolumeAttachmentSource (TestVolumeAttachmentValidation: exactly one of persistentVolumeName and inlineVolumeSpec; the name not empty)'),
    check(o, say) {
      const source = obj(obj(o['spec'])?.['source']);
      if (!source) return;
      const name = str(source['persistentVolumeName']);
      const hasName = source['persistentVolumeName'] !== undefined && source['persistentVolumeName'] !== null;
      const hasInline = obj(source['inlineVolumeSpec']) !== undefined;
      if (!hasName && !hasInline) say.missing('spec.source', 'the source needs persistentVolumeName or inlineVolumeSpec', 'Set persistentVolumeName to the PersistentVolume to attach.');
      else if (hasName && hasInline) say.reject('spec.source', 'the source may set only one of persistentVolumeName and inlineVolumeSpec', 'Keep persistentVolumeName or inlineVolumeSpec, not both.');
      else if (name === '') say.missing('spec.source.persistentVolumeName', 'persistentVolumeName may not be empty', 'Set it to the name of the PersistentVolume.');
    },
  },
  {
    rule: 'csiDriverTokenAudiences',
    kinds: ['storage.k8s.io/CSIDriver'],
    source: STORAGE_TEST('validateTokenRequests (TestCSIDriverValidationUpdate: two token requests for one audience are refused)'),
    check(o, say) {
      const seen = new Set<string>();
      for (const [request, i] of objs(obj(o['spec'])?.['tokenRequests'])) {
        const audience = str(request['audience']) ?? '';
        if (seen.has(audience)) say.reject(`${itemOf('spec.tokenRequests', i)}.audience`, `audience "${audience}" has two token requests`, 'Request each audience once.', { value: audience });
        seen.add(audience);
      }
    },
  },
  {
    rule: 'volumeAttachmentNames',
    kinds: ['storage.k8s.io/VolumeAttachment'],
    source: [{ ...STORAGE_FORK, fn: 'ValidateVolumeAttachmentV1 (persistentVolumeName a PersistentVolume name) / validateNodeName' }],
    check(o, say) {
      const spec = obj(o['spec']);
      const pv = str(obj(spec?.['source'])?.['persistentVolumeName']) ?? '';
      const pvBad = pv === '' ? undefined : briefFormatProblem('k8s-long-name', pv);
      if (pvBad) say.reject('spec.source.persistentVolumeName', `persistentVolumeName "${pv}" ${pvBad}`, 'Name the PersistentVolume (lower case).', { value: pv });
      const node = str(spec?.['nodeName']) ?? '';
      const nodeBad = node === '' ? undefined : briefFormatProblem('k8s-long-name', node);
      if (nodeBad) say.reject('spec.nodeName', `nodeName "${node}" ${nodeBad}`, 'Name the node (lower case).', { value: node });
    },
  },
  {
    rule: 'csiDriverSpec',
    kinds: ['storage.k8s.io/CSIDriver'],
    source: [
      { ...STORAGE_FORK, fn: 'validateFSGroupPolicy / validateVolumeLifecycleModes / validateTokenRequests (expiry 10 minutes to 2^32 seconds)' },
      { ...STORAGE_FORK, fn: 'validateNodeAllocatableUpdatePeriodSeconds (at least 10) / validateServiceAccountTokenInSecrets (needs tokenRequests)' },
      STORAGE_TYPES('FSGroupPolicy / VolumeLifecycleMode values'),
    ],
    check(o, say) {
      const spec = obj(o['spec']) ?? {};
      const policy = str(spec['fsGroupPolicy']);
      if (policy !== undefined && !FS_GROUP_POLICIES.includes(policy)) say.reject('spec.fsGroupPolicy', `fsGroupPolicy "${policy}" is not one of ${FS_GROUP_POLICIES.join(', ')}`, 'Use File, None or ReadWriteOnceWithFSType.', { value: policy });
      for (const mode of list(spec['volumeLifecycleModes'])) {
        if (typeof mode === 'string' && !LIFECYCLE_MODES.includes(mode)) say.reject('spec.volumeLifecycleModes', `volume lifecycle mode "${mode}" is not Persistent or Ephemeral`, 'Use Persistent or Ephemeral.', { value: mode });
      }
      const seen = new Set<string>();
      for (const [request, i] of objs(spec['tokenRequests'])) {
        const audience = str(request['audience']) ?? '';
        // A repeated audience is the rule above; upstream checks its expiry no further.
        if (seen.has(audience)) continue;
        seen.add(audience);
        const seconds = num(request['expirationSeconds']);
        if (seconds !== undefined && (seconds < 600 || seconds > 2 ** 32)) say.reject(fieldOf(itemOf('spec.tokenRequests', i), 'expirationSeconds'), `token expirationSeconds ${seconds} must be from 600 (10 minutes) to 2^32`, 'Use 600 or more, e.g. 3600.', { value: seconds });
      }
      const period = num(spec['nodeAllocatableUpdatePeriodSeconds']);
      if (period !== undefined && period < 10 && say.gateOn('MutableCSINodeAllocatableCount')) say.reject('spec.nodeAllocatableUpdatePeriodSeconds', `nodeAllocatableUpdatePeriodSeconds ${period} is below 10`, 'Use 10 seconds or more.', { value: period });
      const inSecrets = spec['serviceAccountTokenInSecrets'];
      if (typeof inSecrets === 'boolean' && list(spec['tokenRequests']).length === 0 && say.gateOn('CSIServiceAccountTokenSecrets')) {
        say.reject('spec.serviceAccountTokenInSecrets', 'serviceAccountTokenInSecrets is set but no tokenRequests are', 'Add tokenRequests, or remove serviceAccountTokenInSecrets.');
      }
    },
  },
];
