// The validation kube-apiserver gives a CustomResourceDefinition (apiextensions.k8s.io/v1) and an APIService
// (apiregistration.k8s.io/v1) beyond the shape of their types (the walk reports unknown, missing and mistyped
// fields): names, storage version, structural schema rules, x-kubernetes-* combinations, CEL rules that do not
// parse, APIService priorities and service. Value sets, limits and the upstream source of every rule are data
// (schemas/api-objects.json); each finding carries data.rule, data.stage, data.verdict and data.source.
import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair, type YAMLMap } from 'yaml';
import type { ApiObjectsData } from '../knowledge/format';
import { resolveAlias } from '../parse/aliases';
import { rangeOf } from '../parse/ranges';
import { closestName } from '../similar-names';
import type { Finding, FindingCode, Range } from '../types';
import { formatProblem } from '../validate/formats';
import { apiObjectsData } from './api-objects';
import { celParseError } from './cel';

export interface ApiObjectInput {
  kind: string;
  map: YAMLMap;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  document: number;
  /** Range of the `kind` key (a missing `spec` is reported there). */
  ownerRange: Range;
  findings: Finding[];
}

interface Ctx extends ApiObjectInput {
  facts: ApiObjectsData;
}

interface Entry {
  key: Node;
  value: Node | null;
}

type Verdict = 'rejected' | 'ignored';

/** Runs the rules of the kind (CustomResourceDefinition or APIService of the served version). */
export function validateApiObject(input: ApiObjectInput): void {
  const ctx: Ctx = { ...input, facts: apiObjectsData() };
  if (input.kind === 'CustomResourceDefinition') validateCrd(ctx);
  else if (input.kind === 'APIService') validateApiService(ctx);
}

// ── YAML access ────────────────────────────────────────────────────────────────────────────────────────────────

function deref(ctx: Ctx, node: unknown): Node | null {
  if (!node) return null;
  if (isAlias(node)) return (resolveAlias(ctx.doc, node) as Node | undefined) ?? null;
  return node as Node;
}

function entries(ctx: Ctx, node: Node | null): Map<string, Entry> {
  const out = new Map<string, Entry>();
  if (!node || !isMap(node)) return out;
  for (const pair of node.items as Pair<Node | null, Node | null>[]) {
    const key = deref(ctx, pair.key);
    if (!key || !isScalar(key)) continue;
    out.set(String(key.value), { key, value: deref(ctx, pair.value) });
  }
  return out;
}

function strOf(node: Node | null | undefined): string | undefined {
  return node && isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

function isTrue(node: Node | null | undefined): boolean {
  return !!node && isScalar(node) && node.value === true;
}

function isNull(node: Node | null | undefined): boolean {
  return !node || (isScalar(node) && node.value === null);
}

function range(ctx: Ctx, node: Node | null | undefined, fallback: Range): Range {
  const r = node?.range;
  return r && r[1] > r[0] ? rangeOf(ctx.lineCounter, r[0], r[1]) : fallback;
}

function add(
  ctx: Ctx,
  code: FindingCode,
  rule: string,
  message: string,
  fix: string,
  where: Range,
  path: string,
  extra: { verdict?: Verdict; data?: Record<string, unknown> } = {},
): void {
  const verdict = extra.verdict ?? 'rejected';
  ctx.findings.push({
    code,
    severity: verdict === 'rejected' ? 'error' : 'warning',
    message,
    fix,
    range: where,
    path,
    document: ctx.document,
    data: { rule, stage: 'validation', verdict, source: ctx.facts.rules[rule]?.source, ...extra.data },
  });
}

function values(ctx: Ctx, name: string): string[] {
  return ctx.facts.values[name]?.values ?? [];
}

function didYouMean(value: string, allowed: readonly string[]): string {
  const near = closestName(value, allowed);
  return near ? `: did you mean ${near}?` : '';
}

/** A value outside a value set: invalid-value at the value with did-you-mean. */
function checkOneOf(ctx: Ctx, rule: string, set: string, e: Entry | undefined, path: string, what: string, fallback: Range): void {
  const v = strOf(e?.value);
  if (v === undefined || v === '') return;
  const allowed = values(ctx, set);
  if (allowed.includes(v)) return;
  const near = closestName(v, allowed);
  add(ctx, 'invalid-value', rule, `Applying fails: ${what} "${v}" is not allowed${didYouMean(v, allowed)}`, near ? `Change it to ${near}.` : `Use one of ${allowed.join(', ')}.`, range(ctx, e?.value, fallback), path, { data: { value: v, allowed, ...(near ? { suggestion: near } : {}) } });
}

const DNS1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

function dns1035Problem(v: string): string | undefined {
  if (v.length > 63) return 'must be at most 63 characters';
  return DNS1035.test(v) ? undefined : 'must be a DNS-1035 label: lower-case letters, digits and "-", starting with a letter and ending with a letter or digit';
}

// ── CustomResourceDefinition ───────────────────────────────────────────────────────────────────────────────────

function validateCrd(ctx: Ctx): void {
  const root = entries(ctx, ctx.map);
  const spec = root.get('spec');
  if (!spec || !isMap(spec.value)) return; // the walk reports a missing or mistyped spec
  const s = entries(ctx, spec.value);
  const specRange = range(ctx, spec.key, ctx.ownerRange);
  const group = strOf(s.get('group')?.value);
  const names = entries(ctx, s.get('names')?.value ?? null);
  const plural = strOf(names.get('plural')?.value);

  // metadata.name = <plural>.<group>
  const meta = entries(ctx, root.get('metadata')?.value ?? null);
  const nameEntry = meta.get('name');
  const name = strOf(nameEntry?.value);
  if (name !== undefined && group && plural && name !== `${plural}.${group}`) {
    add(ctx, 'invalid-value', 'crd-name', `Applying fails: a CRD's name must be ${plural}.${group} (names.plural.group), not ${name}`, `Rename it to ${plural}.${group}.`, range(ctx, nameEntry?.value, specRange), 'metadata.name', { data: { expected: `${plural}.${group}` } });
  }

  // spec.group
  const groupEntry = s.get('group');
  if (group !== undefined && group !== '') {
    const bad = formatProblem('k8s-long-name', group) ?? (group.split('.').length < 2 ? 'must be a domain with at least one dot' : undefined);
    if (bad) add(ctx, 'invalid-value', 'crd-group', `Applying fails: spec.group "${group}" ${bad}`, 'Use a domain you own, e.g. example.com.', range(ctx, groupEntry?.value, specRange), 'spec.group');
  }

  checkOneOf(ctx, 'crd-scope', 'scope', s.get('scope'), 'spec.scope', 'scope', specRange);
  checkNames(ctx, names, range(ctx, s.get('names')?.key, specRange));

  // versions: exactly one storage version, DNS-1035 unique names, schema per version
  const versionsEntry = s.get('versions');
  if (versionsEntry && isSeq(versionsEntry.value)) {
    const items = versionsEntry.value.items.map((n) => deref(ctx, n));
    let storage = 0;
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const v = entries(ctx, item);
      const path = `spec.versions[${i}]`;
      if (isTrue(v.get('storage')?.value)) storage++;
      const vn = strOf(v.get('name')?.value);
      const itemRange = range(ctx, v.get('name')?.key ?? item, range(ctx, versionsEntry.key, specRange));
      if (vn !== undefined && vn !== '') {
        const bad = dns1035Problem(vn);
        if (bad) add(ctx, 'invalid-value', 'crd-version-name', `Applying fails: version name "${vn}" ${bad}`, 'Use a name such as v1, v1beta1 or v2alpha1.', range(ctx, v.get('name')?.value, itemRange), `${path}.name`);
        else if (seen.has(vn)) add(ctx, 'invalid-value', 'crd-version-name', `Applying fails: version ${vn} is listed twice`, 'Remove or rename one of the two entries.', range(ctx, v.get('name')?.value, itemRange), `${path}.name`);
        seen.add(vn);
      }
      checkVersion(ctx, v, path, itemRange, item);
    });
    if (storage !== 1) {
      const found = items.length === 0 ? 'no version' : storage === 0 ? 'none' : `${storage}`;
      add(ctx, 'invalid-value', 'crd-storage-version', `Applying fails: exactly one version must have storage: true (found ${found})`, items.length === 0 ? 'Add a version with served: true and storage: true.' : 'Set storage: true on the one version objects are stored in, false on the others.', range(ctx, versionsEntry.key, specRange), 'spec.versions', { data: { storageVersions: storage } });
    }
  }

  checkConversion(ctx, entries(ctx, s.get('conversion')?.value ?? null), range(ctx, s.get('conversion')?.key, specRange));
}

function checkNames(ctx: Ctx, names: Map<string, Entry>, fallback: Range): void {
  for (const field of ['plural', 'singular']) {
    const e = names.get(field);
    const v = strOf(e?.value);
    const bad = v ? dns1035Problem(v) : undefined;
    if (bad) add(ctx, 'invalid-value', 'crd-names', `Applying fails: names.${field} "${v}" ${bad}`, 'Use the lower-case resource name, e.g. widgets.', range(ctx, e?.value, fallback), `spec.names.${field}`);
  }
  for (const field of ['kind', 'listKind']) {
    const e = names.get(field);
    const v = strOf(e?.value);
    const bad = v ? dns1035Problem(v.toLowerCase()) : undefined;
    if (bad) add(ctx, 'invalid-value', 'crd-names', `Applying fails: names.${field} "${v}" may have mixed case but otherwise ${bad.replace(/^must be /, 'must be ')}`, 'Use a CamelCase name of letters and digits, e.g. Widget.', range(ctx, e?.value, fallback), `spec.names.${field}`);
  }
  const kind = strOf(names.get('kind')?.value);
  const listKind = names.get('listKind');
  if (kind && strOf(listKind?.value) === kind) {
    add(ctx, 'invalid-value', 'crd-names', `Applying fails: names.listKind must differ from names.kind (${kind})`, `Use ${kind}List, or leave listKind out (that is its default).`, range(ctx, listKind?.value, fallback), 'spec.names.listKind');
  }
  for (const field of ['shortNames', 'categories']) {
    const e = names.get(field);
    if (!e || !isSeq(e.value)) continue;
    e.value.items.forEach((n, i) => {
      const node = deref(ctx, n);
      const v = strOf(node);
      const bad = v !== undefined ? dns1035Problem(v) : undefined;
      if (bad) add(ctx, 'invalid-value', 'crd-names', `Applying fails: names.${field} entry "${v}" ${bad}`, 'Use a lower-case name.', range(ctx, node, fallback), `spec.names.${field}[${i}]`);
    });
  }
}

function checkVersion(ctx: Ctx, v: Map<string, Entry>, path: string, itemRange: Range, item: Node | null): void {
  // schema.openAPIV3Schema is required on create
  const schemaEntry = v.get('schema');
  const schema = entries(ctx, schemaEntry?.value ?? null).get('openAPIV3Schema');
  if (!schema || isNull(schema.value)) {
    add(ctx, 'missing-field', 'crd-schema-required', `Applying fails: version ${strOf(v.get('name')?.value) ?? ''} has no schema.openAPIV3Schema`.replace('version  has', 'a version has'), 'Add schema: {openAPIV3Schema: {type: object, …}} (x-kubernetes-preserve-unknown-fields: true keeps any field).', range(ctx, schemaEntry?.key, itemRange), `${path}.schema.openAPIV3Schema`);
  } else if (isMap(schema.value)) {
    checkSchema(ctx, schema.value, `${path}.schema.openAPIV3Schema`, 'root', range(ctx, schema.key, itemRange));
  }

  // deprecationWarning
  const warning = v.get('deprecationWarning');
  if (warning && !isNull(warning.value)) {
    const text = strOf(warning.value);
    const max = ctx.facts.limits['deprecationWarning']?.max ?? Number.POSITIVE_INFINITY;
    const wr = range(ctx, warning.value, itemRange);
    if (!isTrue(v.get('deprecated')?.value)) add(ctx, 'invalid-value', 'crd-deprecation-warning', 'Applying fails: deprecationWarning is allowed only on a version with deprecated: true', 'Add deprecated: true to this version, or remove deprecationWarning.', wr, `${path}.deprecationWarning`);
    else if (text === '') add(ctx, 'invalid-value', 'crd-deprecation-warning', 'Applying fails: deprecationWarning must not be empty', 'Write the warning, or remove the field to get the default one.', wr, `${path}.deprecationWarning`);
    else if (text !== undefined && text.length > max) add(ctx, 'invalid-value', 'crd-deprecation-warning', `Applying fails: deprecationWarning is ${text.length} characters, at most ${max} are allowed`, 'Shorten the warning.', wr, `${path}.deprecationWarning`);
  }

  // printer columns
  const columns = v.get('additionalPrinterColumns');
  if (columns && isSeq(columns.value)) {
    columns.value.items.forEach((n, i) => {
      const c = entries(ctx, deref(ctx, n));
      const cp = `${path}.additionalPrinterColumns[${i}]`;
      checkOneOf(ctx, 'crd-printer-column', 'columnType', c.get('type'), `${cp}.type`, 'printer column type', itemRange);
      checkOneOf(ctx, 'crd-printer-column', 'columnFormat', c.get('format'), `${cp}.format`, 'printer column format', itemRange);
    });
  }
  void item;
}

function checkConversion(ctx: Ctx, c: Map<string, Entry>, fallback: Range): void {
  if (c.size === 0) return;
  checkOneOf(ctx, 'crd-conversion', 'conversionStrategy', c.get('strategy'), 'spec.conversion.strategy', 'conversion strategy', fallback);
  if (strOf(c.get('strategy')?.value) !== 'Webhook') return;
  const webhook = c.get('webhook');
  const w = entries(ctx, webhook?.value ?? null);
  if (!w.get('clientConfig') || isNull(w.get('clientConfig')?.value)) {
    add(ctx, 'missing-field', 'crd-conversion', 'Applying fails: strategy Webhook needs webhook.clientConfig', 'Add webhook.clientConfig with a service (or url) of the conversion webhook.', range(ctx, webhook?.key ?? c.get('strategy')?.value, fallback), 'spec.conversion.webhook.clientConfig');
  }
  const versions = w.get('conversionReviewVersions');
  if (versions && isSeq(versions.value) && versions.value.items.length > 0) {
    const known = values(ctx, 'conversionReviewVersions');
    const listed = versions.value.items.map((n) => strOf(deref(ctx, n)));
    if (!listed.some((x) => x !== undefined && known.includes(x))) {
      add(ctx, 'invalid-value', 'crd-conversion', `Applying fails: conversionReviewVersions must include one of ${known.join(', ')}`, `Add ${known[0]} to the list (the webhook must then accept that ConversionReview version).`, range(ctx, versions.value, fallback), 'spec.conversion.webhook.conversionReviewVersions');
    }
  }
}

// ── Structural schema ──────────────────────────────────────────────────────────────────────────────────────────

type Level = 'root' | 'items' | 'field';

const LEVEL_WORDS: Record<Level, string> = { root: 'the root schema', items: 'array items', field: 'a property' };

function checkSchema(ctx: Ctx, node: YAMLMap, path: string, level: Level, ownerRange: Range): void {
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

// ── APIService ─────────────────────────────────────────────────────────────────────────────────────────────────

function validateApiService(ctx: Ctx): void {
  const root = entries(ctx, ctx.map);
  const spec = root.get('spec');
  const s = entries(ctx, spec?.value ?? null);
  const specRange = range(ctx, spec?.key, ctx.ownerRange);
  const groupEntry = s.get('group');
  const versionEntry = s.get('version');
  const group = strOf(groupEntry?.value) ?? '';
  const version = strOf(versionEntry?.value);

  // metadata.name = <version>.<group>
  const nameEntry = entries(ctx, root.get('metadata')?.value ?? null).get('name');
  const name = strOf(nameEntry?.value);
  if (name !== undefined && version !== undefined) {
    const expected = `${version}.${group}`;
    const segment = formatProblem('k8s-path-segment-name', name);
    if (segment) add(ctx, 'invalid-value', 'apiservice-name', `Applying fails: the APIService name ${segment}`, `Rename it to ${expected}.`, range(ctx, nameEntry?.value, specRange), 'metadata.name');
    else if (name !== expected) add(ctx, 'invalid-value', 'apiservice-name', `Applying fails: an APIService's name must be ${expected} (spec.version.spec.group), not ${name}`, `Rename it to ${expected}.`, range(ctx, nameEntry?.value, specRange), 'metadata.name', { data: { expected } });
  }

  if (!spec || isNull(spec.value)) {
    add(ctx, 'missing-field', 'apiservice-version', 'Applying fails: an APIService needs a spec (version, group and priorities)', 'Add spec with group, version, groupPriorityMinimum, versionPriority and the service.', ctx.ownerRange, 'spec');
  }
  if (spec && isMap(spec.value)) {
    if (group === '' && version !== undefined && version !== 'v1') {
      add(ctx, 'missing-field', 'apiservice-group', 'Applying fails: spec.group may be empty only for version v1 (the core API)', 'Add spec.group, the API group this server serves.', range(ctx, groupEntry?.value ?? groupEntry?.key, specRange), 'spec.group');
    } else if (group !== '') {
      const bad = formatProblem('k8s-long-name', group);
      if (bad) add(ctx, 'invalid-value', 'apiservice-group', `Applying fails: spec.group "${group}" ${bad}`, 'Use the API group name, e.g. metrics.k8s.io.', range(ctx, groupEntry?.value, specRange), 'spec.group');
    }
    if (version !== undefined) {
      const bad = dns1035Problem(version);
      if (bad) add(ctx, 'invalid-value', 'apiservice-version', `Applying fails: spec.version "${version}" ${bad}`, 'Use a version such as v1 or v1beta1.', range(ctx, versionEntry?.value, specRange), 'spec.version');
    }
    for (const field of ['groupPriorityMinimum', 'versionPriority']) {
      const limit = ctx.facts.limits[field];
      const f = s.get(field);
      const v = f && isScalar(f.value) && typeof f.value.value === 'number' ? f.value.value : undefined;
      if (!f || isNull(f.value)) {
        add(ctx, 'missing-field', 'apiservice-priority', `Applying fails: spec.${field} is missing (it must be ${limit?.min}–${limit?.max})`, `Add ${field}, e.g. ${field === 'versionPriority' ? 15 : 1000}.`, specRange, `spec.${field}`);
      } else if (v !== undefined && limit && ((limit.min !== undefined && v < limit.min) || (limit.max !== undefined && v > limit.max))) {
        add(ctx, 'invalid-value', 'apiservice-priority', `Applying fails: spec.${field} must be ${limit.min}–${limit.max}, not ${v}`, `Use a value from ${limit.min} to ${limit.max}.`, range(ctx, f.value, specRange), `spec.${field}`, { data: { min: limit.min, max: limit.max } });
      }
    }
    const serviceEntry = s.get('service');
    const ca = s.get('caBundle');
    const skip = s.get('insecureSkipTLSVerify');
    const hasCa = !!strOf(ca?.value);
    if (!serviceEntry || isNull(serviceEntry.value)) {
      if (hasCa) add(ctx, 'invalid-value', 'apiservice-local', 'Applying fails: a local APIService (no service) cannot have a caBundle', 'Remove caBundle, or add the service that serves this API.', range(ctx, ca?.key, specRange), 'spec.caBundle');
      if (isTrue(skip?.value)) add(ctx, 'invalid-value', 'apiservice-local', 'Applying fails: a local APIService (no service) cannot set insecureSkipTLSVerify', 'Remove insecureSkipTLSVerify, or add the service that serves this API.', range(ctx, skip?.value, specRange), 'spec.insecureSkipTLSVerify');
    } else {
      const svc = entries(ctx, serviceEntry.value);
      const port = svc.get('port');
      const limit = ctx.facts.limits['servicePort'];
      const p = port && isScalar(port.value) && typeof port.value.value === 'number' ? port.value.value : undefined;
      if (p !== undefined && limit && ((limit.min !== undefined && p < limit.min) || (limit.max !== undefined && p > limit.max))) {
        add(ctx, 'invalid-value', 'apiservice-service', `Applying fails: service port ${p} is not a valid port (${limit.min}–${limit.max})`, 'Use the Service port of the API server (443 is the default).', range(ctx, port?.value, specRange), 'spec.service.port');
      }
      if (isTrue(skip?.value) && hasCa) add(ctx, 'invalid-value', 'apiservice-service', 'Applying fails: insecureSkipTLSVerify cannot be true when caBundle is set', 'Remove insecureSkipTLSVerify: the caBundle verifies the server.', range(ctx, skip?.value, specRange), 'spec.insecureSkipTLSVerify');
    }
  }
}
