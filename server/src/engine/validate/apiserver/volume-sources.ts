// Volume names (DNS labels), and the required fields and ranges of single volume sources (validateVolumeSource and the per-source functions it
// calls) that volumes.ts does not cover: the names a secret, configMap or persistentVolumeClaim volume needs, disk
// partitions and LUNs, iSCSI CHAP secrets and IQN prefixes, Fibre Channel target/WWID choice, and the source of a
// downwardAPI file, a non-negative emptyDir size. Over the spec after SetDefaults_PodSpec.
import { at, type PodSpecRule, type Say } from './rule-types';
import { fieldOf, itemOf, list, num, obj, objs, str, type Obj } from './object-view';
import { briefFormatProblem } from '../declarative-formats';
import { quantityValue } from '../quantity';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');

function required(say: Say, source: Obj, path: string, field: string, what: string): void {
  if ((str(source[field]) ?? '') !== '') return;
  say.missing(fieldOf(path, field), `a ${what} volume needs ${field}`, `Set ${field} to the ${what} to mount.`);
}

function inRange(say: Say, source: Obj, path: string, field: string, low: number, high: number): void {
  const n = num(source[field]);
  if (n === undefined || (n >= low && n <= high)) return;
  say.reject(fieldOf(path, field), `${field} ${n} is outside ${low} to ${high}`, `Use a ${field} from ${low} to ${high}.`, { value: n });
}

export const VOLUME_SOURCE_RULES: readonly PodSpecRule[] = [
  {
    rule: 'volumeSourceFields',
    source: [
      CORE('validateSecretVolumeSource (secretName required) / validateConfigMapVolumeSource (name required) / validatePersistentClaimVolumeSource (claimName required)'),
      CORE('validateGCEPersistentDiskVolumeSource / validateAWSElasticBlockStoreVolumeSource (partition 0-255)'),
      CORE('validateISCSIVolumeSource (lun 0-255; CHAP auth needs secretRef; iqn starts with iqn, eui or naa)'),
      CORE('validateFCVolumeSource (targetWWNs or wwids, not both; targetWWNs need lun 0-255)'),
      CORE('validateDownwardAPIVolumeFile (one of fieldRef and resourceFieldRef)'),
      CORE('ValidateVolumes (name a DNS label) / validateVolumeSource (emptyDir sizeLimit not negative)'),
    ],
    check(t, say) {
      for (const [volume, i] of objs(t.spec['volumes'])) {
        const base = itemOf(fieldOf(t.path, 'volumes'), i);
        const sub = (field: string): [Obj, string] | undefined => {
          const source = obj(volume[field]);
          return source ? [source, fieldOf(base, field)] : undefined;
        };
        const name = str(volume['name']) ?? '';
        const badName = name === '' ? undefined : briefFormatProblem('k8s-short-name', name);
        if (badName) say.reject(fieldOf(base, 'name'), `volume name ${JSON.stringify(name)} ${badName}`, 'Use a lower-case name such as data or config-volume.', { value: name });
        const emptyDir = sub('emptyDir');
        const size = emptyDir ? emptyDir[0]['sizeLimit'] : undefined;
        if (emptyDir && (typeof size === 'string' || typeof size === 'number') && quantityValue(String(size))?.negative) {
          say.reject(fieldOf(emptyDir[1], 'sizeLimit'), `emptyDir sizeLimit ${String(size)} is negative`, 'Use a size of 0 or more, e.g. 1Gi.', { value: String(size) });
        }
        const secret = sub('secret');
        if (secret) required(say, secret[0], secret[1], 'secretName', 'secret');
        const configMap = sub('configMap');
        if (configMap) required(say, configMap[0], configMap[1], 'name', 'configMap');
        const claim = sub('persistentVolumeClaim');
        if (claim) required(say, claim[0], claim[1], 'claimName', 'persistentVolumeClaim');
        // validateVolumeSource names the GCE disk's path persistentDisk (not gcePersistentDisk).
        for (const [disk, named] of [['gcePersistentDisk', 'persistentDisk'], ['awsElasticBlockStore', 'awsElasticBlockStore']] as const) {
          const d = obj(volume[disk]);
          if (d) inRange(say, d, fieldOf(base, named), 'partition', 0, 255);
        }
        const iscsi = sub('iscsi');
        if (iscsi) {
          const [s, p] = iscsi;
          inRange(say, s, p, 'lun', 0, 255);
          if ((s['chapAuthDiscovery'] === true || s['chapAuthSession'] === true) && !obj(s['secretRef'])) {
            say.missing(fieldOf(p, 'secretRef'), 'iSCSI CHAP authentication needs a secretRef', 'Add secretRef naming the Secret with the CHAP credentials, or turn CHAP off.');
          }
          const iqn = str(s['iqn']) ?? '';
          if (iqn !== '' && !['iqn', 'eui', 'naa'].some((prefix) => iqn.startsWith(prefix))) {
            say.reject(fieldOf(p, 'iqn'), `iqn ${JSON.stringify(iqn)} does not start with iqn, eui or naa`, 'Write the target name in IQN, EUI or NAA form, e.g. iqn.2001-04.com.example:storage.', { value: iqn });
          }
        }
        const fc = sub('fc');
        if (fc) {
          const [s, p] = fc;
          const wwns = list(s['targetWWNs']).length;
          const wwids = list(s['wwids']).length;
          if (wwns > 0 && wwids > 0) say.reject(fieldOf(p, 'targetWWNs'), 'targetWWNs and wwids may not both be set', 'Keep targetWWNs (with lun) or wwids, not both.');
          if (wwns > 0) {
            if (num(s['lun']) === undefined) say.missing(fieldOf(p, 'lun'), 'a Fibre Channel volume with targetWWNs needs a lun', 'Set lun (0 to 255).');
            else inRange(say, s, p, 'lun', 0, 255);
          }
        }
        const downward = sub('downwardAPI');
        if (downward) {
          for (const [file, j] of objs(downward[0]['items'])) {
            if (obj(file['fieldRef']) || obj(file['resourceFieldRef'])) continue;
            say.missing(itemOf(fieldOf(downward[1], 'items'), j), 'a downwardAPI file needs fieldRef or resourceFieldRef', 'Say what the file holds, e.g. fieldRef: {fieldPath: metadata.labels}.');
          }
        }
      }
    },
  },
];
