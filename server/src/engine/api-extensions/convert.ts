// CRD version schema → the type tables of the built-in walk (TypeDef / FieldDef / enums), so that unknown-field,
// invalid-value, missing-field, hover, completion and did-you-mean treat custom resources like built-ins.
//   object + properties        → struct type (required from `required`); x-kubernetes-preserve-unknown-fields
//                                 on it → the struct is open (unknown keys allowed, known ones still checked)
//   object + additionalProperties → map;  object without either (or preserve-unknown only) → any
//   x-kubernetes-embedded-resource → struct with apiVersion/kind/metadata (ObjectMeta) added
//   x-kubernetes-int-or-string  → int-or-string;  array → list;  string/integer/number/boolean → scalar
//   enum of strings             → an enum table entry (for a list: the items' enum)
// Constraints the tables do not hold (min/max, pattern, format, list keys, CEL rules) are checked by
// constraints.ts against the schema itself.
import type { FieldDef, KindEntry, TypeDef, TypeRef } from '../knowledge/data-contract';
import type { CrdDefinition, CrdSchema, CrdVersion } from './crd-data';

/** The built-in ObjectMeta type (root `metadata` and embedded resources). */
const OBJECT_META = 'meta.v1.ObjectMeta';

export interface ConvertedVersion {
  entry: KindEntry;
  types: Record<string, TypeDef>;
  enums: Record<string, string[]>;
  /** type key → JSON path of the schema node it came from (for hover). */
  paths: Record<string, string>;
}

/** Type-key prefix of one CRD version: `crd:<group>/<version>/<Kind>.`; the type name follows after this last dot. */
function typePrefix(group: string, version: string, kind: string): string {
  return `crd:${group}/${version}/${kind}.`;
}

function pascal(segment: string): string {
  const clean = segment.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''));
  return clean.charAt(0).toUpperCase() + clean.slice(1);
}

function stabilityOf(version: string): KindEntry['stability'] {
  return /alpha\d*$/.test(version) ? 'alpha' : /beta\d*$/.test(version) ? 'beta' : 'stable';
}

export function convertVersion(def: CrdDefinition, version: CrdVersion): ConvertedVersion {
  const prefix = typePrefix(def.group, version.name, def.kind);
  const out: ConvertedVersion = {
    entry: {
      apiVersion: `${def.group}/${version.name}`,
      kind: def.kind,
      group: def.group,
      version: version.name,
      root: `${prefix}${def.kind}`,
      stability: stabilityOf(version.name),
      ...(def.listKind ? { listKind: def.listKind } : {}),
      namespaced: def.scope === undefined ? null : def.scope === 'Namespaced',
      ...(version.deprecated ? { deprecated: true as const } : {}),
    },
    types: {},
    enums: {},
    paths: {},
  };
  const schema: CrdSchema = version.schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  const rootType = structType(out, prefix, def.kind, schema, '', true);
  out.entry.root = rootType;
  return out;
}

/** Adds the struct type for an object schema and returns its key. */
function structType(out: ConvertedVersion, prefix: string, name: string, schema: CrdSchema, path: string, isRoot: boolean): string {
  let key = `${prefix}${name}`;
  for (let n = 2; out.types[key]; n++) key = `${prefix}${name}${n}`;
  const def: TypeDef = { fields: [] };
  out.types[key] = def; // reserve before recursing
  out.paths[key] = path;
  const required = new Set(schema.required ?? []);
  const props = schema.properties ?? {};
  for (const propName of Object.keys(props)) {
    const child = props[propName];
    const childPath = path ? `${path}.${propName}` : propName;
    const field: FieldDef = { name: propName, type: { any: true } };
    if ((isRoot || schema['x-kubernetes-embedded-resource']) && propName === 'metadata') field.type = { ref: OBJECT_META };
    else field.type = typeOf(out, prefix, `${name}${pascal(propName)}`, child, childPath, field);
    // A nullable required field may be null: only its absence is reported (the walk reports null on required fields).
    if (required.has(propName) && !child.nullable) field.required = true;
    else field.optional = true;
    def.fields.push(field);
  }
  if (isRoot || schema['x-kubernetes-embedded-resource']) {
    for (const meta of ['apiVersion', 'kind']) {
      if (!props[meta]) def.fields.push({ name: meta, type: { s: 'string' }, ...(schema['x-kubernetes-embedded-resource'] ? { required: true as const } : { optional: true as const }) });
    }
    if (!props.metadata) def.fields.push({ name: 'metadata', type: { ref: OBJECT_META }, optional: true });
  }
  if (schema['x-kubernetes-preserve-unknown-fields']) def.open = true;
  return key;
}

/**
 * The range a custom resource's `type: integer` value has, whatever the schema's `format`. kube-apiserver decodes a
 * custom resource's numbers as int64 when they parse as one and as float64 otherwise (kubernetes/kubernetes
 * staging/src/k8s.io/apimachinery/pkg/util/json/json.go@17c28f0e1c6733b02a62471c813b262df7681789 convertNumber),
 * and its schema validation takes a float64 for an integer only when it is whole and within ±(2^53-1)
 * (kubernetes/kube-openapi pkg/validation/validate/type.go@114aa73fce1c689712d89215533701d76f6546e5
 * typeValidator.Validate, with go-openapi/swag convert.go@1410180ef9a084fa9482cc1e6393e92736068c68
 * IsFloat64AJSONInteger): so a whole number is accepted exactly when it fits an int64. `format: int32` (or int64,
 * float, double) is not checked against the value: the same typeValidator accepts any integer for an integer type
 * whatever its format, and the format validator (pkg/validation/validate/formats.go@c8c0761c9c29483034ca20483cd55f835c57128e
 * formatValidator.Applies) runs on strings only.
 */
const CUSTOM_RESOURCE_INTEGER = 'int64';

function isObjectLike(s: CrdSchema): boolean {
  return s.type === 'object' || (!s.type && (!!s.properties || s.additionalProperties !== undefined));
}

function typeOf(out: ConvertedVersion, prefix: string, name: string, schema: CrdSchema, path: string, field: FieldDef | undefined): TypeRef {
  if (schema['x-kubernetes-int-or-string']) return { s: 'int-or-string' };
  if (schema['x-kubernetes-embedded-resource'] && schema['x-kubernetes-preserve-unknown-fields'] && !schema.properties) return { any: true };
  if (isObjectLike(schema)) {
    if (schema.properties && Object.keys(schema.properties).length > 0) return { ref: structType(out, prefix, name, schema, path, false) };
    if (schema['x-kubernetes-embedded-resource']) return { ref: structType(out, prefix, name, schema, path, false) };
    const ap = schema.additionalProperties;
    if (ap && typeof ap === 'object') return { map: typeOf(out, prefix, `${name}Value`, ap, `${path}.*`, undefined) };
    return { any: true };
  }
  switch (schema.type) {
    case 'array': {
      const items = schema.items ?? {};
      const itemType = typeOf(out, prefix, name, items, `${path}[]`, undefined);
      if (field && 's' in itemType) addEnum(out, prefix, name, items, field);
      return { list: itemType };
    }
    case 'string':
      if (field) addEnum(out, prefix, name, schema, field);
      return { s: 'string' };
    case 'integer':
      return { s: 'number', int: CUSTOM_RESOURCE_INTEGER };
    case 'number':
      return { s: 'number', float: true };
    case 'boolean':
      return { s: 'boolean' };
    default:
      return { any: true };
  }
}

function addEnum(out: ConvertedVersion, prefix: string, name: string, schema: CrdSchema, field: FieldDef): void {
  const values = (schema.enum ?? []).filter((v): v is string => typeof v === 'string');
  if (values.length === 0 || values.length !== (schema.enum ?? []).length) return;
  const key = `${prefix}enum:${name}`;
  out.enums[key] = values;
  field.enum = key;
}
