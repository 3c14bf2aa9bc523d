// How deeply a CEL expression nests, read from its text before it is parsed. kube-apiserver's CEL parser refuses an
// expression whose grammar rule for an expression is entered more than 250 times inside itself: every bracket
// (a parenthesis, a call's or an index's, a list, a map or a message) and every else branch of `? :` opens one more
// (google/cel-go parser/parser.go @ d5cb3f2c4cc160267580dcfc6786940f1dfacfe0: NewParser's default
// maxRecursionDepth 250, recursionListener; Kubernetes sets no other limit: kubernetes/kubernetes
// staging/src/k8s.io/apiserver/pkg/cel/environment/base.go @ 002315b9745c1ca0f15295ab870e0b4b56203b0e). Such an
// expression is refused here too, before the JavaScript parser sees it: that parser recurses on the same nesting
// and overflowed the stack at a depth that depended on the thread (the CLI's main thread and its workers judged
// the same rule differently).

/** The parser's limit, and its message. */
export const CEL_MAX_RECURSION = 250;
export const CEL_RECURSION_MESSAGE = `expression recursion limit exceeded: ${CEL_MAX_RECURSION}`;

const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

/** Whether the expression nests deeper than kube-apiserver's CEL parser reads. Linear; string literals (quoted,
 *  triple-quoted, raw, bytes) are skipped. */
export function celTooDeep(expr: string): boolean {
  /** Else branches open at each bracket level (the expression itself is the first level); `depth` is the number of
   *  levels plus all of them. */
  const ternaries: number[] = [0];
  let depth = 1;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i]!;
    if (c === '"' || c === "'") {
      i = stringEnd(expr, i) - 1;
    } else if (OPEN.has(c)) {
      ternaries.push(0);
      depth++;
    } else if (CLOSE.has(c)) {
      if (ternaries.length > 1) depth -= 1 + ternaries.pop()!;
    } else if (c === ',') {
      // The next list item, argument or map entry: the else branches of the one before have ended.
      depth -= ternaries[ternaries.length - 1]!;
      ternaries[ternaries.length - 1] = 0;
    } else if (c === '?' && !optionalSyntax(expr, i)) {
      ternaries[ternaries.length - 1]!++;
      depth++;
    } else continue;
    if (depth > CEL_MAX_RECURSION) return true;
  }
  return false;
}

/** `.?field` and `[?index`: the optional syntax, not a conditional. */
function optionalSyntax(expr: string, at: number): boolean {
  let j = at - 1;
  while (j >= 0 && /\s/.test(expr[j]!)) j--;
  return j >= 0 && (expr[j] === '.' || expr[j] === '[');
}

/** Where the string literal opening at `start` ends (past its closing quote; the text's end when it is open). */
function stringEnd(expr: string, start: number): number {
  const q = expr[start]!;
  const triple = expr.startsWith(q.repeat(3), start);
  const close = triple ? q.repeat(3) : q;
  const raw = isRawPrefix(expr, start);
  for (let i = start + close.length; i < expr.length; i++) {
    if (!raw && expr[i] === '\\') {
      i++;
      continue;
    }
    if (expr.startsWith(close, i)) return i + close.length;
    if (!triple && (expr[i] === '\n' || expr[i] === '\r')) return i;
  }
  return expr.length;
}

/** An `r` or `R` right before the quote, itself the start of a token or after a `b`/`B` that is. */
function isRawPrefix(expr: string, quote: number): boolean {
  const p = expr[quote - 1];
  if (p !== 'r' && p !== 'R') return false;
  const before = expr[quote - 2];
  if (before === 'b' || before === 'B') return !/[A-Za-z0-9_]/.test(expr[quote - 3] ?? '');
  return !/[A-Za-z0-9_]/.test(before ?? '');
}
