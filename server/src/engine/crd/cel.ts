// CEL rules of CRD schemas (x-kubernetes-validations) with @bufbuild/cel. Only rules that read `self` alone are
// evaluated (a rule that mentions `oldSelf` is a transition rule: skipped). A rule that does not evaluate
// (a function of the Kubernetes CEL library this library lacks, a missing key) is skipped and counted;
// only a rule that evaluates to `false` is a finding.
import type * as CelModule from '@bufbuild/cel';
import type * as CelExt from '@bufbuild/cel/ext';
import type { CrdRule } from './format';

/** The CEL library, loaded on the first rule evaluated (most checks never meet a CRD rule: no memory for it). */
let lib: (typeof CelModule & { strings: typeof CelExt.strings }) | undefined;
function cel(): typeof CelModule & { strings: typeof CelExt.strings } {
  if (!lib) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const core = require('@bufbuild/cel') as typeof CelModule;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ext = require('@bufbuild/cel/ext') as typeof CelExt;
    lib = { ...core, strings: ext.strings };
  }
  return lib;
}

export type RuleOutcome = { result: 'pass' } | { result: 'fail'; message: string } | { result: 'skipped'; why: 'oldSelf' | 'unsupported' };

/** How many rules were skipped, by reason (reported by tests and `kubegate explain`). */
export const celStats = { evaluated: 0, skippedOldSelf: 0, skippedUnsupported: 0 };

export function usesOldSelf(rule: CrdRule): boolean {
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
  const code = rule.rule.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''");
  if (/\.\?/.test(code)) return 'library';
  for (const m of code.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*\(/g)) if (!SUPPORTED_FUNCTIONS.has(m[1]!)) return 'library';
  return 'evaluated';
}

type Program = (bindings: { self: never }) => unknown;

let env: ReturnType<typeof CelModule.celEnv> | undefined;
const programs = new Map<string, Program | null>();

/** Parsed and planned once per expression text (null: it does not parse or plan). */
function programOf(expr: string): Program | null {
  let p = programs.get(expr);
  if (p === undefined) {
    try {
      const { celEnv, parse, plan, strings } = cel();
      env ??= celEnv({ funcs: strings });
      p = plan(env, parse(expr)) as unknown as Program;
    } catch {
      p = null;
    }
    programs.set(expr, p);
  }
  return p;
}

function run(expr: string, bindings: { self: never }): unknown {
  const program = programOf(expr);
  if (!program) return undefined;
  try {
    return program(bindings);
  } catch {
    return undefined;
  }
}

export function evaluateRule(rule: CrdRule, self: unknown): RuleOutcome {
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
  try {
    value = run(rule.rule, { self: self as never });
  } catch {
    celStats.skippedUnsupported++;
    return { result: 'skipped', why: 'unsupported' };
  }
  if (cel().isCelError(value) || typeof value !== 'boolean') {
    celStats.skippedUnsupported++;
    return { result: 'skipped', why: 'unsupported' };
  }
  celStats.evaluated++;
  if (value) return { result: 'pass' };
  return { result: 'fail', message: messageOf(rule, self) };
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

const CEL_RESERVED = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import',
  'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

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

/**
 * Why a CEL expression does not parse (the parser's message without its `<input>` prefix), or undefined when it
 * parses. Expressions with the optional syntax (`.?`, `[?`), which Kubernetes enables and this parser lacks, are
 * not judged. Type checking against the schema and the Kubernetes library is not done here.
 */
export function celParseError(expr: string): string | undefined {
  const code = expr.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''");
  if (/\.\?|\[\?/.test(code)) return undefined;
  try {
    cel().parse(expr);
    return undefined;
  } catch (e) {
    const text = e instanceof Error ? e.message : String(e);
    return text.replace(/^<input>:/, 'at ').split('\n')[0];
  }
}
