// CEL syntax as kube-apiserver's parser reads it, with @bufbuild/cel's parser: one parse per expression text,
// shared by the CRD rules (api-extensions) and the hand-written rules that compile admission policy and DRA
// expressions (validate/apiserver/cel-compile.ts). Evaluation is api-extensions/cel.ts.
import type * as CelModule from '@bufbuild/cel';
import { CEL_RECURSION_MESSAGE, celTooDeep } from './cel-nesting';

/** CEL's reserved words (the language definition's RESERVED, with the literals true, false and null). */
export const CEL_RESERVED: ReadonlySet<string> = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import',
  'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

/** The parser, loaded on the first expression parsed (most checks never meet a CEL expression). */
let parser: typeof CelModule.parse | undefined;
function parseWith(expr: string): ReturnType<typeof CelModule.parse> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  parser ??= (require('@bufbuild/cel') as typeof CelModule).parse;
  return parser(expr);
}

/** Whether the expression uses the optional syntax (`.?`, `[?`), which Kubernetes enables and this parser lacks. */
function usesOptionalSyntax(expr: string): boolean {
  const code = expr.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''");
  return /\.\?|\[\?/.test(code);
}

/**
 * Why a CEL expression does not parse (the parser's message without its `<input>` prefix), or undefined when it
 * parses. Expressions with the optional syntax are not judged. Type checking is not done here.
 */
export function celParseError(expr: string): string | undefined {
  if (usesOptionalSyntax(expr)) return undefined;
  return parseOutcome(expr).error;
}

/** The parsed expression tree (macros expanded into comprehensions), or undefined when it does not parse or uses
 *  the optional syntax this parser lacks. */
export function parsedCel(expr: string): unknown {
  return parseOutcome(expr).expr;
}

/** Parse outcomes by expression text: the same rules come back in every copy of a CRD (bundles of several
 *  releases, a CRD checked as a manifest and read for its custom resources). Bounded; the trees are not changed. */
const parses = new Map<string, ParseOutcome>();

interface ParseOutcome {
  parsed?: ReturnType<typeof CelModule.parse>;
  expr?: unknown;
  error?: string;
}
const PARSES_KEPT = 20_000;

export function parseOutcome(expr: string): ParseOutcome {
  let hit = parses.get(expr);
  if (hit) return hit;
  // Nested deeper than kube-apiserver's parser reads (cel-nesting.ts): refused as it refuses it.
  hit = celTooDeep(expr) ? { error: CEL_RECURSION_MESSAGE } : parseNow(expr);
  if (parses.size >= PARSES_KEPT) parses.clear();
  parses.set(expr, hit);
  return hit;
}

function parseNow(expr: string): ParseOutcome {
  try {
    const parsed = parseWith(expr);
    return { parsed, expr: parsed.expr };
  } catch (e) {
    const text = e instanceof Error ? e.message : String(e);
    return { error: text.replace(/^<input>:/, 'at ').split('\n')[0] };
  }
}
