// What the project derives from one file's text: its gate configs, its CRDs (derived only when a check needs a
// CRD: api-extensions/lazy-catalog.ts) and whether it mentions an API group. Kept per file while the host's version of the
// file is the same (a host without versions: for the project's life), or the text handed in is; through the
// user's store when there is one (derived-store.ts).
import type { CrdMentions } from '../api-extensions/lazy-catalog';
import { crdMentions } from '../api-extensions/lazy-catalog';
import { mayHoldCrd, readCrdFile, type CrdFileFacts } from '../api-extensions/workspace';
import { readGateConfigsFromText, type ConfigDocInfo } from '../gates/config-readers';
import { mayHoldGateConfig } from '../gates/gate-places';
import { DERIVED_FORMATS, isConfigList, isCrdFileFacts, throughStore, type DerivedStore } from './derived-store';
import type { ProjectHost } from './host';
import { textKey } from './identity';

/** Files whose CRDs a project keeps at once (keepCrdFile). */
const CRD_FILES_KEPT = 8;

interface Derived<T> {
  /** The host's version of the file it was derived from (undefined: from a text handed in). */
  version?: string;
  /** The key of the text it was derived from. */
  text: string;
  value: T;
}

export class FileFacts {
  private readonly configs = new Map<string, Derived<ConfigDocInfo[]>>();
  private readonly crds = new Map<string, Derived<CrdFileFacts>>();
  private readonly mentions = new Map<string, Derived<CrdMentions>>();
  /** The files whose CRDs are kept, the most recently derived last. */
  private readonly crdFiles: string[] = [];
  /** Work done, for tests and the server's statistics. */
  readonly counters = { configParses: 0, crdParses: 0, storeHits: 0 };

  constructor(
    private readonly host: ProjectHost,
    private readonly store: () => DerivedStore | undefined,
    /** CRDs were dropped (keepCrdFile): the catalogs built from them must go too. */
    private readonly crdsDropped: () => void,
  ) {}

  /** A file changed (no argument: anything may have). */
  forget(file?: string): void {
    for (const cache of [this.configs, this.crds, this.mentions]) {
      if (file === undefined) cache.clear();
      else cache.delete(file);
    }
  }

  /** The gate configs of one file's text. */
  configsOf(file: string, text?: string): ConfigDocInfo[] {
    return this.derived(this.configs, file, text, (t) => {
      if (!mayHoldGateConfig(t)) return [];
      return this.stored(DERIVED_FORMATS.configs, file, t, isConfigList, () => {
        this.counters.configParses++;
        return readGateConfigsFromText(t, file);
      });
    });
  }

  /** The CRDs of one file's text. `given`: the facts the check of `text` read from its own documents (check/options.ts
   *  ownCrdFacts); they cost less than the store's copy, which is not asked then. */
  crdFactsOf(file: string, text: string | undefined, given?: CrdFileFacts): CrdFileFacts {
    return this.derived(this.crds, file, text, (t) => {
      if (!mayHoldCrd(t)) return { defs: [], problems: [] };
      if (given) this.counters.crdParses++;
      const facts =
        given ??
        this.stored(DERIVED_FORMATS.crds, file, t, isCrdFileFacts, () => {
          this.counters.crdParses++;
          return readCrdFile(t, file);
        });
      if (facts.defs.length > 0) this.keepCrdFile(file);
      return facts;
    });
  }

  /** Which API groups the file's text mentions (api-extensions/lazy-catalog.ts), without a parse. */
  mentionsOf(file: string, text?: string): CrdMentions {
    return this.derived(this.mentions, file, text, crdMentions);
  }

  /**
   * The CRDs of at most CRD_FILES_KEPT files are kept (the most recently derived): a run over a repository with
   * many bundles drops the schemas of folders it has left, and a file that needs them again derives them again
   * (from the store, when there is one).
   */
  private keepCrdFile(file: string): void {
    const at = this.crdFiles.indexOf(file);
    if (at >= 0) this.crdFiles.splice(at, 1);
    this.crdFiles.push(file);
    if (this.crdFiles.length <= CRD_FILES_KEPT) return;
    for (const dropped of this.crdFiles.splice(0, this.crdFiles.length - CRD_FILES_KEPT)) this.crds.delete(dropped);
    this.crdsDropped();
  }

  private stored<T>(what: string, file: string, text: string, shaped: (v: unknown) => v is T, compute: () => T): T {
    return throughStore(this.store(), what, file, text, compute, shaped, () => this.counters.storeHits++);
  }

  /**
   * What `compute` derives from a file's text, kept per file: while the text handed in is the same, or while the
   * host's version of the file is. A text read from the host that is the one handed in before (or the reverse)
   * is not derived again.
   */
  private derived<T>(cache: Map<string, Derived<T>>, file: string, text: string | undefined, compute: (text: string) => T): T {
    const hit = cache.get(file);
    const version = text === undefined ? this.host.versionOf?.(file) : undefined;
    if (text === undefined && hit && (!this.host.versionOf || hit.version === version)) return hit.value;
    const t = text ?? this.host.readFile(file) ?? '';
    const key = textKey(t);
    const value = hit && hit.text === key ? hit.value : compute(t);
    cache.set(file, { ...(version !== undefined ? { version } : {}), text: key, value });
    return value;
  }
}
