// CustomResourceDefinition and APIService documents are objects kube-apiserver validates (issue 22, item 5):
// routing (v1 checked, v1beta1 removed in 1.22), a CRD in a file never replaces the built-in schema of the CRD
// document, and the rules of the CRD object itself, each with a valid and an invalid example, exact ranges and
// data.rule / stage / verdict / source. Schema rules: crd-schema.test.ts; APIService: apiservice.test.ts.
// Internal imports: `api-extensions/workspace` (crdsFromText: the CRDs of one text; the public loadCrdFiles reads
// named files).
import { describe, expect, it } from 'vitest';
import { buildCrdCatalog, type Finding, Analysis } from '../../server/src/engine';
import { crdsFromText } from '../../server/src/engine/api-extensions/workspace';
import { at, check, crd, one, ruled } from './crd-object-helpers';

const keys = (fs: Finding[]) => fs.map((f) => `${f.code}:${f.path}`);

describe('routing of CRD and APIService documents', () => {
  it('a v1 CRD is checked and a valid one has no finding', () => {
    const report = check(crd('        type: object\n        properties:\n          spec:\n            type: object\n            x-kubernetes-preserve-unknown-fields: true\n'));
    expect(report.findings).toEqual([]);
    expect(report.documents[0]).toMatchObject({ checked: true, apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' });
  });

  it('apiextensions.k8s.io/v1beta1 is not served (removed in 1.22): api-not-served at the apiVersion', () => {
    const text = crd().replace('apiextensions.k8s.io/v1', 'apiextensions.k8s.io/v1beta1');
    const report = check(text);
    expect(keys(report.findings)).toEqual(['api-not-served:apiextensions.k8s.io/v1beta1/CustomResourceDefinition']);
    const [f] = report.findings;
    expect(f).toMatchObject({ severity: 'error', fix: 'Use apiVersion apiextensions.k8s.io/v1.', data: { removedIn: '1.22', servedAs: ['apiextensions.k8s.io/v1'] } });
    expect(f!.message).toContain('removed in 1.22');
    expect(f!.range).toEqual(at(text, 0, 'apiextensions.k8s.io/v1beta1'));
  });

  it('apiregistration.k8s.io/v1beta1 APIService is not served either', () => {
    const text = 'apiVersion: apiregistration.k8s.io/v1beta1\nkind: APIService\nmetadata: {name: v1.example.com}\nspec: {group: example.com, version: v1, groupPriorityMinimum: 100, versionPriority: 10}\n';
    const [f] = check(text).findings;
    expect(f).toMatchObject({ code: 'api-not-served', data: { removedIn: '1.22', servedAs: ['apiregistration.k8s.io/v1'] } });
    expect(f!.range).toEqual(at(text, 0, 'apiregistration.k8s.io/v1beta1'));
  });

  it('a version the API server never had is api-not-served; a v1 List of CRDs checks each item', () => {
    const v2 = crd().replace('apiextensions.k8s.io/v1', 'apiextensions.k8s.io/v2');
    expect(check(v2).findings).toMatchObject([{ code: 'api-not-served', data: { servedAs: ['apiextensions.k8s.io/v1'] } }]);
    const item = crd().replace('scope: Namespaced', 'scope: Namespace').split('\n').map((l) => (l ? `  ${l}` : l)).join('\n').replace(/^  /, '- ');
    const list = `apiVersion: v1\nkind: List\nitems:\n${item}`;
    const f = one(check(list), 'crd-scope');
    expect(f.range).toEqual(at(list, 10, 'Namespace'));
    expect(check(list).documents[0]!.items).toMatchObject([{ checked: true, kind: 'CustomResourceDefinition' }]);
  });

  it('the walk applies: an unknown field of the CRD spec is unknown-field with did-you-mean', () => {
    const text = crd(undefined, { spec: '  preserveUnknownField: false\n' });
    const [f] = check(text).findings;
    expect(f).toMatchObject({ code: 'unknown-field', path: 'spec.preserveUnknownField', data: { suggestion: 'preserveUnknownFields' } });
    expect(f!.range).toEqual(at(text, 8, 'preserveUnknownField'));
  });

  it('a CRD in the same file governs objects of its kind, never the CRD document itself', () => {
    // The CRD-of-CRDs (kind CustomResourceDefinition in apiextensions.k8s.io) with a partial schema used to
    // replace the built-in schema of every CRD document: group, names, scope and versions were "unknown fields".
    const text = `${crd('        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              size: {type: string}\n')}---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: customresourcedefinitions.apiextensions.k8s.io
spec:
  group: apiextensions.k8s.io
  names: {kind: CustomResourceDefinition, plural: customresourcedefinitions}
  scope: Cluster
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              other: {type: string}
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: w}
spec: {size: 3, colour: red}
`;
    const crds = buildCrdCatalog({ workspace: crdsFromText(text, 'all.yaml'), pack: null });
    const report = new Analysis({ version: '1.37', crds }).check(text);
    // The Widget is checked against its CRD (unknown field, wrong type); both CRD documents are clean.
    expect(keys(report.findings)).toEqual(['invalid-value:spec.size', 'unknown-field:spec.colour']);
    expect(report.findings.every((f) => f.document === 2)).toBe(true);
    expect(report.documents.map((d) => d.checked)).toEqual([true, true, true]);
  });
});

describe('kustomize patches of CRDs and APIServices', () => {
  it('a patch is partial: missing fields and rules that judge the whole object are not reported', () => {
    // kubebuilder's config/crd/patches/webhook_in_<kind>.yaml: a CRD patch with the conversion webhook only.
    const text = 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  conversion:\n    strategy: Webhook\n    webhook:\n      clientConfig:\n        service: {namespace: system, name: webhook-service, path: /convert}\n      conversionReviewVersions: [v1]\n  versions:\n  - name: v1\n    served: true\n';
    const kustomize = { role: 'patch' as const, kustomization: 'kustomization.yaml', injected: [] };
    expect(new Analysis({ version: '1.37', kustomize }).check(text).findings).toEqual([]);
    // as a plain manifest the same document is incomplete
    expect(keys(check(text).findings)).toEqual(['missing-field:spec.group', 'missing-field:spec.names', 'missing-field:spec.scope', 'invalid-value:spec.versions', 'missing-field:spec.versions[].schema.openAPIV3Schema']);
    const api = 'apiVersion: apiregistration.k8s.io/v1\nkind: APIService\nmetadata: {name: v1beta1.metrics.k8s.io}\nspec:\n  insecureSkipTLSVerify: true\n';
    expect(new Analysis({ version: '1.37', kustomize }).check(api).findings).toEqual([]);
  });
});

describe('hover in a CRD document', () => {
  it('reads the built-in CRD types, also when a catalog defines a CRD of CustomResourceDefinition', async () => {
    const text = crd();
    const crds = buildCrdCatalog({ workspace: crdsFromText(crd().replace(/Widget/g, 'CustomResourceDefinition').replace('widgets', 'customresourcedefinitions').replace(/example\.com/g, 'apiextensions.k8s.io'), 'crd-of-crds.yaml'), pack: null });
    for (const options of [{ version: '1.37' as const }, { version: '1.37' as const, crds }]) {
      const hover = await new Analysis(options).hover(text, { line: 5, character: 4 });
      expect(hover?.markdown).toContain('`CustomResourceDefinitionSpec`');
    }
  });
});

describe('CRD object rules', () => {
  it('crd-name: metadata.name must be <plural>.<group>', () => {
    const text = crd(undefined, { name: 'widget.example.com' });
    const f = one(check(text), 'crd-name');
    expect(f).toMatchObject({ code: 'invalid-value', path: 'metadata.name', fix: 'Rename it to widgets.example.com.' });
    expect(f.range).toEqual(at(text, 3, 'widget.example.com'));
  });

  it('crd-group: a DNS subdomain with at least one dot', () => {
    const text = crd().replace('group: example.com', 'group: example').replace('widgets.example.com', 'widgets.example');
    const f = one(check(text), 'crd-group');
    expect(f).toMatchObject({ code: 'invalid-value', path: 'spec.group' });
    expect(f.message).toContain('at least one dot');
    expect(f.range).toEqual(at(text, 5, 'example'));
    const upper = crd().replace('group: example.com', 'group: Example.com').replace('widgets.example.com', 'widgets.Example.com');
    expect(one(check(upper), 'crd-group').range).toEqual(at(upper, 5, 'Example.com'));
  });

  it('crd-scope: Cluster or Namespaced, with did-you-mean', () => {
    const text = crd().replace('scope: Namespaced', 'scope: namespaced');
    const f = one(check(text), 'crd-scope');
    expect(f).toMatchObject({ code: 'invalid-value', path: 'spec.scope', data: { suggestion: 'Namespaced' }, fix: 'Change it to Namespaced.' });
    expect(f.range).toEqual(at(text, 7, 'namespaced'));
  });

  it('crd-preserve-unknown-fields: spec.preserveUnknownFields cannot be true', () => {
    const text = crd(undefined, { spec: '  preserveUnknownFields: true\n' });
    const f = one(check(text), 'crd-preserve-unknown-fields');
    expect(f.range).toEqual(at(text, 8, 'true'));
    expect(ruled(check(text.replace('preserveUnknownFields: true', 'preserveUnknownFields: false')))).toEqual([]);
  });

  it('crd-storage-version: exactly one version is stored', () => {
    const two = crd(undefined, { version: '  - name: v1beta1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema: {type: object}\n' });
    const f = one(check(two), 'crd-storage-version');
    expect(f).toMatchObject({ code: 'invalid-value', path: 'spec.versions', data: { storageVersions: 2 } });
    expect(f.message).toContain('found 2');
    expect(f.range).toEqual(at(two, 8, 'versions'));
    const none = crd().replace('storage: true', 'storage: false');
    expect(one(check(none), 'crd-storage-version').message).toContain('found none');
    const empty = 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions: []\n';
    const g = one(check(empty), 'crd-storage-version');
    expect(g.message).toContain('found no version');
    expect(g.range).toEqual(at(empty, 7, 'versions'));
  });

  it('crd-version-name: DNS-1035 labels, unique', () => {
    const bad = crd().replace('- name: v1', '- name: V1');
    const f = one(check(bad), 'crd-version-name');
    expect(f).toMatchObject({ path: 'spec.versions[].name' });
    expect(f.range).toEqual(at(bad, 9, 'V1'));
    const twice = crd(undefined, { version: '  - name: v1\n    served: false\n    storage: false\n    schema:\n      openAPIV3Schema: {type: object}\n' });
    const g = one(check(twice), 'crd-version-name');
    expect(g).toMatchObject({ path: 'spec.versions[].name' });
    expect(g.message).toContain('listed twice');
    expect(g.range).toEqual(at(twice, 14, 'v1'));
  });

  it('crd-names: DNS-1035 plural / shortNames, kind differs from listKind', () => {
    const text = crd().replace('names: {kind: Widget, plural: widgets}', 'names: {kind: Widget, plural: widgets, listKind: Widget, shortNames: [w_g]}');
    const report = check(text);
    expect(ruled(report).map((f) => f.path)).toEqual(['spec.names.listKind', 'spec.names.shortNames[]']);
    expect(report.findings[0]!.range).toEqual(at(text, 6, 'Widget', 1));
    expect(report.findings[1]!.range).toEqual(at(text, 6, 'w_g'));
    const plural = crd(undefined, { name: 'Widgets.example.com' }).replace('plural: widgets', 'plural: Widgets');
    expect(one(check(plural), 'crd-names').range).toEqual(at(plural, 6, 'Widgets'));
  });

  it('crd-schema-required: every version has schema.openAPIV3Schema', () => {
    const text = 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n';
    const f = one(check(text), 'crd-schema-required');
    expect(f).toMatchObject({ code: 'missing-field', path: 'spec.versions[].schema.openAPIV3Schema' });
    expect(f.range).toEqual(at(text, 8, 'name'));
  });

  it('crd-deprecation-warning: only on a deprecated version', () => {
    const text = crd(undefined, { version: '  - name: v1beta1\n    served: true\n    storage: false\n    deprecationWarning: use v1\n    schema:\n      openAPIV3Schema: {type: object}\n' });
    const f = one(check(text), 'crd-deprecation-warning');
    expect(f.range).toEqual(at(text, 12, 'use v1'));
    expect(ruled(check(text.replace('    deprecationWarning', '    deprecated: true\n    deprecationWarning')))).toEqual([]);
  });

  it('crd-printer-column: type and format values', () => {
    const text = crd(undefined, { version: '' }).replace('    schema:\n', '    additionalPrinterColumns:\n    - {name: Size, type: int, jsonPath: .spec.size}\n    - {name: Age, type: date, jsonPath: .metadata.creationTimestamp}\n    schema:\n');
    const f = one(check(text), 'crd-printer-column');
    expect(f).toMatchObject({ path: 'spec.versions[].additionalPrinterColumns[].type' });
    expect(f.range).toEqual(at(text, 13, 'int'));
  });

  it('crd-conversion: a known strategy; Webhook needs webhook.clientConfig', () => {
    const text = crd(undefined, { spec: '  conversion:\n    strategy: Webhook\n    webhook: {conversionReviewVersions: [v1]}\n' });
    const f = one(check(text), 'crd-conversion');
    expect(f).toMatchObject({ code: 'missing-field', path: 'spec.conversion.webhook.clientConfig' });
    expect(f.range).toEqual(at(text, 10, 'webhook'));
    const ok = text.replace('webhook: {conversionReviewVersions: [v1]}', 'webhook: {conversionReviewVersions: [v1], clientConfig: {service: {namespace: ns, name: conv}}}');
    expect(check(ok).findings).toEqual([]);
    const unknown = crd(undefined, { spec: '  conversion:\n    strategy: none\n' });
    expect(one(check(unknown), 'crd-conversion')).toMatchObject({ data: { suggestion: 'None' } });
  });
});
