// The structural schema rules of a CRD version's openAPIV3Schema: types (allowed values, required unless
// int-or-string / preserve-unknown-fields), arrays with items, the root object, additionalProperties,
// refused keywords, x-kubernetes-* combinations (embedded-resource, int-or-string, list and map types), root
// metadata, value validations in allOf/anyOf/oneOf/not, formats, CEL rules that do not parse.
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml';
import type { Range } from '../base/types';
import { closestName } from '../base/similar-names';
import { celParseError } from '../validate/cel-syntax';
import { add, checkOneOf, deref, didYouMean, entries, isNull, isTrue, range, strOf, values, type Ctx, type Entry } from './api-object-context';


type Level = 'root' | 'items' | 'field';

const LEVEL_WORDS: Record<Level, string> = { root: 'the root schema', items: 'array items', field: 'a property' };

export function checkSchema(ctx: Ctx, node: YAMLMap, path: string, level: Level, ownerRange: Range): void {
  const e = entries(ctx, node);
  const typeEntry = e.get('type');
  const type = isNull(typeEntry?.value) ? undefined : strOf(typeEntry?.value);
  const typeRange = range(ctx, typeEntry?.value, ownerRange);
  const intOrString = isTrue(e.get('x-kubernetes-int-or-string')?.value);
  const preserve = isTrue(e.get('x-kubernetes-preserve-unknown-fields')?.value);
  const embedded = isTrue(e.get('x-kubernetes-embedded-resource')?.value);
  const properties = e.get('properties');
  const propertyNames = [...entries(ctx, properties?.value ?? null).keys()];
  const additional = e.get('additionalProperties');

  // type: one of the OpenAPI types; present unless int-or-string / preserve-unknown-fields
  if (type !== undefined) {
    checkOneOf(ctx, 'schema-type-value', 'schemaType', typeEntry, `${path}.type`, 'type', ownerRange);
  } else if (embedded) {
    add(ctx, 'missing-field', 'schema-embedded-resource', 'Applying fails: x-kubernetes-embedded-resource needs type: object', 'Add type: object.', ownerRange, `${path}.type`);
  } else if (!intOrString && !preserve) {
    add(ctx, 'missing-field', 'schema-type-required', `Applying fails: ${LEVEL_WORDS[level]} has no type (a structural schema needs one)`, 'Add a type (object, array, string, integer, number or boolean), or x-kubernetes-preserve-unknown-fields: true.', ownerRange, `${path}.type`);
  }
  if (level === 'root') {
    if (type !== undefined && type !== 'object') add(ctx, 'invalid-value', 'schema-root-object', `Applying fails: the root schema must be of type object, not ${type}`, 'Set type: object at the root.', typeRange, `${path}.type`);
    const nullable = e.get('nullable');
    if (isTrue(nullable?.value)) add(ctx, 'invalid-value', 'schema-root-object', 'Applying fails: the root schema cannot be nullable', 'Remove nullable: true from the root.', range(ctx, nullable?.value, ownerRange), `${path}.nullable`);
  }
  if (embedded && type !== undefined && type !== 'object') add(ctx, 'invalid-value', 'schema-embedded-resource', `Applying fails: x-kubernetes-embedded-resource needs type: object, not ${type}`, 'Set type: object.', typeRange, `${path}.type`);
  if (embedded && additional) add(ctx, 'invalid-value', 'schema-embedded-resource', 'Applying fails: additionalProperties is not allowed with x-kubernetes-embedded-resource', 'Remove additionalProperties, or describe the object with properties.', range(ctx, additional.key, ownerRange), `${path}.additionalProperties`);
  if (embedded && !preserve && propertyNames.length === 0) add(ctx, 'missing-field', 'schema-embedded-resource', 'Applying fails: an embedded resource needs properties, or x-kubernetes-preserve-unknown-fields: true', 'Add x-kubernetes-preserve-unknown-fields: true to keep any field of the embedded object.', range(ctx, e.get('x-kubernetes-embedded-resource')?.key, ownerRange), `${path}.properties`);

  // int-or-string excludes preserve-unknown-fields and embedded-resource
  if (intOrString) {
    for (const other of ['x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource']) {
      const o = e.get(other);
      if (isTrue(o?.value)) add(ctx, 'invalid-value', 'schema-int-or-string', `Applying fails: ${other} must be false when x-kubernetes-int-or-string is true`, `Remove ${other}.`, range(ctx, o?.value, ownerRange), `${path}.${other}`);
    }
  }
  const preserveEntry = e.get('x-kubernetes-preserve-unknown-fields');
  if (preserveEntry && isScalar(preserveEntry.value) && preserveEntry.value.value === false) {
    add(ctx, 'invalid-value', 'schema-preserve-unknown-fields', 'Applying fails: x-kubernetes-preserve-unknown-fields must be true or left out', 'Remove the line (false is the default).', range(ctx, preserveEntry.value, ownerRange), `${path}.x-kubernetes-preserve-unknown-fields`);
  }

  // arrays need items
  const items = e.get('items');
  if (type === 'array' && (!items || isNull(items.value))) add(ctx, 'missing-field', 'schema-items-required', 'Applying fails: an array schema needs items', 'Add items with the schema of the entries (e.g. items: {type: string}).', typeRange, `${path}.items`);

  // additionalProperties: not with properties, not at the root
  if (additional && !isNull(additional.value)) {
    const ar = range(ctx, additional.key, ownerRange);
    const allowsAll = isScalar(additional.value) && additional.value.value === true;
    if (level === 'root') add(ctx, 'invalid-value', 'schema-additional-properties', 'Applying fails: additionalProperties is not allowed at the root schema', 'Describe the top-level fields with properties.', ar, `${path}.additionalProperties`);
    else if (propertyNames.length > 0 && !allowsAll) add(ctx, 'invalid-value', 'schema-additional-properties', 'Applying fails: additionalProperties and properties cannot be used together', 'Keep properties for a struct, or additionalProperties for a map, not both.', ar, `${path}.additionalProperties`);
    if (isMap(additional.value)) checkSchema(ctx, additional.value, `${path}.additionalProperties`, 'field', ar);
  }

  // keywords the API server refuses
  for (const keyword of values(ctx, 'unsupportedSchemaKeyword')) {
    const k = e.get(keyword);
    if (k) add(ctx, 'invalid-value', 'schema-unsupported-keyword', `Applying fails: ${keyword} is not supported in a CRD schema`, `Remove ${keyword}.`, range(ctx, k.key, ownerRange), `${path}.${keyword}`);
  }
  const unique = e.get('uniqueItems');
  if (isTrue(unique?.value)) add(ctx, 'invalid-value', 'schema-unsupported-keyword', 'Applying fails: uniqueItems: true is not supported in a CRD schema', 'Use x-kubernetes-list-type: set for a list of unique values.', range(ctx, unique?.value, ownerRange), `${path}.uniqueItems`);

  checkListAndMapType(ctx, e, type, path, ownerRange);
  checkFormat(ctx, e.get('format'), path, ownerRange);
  checkRules(ctx, e.get('x-kubernetes-validations'), path, ownerRange);

  // metadata at the root (and in embedded resources): type object; at the root only name / generateName
  const props = entries(ctx, properties?.value ?? null);
  const metadata = props.get('metadata');
  if (metadata && (level === 'root' || embedded) && isMap(metadata.value)) {
    const m = entries(ctx, metadata.value);
    const mt = strOf(m.get('type')?.value);
    if (mt !== undefined && mt !== 'object') add(ctx, 'invalid-value', 'schema-metadata', `Applying fails: metadata must be of type object, not ${mt}`, 'Set type: object on metadata.', range(ctx, m.get('type')?.value, ownerRange), `${path}.properties.metadata.type`);
    if (level === 'root') {
      const allowed = values(ctx, 'rootMetadataProperty');
      for (const [key, entry] of entries(ctx, m.get('properties')?.value ?? null)) {
        if (!allowed.includes(key)) add(ctx, 'invalid-value', 'schema-metadata', `Applying fails: the root metadata schema may restrict only ${allowed.join(' and ')}, not ${key}`, `Remove metadata.properties.${key}: the API server validates metadata itself.`, range(ctx, entry.key, ownerRange), `${path}.properties.metadata.properties.${key}`);
      }
    }
  }

  // value validations (allOf / anyOf / oneOf / not) hold no structure
  checkJunctors(ctx, e, intOrString, path, ownerRange);

  // recurse
  for (const [key, entry] of props) {
    if (isMap(entry.value)) checkSchema(ctx, entry.value, `${path}.properties.${key}`, 'field', range(ctx, entry.key, ownerRange));
  }
  if (items && isMap(items.value)) checkSchema(ctx, items.value, `${path}.items`, 'items', range(ctx, items.key, ownerRange));
}

function checkListAndMapType(ctx: Ctx, e: Map<string, Entry>, type: string | undefined, path: string, ownerRange: Range): void {
  const listTypeEntry = e.get('x-kubernetes-list-type');
  const listType = strOf(listTypeEntry?.value);
  const listRange = range(ctx, listTypeEntry?.value, ownerRange);
  if (listType !== undefined) {
    checkOneOf(ctx, 'schema-list-type', 'listType', listTypeEntry, `${path}.x-kubernetes-list-type`, 'x-kubernetes-list-type', ownerRange);
    if (type !== undefined && type !== 'array') add(ctx, 'invalid-value', 'schema-list-type', `Applying fails: x-kubernetes-list-type needs type: array, not ${type}`, 'Remove x-kubernetes-list-type, or make the field an array.', listRange, `${path}.x-kubernetes-list-type`);
  }
  const keysEntry = e.get('x-kubernetes-list-map-keys');
  const keys = keysEntry && isSeq(keysEntry.value) ? keysEntry.value.items.map((n) => deref(ctx, n)) : [];
  if (keys.length > 0 && listType !== 'map') {
    add(ctx, 'invalid-value', 'schema-list-type', 'Applying fails: x-kubernetes-list-map-keys needs x-kubernetes-list-type: map', 'Add x-kubernetes-list-type: map, or remove the keys.', listType === undefined ? range(ctx, keysEntry?.key, ownerRange) : listRange, `${path}.x-kubernetes-list-type`);
  }
  const items = entries(ctx, e.get('items')?.value ?? null);
  const itemType = strOf(items.get('type')?.value);
  if (listType === 'map') {
    if (keys.length === 0) add(ctx, 'missing-field', 'schema-list-type', 'Applying fails: x-kubernetes-list-type map needs x-kubernetes-list-map-keys', 'Add x-kubernetes-list-map-keys with the key properties of the entries (e.g. [name]).', listRange, `${path}.x-kubernetes-list-map-keys`);
    if (itemType !== undefined && itemType !== 'object') add(ctx, 'invalid-value', 'schema-list-type', `Applying fails: the entries of a map list must be objects, not ${itemType}`, 'Use x-kubernetes-list-type: set for a list of scalars.', range(ctx, items.get('type')?.value, listRange), `${path}.items.type`);
    if (itemType === 'object') {
      const itemProps = entries(ctx, items.get('properties')?.value ?? null);
      const seen = new Set<string>();
      keys.forEach((n, i) => {
        const k = strOf(n);
        if (k === undefined) return;
        const kr = range(ctx, n, listRange);
        const prop = itemProps.get(k);
        if (!prop) add(ctx, 'invalid-value', 'schema-list-type', `Applying fails: list map key ${k} is not a property of the entries`, `Add ${k} to items.properties, or list an existing property${didYouMean(k, [...itemProps.keys()]).replace(': did you mean', ' (did you mean').replace('?', '?)')}.`, kr, `${path}.x-kubernetes-list-map-keys[${i}]`);
        else {
          const pt = strOf(entries(ctx, prop.value).get('type')?.value);
          if (pt === 'array' || pt === 'object') add(ctx, 'invalid-value', 'schema-list-type', `Applying fails: list map key ${k} must be a scalar property, not ${pt}`, 'Use a string, integer or boolean property as the key.', kr, `${path}.x-kubernetes-list-map-keys[${i}]`);
        }
        if (seen.has(k)) add(ctx, 'invalid-value', 'schema-list-type', `Applying fails: list map key ${k} is listed twice`, 'Remove the duplicate key.', kr, `${path}.x-kubernetes-list-map-keys[${i}]`);
        seen.add(k);
      });
    }
  }
  if (listType === 'set') {
    // set entries must be atomic: objects with x-kubernetes-map-type atomic, arrays not granular
    if (itemType === 'object' && strOf(items.get('x-kubernetes-map-type')?.value) !== 'atomic') {
      add(ctx, 'invalid-value', 'schema-list-type', 'Applying fails: objects in a set list need x-kubernetes-map-type: atomic', 'Add x-kubernetes-map-type: atomic to items, or use x-kubernetes-list-type: map with keys.', range(ctx, items.get('type')?.value, listRange), `${path}.items.x-kubernetes-map-type`);
    }
    const inner = strOf(items.get('x-kubernetes-list-type')?.value);
    if (itemType === 'array' && inner !== undefined && inner !== 'atomic') {
      add(ctx, 'invalid-value', 'schema-list-type', 'Applying fails: lists in a set list must be atomic', 'Set x-kubernetes-list-type: atomic on items.', range(ctx, items.get('x-kubernetes-list-type')?.value, listRange), `${path}.items.x-kubernetes-list-type`);
    }
  }
  const mapTypeEntry = e.get('x-kubernetes-map-type');
  if (strOf(mapTypeEntry?.value) !== undefined) {
    checkOneOf(ctx, 'schema-map-type', 'mapType', mapTypeEntry, `${path}.x-kubernetes-map-type`, 'x-kubernetes-map-type', ownerRange);
    if (type !== undefined && type !== 'object') add(ctx, 'invalid-value', 'schema-map-type', `Applying fails: x-kubernetes-map-type needs type: object, not ${type}`, 'Remove x-kubernetes-map-type, or make the field an object.', range(ctx, mapTypeEntry?.value, ownerRange), `${path}.x-kubernetes-map-type`);
  }
}

function checkFormat(ctx: Ctx, e: Entry | undefined, path: string, ownerRange: Range): void {
  const format = strOf(e?.value);
  if (!format) return;
  const known = values(ctx, 'format');
  if (known.includes(format.replace(/-/g, '')) || values(ctx, 'dataFormat').includes(format)) return;
  const near = closestName(format, [...known, ...values(ctx, 'dataFormat')]);
  add(ctx, 'invalid-value', 'schema-format', `Not validated: the API server does not know format "${format}"${near ? ` (did you mean ${near}?)` : ''}`, near ? `Change it to ${near}, or remove it.` : 'Remove it, or use a pattern for the check you need.', range(ctx, e?.value, ownerRange), `${path}.format`, { verdict: 'ignored', data: { value: format, ...(near ? { suggestion: near } : {}) } });
}

function checkRules(ctx: Ctx, e: Entry | undefined, path: string, ownerRange: Range): void {
  if (!e || !isSeq(e.value)) return;
  e.value.items.forEach((n, i) => {
    const r = entries(ctx, deref(ctx, n));
    const rp = `${path}.x-kubernetes-validations[${i}]`;
    const ruleEntry = r.get('rule');
    const rule = strOf(ruleEntry?.value);
    if (rule !== undefined) {
      const rr = range(ctx, ruleEntry?.value, range(ctx, ruleEntry?.key, ownerRange));
      if (rule.trim() === '') add(ctx, 'invalid-value', 'cel-rule', 'Applying fails: the CEL rule is empty', 'Write the rule, e.g. self.minReplicas <= self.maxReplicas.', rr, `${rp}.rule`);
      else {
        const err = celParseError(rule);
        if (err) add(ctx, 'invalid-value', 'cel-rule', `Applying fails: the CEL rule does not compile: ${err}`, 'Fix the expression (CEL syntax: ==, &&, ||, has(self.x), self.all(x, …)).', rr, `${rp}.rule`, { data: { error: err } });
      }
    }
    const exprEntry = r.get('messageExpression');
    const expr = strOf(exprEntry?.value);
    if (expr !== undefined && expr.trim() !== '') {
      const err = celParseError(expr);
      if (err) add(ctx, 'invalid-value', 'cel-rule', `Applying fails: messageExpression does not compile: ${err}`, 'Fix the expression (it must give a string, e.g. "too many: " + string(self.n)).', range(ctx, exprEntry?.value, ownerRange), `${rp}.messageExpression`, { data: { error: err } });
    }
    checkOneOf(ctx, 'cel-rule', 'validationReason', r.get('reason'), `${rp}.reason`, 'reason', ownerRange);
  });
}

function checkJunctors(ctx: Ctx, e: Map<string, Entry>, intOrString: boolean, path: string, ownerRange: Range): void {
  const list = (name: string) => {
    const j = e.get(name);
    return j && isSeq(j.value) ? j.value.items.map((n) => deref(ctx, n)) : [];
  };
  const isIntOrStringPair = (nodes: (Node | null)[]) =>
    nodes.length === 2 && nodes.map((n) => strOf(entries(ctx, n).get('type')?.value)).join(',') === 'integer,string' && nodes.every((n) => entries(ctx, n).size === 1);
  const anyOf = list('anyOf');
  const allOf = list('allOf');
  const skipAnyOf = intOrString && isIntOrStringPair(anyOf);
  const firstAllOfAnyOf = allOf[0] ? entries(ctx, allOf[0]).get('anyOf') : undefined;
  const skipFirstAllOfAnyOf = intOrString && !!firstAllOfAnyOf && isSeq(firstAllOfAnyOf.value) && isIntOrStringPair(firstAllOfAnyOf.value.items.map((n) => deref(ctx, n)));
  const nested: [Node | null, string, boolean][] = [];
  if (!skipAnyOf) anyOf.forEach((n, i) => nested.push([n, `${path}.anyOf[${i}]`, false]));
  allOf.forEach((n, i) => nested.push([n, `${path}.allOf[${i}]`, i === 0 && skipFirstAllOfAnyOf]));
  list('oneOf').forEach((n, i) => nested.push([n, `${path}.oneOf[${i}]`, false]));
  const not = e.get('not');
  if (not && isMap(not.value)) nested.push([not.value, `${path}.not`, false]);
  for (const [node, p, skipInnerAnyOf] of nested) checkNested(ctx, node, p, skipInnerAnyOf, ownerRange, 0);
}

/** Inside allOf / anyOf / oneOf / not: no type, additionalProperties, defaults, descriptions or x-kubernetes-*. */
function checkNested(ctx: Ctx, node: Node | null, path: string, skipAnyOf: boolean, ownerRange: Range, depth: number): void {
  if (!node || !isMap(node) || depth > 50) return;
  const e = entries(ctx, node);
  for (const keyword of values(ctx, 'junctorForbidden')) {
    const k = e.get(keyword);
    if (!k || isNull(k.value) || (isScalar(k.value) && k.value.value === false)) continue;
    add(ctx, 'invalid-value', 'schema-junctor', `Applying fails: ${keyword} is not allowed inside allOf, anyOf, oneOf or not`, `Move ${keyword} to the schema itself; these lists may only add value checks.`, range(ctx, k.key, ownerRange), `${path}.${keyword}`);
  }
  const props = entries(ctx, e.get('properties')?.value ?? null);
  const metadata = props.get('metadata');
  if (metadata) add(ctx, 'invalid-value', 'schema-junctor', 'Applying fails: metadata cannot be constrained inside allOf, anyOf, oneOf or not', 'Remove metadata from this list.', range(ctx, metadata.key, ownerRange), `${path}.properties.metadata`);
  for (const [key, entry] of props) if (key !== 'metadata') checkNested(ctx, entry.value, `${path}.properties.${key}`, false, ownerRange, depth + 1);
  const items = e.get('items');
  if (items) checkNested(ctx, items.value, `${path}.items`, false, ownerRange, depth + 1);
  for (const name of ['allOf', 'anyOf', 'oneOf']) {
    if (name === 'anyOf' && skipAnyOf) continue;
    const j = e.get(name);
    if (j && isSeq(j.value)) j.value.items.forEach((n, i) => checkNested(ctx, deref(ctx, n), `${path}.${name}[${i}]`, false, ownerRange, depth + 1));
  }
  const not = e.get('not');
  if (not) checkNested(ctx, not.value, `${path}.not`, false, ownerRange, depth + 1);
}

