// CEL rules of CRD schemas (x-kubernetes-validations) with @bufbuild/cel. Only rules that read `self` alone are
// evaluated (a rule that mentions `oldSelf` is a transition rule: skipped). A rule that does not evaluate
// (a function of the Kubernetes CEL library this library lacks, a missing key) is skipped and counted;
// only a rule that evaluates to `false` is a finding.
import type * as CelModule from '@bufbuild/cel';
import type * as CelExt from '@bufbuild/cel/ext';
import type { CrdRule } from './crd-data';
import { CEL_RESERVED, parseOutcome } from '../validate/cel-syntax';

/** The CEL library, loaded on the first rule evaluated (most checks never meet a CRD rule: no memory for it). */
let lib: (typeof CelModule & { strings: typeof CelExt.strings }) | undefined;
function cel(): typeof CelModule & { strings: typeof CelExt.strings } {
  if (!lib) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const core = require('@bufbuild/cel') as typeof CelModule;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ext = require('@bufbuild/cel/ext') as typeof CelExt;
    lib = { ...core, strings: ext.strings };
    meterEvaluation();
  }
  return lib;
}

// ── Run-time cost, as kube-apiserver bounds it. The API server gives each rule call a cost limit and each
// custom resource a total budget; a rule over either is not evaluated to the end and the object is refused.
// Limits: kubernetes/kubernetes staging/src/k8s.io/apiserver/pkg/apis/cel/config.go
// @ 0a74a85ed8c08e0f0588ecc4a764883698a1b99e (PerCallLimit = 1000000, RuntimeCELCostBudget = 10000000).
// Messages: staging/src/k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation.go
// @ 9d2a8fb7c431f0cf55f9671ca9502e5b1fc151ff ("no further validation rules will be run due to call cost exceeds
// limit for rule", "validation failed due to running out of cost budget").
// Kubegate's cost unit is one evaluation step (an expression node evaluated) plus one per 10 characters of each
// string or list an operation produces: close to the API server's units, and what bounds Kubegate's own work.
export const PER_CALL_COST_LIMIT = 1_000_000;
export const RUNTIME_COST_BUDGET = 10_000_000;

class CostLimitExceeded extends Error {}

/** The running evaluation's cost and limit (one evaluation at a time: the engine is synchronous). */
const meter = { cost: 0, limit: Number.POSITIVE_INFINITY, exceeded: false };

type PlannerClass = { prototype: { plan(this: unknown, expr: unknown): unknown } };

/** The library's expression planner (not among its exports: the vendor bundle exposes it, else its file). */
function plannerClass(): PlannerClass | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('@bufbuild/cel/planner') as { Planner: PlannerClass }).Planner;
  } catch {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const index = require.resolve('@bufbuild/cel');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (require(index.replace(/index\.js$/, 'planner.js')) as { Planner: PlannerClass }).Planner;
    } catch {
      return undefined;
    }
  }
}

let metered = false;
/** Counts every node the evaluator runs: each planned node's class gets a counting `eval` (once per class). */
function meterEvaluation(): void {
  if (metered) return;
  metered = true;
  const Planner = plannerClass();
  if (!Planner) return;
  const patched = new Set<object>();
  const plan = Planner.prototype.plan;
  Planner.prototype.plan = function (this: unknown, expr: unknown) {
    const node = plan.call(this, expr) as { constructor?: { prototype?: { eval?: (ctx: unknown) => unknown } } } | undefined;
    const proto = node?.constructor?.prototype;
    if (proto && typeof proto.eval === 'function' && !patched.has(proto)) {
      patched.add(proto);
      const inner = proto.eval;
      proto.eval = function (this: unknown, ctx: unknown) {
        if (++meter.cost > meter.limit) {
          meter.exceeded = true;
          throw new CostLimitExceeded('actual cost limit exceeded');
        }
        const value = inner.call(this, ctx);
        if (typeof value === 'string' && value.length >= 10) meter.cost += Math.floor(value.length / 10);
        return value;
      };
    }
    return node;
  };
}

type RuleOutcome =
  | { result: 'pass'; cost: number }
  | { result: 'fail'; message: string; cost: number }
  | { result: 'skipped'; why: 'oldSelf' | 'unsupported' }
  /** The evaluation stopped at the per-call limit or the resource's remaining budget (`limit` says which). */
  | { result: 'over-budget'; limit: 'per-call' | 'budget'; cost: number };

/** How many rules were skipped, by reason (reported by tests and `kubegate explain`). */
export const celStats = { evaluated: 0, skippedOldSelf: 0, skippedUnsupported: 0, overBudget: 0, cost: 0 };

function usesOldSelf(rule: CrdRule): boolean {
  return /\boldSelf\b/.test(rule.rule);
}

/** Functions and macros this evaluator has (CEL standard definitions plus the strings extension). */
const SUPPORTED_FUNCTIONS = new Set([
  'size', 'matches', 'startsWith', 'endsWith', 'contains', 'int', 'uint', 'double', 'string', 'bool', 'bytes', 'dyn',
  'type', 'duration', 'timestamp', 'has', 'all', 'exists', 'exists_one', 'map', 'filter', 'lowerAscii', 'upperAscii',
  'indexOf', 'lastIndexOf', 'replace', 'split', 'substring', 'trim', 'join', 'charAt', 'format',
]);

/** Whether a rule can be evaluated here: `oldSelf` (a transition rule) or a function of the Kubernetes CEL
 *  library (isURL, quantity, ip, cidr, lists, regex find, optionals, …) are not. */
export function ruleSupport(rule: CrdRule): 'evaluated' | 'oldSelf' | 'library' {
  if (usesOldSelf(rule)) return 'oldSelf';
  let support = librarySupport.get(rule.rule);
  if (support === undefined) {
    const code = rule.rule.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''");
    support = /\.\?/.test(code) || [...code.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*\(/g)].some((m) => !SUPPORTED_FUNCTIONS.has(m[1]!)) ? 'library' : 'evaluated';
    if (librarySupport.size >= SUPPORT_KEPT) librarySupport.clear();
    librarySupport.set(rule.rule, support);
  }
  return support;
}

/** Whether a rule's text needs the Kubernetes library, by text (asked for every object the rule applies to). */
const librarySupport = new Map<string, 'evaluated' | 'library'>();
const SUPPORT_KEPT = 20_000;

type Program = (bindings: { self: never }) => unknown;

let env: ReturnType<typeof CelModule.celEnv> | undefined;
const programs = new Map<string, Program | null>();

/** Parsed and planned once per expression text (null: it does not parse or plan). */
function programOf(expr: string): Program | null {
  let p = programs.get(expr);
  if (p === undefined) {
    try {
      const { celEnv, plan, strings } = cel();
      env ??= celEnv({ funcs: strings });
      // The parse a CRD's check made of the same rule, when there was one (plan does not change it).
      const parsed = parseOutcome(expr).parsed;
      p = parsed ? (plan(env, parsed) as unknown as Program) : null;
    } catch {
      p = null;
    }
    programs.set(expr, p);
  }
  return p;
}

function run(expr: string, bindings: { self: never }, limit = PER_CALL_COST_LIMIT): unknown {
  const program = programOf(expr);
  if (!program) return undefined;
  meter.cost = 0;
  meter.limit = limit;
  meter.exceeded = false;
  try {
    return program(bindings);
  } catch {
    return undefined;
  } finally {
    meter.limit = Number.POSITIVE_INFINITY;
  }
}

/** `budget`: what is left of the resource's RUNTIME_COST_BUDGET (the caller subtracts each outcome's cost). */
export function evaluateRule(rule: CrdRule, self: unknown, budget = RUNTIME_COST_BUDGET): RuleOutcome {
  const support = ruleSupport(rule);
  if (support === 'oldSelf') {
    celStats.skippedOldSelf++;
    return { result: 'skipped', why: 'oldSelf' };
  }
  if (support === 'library') {
    celStats.skippedUnsupported++;
    return { result: 'skipped', why: 'unsupported' };
  }
  let value: unknown;
  const limit = Math.min(PER_CALL_COST_LIMIT, budget);
  try {
    value = run(rule.rule, { self: self as never }, limit);
  } catch {
    celStats.skippedUnsupported++;
    return { result: 'skipped', why: 'unsupported' };
  }
  const cost = meter.cost;
  celStats.cost += Math.min(cost, limit + 1);
  if (meter.exceeded) {
    celStats.overBudget++;
    return { result: 'over-budget', limit: limit < PER_CALL_COST_LIMIT ? 'budget' : 'per-call', cost: limit + 1 };
  }
  if (cel().isCelError(value) || typeof value !== 'boolean') {
    celStats.skippedUnsupported++;
    return { result: 'skipped', why: 'unsupported' };
  }
  celStats.evaluated++;
  if (value) return { result: 'pass', cost };
  return { result: 'fail', message: messageOf(rule, self), cost };
}

function messageOf(rule: CrdRule, self: unknown): string {
  if (rule.message) return rule.message;
  if (rule.messageExpression) {
    try {
      const m = run(rule.messageExpression, { self: self as never });
      if (typeof m === 'string' && m !== '') return m;
    } catch {
      // fall through
    }
  }
  return `failed rule: ${rule.rule}`;
}


// A property named like a CEL reserved word is declared to CEL under its escaped name (`namespace` →
// `__namespace__`), and it is read by either name: the type checker looks a reserved word it does not find up
// escaped (kubernetes/apiserver pkg/cel/types.go @ 24a394e516bfda066d7e2221d7d92c052de27c54, DeclTypeProvider
// FindStructFieldType), switched on from CEL compatibility version 1.31 for new expressions and always for stored
// ones (pkg/cel/environment/environment.go, same commit, filterAndBuildOpts); at run time an object's field name
// is unescaped before the lookup (pkg/cel/common/valuesunstructured.go, unstructuredMap.Find). The compatibility
// version is the API server's minimum compatibility version (pkg/cel/environment/base.go,
// DefaultCompatibilityVersion), by default its version minus one minor (kubernetes/component-base
// compatibility/version.go @ 349fbe06359c4b39ca17bb9cabdf4a13d70b4b82, SetEmulationVersion): 1.33 or later in every
// version Kubegate supports, so both names compile there.

/** The name under which an object's fields hold `name` (`namespace` → `__namespace__`), or undefined. */
export function celFieldKey(fields: { has(name: string): boolean }, name: string): string | undefined {
  if (fields.has(name)) return name;
  const escaped = `__${name}__`;
  return CEL_RESERVED.has(name) && fields.has(escaped) ? escaped : undefined;
}

/** A CEL object value (a schema object with properties, keys escaped): a reserved word reads its escaped field. */
export class CelObject extends Map<string, unknown> {
  private keyOf(name: string): string {
    return !super.has(name) && typeof name === 'string' && CEL_RESERVED.has(name) ? `__${name}__` : name;
  }

  override get(name: string): unknown {
    return super.get(this.keyOf(name));
  }

  override has(name: string): boolean {
    return super.has(this.keyOf(name));
  }
}

/** A property name as Kubernetes CEL sees it (`namespace` → `__namespace__`, `a-b` → `a__dash__b`). */
export function escapeCelName(name: string): string {
  if (CEL_RESERVED.has(name)) return `__${name}__`;
  if (!/[^A-Za-z0-9_]|__/.test(name)) return name;
  return name
    .replace(/__/g, '__underscores__')
    .replace(/\./g, '__dot__')
    .replace(/-/g, '__dash__')
    .replace(/\//g, '__slash__');
}
