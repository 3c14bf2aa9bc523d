// Container volume mounts and devices (ValidateVolumeMounts, ValidateVolumeDevices): sub-paths are relative paths
// without "..", a block device uses a persistentVolumeClaim or ephemeral volume, and a volume is mounted either as
// a file system or as a device in one container, not both. Over the spec after SetDefaults_PodSpec.
import { at, type PodSpecRule } from './rule-types';
import { fieldOf, itemOf, obj, objs, str } from './object-view';
import { containers } from './pod-containers';

const PROPAGATIONS = ['Bidirectional', 'HostToContainer', 'None'];
import { localPathProblem } from './volumes';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');

export const VOLUME_MOUNT_RULES: readonly PodSpecRule[] = [
  {
    rule: 'volumeMountPaths',
    source: [
      CORE('ValidateVolumeMounts (validateLocalDescendingPath on subPath and subPathExpr; upstream names the path without the mount index)'),
      CORE('ValidateVolumeDevices (a device needs a persistentVolumeClaim or ephemeral volume; its name not also in volumeMounts)'),
    ],
    check(t, say) {
      const volumes = new Map(objs(t.spec['volumes']).map(([v]) => [str(v['name']) ?? '', v]));
      for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
        for (const [c, i] of objs(t.spec[list])) {
          const cPath = itemOf(fieldOf(t.path, list), i);
          const mounted = new Set<string>();
          for (const [m, j] of objs(c['volumeMounts'])) {
            mounted.add(str(m['name']) ?? '');
            for (const field of ['subPath', 'subPathExpr']) {
              const value = str(m[field]) ?? '';
              const bad = value === '' ? undefined : localPathProblem(value, false);
              if (bad) say.reject(fieldOf(itemOf(fieldOf(cPath, 'volumeMounts'), j), field), `${field} ${JSON.stringify(value)} ${bad}`, `Write ${field} relative to the volume root, without "..".`, { value });
            }
          }
          for (const [d, j] of objs(c['volumeDevices'])) {
            const name = str(d['name']) ?? '';
            const at = fieldOf(itemOf(fieldOf(cPath, 'volumeDevices'), j), 'name');
            const volume = volumes.get(name);
            if (volume && !obj(volume['persistentVolumeClaim']) && !obj(volume['ephemeral'])) {
              say.reject(at, `volume ${name} is not a persistentVolumeClaim or ephemeral volume, so it cannot be a block device`, 'Use a persistentVolumeClaim (volumeMode: Block) for the device, or mount the volume with volumeMounts.', { value: name });
            } else if (name !== '' && mounted.has(name)) {
              say.reject(at, `volume ${name} is already mounted in volumeMounts of this container`, 'Use the volume either as a device or as a mount, not both.', { value: name });
            }
          }
        }
      }
    },
  },
  {
    rule: 'mountPropagation',
    source: [
      CORE('validateMountPropagation (Bidirectional, HostToContainer or None; Bidirectional only in a privileged container; upstream names the path without the mount index)'),
      CORE('validateMountRecursiveReadOnly (Enabled and IfPossible need readOnly and no propagation other than None)'),
    ],
    check(t, say) {
      for (const { c, path } of containers(t)) {
        const privileged = obj(c['securityContext'])?.['privileged'] === true;
        for (const [m, j] of objs(c['volumeMounts'])) {
          const at = itemOf(fieldOf(path, 'volumeMounts'), j);
          const propagation = str(m['mountPropagation']);
          if (propagation !== undefined && !PROPAGATIONS.includes(propagation)) {
            say.reject(fieldOf(at, 'mountPropagation'), `mountPropagation ${JSON.stringify(propagation)} is not supported`, `Use one of ${PROPAGATIONS.join(', ')}.`, { value: propagation });
          } else if (propagation === 'Bidirectional' && !privileged) {
            say.reject(fieldOf(at, 'mountPropagation'), 'Bidirectional mount propagation needs a privileged container', 'Use HostToContainer, or make the container privileged.', { value: propagation });
          }
          const rro = str(m['recursiveReadOnly']);
          if (rro === undefined || rro === 'Disabled') continue;
          const rroAt = fieldOf(at, 'recursiveReadOnly');
          if (rro !== 'Enabled' && rro !== 'IfPossible') {
            say.reject(rroAt, `recursiveReadOnly ${JSON.stringify(rro)} is not supported`, 'Use Disabled, IfPossible or Enabled.', { value: rro });
            continue;
          }
          if (m['readOnly'] !== true) say.reject(rroAt, `recursiveReadOnly ${rro} needs readOnly: true`, 'Set readOnly: true on the mount, or drop recursiveReadOnly.', { value: rro });
          if (propagation !== undefined && propagation !== 'None') say.reject(rroAt, `recursiveReadOnly ${rro} needs mountPropagation None or unset`, 'Remove mountPropagation, or drop recursiveReadOnly.', { value: rro });
        }
      }
    },
  },
];
