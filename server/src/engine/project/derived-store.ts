// What is derived from a file's text (its CRDs, its gate configs), kept across runs by the front end: the CLI and
// the language server store it in the user's cache folder (server/src/host/derived-store.ts), keyed by the text,
// the file and Kubegate's own build, so a repository's CRD bundles are parsed once, not on every run.

export interface DerivedStore {
  /** The value stored for this derivation (`what`) of this text of `file`, or undefined. */
  get(what: string, file: string, text: string): string | undefined;
  set(what: string, file: string, text: string, value: string): void;
}

/** The shape of what is stored: bump a number when what a derivation gives changes. */
export const DERIVED_FORMATS = { crds: 'crds@1', configs: 'configs@1' } as const;

/** The stored value of a derivation, else the computed one (then stored). A value that does not read back is
 *  computed again: a damaged or foreign entry costs a parse, never a wrong answer. */
export function throughStore<T>(store: DerivedStore | undefined, what: string, file: string, text: string, compute: () => T, onHit?: () => void): T {
  if (!store) return compute();
  const stored = store.get(what, file, text);
  if (stored !== undefined) {
    try {
      const value = JSON.parse(stored) as T;
      onHit?.();
      return value;
    } catch {
      // computed again below
    }
  }
  const value = compute();
  store.set(what, file, text, JSON.stringify(value));
  return value;
}
