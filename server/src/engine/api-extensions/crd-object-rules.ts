// CustomResourceDefinition (apiextensions.k8s.io/v1): name, group, scope, names, versions (one storage version,
// DNS-1035 unique names, a schema each, deprecationWarning), printer columns, conversion. The schema itself is
// checked by crd-schema-rules.ts.
import { isMap, isSeq, type Node } from 'yaml';
import type { Range } from '../base/types';
import { formatProblem } from '../validate/declarative-formats';
import { add, checkOneOf, deref, dns1035Problem, entries, isNull, isTrue, range, strOf, values, type Ctx, type Entry } from './api-object-context';
import { checkSchema } from './crd-schema-rules';
import { checkCelRules } from './crd-cel-rules';
import { checkDefaults } from './crd-defaults';

export function validateCrd(ctx: Ctx): void {
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
    add(ctx, 'invalid-value', 'crd-name', `Applying fails: a CRD's name must be ${plural}.${group} (names.plural.group), not ${name}`, `Rename it to ${plural}.${group}.`, range(ctx, nameEntry?.value, specRange), 'metadata.name', { data: { expected: `${plural}.${group}`, wholeObject: true } });
  }

  // spec.group
  const groupEntry = s.get('group');
  if (group === '') add(ctx, 'missing-field', 'crd-group', 'Applying fails: spec.group must not be empty', 'Use a domain you own, e.g. example.com.', range(ctx, groupEntry?.value, specRange), 'spec.group');
  else if (group !== undefined) {
    const bad = formatProblem('k8s-long-name', group) ?? (group.split('.').length < 2 ? 'must be a domain with at least one dot' : undefined);
    if (bad) add(ctx, 'invalid-value', 'crd-group', `Applying fails: spec.group "${group}" ${bad}`, 'Use a domain you own, e.g. example.com.', range(ctx, groupEntry?.value, specRange), 'spec.group');
  }

  checkOneOf(ctx, 'crd-scope', 'scope', s.get('scope'), 'spec.scope', 'scope', specRange);
  const preserve = s.get('preserveUnknownFields');
  if (isTrue(preserve?.value)) {
    add(ctx, 'invalid-value', 'crd-preserve-unknown-fields', 'Applying fails: spec.preserveUnknownFields cannot be true on a v1 CRD', 'Remove it and set x-kubernetes-preserve-unknown-fields: true in the schema where unknown fields are kept.', range(ctx, preserve?.value, specRange), 'spec.preserveUnknownFields');
  }
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
      if (vn !== undefined) {
        const bad = dns1035Problem(vn);
        if (bad) add(ctx, 'invalid-value', 'crd-version-name', `Applying fails: version name "${vn}" ${bad}`, 'Use a name such as v1, v1beta1 or v2alpha1.', range(ctx, v.get('name')?.value, itemRange), `${path}.name`);
        else if (seen.has(vn)) add(ctx, 'invalid-value', 'crd-version-name', `Applying fails: version ${vn} is listed twice`, 'Remove or rename one of the two entries.', range(ctx, v.get('name')?.value, itemRange), `${path}.name`);
        seen.add(vn);
      }
      checkVersion(ctx, v, path, itemRange, item);
    });
    if (storage !== 1) {
      const found = items.length === 0 ? 'no version' : storage === 0 ? 'none' : `${storage}`;
      add(ctx, 'invalid-value', 'crd-storage-version', `Applying fails: exactly one version must have storage: true (found ${found})`, items.length === 0 ? 'Add a version with served: true and storage: true.' : 'Set storage: true on the one version objects are stored in, false on the others.', range(ctx, versionsEntry.key, specRange), 'spec.versions', { data: { storageVersions: storage, wholeObject: true } });
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
    if (bad) add(ctx, 'invalid-value', 'crd-names', `Applying fails: names.${field} "${v}" may have mixed case but otherwise ${bad}`, 'Use a CamelCase name of letters and digits, e.g. Widget.', range(ctx, e?.value, fallback), `spec.names.${field}`);
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
    const before = ctx.findings.length;
    checkSchema(ctx, schema.value, `${path}.schema.openAPIV3Schema`, 'root', range(ctx, schema.key, itemRange));
    // As the API server: defaults are checked and CEL rules compiled only on a schema without problems.
    if (!ctx.findings.slice(before).some((f) => f.data?.verdict === 'rejected')) {
      checkDefaults(ctx, schema.value, `${path}.schema.openAPIV3Schema`, range(ctx, schema.key, itemRange));
      checkCelRules(ctx, schema.value, `${path}.schema.openAPIV3Schema`, range(ctx, schema.key, itemRange));
    }
  }

  // deprecationWarning
  const warning = v.get('deprecationWarning');
  if (warning && !isNull(warning.value)) {
    const text = strOf(warning.value);
    const max = ctx.facts.limits['deprecationWarning']?.max ?? Number.POSITIVE_INFINITY;
    const wr = range(ctx, warning.value, itemRange);
    if (!isTrue(v.get('deprecated')?.value)) add(ctx, 'invalid-value', 'crd-deprecation-warning', 'Applying fails: deprecationWarning is allowed only on a version with deprecated: true', 'Add deprecated: true to this version, or remove deprecationWarning.', wr, `${path}.deprecationWarning`, { data: { wholeObject: true } });
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
  const webhook = c.get('webhook');
  const w = entries(ctx, webhook?.value ?? null);
  const versions = w.get('conversionReviewVersions');
  if (strOf(c.get('strategy')?.value) !== 'Webhook') {
    // Another strategy (a misspelt one too): the webhook's settings are refused, not ignored.
    for (const [key, entry] of [['clientConfig', w.get('clientConfig')], ['conversionReviewVersions', versions]] as const) {
      const set = entry && !isNull(entry.value) && !(isSeq(entry.value) && entry.value.items.length === 0);
      if (set) add(ctx, 'invalid-value', 'crd-conversion', `Applying fails: webhook.${key} is allowed only with strategy Webhook`, `Remove webhook.${key}, or set strategy: Webhook.`, range(ctx, entry.key, fallback), `spec.conversion.webhook.${key}`);
    }
    return;
  }
  if (!w.get('clientConfig') || isNull(w.get('clientConfig')?.value)) {
    add(ctx, 'missing-field', 'crd-conversion', 'Applying fails: strategy Webhook needs webhook.clientConfig', 'Add webhook.clientConfig with a service (or url) of the conversion webhook.', range(ctx, webhook?.key ?? c.get('strategy')?.value, fallback), 'spec.conversion.webhook.clientConfig');
  }
  if (versions && isSeq(versions.value)) checkReviewVersions(ctx, versions, fallback);
}

/** webhook.conversionReviewVersions: at least one entry, each a DNS-1035 label listed once, one of them a version
 *  the API server sends. */
function checkReviewVersions(ctx: Ctx, versions: Entry, fallback: Range): void {
  const known = values(ctx, 'conversionReviewVersions');
  const at = range(ctx, versions.value, fallback);
  const path = 'spec.conversion.webhook.conversionReviewVersions';
  const items = isSeq(versions.value) ? versions.value.items.map((n) => deref(ctx, n)) : [];
  if (items.length === 0) {
    add(ctx, 'missing-field', 'crd-conversion', 'Applying fails: conversionReviewVersions must list at least one version', `List ${known.join(', ')} (the versions of ConversionReview the webhook accepts).`, at, path);
    return;
  }
  const seen = new Set<string>();
  items.forEach((node, i) => {
    const v = strOf(node);
    if (v === undefined) return;
    const where = range(ctx, node, at);
    if (seen.has(v)) add(ctx, 'invalid-value', 'crd-conversion', `Applying fails: conversionReviewVersions lists ${v} twice`, 'Remove the second entry.', where, `${path}[${i}]`);
    else {
      const bad = dns1035Problem(v);
      if (bad) add(ctx, 'invalid-value', 'crd-conversion', `Applying fails: conversionReviewVersions entry "${v}" ${bad}`, `Use a version name such as ${known[0]}.`, where, `${path}[${i}]`);
    }
    seen.add(v);
  });
  if (!items.some((n) => known.includes(strOf(n) ?? ''))) {
    add(ctx, 'invalid-value', 'crd-conversion', `Applying fails: conversionReviewVersions must include one of ${known.join(', ')}`, `Add ${known[0]} to the list (the webhook must then accept that ConversionReview version).`, at, path);
  }
}
