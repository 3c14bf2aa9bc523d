// A folder of thousands of YAML files beside a manifest: config and CRD discovery read at most MAX_FOLDER_FILES of
// them (the first in name order) and say so for the folder. Generated here; the work is asserted in files read.
// Internal imports: `gates/discover-configs`, `api-extensions/workspace`, `base/nearest-folder` (the folder walks of config and
// CRD discovery and their cap; discoverConfigs and discoverCrds have no caller but tests today, the project model
// walks folders itself: moving discovery into it, issue 44 item 1, removes them).
import { describe, expect, it } from 'vitest';
import { discoverConfigs } from '../../server/src/engine/gates/discover-configs';
import { discoverCrds } from '../../server/src/engine/api-extensions/workspace';
import { folderLimitMessage, MAX_FOLDER_FILES, type FolderLimitNote } from '../../server/src/engine/base/nearest-folder';
import { Project } from '../../server/src/engine';
import { memoryHost } from '../support/fixture';

const crd = (i: number) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: w${i}s.example.com}
spec:
  group: example.com
  names: {kind: W${i}, plural: w${i}s}
  scope: Namespaced
  versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}]
`;

function folder(count: number) {
  const names = Array.from({ length: count }, (_, i) => `f${String(i).padStart(5, '0')}.yaml`);
  const reads: string[] = [];
  const notes: FolderLimitNote[] = [];
  const access = {
    listFiles: (dir: string) => (dir === '/repo/many' ? [...names, 'README.md'] : []),
    readFile: (file: string) => {
      reads.push(file);
      return crd(Number(/f(\d+)/.exec(file)![1]));
    },
    onFolderLimit: (note: FolderLimitNote) => notes.push(note),
  };
  return { access, reads, notes };
}

describe('files per folder context', () => {
  it(`CRD discovery reads at most ${MAX_FOLDER_FILES} YAML files of a folder of 3,000, and names the folder`, () => {
    const { access, reads, notes } = folder(3_000);
    const crds = discoverCrds('/repo/many/app.yaml', '/repo', access);
    expect(reads).toHaveLength(MAX_FOLDER_FILES);
    expect(reads[0]).toBe('/repo/many/f00000.yaml');
    expect(crds).toHaveLength(MAX_FOLDER_FILES);
    expect(notes).toEqual([{ dir: '/repo/many', yamlFiles: 3_000, read: MAX_FOLDER_FILES }]);
    expect(folderLimitMessage(notes[0]!)).toBe(
      'Only the first 200 of the 3000 YAML files of /repo/many were read for gate configs and CRDs (name order); name the files that hold them in .kubegate.yaml (configFiles, customResources.crdFiles) to use the others.',
    );
  });

  it('gate config discovery: the same bound; a folder under it is read whole without a note', () => {
    const many = folder(3_000);
    discoverConfigs('/repo/many/app.yaml', '/repo', many.access);
    expect(many.reads).toHaveLength(MAX_FOLDER_FILES);
    expect(many.notes.map((n) => n.dir)).toEqual(['/repo/many']);
    const few = folder(MAX_FOLDER_FILES);
    discoverConfigs('/repo/many/app.yaml', '/repo', few.access);
    expect(few.reads).toHaveLength(MAX_FOLDER_FILES);
    expect(few.notes).toEqual([]);
  });

  it('the project (CLI and server alike) says so once, naming the folder', () => {
    const files = Array.from({ length: MAX_FOLDER_FILES + 50 }, (_, i) => ({ path: `many/f${String(i).padStart(5, '0')}.yaml`, text: `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c${i}}\n` }));
    const notes: string[] = [];
    const project = new Project(memoryHost('/repo', files), { onNote: (m) => notes.push(m) });
    for (const f of files.slice(0, 3)) project.contextOf(`/repo/${f.path}`, { version: '1.37', key: 'k' });
    expect(notes).toEqual([folderLimitMessage({ dir: '/repo/many', yamlFiles: MAX_FOLDER_FILES + 50, read: MAX_FOLDER_FILES })]);
  });
});
