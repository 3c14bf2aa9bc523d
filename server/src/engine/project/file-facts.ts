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
import { PerFile } from './per-file';

/** Files whose CRDs a project keeps at once (KeptCrdFiles). */
const CRD_FILES_KEPT = 8;

/** Work done, for tests and the server's statistics. */
export interface FactCounters {
  /** Files asked for their gate configs (discovery around the files checked). */
  configLookups: number;
  configParses: number;
  crdParses: number;
  storeHits: number;
}

export class FileFacts {
  private readonly configs: PerFile<ConfigDocInfo[]>;
  private readonly crds: PerFile<CrdFileFacts>;
  private readonly mentions: PerFile<CrdMentions>;
  private readonly keptCrds: KeptCrdFiles;
  readonly counters: FactCounters = { configLookups: 0, configParses: 0, crdParses: 0, storeHits: 0 };
  /** Where what is derived is kept across runs (the user's cache folder); none: derived every run. */
  store: DerivedStore | undefined;

  constructor(
    host: ProjectHost,
    store: DerivedStore | undefined,
    /** CRDs were dropped (KeptCrdFiles): the catalogs built from them must go too. */
    crdsDropped: () => void,
    /** How a file is named to the user (messages that name a CRD's file). */
    private readonly shown: (file: string) => string = (file) => file,
  ) {
    this.store = store;
    this.configs = new PerFile(host);
    this.crds = new PerFile(host);
    this.mentions = new PerFile(host);
    this.keptCrds = new KeptCrdFiles((dropped) => {
      for (const f of dropped) this.crds.forget(f);
      crdsDropped();
    });
  }

  /** Files whose CRDs are kept whatever else is derived (a run's inputs with CRDs, which serve every file of the
   *  run): they do not count toward CRD_FILES_KEPT, and are never dropped. */
  keepCrdsOf(files: readonly string[]): void {
    this.keptCrds.pin(files);
  }

  /** A file changed (no argument: anything may have). */
  forget(file?: string): void {
    for (const cache of [this.configs, this.crds, this.mentions]) cache.forget(file);
  }

  /** The gate configs of one file's text. */
  configsOf(file: string, text?: string): ConfigDocInfo[] {
    this.counters.configLookups++;
    return this.configs.get(file, text, (t) => {
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
    return this.crds.get(file, text, (t) => {
      if (!mayHoldCrd(t)) return { defs: [], problems: [] };
      if (given) this.counters.crdParses++;
      const facts =
        given ??
        this.stored(DERIVED_FORMATS.crds, file, t, isCrdFileFacts, () => {
          this.counters.crdParses++;
          return readCrdFile(t, file);
        });
      if (facts.defs.length === 0) return facts;
      this.keptCrds.keep(file);
      const shown = this.shown(file);
      return { ...facts, defs: facts.defs.map((d) => (d.source.shown === shown ? d : { ...d, source: { ...d.source, shown } })) };
    });
  }

  /** Which API groups the file's text mentions (api-extensions/lazy-catalog.ts), without a parse. */
  mentionsOf(file: string, text?: string): CrdMentions {
    return this.mentions.get(file, text, crdMentions);
  }

  private stored<T>(what: string, file: string, text: string, shaped: (v: unknown) => v is T, compute: () => T): T {
    return throughStore(this.store, what, file, text, compute, shaped, () => this.counters.storeHits++);
  }
}

/**
 * The CRDs of at most CRD_FILES_KEPT files are kept (the most recently derived): a run over a repository with
 * many bundles drops the schemas of folders it has left, and a file that needs them again derives them again
 * (from the store, when there is one).
 */
class KeptCrdFiles {
  /** The files whose CRDs are kept, the most recently derived last. */
  private readonly files: string[] = [];
  /** Kept apart from the others, never dropped (FileFacts.keepCrdsOf). */
  private pinned: ReadonlySet<string> = new Set();

  constructor(private readonly dropped: (files: string[]) => void) {}

  pin(files: readonly string[]): void {
    this.pinned = new Set(files);
  }

  keep(file: string): void {
    if (this.pinned.has(file)) return;
    const at = this.files.indexOf(file);
    if (at >= 0) this.files.splice(at, 1);
    this.files.push(file);
    if (this.files.length > CRD_FILES_KEPT) this.dropped(this.files.splice(0, this.files.length - CRD_FILES_KEPT));
  }
}
