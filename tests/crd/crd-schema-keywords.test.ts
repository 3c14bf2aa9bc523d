// The structural-schema rules of a CRD (crd-schema-rules.ts), one small schema per case with each finding pinned:
// keywords refused inside allOf / anyOf / oneOf / not (nested too; the int-or-string anyOf pair, alone or first
// in allOf, allowed only beside x-kubernetes-int-or-string), list and map types (keys, set entries, the type they
// need), CEL rules and messageExpressions that do not parse and unknown reasons, metadata at the root and in
// embedded resources, embedded-resource and int-or-string combinations, items, additionalProperties, uniqueItems,
// the root's type and nullable, missing types at each level, unknown formats; beside each, the variant that is
// accepted. Each finding: rule, code, path below openAPIV3Schema, message, the text it marks.
import { describe, expect, it } from 'vitest';
import { check, crd } from './crd-object-helpers';

const root = (s: Record<string, unknown>) => crd(Object.entries(s).map(([k, v]) => `        ${k}: ${JSON.stringify(v)}\n`).join(''));
const spec = (s: object) => root({ type: 'object', properties: { spec: s } });
const INT_STR = [{ type: 'integer' }, { type: 'string' }];
const cases: Record<string, string> = {
  junctors: spec({ type: 'object', allOf: [{ type: 'string' }], anyOf: [{ default: 1 }], oneOf: [{ additionalProperties: { type: 'string' } }], not: { 'x-kubernetes-int-or-string': true } }),
  nestedJunctors: spec({ type: 'object', allOf: [{ properties: { a: { type: 'string' }, metadata: {} } }, { items: { default: 1 } }, { anyOf: [{ not: { type: 'integer' } }] }, { oneOf: [{ allOf: [{ type: 'string' }] }] }] }),
  nullableFalse: spec({ type: 'object', allOf: [{ nullable: false }] }),
  intOrStringPair: spec({ 'x-kubernetes-int-or-string': true, anyOf: INT_STR }),
  pairWithoutIntOrString: spec({ type: 'object', anyOf: INT_STR }),
  pairNotExact: spec({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string' }] }),
  pairOfThree: spec({ 'x-kubernetes-int-or-string': true, anyOf: [...INT_STR, { type: 'string' }] }),
  pairReversed: spec({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'string' }, { type: 'integer' }] }),
  allOfPair: spec({ 'x-kubernetes-int-or-string': true, allOf: [{ anyOf: INT_STR }, { anyOf: INT_STR }] }),
  allOfPairWithout: spec({ type: 'string', allOf: [{ anyOf: INT_STR }] }),
  listTypeOnObject: spec({ type: 'object', 'x-kubernetes-list-type': 'set' }),
  listTypeBad: spec({ type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'sett' }),
  keysWithoutType: spec({ type: 'array', items: { type: 'string' }, 'x-kubernetes-list-map-keys': ['name'] }),
  keysAtomic: spec({ type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'atomic', 'x-kubernetes-list-map-keys': ['name'] }),
  mapKeys: spec({ type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['nmae', 'o', 'l', 'name', 'name', 1], items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, o: { type: 'object' }, l: { type: 'array', items: { type: 'string' } } } } }),
  mapNoKeys: spec({ type: 'array', 'x-kubernetes-list-type': 'map', items: { type: 'string' } }),
  setOfObjects: spec({ type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'object', properties: { a: { type: 'string' } } } }),
  setOfAtomicObjects: spec({ type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'object', 'x-kubernetes-map-type': 'atomic', properties: { a: { type: 'string' } } } }),
  setOfSets: spec({ type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } } }),
  setOfAtomicLists: spec({ type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'array', 'x-kubernetes-list-type': 'atomic', items: { type: 'string' } } }),
  setOfPlainLists: spec({ type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'array', items: { type: 'string' } } }),
  mapTypeOnString: spec({ type: 'string', 'x-kubernetes-map-type': 'granular' }),
  mapTypeBad: spec({ type: 'object', 'x-kubernetes-map-type': 'atom' }),
  rules: spec({ type: 'object', 'x-kubernetes-validations': [{ rule: '  ' }, { rule: 'self.a ==', messageExpression: "'x' +" }, { rule: 'true', reason: 'FieldValueBad' }, { rule: 'true', reason: 'FieldValueInvalid' }] }),
  rootMetadataType: root({ type: 'object', properties: { metadata: { type: 'string' } } }),
  rootMetadataProps: root({ type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string' }, generateName: { type: 'string' }, labels: { type: 'object' } } } } }),
  embeddedMetadata: spec({ type: 'object', 'x-kubernetes-embedded-resource': true, properties: { metadata: { type: 'string', properties: { labels: { type: 'object' } } } } }),
  embeddedMetadataProps: spec({ type: 'object', 'x-kubernetes-embedded-resource': true, properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } } } }),
  plainMetadata: spec({ type: 'object', properties: { metadata: { type: 'string' } } }),
  embeddedNoType: spec({ 'x-kubernetes-embedded-resource': true }),
  embeddedString: spec({ type: 'string', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true }),
  embeddedAdditional: spec({ type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true, additionalProperties: { type: 'string' } }),
  intOrStringExclusive: spec({ 'x-kubernetes-int-or-string': true, 'x-kubernetes-preserve-unknown-fields': true, 'x-kubernetes-embedded-resource': true }),
  preserveFalse: spec({ type: 'object', 'x-kubernetes-preserve-unknown-fields': false }),
  noItems: spec({ type: 'array' }),
  itemsNoType: spec({ type: 'array', items: { minLength: 1 } }),
  nullItems: spec({ type: 'array', items: null }),
  additionalWithProps: spec({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } }),
  additionalTrueWithProps: spec({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true }),
  additionalNull: spec({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: null }),
  additionalNested: spec({ type: 'object', additionalProperties: { type: 'array' } }),
  rootAdditional: root({ type: 'object', additionalProperties: { type: 'string' } }),
  unique: spec({ type: 'array', items: { type: 'string' }, uniqueItems: true }),
  uniqueFalse: spec({ type: 'array', items: { type: 'string' }, uniqueItems: false }),
  rootString: root({ type: 'string' }),
  rootNullable: root({ type: 'object', nullable: true }),
  rootNullableFalse: root({ type: 'object', nullable: false }),
  noTypes: root({ properties: { a: { items: { type: 'array' } }, b: { 'x-kubernetes-preserve-unknown-fields': true }, c: { 'x-kubernetes-int-or-string': true } } }),
  formats: spec({ type: 'object', properties: { a: { type: 'string', format: 'date-tim' }, b: { type: 'string', format: 'zzzzzzzz' }, c: { type: 'string', format: 'date-time' }, d: { type: 'string', format: 'byte' }, e: { type: 'string', format: 'uuid' }, f: { type: 'string', format: '' } } }),
};

function view(text: string) {
  const lines = text.split('\n');
  return check(text)
    .findings.filter((f) => f.data?.['rule'] !== undefined)
    .map((f) => [
      f.data?.['rule'],
      f.code,
      f.path!.replace('spec.versions[].schema.openAPIV3Schema', ''),
      f.message.replace(/^Applying fails: /, ''),
      lines[f.range.start.line]!.slice(f.range.start.character, f.range.end.character).slice(0, 40),
    ]);
}

describe('structural schema rules of a CRD', () => {
  const expected: Record<string, unknown[]> = {
      junctors: [["schema-junctor","invalid-value",".properties.spec.allOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""],["schema-junctor","invalid-value",".properties.spec.anyOf[].default","default is not allowed inside allOf, anyOf, oneOf or not","\"default\""],["schema-junctor","invalid-value",".properties.spec.oneOf[].additionalProperties","additionalProperties is not allowed inside allOf, anyOf, oneOf or not","\"additionalProperties\""],["schema-junctor","invalid-value",".properties.spec.not.x-kubernetes-int-or-string","x-kubernetes-int-or-string is not allowed inside allOf, anyOf, oneOf or not","\"x-kubernetes-int-or-string\""]],
      nestedJunctors: [["schema-junctor","invalid-value",".properties.spec.allOf[].properties.a.type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""],["schema-junctor","invalid-value",".properties.spec.allOf[].properties.metadata","metadata cannot be constrained inside allOf, anyOf, oneOf or not","\"metadata\""],["schema-junctor","invalid-value",".properties.spec.allOf[].items.default","default is not allowed inside allOf, anyOf, oneOf or not","\"default\""],["schema-junctor","invalid-value",".properties.spec.allOf[].anyOf[].not.type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""],["schema-junctor","invalid-value",".properties.spec.allOf[].oneOf[].allOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""]],
      nullableFalse: [],
      intOrStringPair: [],
      pairWithoutIntOrString: [["schema-junctor","invalid-value",".properties.spec.anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""],["schema-junctor","invalid-value",".properties.spec.anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""]],
      pairNotExact: [["schema-junctor","invalid-value",".properties.spec.anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""],["schema-junctor","invalid-value",".properties.spec.anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""]],
      pairOfThree: [["schema-junctor","invalid-value",".properties.spec.anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""],["schema-junctor","invalid-value",".properties.spec.anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""],["schema-junctor","invalid-value",".properties.spec.anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""]],
      pairReversed: [["schema-junctor","invalid-value",".properties.spec.anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""],["schema-junctor","invalid-value",".properties.spec.anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""]],
      allOfPair: [["schema-junctor","invalid-value",".properties.spec.allOf[].anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""],["schema-junctor","invalid-value",".properties.spec.allOf[].anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""]],
      allOfPairWithout: [["schema-junctor","invalid-value",".properties.spec.allOf[].anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""],["schema-junctor","invalid-value",".properties.spec.allOf[].anyOf[].type","type is not allowed inside allOf, anyOf, oneOf or not","\"type\""]],
      listTypeOnObject: [["schema-list-type","invalid-value",".properties.spec.x-kubernetes-list-type","x-kubernetes-list-type needs type: array, not object","\"set\""]],
      listTypeBad: [["schema-list-type","invalid-value",".properties.spec.x-kubernetes-list-type","x-kubernetes-list-type \"sett\" is not allowed: did you mean set?","\"sett\""]],
      keysWithoutType: [["schema-list-type","invalid-value",".properties.spec.x-kubernetes-list-type","x-kubernetes-list-map-keys needs x-kubernetes-list-type: map","\"x-kubernetes-list-map-keys\""]],
      keysAtomic: [["schema-list-type","invalid-value",".properties.spec.x-kubernetes-list-type","x-kubernetes-list-map-keys needs x-kubernetes-list-type: map","\"atomic\""]],
      mapKeys: [["schema-list-type","invalid-value",".properties.spec.x-kubernetes-list-map-keys[]","list map key nmae is not a property of the entries","\"nmae\""],["schema-list-type","invalid-value",".properties.spec.x-kubernetes-list-map-keys[]","list map key o must be a scalar property, not object","\"o\""],["schema-list-type","invalid-value",".properties.spec.x-kubernetes-list-map-keys[]","list map key l must be a scalar property, not array","\"l\""],["schema-list-type","invalid-value",".properties.spec.x-kubernetes-list-map-keys[]","list map key name is listed twice","\"name\""]],
      mapNoKeys: [["schema-list-type","missing-field",".properties.spec.x-kubernetes-list-map-keys","x-kubernetes-list-type map needs x-kubernetes-list-map-keys","\"map\""],["schema-list-type","invalid-value",".properties.spec.items.type","the entries of a map list must be objects, not string","\"string\""]],
      setOfObjects: [["schema-list-type","invalid-value",".properties.spec.items.x-kubernetes-map-type","objects in a set list need x-kubernetes-map-type: atomic","\"object\""]],
      setOfAtomicObjects: [],
      setOfSets: [["schema-list-type","invalid-value",".properties.spec.items.x-kubernetes-list-type","lists in a set list must be atomic","\"set\""]],
      setOfAtomicLists: [],
      setOfPlainLists: [],
      mapTypeOnString: [["schema-map-type","invalid-value",".properties.spec.x-kubernetes-map-type","x-kubernetes-map-type needs type: object, not string","\"granular\""]],
      mapTypeBad: [["schema-map-type","invalid-value",".properties.spec.x-kubernetes-map-type","x-kubernetes-map-type \"atom\" is not allowed: did you mean atomic?","\"atom\""]],
      rules: [["cel-rule","invalid-value",".properties.spec.x-kubernetes-validations[].rule","the CEL rule is empty","\"  \""],["cel-rule","invalid-value",".properties.spec.x-kubernetes-validations[].rule","the CEL rule does not compile: at 1:8: found = but expecting end of input","\"self.a ==\""],["cel-rule","invalid-value",".properties.spec.x-kubernetes-validations[].messageExpression","messageExpression does not compile: at 1:5: found + but expecting end of input","\"'x' +\""],["cel-rule","invalid-value",".properties.spec.x-kubernetes-validations[].reason","reason \"FieldValueBad\" is not allowed","\"FieldValueBad\""]],
      rootMetadataType: [["schema-metadata","invalid-value",".properties.metadata.type","metadata must be of type object, not string","\"string\""]],
      rootMetadataProps: [["schema-metadata","invalid-value",".properties.metadata.properties.labels","the root metadata schema may restrict only name and generateName, not labels","\"labels\""]],
      embeddedMetadata: [["schema-metadata","invalid-value",".properties.spec.properties.metadata.type","metadata must be of type object, not string","\"string\""]],
      embeddedMetadataProps: [],
      plainMetadata: [],
      embeddedNoType: [["schema-embedded-resource","missing-field",".properties.spec.type","x-kubernetes-embedded-resource needs type: object","\"spec\""],["schema-embedded-resource","missing-field",".properties.spec.properties","an embedded resource needs properties, or x-kubernetes-preserve-unknown-fields: true","\"x-kubernetes-embedded-resource\""]],
      embeddedString: [["schema-embedded-resource","invalid-value",".properties.spec.type","x-kubernetes-embedded-resource needs type: object, not string","\"string\""]],
      embeddedAdditional: [["schema-embedded-resource","invalid-value",".properties.spec.additionalProperties","additionalProperties is not allowed with x-kubernetes-embedded-resource","\"additionalProperties\""]],
      intOrStringExclusive: [["schema-embedded-resource","missing-field",".properties.spec.type","x-kubernetes-embedded-resource needs type: object","\"spec\""],["schema-int-or-string","invalid-value",".properties.spec.x-kubernetes-preserve-unknown-fields","x-kubernetes-preserve-unknown-fields must be false when x-kubernetes-int-or-string is true","true"],["schema-int-or-string","invalid-value",".properties.spec.x-kubernetes-embedded-resource","x-kubernetes-embedded-resource must be false when x-kubernetes-int-or-string is true","true"]],
      preserveFalse: [["schema-preserve-unknown-fields","invalid-value",".properties.spec.x-kubernetes-preserve-unknown-fields","x-kubernetes-preserve-unknown-fields must be true or left out","false"]],
      noItems: [["schema-items-required","missing-field",".properties.spec.items","an array schema needs items","\"array\""]],
      itemsNoType: [["schema-type-required","missing-field",".properties.spec.items.type","array items has no type (a structural schema needs one)","\"items\""]],
      nullItems: [["schema-items-required","missing-field",".properties.spec.items","an array schema needs items","\"array\""]],
      additionalWithProps: [["schema-additional-properties","invalid-value",".properties.spec.additionalProperties","additionalProperties and properties cannot be used together","\"additionalProperties\""]],
      additionalTrueWithProps: [],
      additionalNull: [],
      additionalNested: [["schema-items-required","missing-field",".properties.spec.additionalProperties.items","an array schema needs items","\"array\""]],
      rootAdditional: [["schema-additional-properties","invalid-value",".additionalProperties","additionalProperties is not allowed at the root schema","additionalProperties"]],
      unique: [["schema-unsupported-keyword","invalid-value",".properties.spec.uniqueItems","uniqueItems: true is not supported in a CRD schema","true"]],
      uniqueFalse: [],
      rootString: [["schema-root-object","invalid-value",".type","the root schema must be of type object, not string","\"string\""]],
      rootNullable: [["schema-root-object","invalid-value",".nullable","the root schema cannot be nullable","true"]],
      rootNullableFalse: [],
      noTypes: [["schema-type-required","missing-field",".type","the root schema has no type (a structural schema needs one)","openAPIV3Schema"],["schema-type-required","missing-field",".properties.a.type","a property has no type (a structural schema needs one)","\"a\""],["schema-items-required","missing-field",".properties.a.items.items","an array schema needs items","\"array\""]],
      formats: [["schema-format","invalid-value",".properties.spec.properties.a.format","Not validated: the API server does not know format \"date-tim\" (did you mean date-time?)","\"date-tim\""],["schema-format","invalid-value",".properties.spec.properties.b.format","Not validated: the API server does not know format \"zzzzzzzz\"","\"zzzzzzzz\""]],
  };
  for (const [name, text] of Object.entries(cases)) {
    it(name, () => {
      expect(view(text)).toEqual(expected[name]);
    });
  }
});
