// What CEL's type checker refuses when kube-apiserver compiles an expression against declared variables, for the
// expressions of admission policies, webhook match conditions and DRA selectors (validate/apiserver/cel-compile.ts):
// an identifier that is not declared, a field that a declared object type does not have, and the result type when
// it is known. This is a lower bound of the checker (the parser and evaluator come from @bufbuild/cel, which has no
// usable checker): whatever it cannot tell for sure (a function of the Kubernetes libraries, a value of type dyn,
// an overload it does not model) is `dyn` and judged by nothing, so an expression the server compiles is never
// refused here.
import { parsedCel } from './cel-syntax';

/** A declared CEL type. `dyn` also stands for "not known here". */
export type CelType =
  | { kind: 'bool' | 'int' | 'uint' | 'double' | 'string' | 'bytes' | 'null' | 'dyn' }
  | { kind: 'list'; elem: CelType }
  | { kind: 'map'; key: CelType; value: CelType }
  | { kind: 'object'; name: string; fields: Readonly<Record<string, CelType>> };

export const DYN: CelType = { kind: 'dyn' };
export const STRING: CelType = { kind: 'string' };
const BOOL: CelType = { kind: 'bool' };
const INT: CelType = { kind: 'int' };

/** Something the server's compiler refuses. */
type CelCheckProblem =
  | { problem: 'undeclared'; name: string }
  | { problem: 'no-field'; field: string; type: string; known: string[] };

interface CelCheckResult {
  /** undefined: the text does not parse here (syntax errors are celParseError's). */
  type: CelType | undefined;
  problems: CelCheckProblem[];
}

/** Identifiers that name types (usable as values: `type(x) == string`) and the roots of qualified type names. */
const TYPE_NAMES = new Set(['bool', 'int', 'uint', 'double', 'string', 'bytes', 'list', 'map', 'null_type', 'type', 'dyn', 'google', 'kubernetes', 'optional_type']);

/** Results of functions whose every overload, in CEL and in the Kubernetes libraries, gives one type. */
const RESULT: Readonly<Record<string, CelType>> = {
  '_==_': BOOL, '_!=_': BOOL, '_<_': BOOL, '_<=_': BOOL, '_>_': BOOL, '_>=_': BOOL, '@in': BOOL, '!_': BOOL,
  '_&&_': BOOL, '_||_': BOOL, '@not_strictly_false': BOOL, 'matches': BOOL, 'startsWith': BOOL, 'endsWith': BOOL,
  'size': INT, 'int': INT, 'uint': { kind: 'uint' }, 'double': { kind: 'double' }, 'string': STRING, 'bool': BOOL,
  'bytes': { kind: 'bytes' }, 'lowerAscii': STRING, 'upperAscii': STRING, 'trim': STRING, 'replace': STRING,
  'substring': STRING, 'charAt': STRING,
};

/** Calls that bind their leading bare identifiers as variables of the remaining arguments (macros that
 *  @bufbuild/cel does not expand: two-variable comprehensions, transforms, cel.bind, sortBy). */
const BINDING_CALLS: Readonly<Record<string, CelType>> = {
  all: BOOL, exists: BOOL, existsOne: BOOL, exists_one: BOOL, transformList: DYN, transformMap: DYN,
  transformMapEntry: DYN, sortBy: DYN, bind: DYN, map: DYN, filter: DYN, optMap: DYN, optFlatMap: DYN,
};

// The parsed tree (cel.expr.Expr messages of @bufbuild/cel-spec), read structurally.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = { exprKind: { case: string | undefined; value: any } };

const same = (a: CelType, b: CelType): boolean => a.kind === b.kind && (a.kind !== 'object' || (b.kind === 'object' && a.name === b.name));

/** Type-checks `expr` against the declared variables. `judged`: names that are never a namespace of functions
 *  (the variables of related environments, `self`), so `authorizer.group(…)` without an authorizer is refused. */
export function checkCel(expr: string, variables: Readonly<Record<string, CelType>>, judged: readonly string[] = []): CelCheckResult {
  const parsed = parsedCel(expr) as Node | undefined;
  if (!parsed) return { type: undefined, problems: [] };
  const problems: CelCheckProblem[] = [];
  const seen = new Set<string>();
  const note = (p: CelCheckProblem) => {
    const key = JSON.stringify(p);
    if (!seen.has(key)) problems.push(p);
    seen.add(key);
  };

  /** The dotted name of an identifier/select chain (`a.b.c`), or undefined. */
  const dotted = (n: Node): string | undefined => {
    if (n.exprKind.case === 'identExpr') return n.exprKind.value.name as string;
    if (n.exprKind.case === 'selectExpr' && !n.exprKind.value.testOnly) {
      const left = dotted(n.exprKind.value.operand as Node);
      return left === undefined ? undefined : `${left}.${n.exprKind.value.field as string}`;
    }
    return undefined;
  };
  /** Whether a call's target is a namespace of functions (`optional.of`, `cel.bind`, `math.greatest`): a bare
   *  identifier that is no variable here and no variable of a related environment (`judged`). */
  const isNamespace = (n: Node, scope: ReadonlyMap<string, CelType>): boolean => {
    if (n.exprKind.case !== 'identExpr') return false;
    const name = n.exprKind.value.name as string;
    return !scope.has(name) && !(name in variables) && !judged.includes(name);
  };

  const walk = (n: Node, scope: ReadonlyMap<string, CelType>, depth: number): CelType => {
    if (depth > 200) return DYN;
    const v = n.exprKind.value;
    switch (n.exprKind.case) {
      case 'constExpr':
        switch (v.constantKind.case) {
          case 'boolValue': return BOOL;
          case 'int64Value': return INT;
          case 'uint64Value': return { kind: 'uint' };
          case 'doubleValue': return { kind: 'double' };
          case 'stringValue': return STRING;
          case 'bytesValue': return { kind: 'bytes' };
          case 'nullValue': return { kind: 'null' };
        }
        return DYN;
      case 'identExpr': {
        const name = v.name as string;
        const t = scope.get(name) ?? variables[name];
        if (t) return t;
        if (!TYPE_NAMES.has(name)) note({ problem: 'undeclared', name });
        return DYN;
      }
      case 'selectExpr': {
        const name = dotted(n);
        if (name !== undefined && !scope.has(name.split('.')[0]!) && variables[name]) return variables[name]!;
        const operand = v.operand as Node;
        const root = name?.split('.')[0];
        // A qualified type name (`google.protobuf.Duration`): not judged.
        if (root !== undefined && TYPE_NAMES.has(root) && !scope.has(root) && !(root in variables)) return DYN;
        const t = walk(operand, scope, depth + 1);
        const field = v.field as string;
        let out: CelType = DYN;
        if (t.kind === 'object') {
          const f = t.fields[field];
          if (f) out = f;
          else note({ problem: 'no-field', field, type: t.name, known: Object.keys(t.fields) });
        } else if (t.kind === 'map') out = t.value;
        return v.testOnly ? BOOL : out;
      }
      case 'callExpr': {
        const fn = v.function as string;
        const target = v.target as Node | undefined;
        const args = (v.args ?? []) as Node[];
        const firstIdent = args[0]?.exprKind.case === 'identExpr' ? (args[0].exprKind.value.name as string) : undefined;
        // A method call whose first argument is a bare name that is nothing here: a macro this list does not know
        // binds it (not refused).
        const unknownMacro = target !== undefined && args.length >= 2 && firstIdent !== undefined && !scope.has(firstIdent) && !(firstIdent in variables);
        const binding = BINDING_CALLS[fn] ?? (unknownMacro ? DYN : undefined);
        if (binding && args.length >= 2 && firstIdent !== undefined) {
          const inner = new Map(scope);
          let first = 1;
          inner.set(args[0]!.exprKind.value.name as string, DYN);
          if (args.length >= 3 && args[1]!.exprKind.case === 'identExpr' && fn !== 'bind') {
            inner.set(args[1]!.exprKind.value.name as string, DYN);
            first = 2;
          }
          if (target && !isNamespace(target, scope)) walk(target, scope, depth + 1);
          // cel.bind(name, init, body): init is read outside the binding.
          if (fn === 'bind') {
            inner.set(args[0]!.exprKind.value.name as string, walk(args[1]!, scope, depth + 1));
            first = 2;
          }
          let last: CelType = DYN;
          for (const a of args.slice(first)) last = walk(a, inner, depth + 1);
          return fn === 'bind' ? last : binding;
        }
        if (target && !isNamespace(target, scope)) walk(target, scope, depth + 1);
        const types = args.map((a) => walk(a, scope, depth + 1));
        return resultOf(fn, types);
      }
      case 'listExpr': {
        const elems = ((v.elements ?? []) as Node[]).map((e) => walk(e, scope, depth + 1));
        const first = elems[0];
        return { kind: 'list', elem: first && elems.every((e) => same(e, first)) ? first : DYN };
      }
      case 'structExpr':
        for (const e of (v.entries ?? []) as { keyKind: { case: string; value: Node }; value: Node }[]) {
          if (e.keyKind?.case === 'mapKey') walk(e.keyKind.value, scope, depth + 1);
          walk(e.value, scope, depth + 1);
        }
        return v.messageName ? DYN : { kind: 'map', key: DYN, value: DYN };
      case 'comprehensionExpr': {
        const range = walk(v.iterRange as Node, scope, depth + 1);
        const inner = new Map(scope);
        const elem = range.kind === 'list' ? range.elem : range.kind === 'map' ? range.key : DYN;
        if (v.iterVar) inner.set(v.iterVar as string, v.iterVar2 ? DYN : elem);
        if (v.iterVar2) inner.set(v.iterVar2 as string, DYN);
        inner.set(v.accuVar as string, walk(v.accuInit as Node, scope, depth + 1));
        walk(v.loopCondition as Node, inner, depth + 1);
        walk(v.loopStep as Node, inner, depth + 1);
        const resultScope = new Map(scope);
        resultScope.set(v.accuVar as string, inner.get(v.accuVar as string)!);
        return walk(v.result as Node, resultScope, depth + 1);
      }
    }
    return DYN;
  };

  const type = walk(parsed, new Map(), 0);
  return { type, problems };
}

function resultOf(fn: string, args: CelType[]): CelType {
  const fixed = RESULT[fn];
  if (fixed) return fixed;
  const [a, b, c] = args;
  switch (fn) {
    case '_+_':
      if (a && b && a.kind === b.kind && ['string', 'int', 'uint', 'double', 'bytes'].includes(a.kind)) return a;
      if (a?.kind === 'list' && b?.kind === 'list') return { kind: 'list', elem: same(a.elem, b.elem) ? a.elem : DYN };
      return DYN;
    case '_-_': case '_*_': case '_/_': case '_%_':
      return a && b && a.kind === b.kind && ['int', 'uint', 'double'].includes(a.kind) ? a : DYN;
    case '-_':
      return a && ['int', 'double'].includes(a.kind) ? a : DYN;
    case '_?_:_':
      return b && c && same(b, c) && b.kind !== 'list' && b.kind !== 'map' ? b : DYN;
    case '_[_]':
      return a?.kind === 'list' ? a.elem : a?.kind === 'map' ? a.value : DYN;
  }
  return DYN;
}

/** A type as the server's messages name it (`bool`, `string`, `list(dyn)`, `kubernetes.UserInfo`). */
export function celTypeName(t: CelType): string {
  switch (t.kind) {
    case 'list': return `list(${celTypeName(t.elem)})`;
    case 'map': return `map(${celTypeName(t.key)}, ${celTypeName(t.value)})`;
    case 'object': return t.name;
    case 'null': return 'null_type';
    default: return t.kind;
  }
}
