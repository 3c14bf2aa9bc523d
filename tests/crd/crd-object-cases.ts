// The cases of tests/crd/crd-object-messages.test.ts: a v1 CRD varied one way each, for every rule of the CRD
// object (api-extensions/crd-object-rules.ts) and the other branch of its conditions.
import { crd } from './crd-object-helpers';

const V1 = '  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n';
const swap = (from: string, to: string) => crd().replace(from, to);
const spec = (lines: string) => crd(undefined, { spec: lines });
const version = (lines: string) => crd('        type: object\n' + lines);

export const CASES: Record<string, string> = {
  'name is not plural.group': crd(undefined, { name: 'widget.example.com' }),
  'name and no group: no name rule': swap('  group: example.com\n', ''),
  'name and no plural: no name rule': swap('names: {kind: Widget, plural: widgets}', 'names: {kind: Widget}'),
  'empty group': swap('group: example.com', 'group: ""'),
  'group without a dot': swap('group: example.com', 'group: example').replace('widgets.example.com', 'widgets.example'),
  'preserveUnknownFields true': spec('  preserveUnknownFields: true\n'),
  'preserveUnknownFields false': spec('  preserveUnknownFields: false\n'),
  'plural not DNS-1035': swap('plural: widgets}', 'plural: Widgets}').replace('widgets.example.com', 'Widgets.example.com'),
  'singular not DNS-1035': swap('plural: widgets}', 'plural: widgets, singular: wid_get}'),
  'kind with a dash (lower-cased, a DNS-1035 label)': swap('kind: Widget,', 'kind: Wid-get,'),
  'kind with an underscore': swap('kind: Widget,', 'kind: Wid_get,'),
  'listKind with a dot': swap('plural: widgets}', 'plural: widgets, listKind: Widget.List}'),
  'listKind equal to kind': swap('plural: widgets}', 'plural: widgets, listKind: Widget}'),
  'shortNames and categories entries': swap('plural: widgets}', 'plural: widgets, shortNames: [wg, W_G], categories: [all, "a b"]}'),
  'version name not DNS-1035': crd().replace('- name: v1\n', '- name: V1\n'),
  'version listed twice': crd().replace(V1, V1 + V1.replace('storage: true', 'storage: false')),
  'empty version name': crd().replace('- name: v1\n', '- name: ""\n'),
  'no storage version': crd().replace('storage: true', 'storage: false'),
  'two storage versions': crd().replace(V1, V1 + V1.replace('name: v1', 'name: v2')),
  'no versions': crd().replace(/ {2}versions:\n[\s\S]*$/, '  versions: []\n'),
  'no schema': crd().replace(/ {4}schema:\n[\s\S]*$/, ''),
  'null schema': crd().replace(/ {6}openAPIV3Schema:\n[\s\S]*$/, '      openAPIV3Schema: null\n'),
  'schema not a map': crd().replace(/ {6}openAPIV3Schema:\n[\s\S]*$/, '      openAPIV3Schema: [type]\n'),
  'default of the wrong type, schema otherwise fine': version('        properties:\n          size: {type: integer, default: big}\n'),
  'default of the wrong type beside a rejected schema problem': version('        properties:\n          size: {type: integer, default: big}\n          bad: {type: strin}\n'),
  'deprecationWarning without deprecated': crd().replace('    storage: true\n', '    storage: true\n    deprecationWarning: old\n'),
  'deprecationWarning empty': crd().replace('    storage: true\n', '    storage: true\n    deprecated: true\n    deprecationWarning: ""\n'),
  'deprecationWarning at the limit': crd().replace('    storage: true\n', `    storage: true\n    deprecated: true\n    deprecationWarning: ${'w'.repeat(256)}\n`),
  'deprecationWarning one past the limit': crd().replace('    storage: true\n', `    storage: true\n    deprecated: true\n    deprecationWarning: ${'w'.repeat(257)}\n`),
  'deprecationWarning null': crd().replace('    storage: true\n', '    storage: true\n    deprecationWarning: null\n'),
  'printer column type and format': crd().replace('    storage: true\n', '    storage: true\n    additionalPrinterColumns:\n    - {name: Size, type: int, format: int32x, jsonPath: .spec.size}\n'),
  'empty conversion': spec('  conversion: {}\n'),
  'conversion strategy misspelled': spec('  conversion: {strategy: webhook}\n'),
  'conversion None': spec('  conversion: {strategy: None}\n'),
  'Webhook without webhook': spec('  conversion: {strategy: Webhook}\n'),
  'Webhook with a null clientConfig': spec('  conversion:\n    strategy: Webhook\n    webhook: {clientConfig: null, conversionReviewVersions: [v1]}\n'),
  'Webhook with unknown review versions only': spec('  conversion:\n    strategy: Webhook\n    webhook: {clientConfig: {url: "https://x.example.com"}, conversionReviewVersions: [v2, v3]}\n'),
  'Webhook with one known review version': spec('  conversion:\n    strategy: Webhook\n    webhook: {clientConfig: {url: "https://x.example.com"}, conversionReviewVersions: [v2, v1beta1]}\n'),
  'Webhook with an empty review version list': spec('  conversion:\n    strategy: Webhook\n    webhook: {clientConfig: {url: "https://x.example.com"}, conversionReviewVersions: []}\n'),
  'Webhook with a review version listed twice and one not a DNS-1035 label': spec('  conversion:\n    strategy: Webhook\n    webhook: {clientConfig: {url: "https://x.example.com"}, conversionReviewVersions: [v1, v1, V2]}\n'),
  'None with the webhook settings': spec('  conversion:\n    strategy: None\n    webhook: {clientConfig: {url: "https://x.example.com"}, conversionReviewVersions: [v1]}\n'),
  'None with empty webhook settings': spec('  conversion:\n    strategy: None\n    webhook: {clientConfig: null, conversionReviewVersions: []}\n'),
};
