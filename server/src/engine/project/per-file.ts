// One kind of fact derived from files, kept per file: while the text handed in is the same, or while the host's
// version of the file is (a host without versions: for the project's life). A text read from the host that is the
// one handed in before (or the reverse) is not derived again.
import type { ProjectHost } from './host';
import { textKey } from './identity';

interface Derived<T> {
  /** The host's version of the file it was derived from (undefined: from a text handed in). */
  version?: string;
  /** The key of the text it was derived from. */
  text: string;
  value: T;
}

export class PerFile<T> {
  private readonly kept = new Map<string, Derived<T>>();

  constructor(private readonly host: ProjectHost) {}

  /** A file changed (no argument: anything may have), or its fact is let go. */
  forget(file?: string): void {
    if (file === undefined) this.kept.clear();
    else this.kept.delete(file);
  }

  /** What `compute` derives from the file's text (`text` when the caller holds it, else the host's). */
  get(file: string, text: string | undefined, compute: (text: string) => T): T {
    const hit = this.kept.get(file);
    const version = text === undefined ? this.host.versionOf?.(file) : undefined;
    if (text === undefined && hit && (!this.host.versionOf || hit.version === version)) return hit.value;
    const t = text ?? this.host.readFile(file) ?? '';
    const key = textKey(t);
    const value = hit && hit.text === key ? hit.value : compute(t);
    this.kept.set(file, { ...(version !== undefined ? { version } : {}), text: key, value });
    return value;
  }
}
