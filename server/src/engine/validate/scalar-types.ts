// Which scalars a field's decoder accepts, given kubectl's reading of the scalar (kubectl-scalar.ts):
// apimachinery's JSON decoder for API kinds and the kubelet/kube-proxy/kube-scheduler/kubeadm configs, and kind's
// go-yaml v3 decoder for kind `Cluster` documents (which takes any scalar's text for a string field, truncates
// fractions of integers and accepts a quoted YAML 1.1 spelling such as "yes" for a boolean).
import type { Scalar } from 'yaml';
import type { TypeRef } from '../knowledge/format';
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
      if (read.type === 'int') return undefined;
      if (read.type === 'float') {
        if (type.float || kindConfig || isWholeNumber(read)) return undefined;
        return { expected: 'a whole number', fix: 'Write a whole number.' };
      }
      return { expected: type.float ? 'a number' : 'a whole number', ...unquote };
    case 'int-or-string':
      if (read.type === 'string' || read.type === 'int') return undefined;
      if (read.type === 'float') {
        if (type.quantity || isWholeNumber(read)) return undefined;
        return { expected: 'a whole number or a string', fix: 'Write a whole number, or quote the value.' };
      }
      return { expected: type.quantity ? 'a quantity (a number or a string)' : 'a whole number or a string', fix: 'Quote the value or write a number.' };
    default:
      return undefined;
  }
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
