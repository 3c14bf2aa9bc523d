// Every rule of the CRD object (api-extensions/crd-object-rules.ts) and the other branch of each of its conditions:
// one CRD varied one way per case (crd-object-cases.ts), and every finding the check gives it, with its rule (or
// code, for the walk's findings), path, range, message and fix. Upstream: kubernetes/kubernetes
// staging/src/k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation/validation.go (the commit the rules
// cite), ValidateCustomResourceDefinitionNames, validateCustomResourceConversion, validateConversionReviewVersions.
import { describe, expect, it } from 'vitest';
import { Analysis, type Finding } from '../../server/src/engine';
import { CASES } from './crd-object-cases';

function findingLine(f: Finding): string {
  const r = f.range;
  const rule = typeof f.data?.rule === 'string' ? `${f.code}/${f.data.rule}` : f.code;
  return `${rule} ${f.path} ${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character} | ${f.message} | ${f.fix}`;
}

const EXPECTED: Record<string, string[]> = {
  "name is not plural.group": [
    "invalid-value/crd-name metadata.name 3:8-3:26 | Applying fails: a CRD's name must be widgets.example.com (names.plural.group), not widget.example.com | Rename it to widgets.example.com.",
  ],
  "name and no group: no name rule": [
    "missing-field spec.group 4:0-4:4 | group is missing: CustomResourceDefinitionSpec requires it | Add group under spec.",
  ],
  "name and no plural: no name rule": [
    "missing-field spec.names.plural 6:2-6:7 | plural is missing: CustomResourceDefinitionNames requires it | Add plural under spec.names.",
  ],
  "empty group": [
    "missing-field/crd-group spec.group 5:9-5:11 | Applying fails: spec.group must not be empty | Use a domain you own, e.g. example.com.",
  ],
  "group without a dot": [
    "invalid-value/crd-group spec.group 5:9-5:16 | Applying fails: spec.group \"example\" must be a domain with at least one dot | Use a domain you own, e.g. example.com.",
  ],
  "preserveUnknownFields true": [
    "invalid-value/crd-preserve-unknown-fields spec.preserveUnknownFields 8:25-8:29 | Applying fails: spec.preserveUnknownFields cannot be true on a v1 CRD | Remove it and set x-kubernetes-preserve-unknown-fields: true in the schema where unknown fields are kept.",
  ],
  "preserveUnknownFields false": [],
  "plural not DNS-1035": [
    "invalid-value/crd-names spec.names.plural 6:32-6:39 | Applying fails: names.plural \"Widgets\" must be a DNS-1035 label: lower-case letters, digits and \"-\", starting with a letter and ending with a letter or digit | Use the lower-case resource name, e.g. widgets.",
  ],
  "singular not DNS-1035": [
    "invalid-value/crd-names spec.names.singular 6:51-6:58 | Applying fails: names.singular \"wid_get\" must be a DNS-1035 label: lower-case letters, digits and \"-\", starting with a letter and ending with a letter or digit | Use the lower-case resource name, e.g. widgets.",
  ],
  "kind with a dash (lower-cased, a DNS-1035 label)": [],
  "kind with an underscore": [
    "invalid-value/crd-names spec.names.kind 6:16-6:23 | Applying fails: names.kind \"Wid_get\" may have mixed case but otherwise must be a DNS-1035 label: lower-case letters, digits and \"-\", starting with a letter and ending with a letter or digit | Use a CamelCase name of letters and digits, e.g. Widget.",
  ],
  "listKind with a dot": [
    "invalid-value/crd-names spec.names.listKind 6:51-6:62 | Applying fails: names.listKind \"Widget.List\" may have mixed case but otherwise must be a DNS-1035 label: lower-case letters, digits and \"-\", starting with a letter and ending with a letter or digit | Use a CamelCase name of letters and digits, e.g. Widget.",
  ],
  "listKind equal to kind": [
    "invalid-value/crd-names spec.names.listKind 6:51-6:57 | Applying fails: names.listKind must differ from names.kind (Widget) | Use WidgetList, or leave listKind out (that is its default).",
  ],
  "shortNames and categories entries": [
    "invalid-value/crd-names spec.names.shortNames[] 6:58-6:61 | Applying fails: names.shortNames entry \"W_G\" must be a DNS-1035 label: lower-case letters, digits and \"-\", starting with a letter and ending with a letter or digit | Use a lower-case name.",
    "invalid-value/crd-names spec.names.categories[] 6:82-6:87 | Applying fails: names.categories entry \"a b\" must be a DNS-1035 label: lower-case letters, digits and \"-\", starting with a letter and ending with a letter or digit | Use a lower-case name.",
  ],
  "version name not DNS-1035": [
    "invalid-value/crd-version-name spec.versions[].name 9:10-9:12 | Applying fails: version name \"V1\" must be a DNS-1035 label: lower-case letters, digits and \"-\", starting with a letter and ending with a letter or digit | Use a name such as v1, v1beta1 or v2alpha1.",
  ],
  "version listed twice": [
    "invalid-value/crd-version-name spec.versions[].name 15:10-15:12 | Applying fails: version v1 is listed twice | Remove or rename one of the two entries.",
  ],
  "empty version name": [
    "invalid-value/crd-version-name spec.versions[].name 9:10-9:12 | Applying fails: version name \"\" must be a DNS-1035 label: lower-case letters, digits and \"-\", starting with a letter and ending with a letter or digit | Use a name such as v1, v1beta1 or v2alpha1.",
  ],
  "no storage version": [
    "invalid-value/crd-storage-version spec.versions 8:2-8:10 | Applying fails: exactly one version must have storage: true (found none) | Set storage: true on the one version objects are stored in, false on the others.",
  ],
  "two storage versions": [
    "invalid-value/crd-storage-version spec.versions 8:2-8:10 | Applying fails: exactly one version must have storage: true (found 2) | Set storage: true on the one version objects are stored in, false on the others.",
  ],
  "no versions": [
    "invalid-value/crd-storage-version spec.versions 8:2-8:10 | Applying fails: exactly one version must have storage: true (found no version) | Add a version with served: true and storage: true.",
  ],
  "no schema": [
    "missing-field/crd-schema-required spec.versions[].schema.openAPIV3Schema 9:4-9:8 | Applying fails: version v1 has no schema.openAPIV3Schema | Add schema: {openAPIV3Schema: {type: object, \u2026}} (x-kubernetes-preserve-unknown-fields: true keeps any field).",
  ],
  "null schema": [
    "missing-field/crd-schema-required spec.versions[].schema.openAPIV3Schema 12:4-12:10 | Applying fails: version v1 has no schema.openAPIV3Schema | Add schema: {openAPIV3Schema: {type: object, \u2026}} (x-kubernetes-preserve-unknown-fields: true keeps any field).",
  ],
  "schema not a map": [
    "invalid-value spec.versions[].schema.openAPIV3Schema 13:23-13:29 | openAPIV3Schema expects an object (JSONSchemaProps), not a list | Check the indentation and the value.",
  ],
  "default of the wrong type, schema otherwise fine": [
    "invalid-value/schema-default spec.versions[].schema.openAPIV3Schema.properties.size.default 16:41-16:44 | Applying fails: the default must be of type integer, not a string | Change the default so that the schema at this place accepts it, or remove it.",
  ],
  "default of the wrong type beside a rejected schema problem": [
    "invalid-value/schema-type-value spec.versions[].schema.openAPIV3Schema.properties.bad.type 17:22-17:27 | Applying fails: type \"strin\" is not allowed: did you mean string? | Change it to string.",
  ],
  "deprecationWarning without deprecated": [
    "invalid-value/crd-deprecation-warning spec.versions[].deprecationWarning 12:24-12:27 | Applying fails: deprecationWarning is allowed only on a version with deprecated: true | Add deprecated: true to this version, or remove deprecationWarning.",
  ],
  "deprecationWarning empty": [
    "invalid-value/crd-deprecation-warning spec.versions[].deprecationWarning 13:24-13:26 | Applying fails: deprecationWarning must not be empty | Write the warning, or remove the field to get the default one.",
  ],
  "deprecationWarning at the limit": [],
  "deprecationWarning one past the limit": [
    "invalid-value/crd-deprecation-warning spec.versions[].deprecationWarning 13:24-13:281 | Applying fails: deprecationWarning is 257 characters, at most 256 are allowed | Shorten the warning.",
  ],
  "deprecationWarning null": [],
  "printer column type and format": [
    "invalid-value/crd-printer-column spec.versions[].additionalPrinterColumns[].type 13:25-13:28 | Applying fails: printer column type \"int\" is not allowed: did you mean integer? | Change it to integer.",
    "invalid-value/crd-printer-column spec.versions[].additionalPrinterColumns[].format 13:38-13:44 | Applying fails: printer column format \"int32x\" is not allowed: did you mean int32? | Change it to int32.",
  ],
  "empty conversion": [
    "missing-field spec.conversion.strategy 8:2-8:12 | strategy is missing: CustomResourceConversion requires it | Add strategy under spec.conversion.",
  ],
  "conversion strategy misspelled": [
    "invalid-value/crd-conversion spec.conversion.strategy 8:25-8:32 | Applying fails: conversion strategy \"webhook\" is not allowed: did you mean Webhook? | Change it to Webhook.",
  ],
  "conversion None": [],
  "Webhook without webhook": [
    "missing-field/crd-conversion spec.conversion.webhook.clientConfig 8:25-8:32 | Applying fails: strategy Webhook needs webhook.clientConfig | Add webhook.clientConfig with a service (or url) of the conversion webhook.",
  ],
  "Webhook with a null clientConfig": [
    "missing-field/crd-conversion spec.conversion.webhook.clientConfig 10:4-10:11 | Applying fails: strategy Webhook needs webhook.clientConfig | Add webhook.clientConfig with a service (or url) of the conversion webhook.",
  ],
  "Webhook with unknown review versions only": [
    "invalid-value/crd-conversion spec.conversion.webhook.conversionReviewVersions 10:86-10:94 | Applying fails: conversionReviewVersions must include one of v1, v1beta1 | Add v1 to the list (the webhook must then accept that ConversionReview version).",
  ],
  "Webhook with one known review version": [],
  "Webhook with an empty review version list": [
    "missing-field/crd-conversion spec.conversion.webhook.conversionReviewVersions 10:86-10:88 | Applying fails: conversionReviewVersions must list at least one version | List v1, v1beta1 (the versions of ConversionReview the webhook accepts).",
  ],
  "Webhook with a review version listed twice and one not a DNS-1035 label": [
    "invalid-value/crd-conversion spec.conversion.webhook.conversionReviewVersions[] 10:91-10:93 | Applying fails: conversionReviewVersions lists v1 twice | Remove the second entry.",
    "invalid-value/crd-conversion spec.conversion.webhook.conversionReviewVersions[] 10:95-10:97 | Applying fails: conversionReviewVersions entry \"V2\" must be a DNS-1035 label: lower-case letters, digits and \"-\", starting with a letter and ending with a letter or digit | Use a version name such as v1.",
  ],
  "None with the webhook settings": [
    "invalid-value/crd-conversion spec.conversion.webhook.clientConfig 10:14-10:26 | Applying fails: webhook.clientConfig is allowed only with strategy Webhook | Remove webhook.clientConfig, or set strategy: Webhook.",
    "invalid-value/crd-conversion spec.conversion.webhook.conversionReviewVersions 10:60-10:84 | Applying fails: webhook.conversionReviewVersions is allowed only with strategy Webhook | Remove webhook.conversionReviewVersions, or set strategy: Webhook.",
  ],
  "None with empty webhook settings": [],
};

describe('the CRD object rules, case by case', () => {
  it('every case is expected, and every expectation has its case', () => {
    expect(Object.keys(EXPECTED)).toEqual(Object.keys(CASES));
  });
  for (const [name, text] of Object.entries(CASES)) {
    it(name, () => {
      expect(new Analysis({ version: '1.37' }).check(text).findings.map(findingLine)).toEqual(EXPECTED[name]);
    });
  }
});
