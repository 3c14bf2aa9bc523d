// What is derived from a file's text (its CRDs, its gate configs), kept across runs by the front end: the CLI and
// the language server store it in the user's cache folder (server/src/host/derived-store.ts), keyed by the text,
// the file and Kubegate's own build, so a repository's CRD bundles are parsed once, not on every run.

export interface DerivedStore {
  /** The value stored for this derivation (`what`) of this text of `file`, or undefined. */
  get(what: string, file: string, text: string): string | undefined;
  set(what: string, file: string, text: string, value: string): void;
}

import type { CrdFileFacts } from '../api-extensions/workspace';
import type { ConfigDocInfo } from '../gates/config-readers';

/** The shape of what is stored: bump a number when what a derivation gives changes. */
export const DERIVED_FORMATS = { crds: 'crds@1', configs: 'configs@1' } as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stored CRD file's facts: `{defs: [{…}], problems: ["…"]}`. */
export function isCrdFileFacts(v: unknown): v is CrdFileFacts {
  // Without this test a null or an array fails on `defs` (throws, or is no array): also a miss in throughStore.
  // Stryker disable next-line ConditionalExpression: equivalent, see above
  if (!isObject(v)) return false;
  return Array.isArray(v['defs']) && v['defs'].every(isObject) && Array.isArray(v['problems']) && v['problems'].every((p) => typeof p === 'string');
}

/** A stored file's gate configs: `[{…}]`. */
export function isConfigList(v: unknown): v is ConfigDocInfo[] {
  return Array.isArray(v) && v.every(isObject);
}

/** The stored value of a derivation, else the computed one (then stored). A value that does not read back or is
 *  not of the derivation's shape (`shaped`) is computed again: a damaged or foreign entry costs a parse, never a
 *  wrong answer or a failed run. */
export function throughStore<T>(store: DerivedStore | undefined, what: string, file: string, text: string, compute: () => T, shaped: (v: unknown) => v is T, onHit: () => void): T {
  if (!store) return compute();
  const stored = store.get(what, file, text);
  // Stryker disable next-line ConditionalExpression: equivalent: JSON.parse(undefined) throws, and then it is computed
  if (stored !== undefined) {
    try {
      const value: unknown = JSON.parse(stored);
      if (shaped(value)) {
        onHit();
        return value;
      }
    } catch {
      // computed again below
    }
  }
  const value = compute();
  store.set(what, file, text, JSON.stringify(value));
  return value;
}
