// A finding's `data` typed by its code (the registry's FindingData), for tests that read a key of a finding whose
// code the type of a list does not say: `dataOf(f, 'invalid-value')?.limit`.
import type { Finding, FindingCode, FindingData } from '../../server/src/engine';

/** A finding of one of the codes `C`, as far as its code and data go. */
interface Coded<C extends FindingCode> {
  code: C;
  data?: FindingData[C];
}

function isOf<C extends FindingCode>(f: Coded<FindingCode>, codes: readonly C[]): f is Coded<C> {
  return codes.some((c) => c === f.code);
}

/** The data of `f` when it is a finding of one of `codes` (typed as theirs), else undefined: several codes give the
 *  keys they share (`dataOf(f, 'invalid-value', 'missing-field', 'api-warning')?.fieldPath`). */
export function dataOf<C extends FindingCode>(f: Finding | undefined, ...codes: [C, ...C[]]): FindingData[C] | undefined {
  return f !== undefined && isOf(f, codes) ? f.data : undefined;
}
