// Declarative validation rules (FieldDef.rules, TypeDef.unions; engine/validate/declarative-rules.ts evaluates them) as
// JSON Schema where JSON Schema says the same thing: maxItems, minimum/maximum, maxLength, uniqueItems (sets),
// the string formats as RE2-compatible patterns (kubeconform's Go regexp has no look-ahead) plus lengths,
// unions (oneOf / not both) and dependent fields (if/then), a null member counting as unset as in the engine,
// and forbidden fields. Not expressed: listMapKeys (uniqueness of
// list-map keys), maxBytes (UTF-8 length). Rules behind `+k8s:alpha` are warnings in the engine (upstream only
// mirrors hand-written validation with them) and are left out; `ifEnabled` / `ifDisabled` rules count when the
// schema's gate environment meets their condition.
import type { FieldRule, UnionRule } from '../knowledge/data-contract';
import { gateIsOn, type GateContext } from './gate-annotation';
import type { JsonSchemaObject } from './options';

const LABEL = '[a-z0-9](?:[-a-z0-9]*[a-z0-9])?';
const SUBDOMAIN = `${LABEL}(?:\\.${LABEL})*`;
const SUBDOMAIN_CASELESS = '[A-Za-z0-9](?:[-A-Za-z0-9]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[-A-Za-z0-9]*[A-Za-z0-9])?)*';
const NAME_PART = '[A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?';

/** The format as JSON Schema keywords for a string (undefined for a format name we do not know). */
function formatSchema(format: string): JsonSchemaObject | undefined {
  switch (format) {
    case 'k8s-short-name':
      return { maxLength: 63, pattern: `^${LABEL}$` };
    case 'k8s-long-name':
      return { maxLength: 253, pattern: `^${SUBDOMAIN}$` };
    case 'k8s-long-name-caseless':
      return { maxLength: 253, pattern: `^${SUBDOMAIN_CASELESS}$` };
    case 'k8s-label-value':
      return { maxLength: 63, pattern: `^(?:${NAME_PART})?$` };
    case 'k8s-uuid':
      return { pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' };
    case 'k8s-label-key':
      return { allOf: [{ pattern: `^(?:${SUBDOMAIN}/)?${NAME_PART}$` }, { pattern: '^(?:[^/]{1,253}/)?[^/]{1,63}$' }] };
    case 'k8s-prefixed-label-key':
      return { allOf: [{ pattern: `^${SUBDOMAIN}/${NAME_PART}$` }, { pattern: '^[^/]{1,253}/[^/]{1,63}$' }] };
    case 'k8s-resource-fully-qualified-name':
      return { allOf: [{ pattern: `^${SUBDOMAIN}/[A-Za-z_][A-Za-z0-9_]*$` }, { pattern: '^[^/]{1,253}/[^/]{1,32}$' }] };
    case 'k8s-resource-pool-name':
      return { maxLength: 253, pattern: `^${SUBDOMAIN}(?:/${SUBDOMAIN})*$` };
    case 'k8s-path-segment-name':
      return { pattern: '^(?:[^/%]*[^/%.][^/%]*|\\.{3,}|)$' };
    case 'k8s-extended-resource-name':
      // "requests." + the name must be a label key (so the domain has room for the 9 characters), no kubernetes.io.
      return {
        allOf: [
          { pattern: `^${SUBDOMAIN}/${NAME_PART}$` },
          { pattern: '^[^/]{1,244}/[^/]{1,63}$' },
          { not: { pattern: '^requests\\.' } },
          { not: { pattern: '^(?:[^/]*\\.)?kubernetes\\.io/' } },
        ],
      };
    default:
      return undefined;
  }
}

/** Whether the engine treats a rule as an error in this gate environment (every stability prefix is enforced:
 *  see engine/validate/declarative-rules.ts). */
function ruleApplies(ctx: GateContext, rule: { stage?: string; when?: { gate: string; enabled: boolean } }): boolean {
  return !rule.when || gateIsOn(ctx, rule.when.gate) === rule.when.enabled;
}

/** Keywords of a scalar rule for a schema of the given JSON type. */
function scalarKeywords(rule: FieldRule, jsonType: string): JsonSchemaObject | undefined {
  const n = typeof rule.value === 'number' ? rule.value : undefined;
  if ((jsonType === 'integer' || jsonType === 'number') && n !== undefined) {
    if (rule.rule === 'minimum') return { minimum: n };
    if (rule.rule === 'maximum') return { maximum: n };
  }
  if (jsonType === 'string') {
    if (rule.rule === 'maxLength' && n !== undefined) return { maxLength: n };
    if (rule.rule === 'format' && typeof rule.value === 'string') return formatSchema(rule.value);
  }
  return undefined;
}

/** Adds a scalar rule to a scalar schema: to the schema itself, or to the branches of an anyOf of scalars. */
function addScalarRule(s: JsonSchemaObject, rule: FieldRule): JsonSchemaObject {
  if (typeof s.type === 'string') {
    const kw = scalarKeywords(rule, s.type);
    if (!kw) return s;
    const out = { ...s };
    for (const [k, v] of Object.entries(kw)) {
      if (k === 'allOf') out.allOf = [...((out.allOf as unknown[]) ?? []), ...(v as unknown[])];
      else if (k === 'pattern' && out.pattern !== undefined) out.allOf = [...((out.allOf as unknown[]) ?? []), { pattern: v }];
      else if (k === 'maxLength' && typeof out.maxLength === 'number') out.maxLength = Math.min(out.maxLength, v as number);
      else out[k] = v;
    }
    return out;
  }
  if (Array.isArray(s.anyOf)) return { ...s, anyOf: (s.anyOf as JsonSchemaObject[]).map((b) => addScalarRule(b, rule)) };
  return s;
}

/** The value schema of a present field with its rules applied (`nullable` wrapping is done by the caller). */
export function applyFieldRules(s: JsonSchemaObject, rules: readonly FieldRule[] | undefined, ctx: GateContext): JsonSchemaObject {
  let out = s;
  for (const rule of rules ?? []) {
    if (!ruleApplies(ctx, rule)) continue;
    if (rule.each) {
      if (rule.each === 'key' && out.type === 'object' && out.additionalProperties !== undefined) {
        const names = addScalarRule({ type: 'string' }, rule);
        const { type: _t, ...kw } = names;
        if (Object.keys(kw).length > 0) out = { ...out, propertyNames: kw };
      } else if (rule.each === 'val') {
        if (out.type === 'array' && out.items) out = { ...out, items: mapNullable(out.items as JsonSchemaObject, (x) => addScalarRule(x, rule)) };
        if (out.type === 'object' && out.additionalProperties) {
          out = { ...out, additionalProperties: mapNullable(out.additionalProperties as JsonSchemaObject, (x) => addScalarRule(x, rule)) };
        }
      }
      continue;
    }
    if (rule.rule === 'maxItems' && out.type === 'array' && typeof rule.value === 'number') out = { ...out, maxItems: rule.value };
    else if (rule.rule === 'unique' && rule.value === 'set' && out.type === 'array') out = { ...out, uniqueItems: true };
    else out = addScalarRule(out, rule);
  }
  return out;
}

/** Applies `f` to a schema or to the non-null branch of `anyOf: [x, {type: null}]`. */
function mapNullable(s: JsonSchemaObject, f: (x: JsonSchemaObject) => JsonSchemaObject): JsonSchemaObject {
  if (Array.isArray(s.anyOf) && Object.keys(s).length === 1) {
    return { anyOf: (s.anyOf as JsonSchemaObject[]).map((b) => (b.type === 'null' ? b : f(b))) };
  }
  return f(s);
}

/** True when a rule forbids the field outright in this environment. */
export function isForbidden(rules: readonly FieldRule[] | undefined, gates: readonly string[] | undefined, ctx: GateContext): FieldRule | undefined {
  return (rules ?? []).find(
    (r) =>
      r.rule === 'forbidden' &&
      ruleApplies(ctx, r) &&
      // Forbidden while its own gate is off: that is the feature-gate finding (strict schemas leave it out).
      !(r.when && !r.when.enabled && gates?.includes(r.when.gate)),
  );
}

/** The fields are set: present and not null (the engine's test for unions and dependent fields). */
function requires(names: string[]): JsonSchemaObject {
  return { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { not: { type: 'null' } }])), required: names };
}

/** Struct-level keywords: unions and dependent fields (in allOf). */
export function structRules(
  unions: readonly UnionRule[] | undefined,
  dependents: { field: string; rule: FieldRule }[],
  ctx: GateContext,
): JsonSchemaObject {
  const allOf: JsonSchemaObject[] = [];
  for (const u of unions ?? []) {
    if (!ruleApplies(ctx, u)) continue;
    // Members a strict schema leaves out (gate off) stay in the union: a document that sets one gets the gate
    // error at that field, not a union error as well (the engine counts it as set).
    const members = u.members;
    if (members.length === 0) continue;
    if (u.mode === 'exactlyOne') allOf.push({ oneOf: members.map((m) => requires([m])) });
    else {
      const pairs: JsonSchemaObject[] = [];
      for (let i = 0; i < members.length; i++) for (let j = i + 1; j < members.length; j++) pairs.push(requires([members[i]!, members[j]!]));
      if (pairs.length > 0) allOf.push({ not: { type: 'object', anyOf: pairs } });
    }
  }
  for (const { field, rule } of dependents) {
    if (!ruleApplies(ctx, rule) || !Array.isArray(rule.value) || rule.value.length === 0) continue;
    allOf.push({ if: requires([field]), then: requires(rule.value) });
  }
  const out: JsonSchemaObject = {};
  if (allOf.length > 0) out.allOf = allOf;
  return out;
}
