// CRD shapes beyond the bundled ones: a version without a schema, a free-form root, a v1beta1-style CRD with
// one schema for all versions, nullable required fields, embedded free-form resources, additionalProperties:
// true, integer vs number, a Go-only regular expression, a List of CRDs, and broken CRD documents.
// Internal imports: `api-extensions/workspace` (crdsFromText: the CRDs of one text; the public loadCrdFiles reads
// named files).
import { describe, expect, it } from 'vitest';
import { buildCrdCatalog, type FileReport, Analysis } from '../../server/src/engine';
import { crdsFromText } from '../../server/src/engine/api-extensions/workspace';
import { servedVersion } from './fixtures';

const crd = (group: string, kind: string, versions: string, extra = '') =>
  `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: x.${group}}\nspec:\n  group: ${group}\n  names: {kind: ${kind}, plural: x}\n  scope: Namespaced\n${extra}  versions:\n${versions}`;

const check = (crdText: string, doc: string) => new Analysis({ version: '1.37', crds: buildCrdCatalog({ workspace: crdsFromText(crdText, 'crd.yaml'), pack: null }) }).check(doc);
const codes = (r: FileReport) => r.findings.map((f) => `${f.code}:${f.path}`);

describe('unusual CRDs', () => {
  it('a version without a schema accepts anything but is checked', () => {
    const r = check(crd('a.test', 'Free', '  - {name: v1, served: true, storage: true}\n'), 'apiVersion: a.test/v1\nkind: Free\nmetadata: {name: f}\nspec: {anything: [1, {b: 2}]}\n');
    expect(r.findings).toEqual([]);
    expect(r.documents[0]!.checked).toBe(true);
  });

  it('a free-form root still checks metadata', () => {
    const text = crd('b.test', 'Open', '  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}\n');
    const r = check(text, 'apiVersion: b.test/v1\nkind: Open\nmetadata: {name: o, labelz: {}}\nspec: {x: 1}\n');
    expect(codes(r)).toEqual(['unknown-field:metadata.labelz']);
  });

  it('an apiextensions v1beta1 CRD with one schema for every version', () => {
    const text = `apiVersion: apiextensions.k8s.io/v1beta1
kind: CustomResourceDefinition
metadata: {name: olds.c.test}
spec:
  group: c.test
  names: {kind: Old, plural: olds}
  version: v1
  validation:
    openAPIV3Schema:
      type: object
      properties:
        spec: {type: object, properties: {replicas: {type: integer}}}
`;
    expect(codes(check(text, 'apiVersion: c.test/v1\nkind: Old\nspec: {replicas: 1.5}\n'))).toEqual(['invalid-value:spec.replicas']);
  });

  it('nullable, additionalProperties: true, embedded free-form resources, Go-only patterns', () => {
    const versions = servedVersion(`            required: [owner]
            properties:
              owner: {type: string, nullable: true}
              extra: {type: object, additionalProperties: true}
              raw: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}
              code: {type: string, pattern: '(?i)^abc$'}
              ratio: {type: number, minimum: 0.5}
`);
    const ok = 'apiVersion: d.test/v1\nkind: Thing\nmetadata: {name: t}\nspec:\n  owner: null\n  extra: {a: 1, b: [2]}\n  raw: {apiVersion: v1, kind: Pod, whatever: 1}\n  code: ABC\n  ratio: 1\n';
    expect(check(crd('d.test', 'Thing', versions), ok).findings).toEqual([]);
    const bad = 'apiVersion: d.test/v1\nkind: Thing\nmetadata: {name: t}\nspec:\n  ratio: 0.25\n';
    // A nullable required field is treated as optional (null must pass; its absence is not reported).
    expect(codes(check(crd('d.test', 'Thing', versions), bad))).toEqual(['invalid-value:spec.ratio']);
  });

  it('a List of CRDs and a broken CRD document next to a good one', () => {
    const good = crd('e.test', 'Good', '  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {n: {type: integer}}}}}}}\n');
    const list = `apiVersion: v1\nkind: List\nitems:\n- ${good.replace(/\n/g, '\n  ').trimEnd()}\n`;
    const broken = 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {names: {}}\n---\nkind: CustomResourceDefinition\nspec: [\n';
    const defs = [...crdsFromText(list, 'list.yaml'), ...crdsFromText(broken, 'broken.yaml')];
    expect(defs.map((d) => d.kind)).toEqual(['Good']);
    const r = new Analysis({ version: '1.37', crds: buildCrdCatalog({ workspace: defs, pack: null }) }).check('apiVersion: e.test/v1\nkind: Good\nspec: {n: x}\n');
    expect(codes(r)).toEqual(['invalid-value:spec.n']);
  });

  it('a CRD cannot take over a built-in group', () => {
    const text = crd('apps', 'Deployment', '  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}\n');
    const r = check(text, 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: {bogus: 1}\n');
    expect(codes(r)).toContain('unknown-field:spec.bogus');
  });
});
