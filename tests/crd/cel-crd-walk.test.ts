// How a CRD version's schema is walked for its CEL rules (crd-cel-rules.ts), through the CRD's own check: which
// schema keywords the declared type reads (type, format, enum, maxProperties, int-or-string, embedded-resource,
// preserve-unknown-fields, additionalProperties: true, required fields and their defaults), how many places a rule
// runs (maxItems / maxProperties of the lists and maps above it, none counted under an unbounded one), the wording
// of how far over a limit an estimate is (over, at least N times, more than 100 times), messageExpressions (their
// own cost, compile errors, no boolean needed), the kind a non-boolean rule gives, and the per-CRD sum: its four
// most expensive rules or messageExpressions of at least 1 % of the limit named, those over the per-rule limit not
// again, the schema itself when none is that large. Costs are Kubegate's lower bound (cel-estimate-units.test.ts);
// every finding is one the API server's larger estimate also makes.
import { describe, expect, it } from 'vitest';
import { check, crd } from './crd-object-helpers';
import { dataOf } from '../support/finding-data';

const spec = (s: object) => crd(`        type: object\n        properties:\n          spec: ${JSON.stringify(s)}\n`);
const rules = (...r: string[]) => ({ 'x-kubernetes-validations': r.map((rule) => ({ rule })) });
const list = (maxItems: number | undefined, items: object) => ({ type: 'array', ...(maxItems !== undefined ? { maxItems } : {}), items });

/** Each finding of a CEL check: rule, code, the result type of a non-boolean rule, path below openAPIV3Schema, message, cardinality, estimate, sum, the text it marks. */
function view(schema: object) {
  const text = spec(schema).split('\n');
  return check(spec(schema))
    .findings.filter((f) => f.data?.['rule'] === 'cel-cost' || f.data?.['rule'] === 'cel-rule')
    .map((f) => [
      f.data?.['rule'],
      f.code,
      dataOf(f, 'invalid-value')?.resultType ?? null,
      f.path!.replace('spec.versions[].schema.openAPIV3Schema', ''),
      f.message.replace(/^Applying fails: /, ''),
      dataOf(f, 'invalid-value')?.cardinality ?? null,
      dataOf(f, 'invalid-value')?.estimatedCostAtLeast ?? null,
      dataOf(f, 'invalid-value')?.estimatedTotalAtLeast ?? null,
      text[f.range.start.line]!.slice(f.range.start.character, f.range.end.character),
    ]);
}

/** Schemas of spec, each showing one part of the walk (the names say which). */
const cases: Record<string, object> = {
  type: list(10_000_000, { type: 'string', maxLength: 1, ...rules("self.upperAscii() == 'A'") }),
  datetime: list(10_000_000, { type: 'string', format: 'date-time', ...rules("self.upperAscii() == 'A'") }),
  enumOk: list(10_000_000, { type: 'string', enum: ['abc', 'é😀'], ...rules("self.upperAscii() == 'A'") }),
  enumEmpty: list(10_000_000, { type: 'string', enum: [], ...rules("self.upperAscii() == 'A'") }),
  maxProps: list(10_000_000, { type: 'object', maxProperties: 1, additionalProperties: { type: 'integer' }, ...rules('self.all(k, true)') }),
  ios: { type: 'array', items: { 'x-kubernetes-int-or-string': true }, ...rules('self.all(x, self.all(y, true))') },
  embedded: { type: 'array', maxItems: 2, items: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object' } } }, ...rules("self.all(x, x.kind == 'W')") },
  embeddedSelf: list(2, { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object' } }, ...rules("self.kind == 'W' && self.metadata.name != ''") }),
  notRootProperty: { type: 'object', properties: { o: { type: 'object', properties: { a: { type: 'integer' } }, ...rules("self.kind == 'W'") } } },
  notRootItem: list(2, { type: 'object', properties: { a: { type: 'integer' } }, ...rules("self.apiVersion == 'v1'") }),
  notRootValue: { type: 'object', additionalProperties: { type: 'object', properties: { a: { type: 'integer' } }, ...rules("self.metadata.name == 'x'") } },
  preserve: list(2, { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, ...rules("self.foo == 'a'") }),
  addTrue: list(2, { type: 'object', additionalProperties: true, properties: { a: { type: 'integer' } }, ...rules("self.foo == 'a'") }),
  closed: list(2, { type: 'object', properties: { a: { type: 'integer' } }, ...rules("self.foo == 'a'") }),
  withDefault: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'integer', default: 1 } } }, ...rules('self.all(x, self.all(y, true))') },
  noDefault: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'integer' } } }, ...rules('self.all(x, self.all(y, true))') },
  mapCard: { type: 'object', maxProperties: 10_000_000, additionalProperties: { type: 'string', maxLength: 10, ...rules("self.upperAscii() == 'A'") } },
  mapUnbounded: { type: 'object', additionalProperties: { type: 'string', maxLength: 10, ...rules("self.upperAscii() == 'A'") } },
  nestedUnbounded: list(undefined, list(10_000_000, { type: 'string', maxLength: 1, ...rules("self.upperAscii() == 'A'") })),
  nested: list(100, list(100_000, { type: 'string', maxLength: 1, ...rules("self.upperAscii() == 'A'") })),
  x100: list(1_000_000_000, { type: 'integer', ...rules('self >= 0') }),
  x100p: list(1_000_000_001, { type: 'integer', ...rules('self >= 0') }),
  x2: list(20_000_000, { type: 'integer', ...rules('self >= 0') }),
  x2m: list(19_999_999, { type: 'integer', ...rules('self >= 0') }),
  msg: { type: 'object', properties: { lu: { type: 'array', items: { type: 'integer' } } }, 'x-kubernetes-validations': [{ rule: 'true', messageExpression: "self.lu.filter(x, x > 0).size() > 0 ? 'a' : 'b'" }, { rule: 'true', messageExpression: 'self.zz' }, { rule: 'true', messageExpression: '1' }] },
  msgBig: { type: 'object', properties: { lu: { type: 'array', items: { type: 'integer' } } }, 'x-kubernetes-validations': [{ rule: 'true', messageExpression: "self.lu.map(x, self.lu.map(y, y)).size() > 0 ? 'a' : 'b'" }] },
  notEmbedded: { type: 'array', maxItems: 2, items: { type: 'object', properties: { spec: { type: 'object' } } }, ...rules("self.all(x, x.kind == 'W')") },
  perCrd: { type: 'object', properties: { b: list(1_000_000, { type: 'integer', ...rules('self >= 0') }), c: list(999_999, { type: 'integer', ...rules('self >= 0') }), a: list(10_000_000, { type: 'integer', ...rules(...Array.from({ length: 10 }, (_, i) => `self >= ${i}`)) }) } },
  noTop: list(999_999, { type: 'integer', ...rules(...Array.from({ length: 101 }, (_, i) => `self >= ${i}`)) }),
  msgShare: { type: 'object', properties: { a: list(10_000_000, { type: 'integer', ...rules('self >= 0', 'self >= 1', 'self >= 2') }), lu: { type: 'array', maxItems: 500_000, items: { type: 'integer' } } }, 'x-kubernetes-validations': Array.from({ length: 11 }, (_, i) => ({ rule: 'true', messageExpression: `self.lu.filter(x, x > ${i}).size() > 0 ? 'a' : 'b'` })) },
  reported: { type: 'object', properties: { a: list(50_000_000, { type: 'integer', ...rules('self >= 0') }), b: list(10_000_000, { type: 'integer', ...rules(...Array.from({ length: 6 }, (_, i) => `self >= ${i}`)) }) } },
  kinds: { type: 'object', properties: { i: { type: 'integer' }, d: { type: 'number' }, s: { type: 'string' }, b: { type: 'string', format: 'byte' }, l: list(1, { type: 'integer' }), m: { type: 'object', additionalProperties: { type: 'integer' } }, o: { type: 'object', properties: { a: { type: 'integer' } } } }, ...rules('self.i', 'self.d', 'self.s', 'self.b', 'self.l', 'self.m', 'self.o') },
};

describe('the CEL rules of a CRD schema, walked as the API server estimates them', () => {
  const expected: Record<string, unknown[]> = {
      type: [["cel-cost","invalid-value",null,".properties.spec.items.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is at least 2 times its limit (10,000,000)",10000000,20000000,null,"\"self.upperAscii() == 'A'\""]],
      datetime: [],
      enumOk: [["cel-cost","invalid-value",null,".properties.spec.items.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is at least 2 times its limit (10,000,000)",10000000,20000000,null,"\"self.upperAscii() == 'A'\""]],
      enumEmpty: [["cel-cost","invalid-value",null,".properties.spec.items.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is more than 100 times its limit (10,000,000)",10000000,3145740000000,null,"\"self.upperAscii() == 'A'\""]],
      maxProps: [["cel-cost","invalid-value",null,".properties.spec.items.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is at least 5 times its limit (10,000,000)",10000000,50000000,null,"\"self.all(k, true)\""]],
      ios: [["cel-cost","invalid-value",null,".properties.spec.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is more than 100 times its limit (10,000,000)",1,7421701914624,null,"\"self.all(x, self.all(y, true))\""]],
      embedded: [],
      embeddedSelf: [],
      notRootProperty: [["cel-rule","invalid-value",null,".properties.spec.properties.o.x-kubernetes-validations[].rule","the CEL rule does not compile: no field kind in the schema",null,null,null,"\"self.kind == 'W'\""]],
      notRootItem: [["cel-rule","invalid-value",null,".properties.spec.items.x-kubernetes-validations[].rule","the CEL rule does not compile: no field apiVersion in the schema",null,null,null,"\"self.apiVersion == 'v1'\""]],
      notRootValue: [["cel-rule","invalid-value",null,".properties.spec.additionalProperties.x-kubernetes-validations[].rule","the CEL rule does not compile: no field metadata in the schema",null,null,null,"\"self.metadata.name == 'x'\""]],
      preserve: [],
      addTrue: [],
      closed: [["cel-rule","invalid-value",null,".properties.spec.items.x-kubernetes-validations[].rule","the CEL rule does not compile: no field foo in the schema",null,null,null,"\"self.foo == 'a'\""]],
      withDefault: [["cel-cost","invalid-value",null,".properties.spec.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is more than 100 times its limit (10,000,000)",1,3298533834752,null,"\"self.all(x, self.all(y, true))\""]],
      noDefault: [["cel-cost","invalid-value",null,".properties.spec.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is more than 100 times its limit (10,000,000)",1,206158168064,null,"\"self.all(x, self.all(y, true))\""]],
      mapCard: [["cel-cost","invalid-value",null,".properties.spec.additionalProperties.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is at least 5 times its limit (10,000,000)",10000000,50000000,null,"\"self.upperAscii() == 'A'\""]],
      mapUnbounded: [],
      nestedUnbounded: [],
      nested: [["cel-cost","invalid-value",null,".properties.spec.items.items.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is at least 2 times its limit (10,000,000)",10000000,20000000,null,"\"self.upperAscii() == 'A'\""]],
      x100: [["cel-cost","invalid-value",null,".properties.spec.items.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is at least 100 times its limit (10,000,000)",1000000000,1000000000,null,"\"self >= 0\""]],
      x100p: [["cel-cost","invalid-value",null,".properties.spec.items.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is more than 100 times its limit (10,000,000)",1000000001,1000000001,null,"\"self >= 0\""]],
      x2: [["cel-cost","invalid-value",null,".properties.spec.items.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is at least 2 times its limit (10,000,000)",20000000,20000000,null,"\"self >= 0\""]],
      x2m: [["cel-cost","invalid-value",null,".properties.spec.items.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is over its limit (10,000,000)",19999999,19999999,null,"\"self >= 0\""]],
      msg: [["cel-cost","invalid-value",null,".properties.spec.x-kubernetes-validations[].messageExpression","the API server refuses the CRD: this messageExpression's estimated cost is at least 2 times its limit (10,000,000)",1,20447233,null,"\"self.lu.filter(x, x > 0).size() > 0 ? 'a' : 'b'\""],["cel-rule","invalid-value",null,".properties.spec.x-kubernetes-validations[].messageExpression","the CEL messageExpression does not compile: no field zz in the schema",null,null,null,"\"self.zz\""]],
      msgBig: [["cel-cost","invalid-value",null,".properties.spec.x-kubernetes-validations[].messageExpression","the API server refuses the CRD: this messageExpression's estimated cost is more than 100 times its limit (10,000,000)",1,29686813949954,null,"\"self.lu.map(x, self.lu.map(y, y)).size() > 0 ? 'a' : 'b'\""]],
      notEmbedded: [["cel-rule","invalid-value",null,".properties.spec.x-kubernetes-validations[].rule","the CEL rule does not compile: no field kind in the schema",null,null,null,"\"self.all(x, x.kind == 'W')\""]],
      perCrd: [["cel-cost","invalid-value",null,".properties.spec.properties.a.items.x-kubernetes-validations[].rule","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,10000000,101999999,"\"self >= 0\""],["cel-cost","invalid-value",null,".properties.spec.properties.a.items.x-kubernetes-validations[].rule","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,10000000,101999999,"\"self >= 1\""],["cel-cost","invalid-value",null,".properties.spec.properties.a.items.x-kubernetes-validations[].rule","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,10000000,101999999,"\"self >= 2\""],["cel-cost","invalid-value",null,".properties.spec.properties.a.items.x-kubernetes-validations[].rule","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,10000000,101999999,"\"self >= 3\""]],
      noTop: [["cel-cost","invalid-value",null,"","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,null,100999899,"openAPIV3Schema"]],
      msgShare: [["cel-cost","invalid-value",null,".properties.spec.properties.a.items.x-kubernetes-validations[].rule","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,10000000,101500154,"\"self >= 0\""],["cel-cost","invalid-value",null,".properties.spec.properties.a.items.x-kubernetes-validations[].rule","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,10000000,101500154,"\"self >= 1\""],["cel-cost","invalid-value",null,".properties.spec.properties.a.items.x-kubernetes-validations[].rule","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,10000000,101500154,"\"self >= 2\""],["cel-cost","invalid-value",null,".properties.spec.x-kubernetes-validations[].messageExpression","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,6500014,101500154,"\"self.lu.filter(x, x > 0).size() > 0 ? 'a' : 'b'\""]],
      reported: [["cel-cost","invalid-value",null,".properties.spec.properties.a.items.x-kubernetes-validations[].rule","the API server refuses the CRD: this rule's estimated cost is at least 5 times its limit (10,000,000)",50000000,50000000,null,"\"self >= 0\""],["cel-cost","invalid-value",null,".properties.spec.properties.b.items.x-kubernetes-validations[].rule","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,10000000,110000000,"\"self >= 0\""],["cel-cost","invalid-value",null,".properties.spec.properties.b.items.x-kubernetes-validations[].rule","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,10000000,110000000,"\"self >= 1\""],["cel-cost","invalid-value",null,".properties.spec.properties.b.items.x-kubernetes-validations[].rule","the API server refuses the CRD: its rules' estimated costs add up to over the limit per CRD (100,000,000)",null,10000000,110000000,"\"self >= 2\""]],
      kinds: [["cel-rule","invalid-value","int",".properties.spec.x-kubernetes-validations[].rule","the CEL rule gives an integer, not a boolean",null,null,null,"\"self.i\""],["cel-rule","invalid-value","double",".properties.spec.x-kubernetes-validations[].rule","the CEL rule gives a number, not a boolean",null,null,null,"\"self.d\""],["cel-rule","invalid-value","string",".properties.spec.x-kubernetes-validations[].rule","the CEL rule gives a string, not a boolean",null,null,null,"\"self.s\""],["cel-rule","invalid-value","bytes",".properties.spec.x-kubernetes-validations[].rule","the CEL rule gives bytes, not a boolean",null,null,null,"\"self.b\""],["cel-rule","invalid-value","list",".properties.spec.x-kubernetes-validations[].rule","the CEL rule gives a list, not a boolean",null,null,null,"\"self.l\""],["cel-rule","invalid-value","map",".properties.spec.x-kubernetes-validations[].rule","the CEL rule gives a map, not a boolean",null,null,null,"\"self.m\""],["cel-rule","invalid-value","object",".properties.spec.x-kubernetes-validations[].rule","the CEL rule gives an object, not a boolean",null,null,null,"\"self.o\""]],
  };
  for (const [name, schema] of Object.entries(cases)) {
    it(name, () => {
      expect(view(schema)).toEqual(expected[name]);
    });
  }
});
