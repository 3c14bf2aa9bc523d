// A LOWER bound of the cost kube-apiserver estimates for a CEL rule when a CRD is created (numbers and sources:
// cel-cost-facts.ts). The API server refuses a CRD whose rule estimate (times the number of places the rule runs)
// is over the per-rule limit, or whose rules together are over the per-CRD limit. Kubegate reports only what is
// over the limit by its own lower bound, so it never refuses a CRD the API server would accept.
//
// How the API server estimates, in short: `self` has a declared type built from the schema, where every list,
// map and string has a largest size: maxItems / maxProperties / maxLength (4 bytes a character) when given, else
// as many of the smallest values as fit into a 3 MiB request. A comprehension (all, exists, map, filter, …)
// costs its range's largest size times the cost of one step; string functions cost a tenth of the string's
// largest length; a field or variable read costs 1; a call costs at least what its target and arguments cost.
// This bound counts only those parts (a function it does not know costs just its arguments), and a size it
// cannot tell counts as 0: every part it adds is one the API server adds at least as much of.
import { celFieldKey, escapeCelName } from './cel';
import { CEL_COST_FACTS as F } from './cel-cost-facts';

/** The declared type of a schema node as the API server gives it to CEL (undefined: not visible to CEL). */
export type Decl =
  | {
      kind: 'object';
      /** Visible fields by CEL name; undefined: the field exists but its type is not known here. */
      fields: Map<string, Decl | undefined>;
      minSize: number;
      /** Unknown field names are not judged (root metadata, preserve-unknown-fields objects). */
      open: boolean;
    }
  | { kind: 'list' | 'map'; elem: Decl; max: number; minSize: number }
  | { kind: 'string' | 'bytes' | 'dyn' | 'duration' | 'timestamp'; max: number; minSize: number }
  | { kind: 'int' | 'double' | 'bool'; minSize: number };

/** A schema node as the decl builder reads it (the caller adapts its own tree: YAML nodes, JSON). */
export interface SchemaNode {
  type?: string;
  format?: string;
  maxLength?: number;
  maxItems?: number;
  maxProperties?: number;
  intOrString: boolean;
  embedded: boolean;
  preserveUnknown: boolean;
  /** additionalProperties: true beside properties (any other key allowed). */
  additionalAllowed?: boolean;
  hasDefault: boolean;
  /** The longest string of the enum, when there is an enum of strings. */
  enumMaxLength?: number;
  required: string[];
  properties: () => [string, SchemaNode][];
  items: () => SchemaNode | undefined;
  /** additionalProperties as a schema (not true/false). */
  additionalProperties: () => SchemaNode | undefined;
}

const REQUEST = F.maxRequestSizeBytes.value;
const zeroIfNegative = (n: number) => Math.max(0, Math.floor(n));
const stringOf = (max: number, minSize: number, kind: 'string' | 'bytes' | 'dyn' | 'duration' | 'timestamp' = 'string'): Decl => ({ kind, max, minSize });

/** The declared type of a schema node (SchemaDeclType). `isRoot`: the resource root or an embedded resource. */
export function declOf(s: SchemaNode, isRoot: boolean, depth = 0): Decl | undefined {
  if (depth > 100) return undefined;
  if (s.intOrString) {
    return stringOf(s.maxLength !== undefined ? zeroIfNegative(s.maxLength) * F.bytesPerCharacter.value : REQUEST - 2, 1, 'dyn');
  }
  switch (s.type) {
    case 'array': {
      const items = s.items();
      const elem = items ? declOf(items, items.embedded, depth + 1) : undefined;
      if (!elem) return undefined;
      const max = s.maxItems !== undefined ? zeroIfNegative(s.maxItems) : Math.floor((REQUEST - 2) / (elem.minSize + 1));
      return { kind: 'list', elem, max, minSize: 2 };
    }
    case 'object': {
      const additional = s.additionalProperties();
      if (additional) {
        const elem = declOf(additional, additional.embedded, depth + 1);
        if (!elem) return undefined;
        const max = s.maxProperties !== undefined ? zeroIfNegative(s.maxProperties) : Math.floor((REQUEST - 2) / (elem.minSize + F.mapEntryOverhead.value));
        return { kind: 'map', elem, max, minSize: 2 };
      }
      const fields = new Map<string, Decl | undefined>();
      const required = new Set(s.required);
      let minSize = 2;
      for (const [name, prop] of s.properties()) {
        const t = declOf(prop, prop.embedded, depth + 1);
        fields.set(escapeCelName(name), t);
        if (t && required.has(name) && !prop.hasDefault) minSize += name.length + t.minSize + F.propertyOverhead.value;
      }
      if (isRoot) {
        // kind, apiVersion and metadata.name / generateName are always there at a resource root. Where the schema
        // declares them, the declared type is kept (smaller or equal: this stays a lower bound).
        for (const name of ['kind', 'apiVersion']) if (!fields.get(name)) fields.set(name, stringOf(REQUEST - 2, F.minStringSize.value));
        const declared = fields.get('metadata');
        const meta = new Map<string, Decl | undefined>(declared?.kind === 'object' ? declared.fields : []);
        for (const name of ['name', 'generateName']) if (!meta.get(name)) meta.set(name, stringOf(REQUEST - 2, F.minStringSize.value));
        fields.set('metadata', { kind: 'object', fields: meta, minSize: 2, open: true });
      }
      return { kind: 'object', fields, minSize, open: s.preserveUnknown || s.additionalAllowed === true };
    }
    case 'string':
      switch (s.format) {
        case 'byte':
          return stringOf(s.maxLength !== undefined ? zeroIfNegative(s.maxLength) : REQUEST - 2, F.minStringSize.value, 'bytes');
        case 'duration':
          return stringOf(F.maxDurationSize.value, F.minDurationSize.value, 'duration');
        case 'date':
          return stringOf(F.dateSize.value, F.dateSize.value, 'timestamp');
        case 'date-time':
          return stringOf(F.maxDatetimeSize.value, F.minDatetimeSize.value, 'timestamp');
      }
      if (s.maxLength !== undefined) return stringOf(zeroIfNegative(s.maxLength) * F.bytesPerCharacter.value, F.minStringSize.value);
      if (s.enumMaxLength !== undefined) return stringOf(s.enumMaxLength, F.minStringSize.value);
      return stringOf(REQUEST - 2, F.minStringSize.value);
    case 'boolean':
      return { kind: 'bool', minSize: F.minBoolSize.value };
    case 'number':
      return { kind: 'double', minSize: F.minNumberSize.value };
    case 'integer':
      return { kind: 'int', minSize: F.minNumberSize.value };
  }
  return undefined;
}

/** How many places a rule runs when a parent list or map has no bound (the API server's fallback, at least). */
export function unboundedCardinality(decl: Decl): number {
  return Math.min(1, Math.floor(REQUEST / (decl.minSize + 1)));
}

// ── The estimate ─────────────────────────────────────────────────────────────────────────────────────────────────

type Kind = 'bool' | 'int' | 'double' | 'string' | 'bytes' | 'list' | 'map' | 'null' | 'object' | 'other';

interface Est {
  cost: number;
  /** Lower bound of the largest size the API server assumes (0: not known here). */
  size: number;
  decl?: Decl;
  kind?: Kind;
}

/** Something the API server's compiler refuses that this walk saw. */
type CelProblem = { problem: 'unknown-field'; field: string; known: string[] } | { problem: 'not-boolean'; kind: Kind };

interface CelEstimate {
  cost: number;
  problems: CelProblem[];
}

const SATURATED = 2 ** 64;
const sat = (n: number) => (Number.isFinite(n) ? Math.min(n, SATURATED) : SATURATED);
const add = (...n: number[]) => sat(n.reduce((a, b) => a + b, 0));
const mul = (a: number, b: number) => sat(a * b);
const byFactor = (size: number, factor: number) => sat(Math.ceil(size * factor));

const DECL_KIND: Record<Decl['kind'], Kind> = {
  object: 'object', list: 'list', map: 'map', string: 'string', bytes: 'bytes', dyn: 'other', duration: 'other', timestamp: 'other', int: 'int', double: 'double', bool: 'bool',
};

function fromDecl(decl: Decl | undefined): Pick<Est, 'decl' | 'kind' | 'size'> {
  if (!decl) return { size: 0 };
  const size = 'max' in decl ? decl.max : 0;
  return { decl, kind: DECL_KIND[decl.kind], size };
}

type AstExpr = { exprKind: { case: string | undefined; value: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any

const NOT_BOOLEAN_CALLS: Record<string, Kind> = {
  size: 'int', int: 'int', uint: 'int', double: 'double', string: 'string', bytes: 'bytes', duration: 'other', timestamp: 'other',
  '_+_': 'other', '_-_': 'other', '_*_': 'other', '_/_': 'other', '_%_': 'other', '-_': 'other',
  upperAscii: 'string', lowerAscii: 'string', trim: 'string', substring: 'string', replace: 'string', split: 'list', join: 'string',
};
const BOOLEAN_CALLS = new Set(['_==_', '_!=_', '_<_', '_<=_', '_>_', '_>=_', '!_', '_&&_', '_||_', '@in', 'matches', 'startsWith', 'endsWith', 'contains', 'has', '@not_strictly_false']);

class Estimator {
  problems: CelProblem[] = [];
  private vars = new Map<string, Est[]>();

  constructor(private readonly self: Decl) {}

  run(expr: AstExpr): CelEstimate {
    const e = this.est(expr);
    if (e.kind && e.kind !== 'bool' && e.kind !== 'other' && e.kind !== 'null') this.problems.push({ problem: 'not-boolean', kind: e.kind });
    return { cost: e.cost, problems: this.problems };
  }

  private push(name: string, v: Est): void {
    const stack = this.vars.get(name) ?? [];
    stack.push(v);
    this.vars.set(name, stack);
  }

  private pop(name: string): void {
    this.vars.get(name)?.pop();
  }

  private est(e: AstExpr | undefined): Est {
    if (!e) return { cost: 0, size: 0 };
    const v = e.exprKind.value;
    switch (e.exprKind.case) {
      case 'constExpr':
        return constant(v);
      case 'identExpr': {
        const local = this.vars.get(v.name)?.at(-1);
        if (local) return { ...local, cost: F.selectAndIdentCost.value };
        if (v.name === 'self' || v.name === 'oldSelf') return { cost: F.selectAndIdentCost.value, ...fromDecl(this.self) };
        return { cost: F.selectAndIdentCost.value, size: 0 };
      }
      case 'selectExpr': {
        const o = this.est(v.operand);
        const decl = o.decl;
        let field: Decl | undefined;
        if (decl?.kind === 'object') {
          const key = celFieldKey(decl.fields, v.field);
          if (key !== undefined) field = decl.fields.get(key);
          else if (!decl.open) this.problems.push({ problem: 'unknown-field', field: v.field, known: [...decl.fields.keys()] });
        } else if (decl?.kind === 'map') field = decl.elem;
        if (v.testOnly) return { cost: add(o.cost, F.selectAndIdentCost.value), size: 0, kind: 'bool' };
        const selectCost = decl?.kind === 'object' || decl?.kind === 'map' ? F.selectAndIdentCost.value : 0;
        return { cost: add(o.cost, selectCost), ...fromDecl(field) };
      }
      case 'callExpr':
        return this.call(v.function, v.target, v.args ?? []);
      case 'listExpr': {
        const items = (v.elements ?? []).map((x: AstExpr) => this.est(x));
        return { cost: add(F.listCreateBaseCost.value, ...items.map((i: Est) => i.cost)), size: items.length, kind: 'list' };
      }
      case 'structExpr': {
        let cost = 0;
        for (const entry of v.entries ?? []) {
          if (entry.keyKind?.case === 'mapKey') cost = add(cost, this.est(entry.keyKind.value).cost);
          cost = add(cost, this.est(entry.value).cost);
        }
        if (v.messageName) return { cost, size: 0, kind: 'other' };
        return { cost: add(F.mapCreateBaseCost.value, cost), size: (v.entries ?? []).length, kind: 'map' };
      }
      case 'comprehensionExpr':
        return this.comprehension(v);
    }
    return { cost: 0, size: 0 };
  }

  private comprehension(c: {
    iterVar: string; iterVar2?: string; accuVar: string;
    iterRange: AstExpr; accuInit: AstExpr; loopCondition: AstExpr; loopStep: AstExpr; result: AstExpr;
  }): Est {
    const range = this.est(c.iterRange);
    const init = this.est(c.accuInit);
    const rd = range.decl;
    const keyOrItem: Est = rd?.kind === 'list' ? { cost: 0, ...fromDecl(rd.elem) } : rd?.kind === 'map' ? { cost: 0, size: 0, kind: 'string' } : { cost: 0, size: 0 };
    const value: Est = rd?.kind === 'map' ? { cost: 0, ...fromDecl(rd.elem) } : { cost: 0, size: 0 };
    this.push(c.accuVar, { cost: 0, size: init.kind === 'list' || init.kind === 'map' ? range.size : init.size, kind: init.kind });
    if (c.iterVar2) {
      this.push(c.iterVar, rd?.kind === 'list' ? { cost: 0, size: 0, kind: 'int' } : keyOrItem);
      this.push(c.iterVar2, rd?.kind === 'list' ? keyOrItem : value);
    } else this.push(c.iterVar, keyOrItem);
    const loop = this.est(c.loopCondition);
    const step = this.est(c.loopStep);
    if (c.iterVar2) this.pop(c.iterVar2);
    this.pop(c.iterVar);
    const result = this.est(c.result);
    this.pop(c.accuVar);
    const cost = add(range.cost, init.cost, result.cost, mul(range.size, add(loop.cost, step.cost)));
    const containerResult = init.kind === 'list' || init.kind === 'map';
    return { cost, size: containerResult ? range.size : result.size, kind: result.kind ?? init.kind };
  }

  private call(fn: string, targetExpr: AstExpr | undefined, argExprs: AstExpr[]): Est {
    if (fn === '_?_:_') {
      const [c, a, b] = argExprs.map((x) => this.est(x)) as [Est, Est, Est];
      return { cost: add(c.cost, Math.max(a.cost, b.cost)), size: Math.min(a.size, b.size), kind: a.kind === b.kind ? a.kind : undefined };
    }
    const target = targetExpr ? this.est(targetExpr) : undefined;
    const args = argExprs.map((x) => this.est(x));
    const base = add(target?.cost ?? 0, ...args.map((a) => a.cost));
    const t = target;
    const ts = target?.size ?? 0;
    const isString = (x: Est | undefined) => x?.kind === 'string';
    switch (fn) {
      case 'dyn':
        return { ...args[0]!, cost: add(1, base) };
      case '_[_]': {
        const container = args[0]?.decl;
        const elem = container?.kind === 'list' || container?.kind === 'map' ? container.elem : undefined;
        return { cost: add(1, base), ...fromDecl(elem) };
      }
      case 'size':
      case '@not_strictly_false':
        return { cost: add(1, base), size: 0, kind: fn === 'size' ? 'int' : 'bool' };
      case 'lowerAscii':
      case 'upperAscii':
      case 'trim':
      case 'substring':
        if (t && isString(t)) return { cost: add(base, byFactor(ts, F.stringTraversalCostFactor.value)), size: ts, kind: 'string' };
        break;
      case 'replace':
      case 'split':
        if (t && isString(t)) return { cost: add(base, byFactor(ts, 2 * F.stringTraversalCostFactor.value)), size: 0, kind: fn === 'split' ? 'list' : 'string' };
        break;
      case 'matches':
        if (t && isString(t) && args.length === 1) {
          const strCost = byFactor(ts + 1, F.stringTraversalCostFactor.value);
          const regexCost = byFactor(args[0]!.size, F.regexStringLengthCostFactor.value);
          return { cost: add(base, mul(strCost, regexCost)), size: 0, kind: 'bool' };
        }
        break;
      case 'contains':
        if (t && isString(t) && args.length === 1) {
          return { cost: add(base, mul(byFactor(ts, F.stringTraversalCostFactor.value), byFactor(args[0]!.size, F.stringTraversalCostFactor.value))), size: 0, kind: 'bool' };
        }
        break;
      case 'startsWith':
      case 'endsWith':
        if (t && isString(t) && args.length === 1) return { cost: add(base, byFactor(args[0]!.size, F.stringTraversalCostFactor.value)), size: 0, kind: 'bool' };
        break;
      case '@in':
        if (args[1]?.kind === 'list') return { cost: add(base, args[1].size), size: 0, kind: 'bool' };
        break;
    }
    if (BOOLEAN_CALLS.has(fn)) return { cost: base, size: 0, kind: 'bool' };
    const kind = NOT_BOOLEAN_CALLS[fn];
    if (kind === 'other' && (fn === '_+_' || fn === '_-_') && args[0]?.kind === args[1]?.kind && args[0]?.kind !== undefined) {
      return { cost: base, size: 0, kind: args[0].kind === 'object' ? 'other' : args[0].kind };
    }
    return { cost: base, size: 0, ...(kind ? { kind } : {}) };
  }
}

function constant(v: { constantKind: { case: string; value: unknown } }): Est {
  switch (v.constantKind.case) {
    case 'boolValue':
      return { cost: 0, size: 1, kind: 'bool' };
    case 'int64Value':
    case 'uint64Value':
      return { cost: 0, size: 1, kind: 'int' };
    case 'doubleValue':
      return { cost: 0, size: 1, kind: 'double' };
    case 'stringValue':
      return { cost: 0, size: [...String(v.constantKind.value)].length, kind: 'string' };
    case 'bytesValue':
      return { cost: 0, size: (v.constantKind.value as Uint8Array).length, kind: 'bytes' };
    case 'nullValue':
      return { cost: 0, size: 1, kind: 'null' };
  }
  return { cost: 0, size: 0 };
}

/** The lower bound of a parsed expression's estimated cost with `self` of type `self`, and what its compiler
 *  would refuse (a field the type does not have, a result that is not a boolean). Undefined when the walk fails
 *  (an expression nested too deeply for the stack). */
export function estimateCel(expr: unknown, self: Decl): CelEstimate | undefined {
  try {
    return new Estimator(self).run(expr as AstExpr);
  } catch {
    return undefined;
  }
}
