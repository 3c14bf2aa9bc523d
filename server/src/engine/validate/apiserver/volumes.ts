// The pod's volumes, wherever a pod template lives: the hand-written rules of validateVolumeSource (one source per
// volume) and of the sources it calls (item paths, file modes, hostPath and NFS paths), over the spec after
// SetDefaults_Volume (a volume with only a name is an emptyDir).
import { at, type PodSpecRule, type Say } from './rule-types';
import { fieldOf, itemOf, num, obj, objs, str, type Obj } from './object-view';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');

/** The sources in the order validateVolumeSource counts them: the second one met is the one refused. */
export const SOURCE_ORDER = [
  'emptyDir', 'hostPath', 'gitRepo', 'gcePersistentDisk', 'awsElasticBlockStore', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'flocker', 'persistentVolumeClaim', 'rbd', 'cinder', 'cephfs', 'quobyte', 'downwardAPI', 'fc', 'flexVolume', 'configMap',
  'azureFile', 'vsphereVolume', 'photonPersistentDisk', 'portworxVolume', 'azureDisk', 'storageos', 'projected', 'scaleIO',
  'csi', 'ephemeral', 'image',
];

/** validateLocalDescendingPath / ValidateLocalNonReservedPath: relative, no ".." element, not starting with "..". */
export function localPathProblem(path: string, nonReserved: boolean): string | undefined {
  if (path.startsWith('/')) return 'must be a relative path';
  if (path.split('/').includes('..')) return 'must not contain ".."';
  if (nonReserved && path.startsWith('..')) return 'must not start with ".."';
  return undefined;
}

function checkMode(say: Say, path: string, value: unknown): void {
  const mode = num(value as never);
  if (mode === undefined || (mode >= 0 && mode <= 0o777)) return;
  say.reject(path, `file mode ${mode} is out of range (0 to 0777 octal, 511 decimal)`, 'Write the mode in octal with a leading 0, e.g. 0644, or in decimal, e.g. 420.', { value: mode });
}

/** Item paths and modes of a configMap, secret or downwardAPI source (in a volume or a projected source). */
function checkItems(say: Say, source: Obj, base: string): void {
  checkMode(say, fieldOf(base, 'defaultMode'), source['defaultMode']);
  for (const [item, i] of objs(source['items'])) {
    const at = itemOf(fieldOf(base, 'items'), i);
    const path = str(item['path']);
    const problem = path === undefined || path === '' ? undefined : localPathProblem(path, true);
    if (problem) say.reject(fieldOf(at, 'path'), `item path ${JSON.stringify(path)} ${problem}`, 'Use a path relative to the mount point, e.g. config/app.yaml.', { value: path });
    checkMode(say, fieldOf(at, 'mode'), item['mode']);
  }
}

const ITEM_SOURCES = ['configMap', 'secret', 'downwardAPI'];

export const VOLUME_RULES: readonly PodSpecRule[] = [
  {
    rule: 'volumeOneSource',
    source: CORE('validateVolumeSource ("may not specify more than 1 volume type")'),
    check(t, say) {
      for (const [volume, i] of objs(t.spec['volumes'])) {
        const set = SOURCE_ORDER.filter((k) => volume[k] !== undefined && volume[k] !== null);
        for (const extra of set.slice(1)) {
          say.reject(fieldOf(itemOf(fieldOf(t.path, 'volumes'), i), extra), `volume ${JSON.stringify(str(volume['name']) ?? '')} has more than one source (${set[0]} and ${extra})`, `Keep one of ${set.join(', ')}; use a projected volume to combine sources.`);
        }
      }
    },
  },
  {
    rule: 'volumeItemPaths',
    source: CORE('validateKeyToPath / validateDownwardAPIVolumeFile (ValidateLocalNonReservedPath; mode 0–0777) / validateSecretVolumeSource / validateConfigMapVolumeSource (defaultMode)'),
    check(t, say) {
      for (const [volume, i] of objs(t.spec['volumes'])) {
        const base = itemOf(fieldOf(t.path, 'volumes'), i);
        for (const kind of ITEM_SOURCES) {
          const source = obj(volume[kind]);
          if (source) checkItems(say, source, fieldOf(base, kind));
        }
        const projected = obj(volume['projected']);
        if (!projected) continue;
        checkMode(say, fieldOf(fieldOf(base, 'projected'), 'defaultMode'), projected['defaultMode']);
        for (const [entry, j] of objs(projected['sources'])) {
          const at = itemOf(fieldOf(fieldOf(base, 'projected'), 'sources'), j);
          for (const kind of ITEM_SOURCES) {
            const source = obj(entry[kind]);
            if (source) checkItems(say, source, fieldOf(at, kind));
          }
        }
      }
    },
  },
  {
    rule: 'volumeHostPaths',
    source: CORE('validateHostPathVolumeSource (validatePathNoBacksteps) / validateNFSVolumeSource ("must be an absolute path")'),
    check(t, say) {
      for (const [volume, i] of objs(t.spec['volumes'])) {
        const base = itemOf(fieldOf(t.path, 'volumes'), i);
        const hostPath = str(obj(volume['hostPath'])?.['path']);
        if (hostPath && hostPath.split('/').includes('..')) say.reject(fieldOf(fieldOf(base, 'hostPath'), 'path'), `hostPath ${JSON.stringify(hostPath)} must not contain ".."`, 'Write the host path without ".." elements.', { value: hostPath });
        const nfsPath = str(obj(volume['nfs'])?.['path']);
        if (nfsPath && !nfsPath.startsWith('/')) say.reject(fieldOf(fieldOf(base, 'nfs'), 'path'), `nfs path ${JSON.stringify(nfsPath)} must be an absolute path`, 'Start the export path with /.', { value: nfsPath });
      }
    },
  },
];
