// A claim's dataSourceRef through the public engine API. Not a fixture file: the generated drop data mark every
// dataSourceRef as dropped while CrossNamespaceVolumeDataSource is off, though the API server drops it only when it
// names a namespace, so the gate model turns these refusals into "rejected once enabled" notes, which the fixture
// header has no verdict for. Here the rule's field paths are compared, whatever the verdict.
import { describe, expect, it } from 'vitest';
import { Analysis } from '../../server/src/engine';
import { dataOf } from '../support/finding-data';

function pvc(ref: string, extra = ''): string {
  return [
    'apiVersion: v1',
    'kind: PersistentVolumeClaim',
    'metadata:',
    '  name: c',
    'spec:',
    '  accessModes: [ReadWriteOnce]',
    '  resources:',
    '    requests:',
    '      storage: 1Gi',
    '  dataSourceRef:',
    ...ref.split('\n').map((l) => `    ${l}`),
    extra,
  ].join('\n');
}

function validation(text: string): string[] {
  return new Analysis({ version: '1.37' })
    .check(text)
    .findings.filter((f) => f.data?.['rule'] === 'pvcSpec')
    .map((f) => String(dataOf(f, 'invalid-value', 'missing-field', 'api-warning')?.fieldPath))
    .sort();
}

describe('dataSourceRef (validateDataSourceRef)', () => {
  it('a snapshot with its API group is accepted', () => {
    expect(validation(pvc('apiGroup: snapshot.storage.k8s.io\nkind: VolumeSnapshot\nname: snap'))).toEqual([]);
  });
  it('a kind outside the core group needs an apiGroup, and a name', () => {
    expect(validation(pvc('kind: VolumeSnapshot'))).toEqual(['spec.dataSourceRef', 'spec.dataSourceRef.name']);
  });
  it('a dataSource beside it must name the same object', () => {
    const both = pvc('kind: PersistentVolumeClaim\nname: a', '  dataSource:\n    kind: PersistentVolumeClaim\n    name: b');
    expect(validation(both)).toEqual(['spec']);
  });
  it('one that names a namespace is dropped with CrossNamespaceVolumeDataSource off, so not judged', () => {
    expect(validation(pvc('kind: Unknown\nnamespace: Not_A_Namespace'))).toEqual([]);
  });
});
