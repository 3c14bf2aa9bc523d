// The lower bound of a CEL rule's estimated cost (api-extensions/cel-cost.ts), unit by unit: the declared type the
// decl builder gives each kind of schema node (sizes from maxLength / maxItems / maxProperties, else as many of the
// smallest values as fit into a 3 MiB request; formats; the resource root's kind, apiVersion and metadata; depth),
// and the estimate of each kind of expression against one schema, with what the compiler would refuse (an unknown
// field, a result that is not a boolean). The numbers follow the model written beside the estimator (a field or
// variable read costs 1, a comprehension its range's size times one step, a string function a tenth of the
// string's largest size, a call at least its target and arguments): Kubegate's lower bound, every part of which the
// API server's estimate (cel-go checker/cost.go, apiserver pkg/cel/library/cost.go) adds at least as much of.
// Internal imports: `api-extensions/cel-cost` (declOf, estimateCel, unboundedCardinality: not on the engine's entry
// point; their verdicts through CRD checks are in cel-estimate.test.ts), `validate/cel-syntax` (parsedCel).
import { describe, expect, it } from 'vitest';
import { declOf, estimateCel, unboundedCardinality, type Decl, type SchemaNode } from '../../server/src/engine/api-extensions/cel-cost';
import { parsedCel } from '../../server/src/engine/validate/cel-syntax';

type Schema = Record<string, unknown>;
/** A schema node as the decl builder reads it, from a JSON schema written here. */
const node = (s: Schema): SchemaNode => ({
  type: s['type'] as string | undefined,
  format: s['format'] as string | undefined,
  maxLength: s['maxLength'] as number | undefined,
  maxItems: s['maxItems'] as number | undefined,
  maxProperties: s['maxProperties'] as number | undefined,
  intOrString: s['x-kubernetes-int-or-string'] === true,
  embedded: s['x-kubernetes-embedded-resource'] === true,
  preserveUnknown: s['x-kubernetes-preserve-unknown-fields'] === true,
  additionalAllowed: s['additionalProperties'] === true,
  hasDefault: 'default' in s,
  ...(Array.isArray(s['enum']) ? { enumMaxLength: Math.max(...(s['enum'] as string[]).map((e) => [...e].length)) } : {}),
  required: (s['required'] as string[] | undefined) ?? [],
  properties: () => Object.entries((s['properties'] as Record<string, Schema> | undefined) ?? {}).map(([k, v]) => [k, node(v)] as [string, SchemaNode]),
  items: () => (s['items'] ? node(s['items'] as Schema) : undefined),
  additionalProperties: () => (typeof s['additionalProperties'] === 'object' ? node(s['additionalProperties'] as Schema) : undefined),
});
const decl = (s: Schema, isRoot = false) => declOf(node(s), isRoot);

/** 3 MiB less the two bytes of the smallest enclosing value: the largest size of an unbounded string. */
const UNBOUNDED = 3 * 1024 * 1024 - 2;
const str = (max: number, minSize = 2): Decl => ({ kind: 'string', max, minSize });
const INT: Decl = { kind: 'int', minSize: 1 };

describe('the declared type of a schema node', () => {
  it('strings: maxLength at 4 bytes a character, the longest enum value, formats, else a whole request', () => {
    expect(decl({ type: 'string', maxLength: 10 })).toEqual(str(40));
    expect(decl({ type: 'string', maxLength: -1 })).toEqual(str(0));
    expect(decl({ type: 'string', enum: ['abc', 'de'] })).toEqual(str(3));
    expect(decl({ type: 'string' })).toEqual(str(UNBOUNDED));
    expect(decl({ type: 'string', format: 'byte', maxLength: 8 })).toEqual({ kind: 'bytes', max: 8, minSize: 2 });
    expect(decl({ type: 'string', format: 'byte' })).toEqual({ kind: 'bytes', max: UNBOUNDED, minSize: 2 });
    expect(decl({ type: 'string', format: 'duration', maxLength: 3 })).toEqual({ kind: 'duration', max: 32, minSize: 3 });
    expect(decl({ type: 'string', format: 'date' })).toEqual({ kind: 'timestamp', max: 12, minSize: 12 });
    expect(decl({ type: 'string', format: 'date-time' })).toEqual({ kind: 'timestamp', max: 32, minSize: 21 });
    expect(decl({ type: 'string', format: 'email', maxLength: 2 })).toEqual(str(8));
    expect(decl({ 'x-kubernetes-int-or-string': true, maxLength: 5 })).toEqual({ kind: 'dyn', max: 20, minSize: 1 });
    expect(decl({ 'x-kubernetes-int-or-string': true, type: 'integer' })).toEqual({ kind: 'dyn', max: UNBOUNDED, minSize: 1 });
  });

  it('scalars, and a node without a known type', () => {
    expect(decl({ type: 'boolean' })).toEqual({ kind: 'bool', minSize: 4 });
    expect(decl({ type: 'number' })).toEqual({ kind: 'double', minSize: 1 });
    expect(decl({ type: 'integer' })).toEqual(INT);
    expect(decl({})).toBeUndefined();
    expect(decl({ type: 'null' })).toBeUndefined();
  });

  it('lists and maps: maxItems / maxProperties, else as many of the smallest elements as fit', () => {
    expect(decl({ type: 'array', maxItems: 7, items: { type: 'integer' } })).toEqual({ kind: 'list', elem: INT, max: 7, minSize: 2 });
    expect(decl({ type: 'array', maxItems: -3, items: { type: 'integer' } })).toEqual({ kind: 'list', elem: INT, max: 0, minSize: 2 });
    expect(decl({ type: 'array', items: { type: 'integer' } })).toMatchObject({ max: Math.floor(UNBOUNDED / 2) });
    expect(decl({ type: 'array', items: { type: 'boolean' } })).toMatchObject({ max: Math.floor(UNBOUNDED / 5) });
    expect(decl({ type: 'array', items: {} })).toBeUndefined();
    expect(decl({ type: 'array' })).toBeUndefined();
    expect(decl({ type: 'object', maxProperties: 3, additionalProperties: { type: 'string', maxLength: 2 } })).toEqual({ kind: 'map', elem: str(8), max: 3, minSize: 2 });
    expect(decl({ type: 'object', maxProperties: -1, additionalProperties: { type: 'integer' } })).toEqual({ kind: 'map', elem: INT, max: 0, minSize: 2 });
    // each entry: the value's smallest size and 6 bytes of key quotes, colon and comma
    expect(decl({ type: 'object', additionalProperties: { type: 'string' } })).toMatchObject({ kind: 'map', max: Math.floor(UNBOUNDED / 8) });
    expect(decl({ type: 'object', additionalProperties: {} })).toBeUndefined();
  });

  it('objects: fields by CEL name, the smallest size from required fields without a default, open or closed', () => {
    const o = decl({
      type: 'object',
      required: ['a', 'nn', 'q', 'z', 'absent'],
      properties: { a: { type: 'string', maxLength: 3 }, nn: { type: 'integer', default: 1 }, q: { type: 'boolean' }, z: {}, 'x-y': { type: 'integer' }, namespace: { type: 'integer' } },
    });
    // 2, plus a: 1 + 2 + 4, q: 1 + 4 + 4 (nn has a default, z no type, absent no property)
    expect(o).toEqual({
      kind: 'object',
      fields: new Map<string, Decl | undefined>([['a', str(12)], ['nn', INT], ['q', { kind: 'bool', minSize: 4 }], ['z', undefined], ['x__dash__y', INT], ['__namespace__', INT]]),
      minSize: 18,
      open: false,
    });
    expect(decl({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true })).toMatchObject({ open: true });
    expect(decl({ type: 'object', additionalProperties: true })).toMatchObject({ open: true });
    expect(decl({ type: 'object', additionalProperties: false })).toMatchObject({ open: false });
  });

  it('the resource root: kind, apiVersion and metadata name / generateName where the schema does not declare them', () => {
    expect(decl({ type: 'object' }, true)).toEqual({
      kind: 'object',
      fields: new Map<string, Decl | undefined>([
        ['kind', str(UNBOUNDED)],
        ['apiVersion', str(UNBOUNDED)],
        ['metadata', { kind: 'object', fields: new Map([['name', str(UNBOUNDED)], ['generateName', str(UNBOUNDED)]]), minSize: 2, open: true }],
      ]),
      minSize: 2,
      open: false,
    });
    const declared = decl({ type: 'object', properties: { kind: { type: 'string', maxLength: 1 }, metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 2 }, labels: { type: 'object', maxProperties: 1, additionalProperties: { type: 'integer' } } } } } }, true);
    expect(declared).toEqual({
      kind: 'object',
      fields: new Map<string, Decl | undefined>([
        ['kind', str(4)],
        ['metadata', { kind: 'object', fields: new Map([['name', str(8)], ['labels', { kind: 'map', elem: INT, max: 1, minSize: 2 }], ['generateName', str(UNBOUNDED)]]), minSize: 2, open: true }],
        ['apiVersion', str(UNBOUNDED)],
      ]),
      minSize: 2,
      open: false,
    });
    expect(decl({ type: 'object', properties: { metadata: { type: 'string' } } }, true)).toMatchObject({ fields: new Map([['metadata', { kind: 'object', fields: new Map([['name', str(UNBOUNDED)], ['generateName', str(UNBOUNDED)]]), minSize: 2, open: true }], ['kind', str(UNBOUNDED)], ['apiVersion', str(UNBOUNDED)]]) });
    // An embedded resource is a root of its own.
    expect((decl({ type: 'object', properties: { e: { type: 'object', 'x-kubernetes-embedded-resource': true } } }) as { fields: Map<string, Decl> }).fields.get('e')).toMatchObject({ fields: new Map([['kind', str(UNBOUNDED)], ['apiVersion', str(UNBOUNDED)], ['metadata', expect.anything()]]) });
  });

  it('a schema nested deeper than 100 levels has no declared type', () => {
    const nest = (levels: number, wrap: (inner: Schema) => Schema): Schema => (levels === 0 ? { type: 'integer' } : wrap(nest(levels - 1, wrap)));
    const list = (i: Schema) => ({ type: 'array', items: i });
    const map = (i: Schema) => ({ type: 'object', additionalProperties: i });
    for (const wrap of [list, map]) {
      expect(decl(nest(100, wrap))).toBeDefined();
      expect(decl(nest(101, wrap))).toBeUndefined();
    }
    // An object keeps its fields: the one too deep has no type.
    const innermost = (d: Decl | undefined) => {
      for (let i = 0; i < 100; i++) d = (d as { fields: Map<string, Decl | undefined> }).fields.get('p');
      return d;
    };
    const object = (i: Schema) => ({ type: 'object', properties: { p: i } });
    expect(innermost(decl(nest(100, object)))).toEqual(INT);
    expect(innermost(decl(nest(101, object)))).toEqual({ kind: 'object', fields: new Map([['p', undefined]]), minSize: 2, open: false });
  });

  it('unboundedCardinality: at least one place, none for a value that cannot fit in a request', () => {
    expect(unboundedCardinality(INT)).toBe(1);
    expect(unboundedCardinality({ kind: 'object', fields: new Map(), minSize: UNBOUNDED + 1, open: false })).toBe(1);
    expect(unboundedCardinality({ kind: 'object', fields: new Map(), minSize: UNBOUNDED + 2, open: false })).toBe(0);
  });
});

const SELF = decl({
  type: 'object',
  properties: {
    s: { type: 'string', maxLength: 10 }, u: { type: 'string' }, e: { type: 'string', enum: ['abc', 'de'] }, b: { type: 'string', format: 'byte', maxLength: 8 },
    n: { type: 'integer' }, f: { type: 'number' }, ok: { type: 'boolean' }, ios: { 'x-kubernetes-int-or-string': true, maxLength: 5 },
    l: { type: 'array', maxItems: 5, items: { type: 'integer' } }, ls: { type: 'array', maxItems: 4, items: { type: 'string', maxLength: 20 } }, lu: { type: 'array', items: { type: 'integer' } },
    m: { type: 'object', maxProperties: 3, additionalProperties: { type: 'string', maxLength: 2 } },
    o: { type: 'object', properties: { a: { type: 'integer' } } }, open: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    namespace: { type: 'string', maxLength: 3 }, 'a-b': { type: 'integer' },
  },
})!;

describe('the estimate of an expression', () => {
  it('each kind of expression: its cost and what the compiler refuses', () => {
    const table: [string, number, string[]][] = [
      ["self.s == 'abc'", 2, []],
      ["self.x > 0", 2, ["unknown x"]],
      ["self.open.x > 0", 3, []],
      ["self.o.b > 0", 3, ["unknown b"]],
      ["self.o.a > 0", 3, []],
      ["self.namespace == 'a'", 2, []],
      ["self.a__dash__b > 0", 2, []],
      ["self.m.zz == 'a'", 3, []],
      ["has(self.s)", 2, []],
      ["has(self.o.a)", 3, []],
      ["self.l.size() > 0", 3, []],
      ["self.s.size() > 0", 3, []],
      ["[1, 2, 3].size() > 0", 11, []],
      ["{'a': 1, 'b': 2}.size() > 0", 31, []],
      ["self.l.all(x, x > 0)", 23, []],
      ["self.l.exists(x, x > 0)", 23, []],
      ["self.l.exists_one(x, x > 0)", 13, []],
      ["self.l.map(x, x * 2).size() > 0", 74, []],
      ["self.l.filter(x, x > 1).size() > 0", 79, []],
      ["self.ls.all(x, x.lowerAscii() == x)", 55, []],
      ["self.lu.all(x, x > 0)", 6291455, []],
      ["self.m.all(k, k.size() < 3)", 18, []],
      ["self.m.all(k, self.m[k] == 'a')", 24, []],
      ["self.m.exists(k, k.upperAscii() == 'A')", 15, []],
      ["self.ls.map(x, x.upperAscii()).all(y, y.size() > 0)", 114, []],
      ["self.n > 0 ? self.s.upperAscii() == 'A' : true", 8, []],
      ["self.n > 0 ? 1 : 2", 2, ["not-boolean int"]],
      ["self.n > 0 ? 'a' : 2", 2, []],
      ["dyn(self.s) == 'a'", 3, []],
      ["self.l[0] > 0", 3, []],
      ["self.m['a'] == 'b'", 3, []],
      ["self.s[0]", 3, []],
      ["self.s.lowerAscii() == 'a'", 6, []],
      ["self.s.upperAscii() == 'a'", 6, []],
      ["self.s.trim() == 'a'", 6, []],
      ["self.s.substring(1) == 'a'", 6, []],
      ["self.n.lowerAscii() == 'a'", 2, []],
      ["self.s.replace('a', 'b') == 'c'", 10, []],
      ["self.s.split(',').size() > 0", 11, []],
      ["self.n.split(',').size() > 0", 3, []],
      ["self.s.matches('^a+$')", 7, []],
      ["self.n.matches('^a+$')", 2, []],
      ["self.u.matches('abcd')", 314575, []],
      ["self.s.contains('abc')", 6, []],
      ["self.u.contains('abc')", 314575, []],
      ["self.n.contains('abc')", 2, []],
      ["self.s.startsWith('abcd')", 3, []],
      ["self.s.endsWith('abcd')", 3, []],
      ["self.n.endsWith('abcd')", 2, []],
      ["1 in self.l", 7, []],
      ["'a' in self.m", 2, []],
      ["1 in [1, 2, 3]", 13, []],
      ["self.s + 'x' == 'y'", 2, []],
      ["self.s + 'x'", 2, ["not-boolean string"]],
      ["self.l + self.l", 4, ["not-boolean list"]],
      ["self.o + self.o", 4, []],
      ["self.n - 1", 2, ["not-boolean int"]],
      ["self.n * 2", 2, []],
      ["self.n / 2", 2, []],
      ["self.n % 2", 2, []],
      ["-self.n", 2, []],
      ["self.f + 1.0", 2, ["not-boolean double"]],
      ["self.s + self.n", 4, []],
      ["int(self.s)", 2, ["not-boolean int"]],
      ["uint(self.n)", 2, ["not-boolean int"]],
      ["double(self.n)", 2, ["not-boolean double"]],
      ["string(self.n)", 2, ["not-boolean string"]],
      ["bytes(self.s)", 2, ["not-boolean bytes"]],
      ["duration('1s')", 0, []],
      ["timestamp('2020-01-01T00:00:00Z')", 0, []],
      ["self.n", 2, ["not-boolean int"]],
      ["self.f", 2, ["not-boolean double"]],
      ["self.ok", 2, []],
      ["self.s", 2, ["not-boolean string"]],
      ["self.b", 2, ["not-boolean bytes"]],
      ["self.l", 2, ["not-boolean list"]],
      ["self.m", 2, ["not-boolean map"]],
      ["self.o", 2, ["not-boolean object"]],
      ["null", 0, []],
      ["1.5", 0, ["not-boolean double"]],
      ["b'abc'", 0, ["not-boolean bytes"]],
      ["'é😀'", 0, ["not-boolean string"]],
      ["self.ios == 'a'", 2, []],
      ["foo(self.s)", 2, []],
      ["self.s.upperAscii()", 6, ["not-boolean string"]],
      ["oldSelf.n > self.n", 4, []],
      ["self.x.y > 0", 2, ["unknown x"]],
      ["self.o.a.b > 0", 3, []],
      ["self.l.all(x, self.l.all(y, x + y > 0))", 158, []],
      ["self.ls.exists(x, x.contains('a'))", 51, []],
      ["!self.ok", 2, []],
      ["self.ok && self.n > 0 || self.f > 1.0", 6, []],
      ["self.ls.map(x, x).size() > 0", 62, []],
      ["self.ls.filter(x, x == 'a').size() > 0", 66, []],
      ["self.s.upperAscii().upperAscii() == 'A'", 10, []],
      ["self.e.upperAscii() == 'A'", 3, []],
      ["self.b.size() > 0", 3, []],
      ["['a', 'bc'].all(x, x.upperAscii() == x)", 21, []],
      ["self.m.map(k, k).size() > 0", 50, []],
      ["self.m['a'].upperAscii() == 'A'", 4, []],
      ["self.ls[0].upperAscii() == 'A'", 11, []],
      ["self.l.size()", 3, ["not-boolean int"]],
      ["self.s.startsWith('a')", 3, []],
      ["self.s.contains('a')", 6, []],
      ["self.s.matches('a')", 7, []],
      ["1 in self.l", 7, []],
      ["self.ok == true", 2, []],
      ["true", 0, []],
      ["1u", 0, ["not-boolean int"]],
      ["self.s.split(',')", 10, ["not-boolean list"]],
      ["self.s.replace('a', 'b')", 10, ["not-boolean string"]],
      ["self.l.contains(1)", 2, []],
      ["self.s.endsWith('abcd', 'x')", 2, []],
      ["self.s.matches('abcd', 'x')", 2, []],
      ["self.s.contains('abcd', 'x')", 2, []],
      ["self.l.split(',').size() > 0", 3, []],
      ["self.l.replace('a', 'b') == 'c'", 2, []],
      ["self.n * self.n", 4, []],
      ["(self.n > 0 ? self.ls : self.l).all(x, true)", 17, []],
      ["foo", 1, []],
      ["self.m.zz.upperAscii() == 'A'", 4, []],
      ["{self.s.upperAscii(): 1}.size() > 0", 37, []],
      ["{'a': self.s.upperAscii()}.size() > 0", 37, []],
      ["{'a': 1, 'b': 2}.all(k, true)", 37, []],
      ["self.ls.all(x, self.l.all(x, true) && x.upperAscii() == 'A')", 123, []],
      ["dyn(self.ls).all(x, true)", 16, []],
      ["self.open.x.all(y, true)", 4, []],
      ["self.lu.all(a, self.lu.all(b, self.lu.all(c, self.lu.all(d, true))))", 2 ** 64, []],
    ];
    const seen = table.map(([rule]) => {
      const e = estimateCel(parsedCel(rule), SELF);
      return [rule, e?.cost, e?.problems.map((p) => (p.problem === 'unknown-field' ? `unknown ${p.field}` : `${p.problem} ${p.kind}`))];
    });
    expect(seen).toEqual(table);
  });

  it('an unknown field names the fields the type has; a tree the walk cannot read gives no estimate', () => {
    expect(estimateCel(parsedCel('self.o.b > 0'), SELF)?.problems).toEqual([{ problem: 'unknown-field', field: 'b', known: ['a'] }]);
    expect(estimateCel({ exprKind: { case: 'callExpr', value: { function: '_==_', args: null } } }, SELF)).toEqual({ cost: 0, problems: [] });
    expect(estimateCel({}, SELF)).toBeUndefined();
  });
});
