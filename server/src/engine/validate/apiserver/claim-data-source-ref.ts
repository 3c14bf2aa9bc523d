// A claim's dataSourceRef (validateDataSourceRef, and the dataSource it must match): name and kind, an API group for
// any kind but PersistentVolumeClaim, a namespace that is a namespace name. With CrossNamespaceVolumeDataSource off
// (schemas/gates.json) the API server drops a dataSourceRef that names a namespace (DropDisabledFields), and only
// then; AnyVolumeDataSource, which once dropped every dataSourceRef, is on or gone in every supported version.
import { at, type Say } from './rule-types';
import { fieldOf, obj, str, type Obj } from './object-view';
import { briefFormatProblem } from '../declarative-formats';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
export const CLAIM_DATA_SOURCE_REF_SOURCES = [
  CORE('validateDataSourceRef / ValidatePersistentVolumeClaimSpec (dataSource "must match dataSourceRef"; "may not be specified when dataSourceRef.namespace is specified")'),
  at('pkg/api/persistentvolumeclaim/util.go', '008ef699a50afe9b8c52df50b6d2cfc21c4f7240')('DropDisabledFields (dataSourceRef with a namespace, CrossNamespaceVolumeDataSource off)'),
];

export function checkDataSourceRef(say: Say, s: Obj, base: string): void {
  const ref = obj(s['dataSourceRef']);
  if (!ref) return;
  const namespace = str(ref['namespace']) ?? '';
  if (namespace !== '' && !say.gateOn('CrossNamespaceVolumeDataSource')) return;
  const path = fieldOf(base, 'dataSourceRef');
  for (const k of ['name', 'kind']) if ((str(ref[k]) ?? '') === '') say.missing(fieldOf(path, k), `dataSourceRef needs a ${k}`, `Set dataSourceRef.${k}.`);
  const group = str(ref['apiGroup']) ?? '';
  const kind = str(ref['kind']) ?? '';
  if (group === '' && kind !== 'PersistentVolumeClaim') say.reject(path, `a dataSourceRef of kind ${kind || '""'} needs an apiGroup (only PersistentVolumeClaim is in the core group)`, 'Set apiGroup, e.g. snapshot.storage.k8s.io for a VolumeSnapshot.', { value: kind });
  const groupBad = group === '' ? undefined : briefFormatProblem('k8s-long-name', group);
  if (groupBad) say.reject(fieldOf(path, 'apiGroup'), `apiGroup "${group}" ${groupBad}`, 'Use the API group of the source, e.g. snapshot.storage.k8s.io.', { value: group });
  const nsBad = namespace === '' ? undefined : briefFormatProblem('k8s-short-name', namespace);
  if (nsBad) say.reject(fieldOf(path, 'namespace'), `namespace "${namespace}" ${nsBad}`, 'Name the namespace of the source.', { value: namespace });
  const source = obj(s['dataSource']);
  if (!source) return;
  if (namespace !== '') {
    say.reject(base, 'dataSource may not be set when dataSourceRef names a namespace', 'Remove dataSource; dataSourceRef alone names the source.');
  } else if ((str(source['apiGroup']) ?? null) !== (str(ref['apiGroup']) ?? null) || str(source['kind']) !== str(ref['kind']) || str(source['name']) !== str(ref['name'])) {
    say.reject(base, 'dataSource must match dataSourceRef (apiGroup, kind and name)', 'Remove dataSource, or make it name the same object as dataSourceRef.');
  }
}
