// Struct types of the version data → JSON Schema definitions, built on demand (only what a kind reaches).
// The rules mirror the walker (engine/validate/walk.ts) and the way the API server decodes objects:
//   - every key must be a field (strict: `additionalProperties: false`); map keys are free; types the data does
//     not describe (RawExtension, FieldsV1, …) accept anything;
//   - null is accepted except on explicitly required fields (list items and map values may be null);
//   - required = explicitly required, in API kinds only, never under a `status` field, never a number or
//     boolean scalar (absent, those decode to their zero value);
//   - string / number / boolean as the JSON decoder reads them; int-or-string (IntOrString, Quantity) takes a
//     string or a number; +enum values on strings (`""` too when the field is optional);
//   - gated fields and enum values carry `x-kubernetes-feature-gate`; with `strict`, those whose gate is off
//     are left out.
import type { FieldDef, TypeDef, TypeRef } from '../knowledge/data-contract';
import { annotationValue, gateAnnotation, gateIsOff, gateLine, type GateAnnotation, type GateContext } from './gate-annotation';
import type { JsonSchemaObject, SchemaBuildOptions, Variant } from './options';
import { applyFieldRules, isForbidden, structRules } from './rules';

/** Quoted YAML 1.1 spellings kind's decoder reads as booleans (not "true" / "false": those are strings there). */
const KIND_QUOTED_BOOLEANS = ['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF'];

/** Where a scalar sits: the enum, config values and gated values of its field. */
interface Slot {
  enumKey?: string;
  configEnum?: string[];
  valueGates?: Record<string, string[]>;
  optional?: boolean;
  isItem: boolean;
}

/** Definition name of a type in a variant: `core.v1.PodSpec`, `core.v1.PodStatus@status`, `…@config-kubelet`. */
export function definitionName(type: string, v: Variant): string {
  if (v.mode === 'api') return type;
  if (v.mode === 'status') return `${type}@status`;
  if (v.lenient) return `${type}@config-kind`;
  return v.component ? `${type}@config-${v.component}` : `${type}@config`;
}

export function refTo(name: string): JsonSchemaObject {
  return { $ref: `#/definitions/${name}` };
}

/** `s` or null (`{}` stays `{}`: it accepts null already). */
function orNull(s: JsonSchemaObject): JsonSchemaObject {
  if (Object.keys(s).length === 0) return s;
  if (Array.isArray(s.anyOf) && Object.keys(s).every((k) => k === 'anyOf')) return { anyOf: [...(s.anyOf as unknown[]), { type: 'null' }] };
  return { anyOf: [s, { type: 'null' }] };
}

/** Adds annotations (description, x-…) to a schema; a bare `$ref` is wrapped so its siblings count everywhere. */
function annotate(s: JsonSchemaObject, extra: JsonSchemaObject): JsonSchemaObject {
  if (Object.keys(extra).length === 0) return s;
  const base = '$ref' in s ? { allOf: [s] } : { ...s };
  return { ...extra, ...base };
}

export class DefinitionSet {
  readonly definitions: Record<string, JsonSchemaObject> = {};

  constructor(private readonly opts: SchemaBuildOptions) {}

  /** The definition name of `type` in variant `v`, building it (and what it reaches) on first use. */
  ensure(type: string, v: Variant): string {
    const name = definitionName(type, v);
    if (this.definitions[name]) return name;
    const def = this.opts.data.types[type];
    this.definitions[name] = {}; // placeholder: recursive types refer to it while it is built
    this.definitions[name] = def ? this.structSchema(type, def, v) : {};
    return name;
  }

  hasType(type: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.opts.data.types, type);
  }

  gateContext(v: Variant): GateContext {
    return { catalog: this.opts.catalog, version: this.opts.data.version, environment: this.opts.environment, component: v.component };
  }

  private structSchema(type: string, def: TypeDef, v: Variant): JsonSchemaObject {
    const properties: Record<string, JsonSchemaObject> = {};
    const required: string[] = [];
    for (const f of def.fields) {
      const s = this.fieldSchema(f, v);
      if (!s) continue;
      properties[f.name] = s;
      if (isRequired(f, v)) required.push(f.name);
    }
    const out: JsonSchemaObject = { type: 'object' };
    const ctx = this.gateContext(v);
    const dependents = def.fields.flatMap((f) => (f.rules ?? []).filter((r) => r.rule === 'dependentRequired').map((rule) => ({ field: f.name, rule })));
    const struct = structRules(def.unions, dependents, ctx);
    const typeGates = def.gates ?? [];
    if (typeGates.length > 0) {
      if (this.opts.gateText !== false) out.description = typeGates.map((g) => gateLine(ctx, g, 'Type gated by')).join('\n');
      out['x-kubernetes-feature-gate'] = annotationValue(typeGates.map((g) => gateAnnotation(ctx, g)));
    }
    out.properties = properties;
    if (required.length > 0) out.required = required;
    if (this.opts.strict && !def.open) out.additionalProperties = false;
    return { ...out, ...struct };
  }

  /** Undefined when the field is left out (strict, and a gate of the field is off). */
  private fieldSchema(f: FieldDef, v: Variant): JsonSchemaObject | undefined {
    const ctx = this.gateContext(v);
    const gates: GateAnnotation[] = [];
    (f.gates ?? []).forEach((g, i) => gates.push(gateAnnotation(ctx, g, { tag: f.gateTags?.[i] })));
    if (v.mode === 'config') for (const g of f.commentGates ?? []) gates.push(gateAnnotation(ctx, g, { fromComment: true }));
    if (this.opts.strict && gates.some((a) => gateIsOff(ctx, a.gate))) return undefined;
    const forbidden = isForbidden(f.rules, f.gates, ctx);
    if (forbidden) {
      const cond = forbidden.when ? ` while feature gate ${forbidden.when.gate} is ${forbidden.when.enabled ? 'on' : 'off'}` : '';
      return { description: `Not allowed${cond}.`, not: {} };
    }
    const child: Variant = v.mode === 'api' && f.name === 'status' ? { mode: 'status' } : v;
    const typed = this.typeSchema(f.type, child, {
      enumKey: f.enum,
      configEnum: f.configEnum,
      valueGates: f.valueGates,
      optional: f.optional === true,
      isItem: false,
    });
    const base = applyFieldRules(typed, f.rules, ctx);
    // A required field is never null, even where the value itself is not checked (RawExtension-like `any`).
    const schema = f.required ? (Object.keys(base).length === 0 ? { not: { type: 'null' } } : base) : orNull(base);
    const extra: JsonSchemaObject = {};
    if (gates.length > 0) {
      if (this.opts.gateText !== false) {
        extra.description = gates.map((a) => gateLine(ctx, a.gate, a.fromComment ? 'Named in the field comment: feature gate' : 'Feature gate')).join('\n');
      }
      extra['x-kubernetes-feature-gate'] = annotationValue(gates);
    }
    return annotate(schema, extra);
  }

  typeSchema(t: TypeRef, v: Variant, slot: Slot): JsonSchemaObject {
    if ('any' in t) return {};
    if ('ref' in t) return this.hasType(t.ref) ? refTo(this.ensure(t.ref, v)) : {};
    if ('list' in t) return { type: 'array', items: orNull(this.typeSchema(t.list, v, { ...slot, isItem: true })) };
    if ('map' in t) return { type: 'object', additionalProperties: orNull(this.typeSchema(t.map, v, { isItem: true })) };
    switch (t.s) {
      case 'string':
        if (v.lenient) return { anyOf: [this.stringSchema(v, slot), { type: 'number' }, { type: 'boolean' }] };
        return this.stringSchema(v, slot);
      case 'number':
        return { type: t.float || v.lenient ? 'number' : 'integer' };
      case 'boolean':
        if (v.lenient) return { anyOf: [{ type: 'boolean' }, { type: 'string', enum: KIND_QUOTED_BOOLEANS }] };
        return { type: 'boolean' };
      default:
        // IntOrString takes whole numbers, Quantity any number.
        return { anyOf: [this.stringSchema(v, slot), { type: t.quantity ? 'number' : 'integer' }], 'x-kubernetes-int-or-string': true };
    }
  }

  /** A string value: +enum values, gated values (their own branch, annotated; left out when off in strict). */
  private stringSchema(v: Variant, slot: Slot): JsonSchemaObject {
    const out: JsonSchemaObject = { type: 'string' };
    const listed = slot.enumKey ? this.opts.data.enums[slot.enumKey] : undefined;
    const allowed = listed && listed.length > 0 ? [...listed] : undefined;
    if (allowed && slot.optional && !slot.isItem && !allowed.includes('')) allowed.push('');
    const gated = Object.keys(slot.valueGates ?? {}).filter((value) => !allowed || allowed.includes(value));
    if (slot.configEnum && slot.configEnum.length > 0) out.examples = slot.configEnum;
    if (gated.length === 0) {
      if (allowed) out.enum = allowed;
      return out;
    }
    const ctx = this.gateContext(v);
    const branches: JsonSchemaObject[] = [];
    const plain = allowed?.filter((value) => !gated.includes(value));
    if (!allowed) branches.push({ not: { enum: gated } });
    else if (plain && plain.length > 0) branches.push({ enum: plain });
    for (const value of gated) {
      const gates = slot.valueGates![value]!;
      if (this.opts.strict && gates.some((g) => gateIsOff(ctx, g))) continue;
      branches.push({
        const: value,
        ...(this.opts.gateText !== false ? { description: gates.map((g) => gateLine(ctx, g, `Value ${JSON.stringify(value)} needs feature gate`)).join('\n') } : {}),
        'x-kubernetes-feature-gate': annotationValue(gates.map((g) => gateAnnotation(ctx, g))),
      });
    }
    if (branches.length === 0) out.not = {};
    else out.anyOf = branches;
    return out;
  }
}

/** Mirrors the walker's missing-field rule. */
export function isRequired(f: FieldDef, v: Variant): boolean {
  if (!f.required || v.mode !== 'api' || f.name === 'status') return false;
  return !('s' in f.type && (f.type.s === 'number' || f.type.s === 'boolean'));
}
