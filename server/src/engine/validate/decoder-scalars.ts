// Which scalars a field's decoder accepts, given kubectl's reading of the scalar (kubectl-scalar.ts):
// apimachinery's JSON decoder for API kinds and the kubelet/kube-proxy/kube-scheduler/kubeadm configs, and kind's
// go-yaml v3 decoder for kind `Cluster` documents (which takes any scalar's text for a string field, truncates
// fractions of integers and accepts a quoted YAML 1.1 spelling such as "yes" for a boolean).
import type { Scalar } from 'yaml';
import type { GoInteger, TypeRef } from '../knowledge/data-contract';
import { isWholeNumber, type KubectlScalar } from '../parse/kubectl-scalar';

export type ScalarRef = Extract<TypeRef, { s: unknown }>;

interface TypeProblem {
  /** What the field takes, in words ("a string", "a whole number"). */
  expected: string;
  fix: string;
}

const QUOTED_YAML11_BOOLEANS = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF']);

function isQuoted(node: Scalar): boolean {
  return node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
}

/** Why the decoder rejects this scalar for `type`; undefined when it accepts it. */
export function scalarTypeProblem(read: KubectlScalar, node: Scalar, type: ScalarRef, kindConfig: boolean): TypeProblem | undefined {
  if (read.type === 'null') return undefined;
  const quoteIt = { fix: 'Quote the value so that it stays a string.' };
  const unquote = { fix: isQuoted(node) ? 'Remove the quotes.' : 'Write a number.' };
  switch (type.s) {
    case 'string':
      if (read.type === 'string' || kindConfig) return undefined;
      return { expected: 'a string', ...quoteIt };
    case 'boolean':
      if (read.type === 'bool') return undefined;
      if (kindConfig && read.type === 'string' && QUOTED_YAML11_BOOLEANS.has(read.value)) return undefined;
      return { expected: 'true or false', fix: isQuoted(node) ? 'Remove the quotes.' : 'Write true or false.' };
    case 'number':
      if (read.type === 'int') return outOfRange(read, type.int);
      if (read.type === 'float') {
        if (type.float) return undefined;
        if (kindConfig || isWholeNumber(read)) return outOfRange(read, type.int);
        return { expected: 'a whole number', fix: 'Write a whole number.' };
      }
      return { expected: type.float ? 'a number' : 'a whole number', ...unquote };
    case 'int-or-string':
      if (read.type === 'string') return undefined;
      if (read.type === 'int') return type.quantity ? undefined : outOfRange(read, 'int32');
      if (read.type === 'float') {
        if (type.quantity) return undefined;
        if (isWholeNumber(read)) return outOfRange(read, 'int32');
        return { expected: 'a whole number or a string', fix: 'Write a whole number, or quote the value.' };
      }
      return { expected: type.quantity ? 'a quantity (a number or a string)' : 'a whole number or a string', fix: 'Quote the value or write a number.' };
    default:
      return undefined;
  }
}

/** The range of a Go integer type. */
function rangeOf(int: GoInteger): [bigint, bigint] {
  const bits = BigInt(int.replace(/^u?int/, ''));
  return int.startsWith('u') ? [0n, 2n ** bits - 1n] : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n];
}

/**
 * A whole number outside the range of the Go integer type the field decodes into: kube-apiserver's JSON decoder
 * refuses it (sigs.k8s.io/json internal/golang/encoding/json/decode.go @ cfa47c3a1cc8ff0eff148aa9ec5b0226d0909e87,
 * literalStore: a number that overflows the field's integer type is an UnmarshalTypeError; used by
 * kubernetes/apimachinery pkg/runtime/serializer/json/json.go, Serializer.unmarshal). An IntOrString's number is
 * an int32 (kubernetes/apimachinery pkg/util/intstr/intstr.go: IntVal int32, UnmarshalJSON decodes into it). The
 * kind decoder (go-yaml v3) refuses an overflowing integer too. A fraction is truncated first where kind reads it.
 */
function outOfRange(read: KubectlScalar, int: GoInteger | undefined): TypeProblem | undefined {
  if (!int || (read.type !== 'int' && read.type !== 'float')) return undefined;
  if (read.type === 'float' && !Number.isFinite(read.value)) return undefined;
  const value = read.type === 'int' ? read.value : BigInt(Math.trunc(read.value));
  const [min, max] = rangeOf(int);
  if (value >= min && value <= max) return undefined;
  return {
    expected: `a whole number from ${min} to ${max} (${int})`,
    fix: `kube-apiserver refuses the number when it decodes the object: write one from ${min} to ${max}.`,
  };
}

/** File permission fields take octal-looking numbers on purpose (`defaultMode: 0644`). */
const MODE_FIELD = /mode$/i;

/**
 * A hint where kubectl's YAML 1.1 reading of an accepted value is probably not what the author meant: a number
 * written with a leading zero (octal for kubectl) outside a file-mode field.
 */
export function yaml11Hint(source: string, read: KubectlScalar, slot: { path: string; field?: { name: string } }): { message: string; fix: string } | undefined {
  if (read.type !== 'int') return undefined;
  const digits = source.replace(/^[-+]/, '').replace(/_/g, '');
  if (!/^0[0-7]+$/.test(digits)) return undefined;
  const name = slot.field?.name ?? slot.path.split('.').pop() ?? '';
  if (MODE_FIELD.test(name.replace(/(\[\]|\.\*)$/, ''))) return undefined;
  return {
    message: `kubectl reads ${source} as the octal number ${read.value} (leading zero)`,
    fix: `Write ${read.value} if that is meant, or drop the leading zero.`,
  };
}
