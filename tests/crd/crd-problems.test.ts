// CRD files whose CRDs cannot be used are said so, naming the file and line: a CRD document that does not
// parse, a CRD without group or kind, a schema 500 levels deep (deeper than Kubegate follows). The CRD document
// itself, when checked, gets an information finding for the deep schema. Generated in the test.
// Internal imports: `api-extensions/workspace` (a CRD file's own problems, read as the project model reads them).
import { describe, expect, it } from 'vitest';
import { Analysis, loadCrdFiles } from '../../server/src/engine';
import { crdFileProblems } from '../../server/src/engine/api-extensions/workspace';

/** A CRD whose schema nests `levels` objects, in flow style (one line) or block style. */
function deepCrd(levels: number, block = false): string {
  let schema = '{type: string}';
  if (block) {
    const lines: string[] = [];
    for (let i = 0; i < levels; i++) lines.push(`${'  '.repeat(2 * i + 4)}type: object`, `${'  '.repeat(2 * i + 4)}properties:`, `${'  '.repeat(2 * i + 5)}a:`);
    lines.push(`${'  '.repeat(2 * levels + 4)}type: string`);
    schema = `\n${lines.join('\n')}`;
  } else for (let i = 0; i < levels; i++) schema = `{type: object, properties: {a: ${schema}}}`;
  return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: deeps.deep.test}
spec:
  group: deep.test
  names: {kind: Deep, plural: deeps}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: ${schema}
`;
}

describe('CRD files that cannot be used are reported', () => {
  it('a CRD document that does not parse, and one without a group', () => {
    const text = 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {group: [\n---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {names: {kind: X}}\n';
    expect(crdFileProblems(text, 'crds/broken.yaml')).toEqual([
      expect.stringMatching(/^crds\/broken\.yaml:1: a CustomResourceDefinition document that does not parse \(.+\): not used$/),
      'crds/broken.yaml:5: a CustomResourceDefinition without spec.group or spec.names.kind: not used',
    ]);
    const loaded = loadCrdFiles(['crds/broken.yaml', 'crds/empty.yaml'], { readFile: (f) => (f.endsWith('broken.yaml') ? text : 'apiVersion: v1\nkind: ConfigMap\n') });
    expect(loaded.crds).toEqual([]);
    expect(loaded.problems).toHaveLength(3);
    expect(loaded.problems[2]).toBe('crds/empty.yaml: no CustomResourceDefinition in it');
  });

  it('a schema 500 levels deep in flow style is too deep to read: said so (where it goes too deep), not skipped silently', () => {
    expect(crdFileProblems(deepCrd(500), 'deep.yaml')).toEqual(['deep.yaml:13: a CustomResourceDefinition document nested deeper than 256 levels: not used']);
  });

  it('a schema 110 levels deep (226 levels of YAML): a problem for the file, and a note on the CRD document', () => {
    const text = deepCrd(110, true);
    expect(crdFileProblems(text, 'deep.yaml')).toEqual(['deep.yaml:1: the schema of Deep v1 nests more than 100 levels; deeper fields are not checked']);
    const notes = new Analysis({ version: '1.37' }).check(text).findings.filter((f) => f.data?.rule === 'crd-schema-bounds');
    expect(notes.map((f) => [f.code, f.severity, f.message.slice(0, 60), f.range.start.line])).toEqual([
      ['file-too-large', 'information', 'Not checked in full: the schema is nested more than 100 leve', 316],
    ]);
    expect(crdFileProblems(deepCrd(20), 'shallow.yaml')).toEqual([]);
  });
});
