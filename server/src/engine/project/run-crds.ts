// The CRDs of a CLI run's own inputs (ProjectSettings.runCrdFiles) as a file's catalog takes them: those of the
// inputs whose text may define a group the file's check asked about (a test of the text, no parse:
// api-extensions/lazy-catalog.ts). A file of built-in kinds, or of groups no other input mentions, derives none.
// Each input's CRDs come from the project's per-file facts, so an input that is also checked is parsed once, and
// are kept for the run (one catalog may need more inputs than the facts keep at once).
import type { CrdDefinition } from '../api-extensions/crd-data';
import { GATEWAY_GROUPS } from '../api-extensions/catalog';
import { append } from '../base/append';
import type { FileFacts } from './file-facts';

/** An input of the run that may hold CRDs: its path, as the run writes it (the CRDs' source in messages), and its
 *  text when it can be read only once (stdin). */
export interface RunCrdFile {
  file: string;
  shown: string;
  text?: string;
}

/** What a catalog was asked about: groups, or everything (a question about the whole catalog). */
export class AskedGroups {
  private readonly groups = new Set<string>();
  private everything = false;

  /** Notes a question (a group; undefined: every group) and says what it adds: the groups not asked before, or
   *  `everything`. */
  add(about: string | undefined): string[] | 'everything' {
    if (this.everything) return [];
    if (about === undefined) {
      this.everything = true;
      return 'everything';
    }
    if (this.groups.has(about)) return [];
    // The Gateway API's channel and release are read from the CRDs of any of its groups (catalog.ts).
    const added = GATEWAY_GROUPS.has(about) ? [...GATEWAY_GROUPS].filter((g) => !this.groups.has(g)) : [about];
    for (const g of added) this.groups.add(g);
    return added;
  }

  /** Whether a source that may define `mayDefine`'s groups answers some question asked. */
  covers(mayDefine: (group: string) => boolean): boolean {
    return this.everything || [...this.groups].some(mayDefine);
  }
}

export class RunCrds {
  /** Per input, its CRDs once derived: kept for the run (a file change forgets them all). */
  private readonly defs = new Map<string, CrdDefinition[]>();

  constructor(private readonly facts: FileFacts) {}

  forget(): void {
    this.defs.clear();
  }

  /** Whether an input may define `group`. */
  mayDefine(inputs: readonly RunCrdFile[] | undefined, group: string): boolean {
    return !!inputs?.some((i) => this.facts.mayDefineGroup(i.file, group, i.text));
  }

  /** The CRDs of the inputs that may answer what was asked, in the run's order. */
  crdsFor(inputs: readonly RunCrdFile[] | undefined, asked: AskedGroups): CrdDefinition[] {
    const out: CrdDefinition[] = [];
    for (const i of inputs ?? []) {
      if (!asked.covers((g) => this.facts.mayDefineGroup(i.file, g, i.text))) continue;
      let defs = this.defs.get(i.file);
      if (!defs) {
        defs = this.facts.crdFactsOf(i.file, i.text).defs.map((d) => ({ ...d, source: { ...d.source, file: i.shown } }));
        this.defs.set(i.file, defs);
      }
      append(out, defs);
    }
    return out;
  }
}
