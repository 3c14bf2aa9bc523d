// storage.k8s.io/v1 VolumeAttachment and CSIDriver: what ValidateVolumeAttachment and ValidateCSIDriver refuse in
// a written object. The index holds no commit of validation.go with these functions, so the rules follow the test
// tables of validation_test.go at a commit it holds (the verdicts); the field paths are those of the functions'
// text. Required fields and names are the schema's and the ObjectMeta checks'; the CSIDriver enums
// (fsGroupPolicy, volumeLifecycleModes) and token expiry bounds are not judged (their values are not in that text).
import { at, type KindRule } from './rule-types';
import { itemOf, obj, objs, str } from './object-view';

const STORAGE_TEST = at('pkg/apis/storage/validation/validation_test.go', '1c9cf914f2f951313b8e9f7c321f5bd50b5e3d9f');

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
];
