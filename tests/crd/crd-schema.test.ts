// The structural schema rules of a CRD version's openAPIV3Schema (crd-schema-rules.ts): each rule with a valid
// and an invalid example, the exact range and the verdict contract (data.rule / stage / verdict / source).
import { describe, expect, it } from 'vitest';
import type { Range } from '../../server/src/engine';
import { check, crd, one, ruled } from './crd-object-helpers';

/** The range of the `occurrence`-th match of `needle` in the text (first line that has it). */
function loc(text: string, needle: string, occurrence = 0): Range {
  const lines = text.split('\n');
  let seen = 0;
  for (const [line, content] of lines.entries()) {
    let at = content.indexOf(needle);
    while (at >= 0) {
      if (seen++ === occurrence) return { start: { line, character: at }, end: { line, character: at + needle.length } };
      at = content.indexOf(needle, at + 1);
    }
  }
  throw new Error(`${needle} not in text`);
}

/** A CRD whose root schema is `type: object` with `properties.spec` = the given lines (indented 12). */
const withSpec = (lines: string): string => crd(`        type: object\n        properties:\n          spec:\n${lines}`);

describe('structural schema rules', () => {
  it('schema-type-value: type: strign is an error at strign with did-you-mean', () => {
    const text = withSpec('            type: object\n            properties:\n              size: {type: strign}\n');
    const f = one(check(text), 'schema-type-value');
    expect(f).toMatchObject({ code: 'invalid-value', path: 'spec.versions[].schema.openAPIV3Schema.properties.spec.properties.size.type', data: { suggestion: 'string' }, fix: 'Change it to string.' });
    expect(f.message).toBe('Applying fails: type "strign" is not allowed: did you mean string?');
    expect(f.range).toEqual(loc(text, 'strign'));
    expect(ruled(check(text.replace('strign', 'string')))).toEqual([]);
  });

  it('schema-type-required: a property needs a type unless int-or-string or preserve-unknown-fields', () => {
    const text = withSpec('            type: object\n            properties:\n              size: {minLength: 1}\n');
    const f = one(check(text), 'schema-type-required');
    expect(f).toMatchObject({ code: 'missing-field', path: 'spec.versions[].schema.openAPIV3Schema.properties.spec.properties.size.type' });
    expect(f.range).toEqual(loc(text, 'size'));
    const ok = withSpec('            type: object\n            properties:\n              port: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}\n              blob: {x-kubernetes-preserve-unknown-fields: true}\n');
    expect(ruled(check(ok))).toEqual([]);
  });

  it('schema-root-object: the root is an object and not nullable', () => {
    const text = crd('        type: array\n        items: {type: string}\n');
    const f = one(check(text), 'schema-root-object');
    expect(f.range).toEqual(loc(text, 'array'));
    const nullable = crd('        type: object\n        nullable: true\n');
    expect(one(check(nullable), 'schema-root-object').range).toEqual(loc(nullable, 'true', 2));
  });

  it('schema-items-required: an array needs items', () => {
    const text = withSpec('            type: object\n            properties:\n              tags: {type: array}\n');
    const f = one(check(text), 'schema-items-required');
    expect(f).toMatchObject({ code: 'missing-field', path: 'spec.versions[].schema.openAPIV3Schema.properties.spec.properties.tags.items' });
    expect(f.range).toEqual(loc(text, 'array'));
    expect(ruled(check(text.replace('{type: array}', '{type: array, items: {type: string}}')))).toEqual([]);
  });

  it('schema-items-required: items: null, items: ~ and an empty items are no items', () => {
    for (const empty of ['items: null', 'items: ~', 'items:']) {
      const text = withSpec(`            type: object\n            properties:\n              tags:\n                type: array\n                ${empty}\n`);
      const f = one(check(text), 'schema-items-required');
      expect(f.path).toBe('spec.versions[].schema.openAPIV3Schema.properties.spec.properties.tags.items');
      expect(f.message).toBe('Applying fails: an array schema needs items');
      expect(f.range).toEqual(loc(text, 'array'));
    }
  });

  it('schema-additional-properties: not with properties, not at the root', () => {
    const text = withSpec('            type: object\n            properties:\n              a: {type: string}\n            additionalProperties: {type: string}\n');
    const f = one(check(text), 'schema-additional-properties');
    expect(f.range).toEqual(loc(text, 'additionalProperties'));
    const root = crd('        type: object\n        additionalProperties: {type: string}\n');
    expect(one(check(root), 'schema-additional-properties').message).toContain('root');
    const map = withSpec('            type: object\n            additionalProperties: {type: string}\n');
    expect(ruled(check(map))).toEqual([]);
  });

  it('schema-unsupported-keyword: $ref and uniqueItems: true are refused', () => {
    const text = withSpec('            type: object\n            $ref: "#/definitions/x"\n');
    expect(one(check(text), 'schema-unsupported-keyword').range).toEqual(loc(text, '$ref'));
    const unique = withSpec('            type: array\n            uniqueItems: true\n            items: {type: string}\n');
    expect(one(check(unique), 'schema-unsupported-keyword').range).toEqual(loc(unique, 'true', 2));
  });

  it('schema-embedded-resource: type object and properties or preserve-unknown-fields', () => {
    const text = withSpec('            type: object\n            properties:\n              template: {type: object, x-kubernetes-embedded-resource: true}\n');
    const f = one(check(text), 'schema-embedded-resource');
    expect(f).toMatchObject({ code: 'missing-field' });
    expect(f.range).toEqual(loc(text, 'x-kubernetes-embedded-resource'));
    expect(ruled(check(text.replace('true}', 'true, x-kubernetes-preserve-unknown-fields: true}')))).toEqual([]);
  });

  it('schema-int-or-string: not with preserve-unknown-fields', () => {
    const text = withSpec('            type: object\n            properties:\n              port: {x-kubernetes-int-or-string: true, x-kubernetes-preserve-unknown-fields: true}\n');
    const f = one(check(text), 'schema-int-or-string');
    expect(f.range).toEqual(loc(text, 'true', 3));
  });

  it('schema-preserve-unknown-fields: true or absent', () => {
    const text = withSpec('            type: object\n            x-kubernetes-preserve-unknown-fields: false\n');
    expect(one(check(text), 'schema-preserve-unknown-fields').range).toEqual(loc(text, 'false'));
  });

  it('schema-list-type: values, keys with map, scalar key properties, atomic set items', () => {
    const base = '            type: object\n            properties:\n              parts:\n                type: array\n';
    const misspelt = withSpec(`${base}                x-kubernetes-list-type: Set\n                items: {type: string}\n`);
    expect(one(check(misspelt), 'schema-list-type')).toMatchObject({ data: { suggestion: 'set' } });
    const noKeys = withSpec(`${base}                x-kubernetes-list-type: map\n                items: {type: object, properties: {name: {type: string}}}\n`);
    const f = one(check(noKeys), 'schema-list-type');
    expect(f).toMatchObject({ code: 'missing-field' });
    expect(f.range).toEqual(loc(noKeys, 'map'));
    const badKey = withSpec(`${base}                x-kubernetes-list-type: map\n                x-kubernetes-list-map-keys: [nme]\n                items: {type: object, required: [name], properties: {name: {type: string}}}\n`);
    const g = one(check(badKey), 'schema-list-type');
    expect(g.range).toEqual(loc(badKey, 'nme'));
    expect(g.fix).toContain('did you mean name?');
    expect(ruled(check(badKey.replace('[nme]', '[name]')))).toEqual([]);
    const objectSet = withSpec(`${base}                x-kubernetes-list-type: set\n                items: {type: object, properties: {a: {type: string}}}\n`);
    expect(one(check(objectSet), 'schema-list-type').path).toBe('spec.versions[].schema.openAPIV3Schema.properties.spec.properties.parts.items.x-kubernetes-map-type');
    expect(ruled(check(objectSet.replace('{type: object,', '{type: object, x-kubernetes-map-type: atomic,')))).toEqual([]);
  });

  it('schema-map-type: granular or atomic, on an object', () => {
    const text = withSpec('            type: object\n            x-kubernetes-map-type: Atomic\n');
    const f = one(check(text), 'schema-map-type');
    expect(f).toMatchObject({ data: { suggestion: 'atomic' } });
    expect(f.range).toEqual(loc(text, 'Atomic'));
  });

  it('schema-metadata: the root metadata may restrict name and generateName only', () => {
    const text = crd('        type: object\n        properties:\n          metadata:\n            type: object\n            properties:\n              name: {type: string, maxLength: 20}\n              labels: {type: object}\n');
    const f = one(check(text), 'schema-metadata');
    expect(f.range).toEqual(loc(text, 'labels'));
    expect(ruled(check(text.replace('              labels: {type: object}\n', '')))).toEqual([]);
  });

  it('schema-junctor: value validations only inside anyOf (the int-or-string pattern excepted)', () => {
    const text = withSpec('            type: object\n            anyOf:\n            - required: [a]\n            - type: object\n');
    const f = one(check(text), 'schema-junctor');
    expect(f).toMatchObject({ path: 'spec.versions[].schema.openAPIV3Schema.properties.spec.anyOf[].type' });
    expect(f.range).toEqual(loc(text, 'type', 2));
    expect(ruled(check(text.replace('            - type: object\n', '            - required: [b]\n')))).toEqual([]);
  });

  it('schema-format: an unknown format is not validated (warning, verdict ignored); upstream formats pass', () => {
    const text = withSpec('            type: object\n            properties:\n              at: {type: string, format: date-tme}\n');
    const f = one(check(text), 'schema-format', 'ignored');
    expect(f).toMatchObject({ code: 'invalid-value', data: { suggestion: 'date-time' } });
    expect(f.range).toEqual(loc(text, 'date-tme'));
    const ok = withSpec('            type: object\n            properties:\n              at: {type: string, format: date-time}\n              n: {type: integer, format: int32}\n              ip: {type: string, format: ipv4}\n');
    expect(ruled(check(ok))).toEqual([]);
  });

  it('cel-rule: a rule that does not compile is an error at the rule; a known reason', () => {
    const text = withSpec('            type: object\n            x-kubernetes-validations:\n            - rule: "self.a >"\n              message: broken\n');
    const f = one(check(text), 'cel-rule');
    expect(f.message).toMatch(/^Applying fails: the CEL rule does not compile: at 1:\d+/);
    expect(f.range).toEqual(loc(text, '"self.a >"'));
    const ok = withSpec('            type: object\n            properties: {a: {type: string}, b: {type: integer}}\n            x-kubernetes-validations:\n            - rule: "!has(self.a) || self.a.size() > 0"\n            - rule: "self.?b.orValue(1) == 1"\n              reason: FieldValueInvalid\n');
    expect(ruled(check(ok))).toEqual([]);
    const reason = ok.replace('reason: FieldValueInvalid', 'reason: Invalid');
    expect(one(check(reason), 'cel-rule')).toMatchObject({ path: 'spec.versions[].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations[].reason', data: { value: 'Invalid' } });
  });
});
