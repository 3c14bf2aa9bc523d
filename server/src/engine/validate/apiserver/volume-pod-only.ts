// The volume rules upstream holds only a Pod to, not a pod template: ValidatePodTemplateSpec passes no pod
// metadata to ValidatePodSpec, and only a Pod is validated with ResourceIsPod. An image volume needs a reference
// (a template may leave it to be filled in later); an ephemeral volume's claim is named <pod name>-<volume name>,
// which must be a valid object name, and no persistentVolumeClaim volume may name such a claim. A Pod without a
// name (generateName) is named before validation, so its claim names are not known here.
import { at, type PodSpecRule } from './rule-types';
import { fieldOf, isSet, itemOf, obj, objs, str } from './object-view';
import { SOURCE_ORDER } from './volumes';
import { briefFormatProblem } from '../declarative-formats';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');

export const VOLUME_POD_ONLY_RULES: readonly PodSpecRule[] = [
  {
    rule: 'imageVolumeReference',
    source: [
      CORE('validateImageVolumeSource (reference required when ResourceIsPod, a pullPolicy that SetDefaults_Volume fills in and the schema enum bounds)'),
      { repo: 'kubernetes/kubernetes', path: 'pkg/apis/core/v1/defaults.go', commit: '023f88a32c95647b94e47df54948a0af9517dd0c', fn: 'SetDefaults_Volume (image pullPolicy from the reference tag, with ImageVolume on)' },
    ],
    skip: ['PodTemplate', 'ReplicationController', 'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'],
    check(t, say) {
      // With ImageVolume off the API server drops the image source (schemas: gatesDropped).
      if (!say.gateOn('ImageVolume')) return;
      for (const [volume, i] of objs(t.spec['volumes'])) {
        const image = obj(volume['image']);
        // The source's own checks run only when it is the volume's first source.
        if (!image || SOURCE_ORDER.find((k) => isSet(volume[k])) !== 'image') continue;
        if ((str(image['reference']) ?? '') !== '') continue;
        say.missing(fieldOf(fieldOf(itemOf(fieldOf(t.path, 'volumes'), i), 'image'), 'reference'), 'an image volume of a Pod needs a reference', 'Set reference to the image or artifact, e.g. registry.example.com/data:v1.');
      }
    },
  },
  {
    rule: 'ephemeralClaimName',
    source: [
      CORE('validateVolumeSource (ephemeral: the claim name <pod name>-<volume name> a valid object name, ValidatePersistentVolumeName)'),
      CORE('ValidateVolumes (a persistentVolumeClaim volume "must not reference a PVC that gets created for an ephemeral volume")'),
      CORE('ValidatePodTemplateSpec (no pod metadata: templates are not checked)'),
    ],
    skip: ['PodTemplate', 'ReplicationController', 'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'],
    check(t, say) {
      const pod = str(t.meta?.['name']) ?? '';
      if (pod === '') return;
      const volumes = objs(t.spec['volumes']);
      const created = new Set(volumes.filter(([v]) => isSet(v['ephemeral'])).map(([v]) => `${pod}-${str(v['name']) ?? ''}`));
      for (const [volume, i] of volumes) {
        const base = itemOf(fieldOf(t.path, 'volumes'), i);
        const name = str(volume['name']) ?? '';
        const first = SOURCE_ORDER.find((k) => isSet(volume[k]));
        const claim = `${pod}-${name}`;
        const bad = first === 'ephemeral' && name !== '' ? briefFormatProblem('k8s-long-name', claim) : undefined;
        if (bad) say.reject(fieldOf(base, 'name'), `the claim name <pod name>-<volume name> (${claim.length} characters) ${bad}`, 'Shorten the pod or volume name (together at most 253 characters).', { value: claim });
        const claimName = str(obj(volume['persistentVolumeClaim'])?.['claimName']);
        if (claimName !== undefined && created.has(claimName)) {
          say.reject(fieldOf(fieldOf(base, 'persistentVolumeClaim'), 'claimName'), `claim ${claimName} is the one an ephemeral volume of this pod creates`, 'Use the ephemeral volume itself, or name another claim.', { value: claimName });
        }
      }
    },
  },
];
