// The CRD catalog of each file under a front end's settings: the CRDs named (crdFiles, --crd), of the file's own
// text, found around it (its folder, else the nearest ancestor folder with any), of the run's inputs and of the
// cluster, over the bundled pack. Built when the check first asks it something (api-extensions/lazy-catalog.ts);
// shared by the files of one folder under equal settings (`ProjectSettings.key`) while what it was built from is
// the same object (unchanged files).
import * as path from 'node:path';
import { buildCrdCatalog, packDefinesGroup, type CrdCatalog } from '../api-extensions/catalog';
import { lazyCatalog, mentionsGroup, type LazyCatalog } from '../api-extensions/lazy-catalog';
import type { CrdDefinition } from '../api-extensions/crd-data';
import { mayHoldCrd } from '../api-extensions/workspace';
import { nearestFolderWith } from '../base/nearest-folder';
import type { FileFacts } from './file-facts';
import type { ProjectFiles } from './files';
import type { ProjectHost } from './host';
import { sameItems } from './identity';
import type { ProjectSettings, RunCrdInput } from './settings';

/** The project's parts a context and its catalog are built from. */
export interface ProjectParts {
  host: ProjectHost;
  files: ProjectFiles;
  facts: FileFacts;
  note(message: string): void;
}

export class CrdCatalogs {
  private readonly catalogs = new Map<string, { cluster: CrdDefinition[]; workspace: CrdDefinition[]; catalog: CrdCatalog }>();
  /** Per settings, folder and own CRD text: the catalog handed to contexts, built on first use (catalogFor). */
  private readonly lazyCatalogs = new Map<string, { named: CrdDefinition[]; cluster: CrdDefinition[]; catalog: LazyCatalog }>();
  /** The CRDs of a run's inputs (ProjectSettings.runCrdInputs), derived once per list. */
  private run: { inputs: readonly RunCrdInput[]; crds: CrdDefinition[] } | undefined;
  /** The list whose files' CRDs the project keeps (keepRunCrds). */
  private pinned: readonly RunCrdInput[] | undefined;

  constructor(private readonly parts: ProjectParts) {}

  /** Built catalogs go (the CRDs they hold with them); a catalog not built yet holds none and stays. */
  drop(): void {
    this.catalogs.clear();
    for (const [key, entry] of this.lazyCatalogs) if (entry.catalog.built) this.lazyCatalogs.delete(key);
  }

  /** A file changed: no catalog is used again. */
  forget(): void {
    this.catalogs.clear();
    this.lazyCatalogs.clear();
    this.run = undefined;
  }

  /**
   * The CRD catalog of `file`, built when the check first asks it something (api-extensions/lazy-catalog.ts): the CRDs around
   * a file of built-in kinds are never derived. Files of one folder without CRDs of their own share one under equal
   * settings; once built, a kept one is used while the CRDs it was built from are the same (catalogOf's own check).
   * A text with CRDs of its own gets a catalog of its own, not kept: a kept one would hold on to the text.
   */
  catalogFor(file: string, settings: ProjectSettings, text: string | undefined): CrdCatalog {
    this.keepRunCrds(settings);
    // A text without CRDs adds none of its own: the catalog is the folder's (catalogOf reads the same either way).
    const own = text !== undefined && mayHoldCrd(text) ? text : undefined;
    const build = (): CrdCatalog => this.catalogOf(file, settings, own);
    const mayDefine = (group: string): boolean => this.mayDefineGroup(file, settings, own, group);
    if (settings.key === undefined || own !== undefined) return lazyCatalog(build, mayDefine);
    const key = `${settings.key}\u0001${path.dirname(file)}`;
    const named = settings.namedCrds ?? [];
    const cluster = settings.clusterCrds ?? [];
    const hit = this.lazyCatalogs.get(key);
    if (hit && sameItems(hit.named, named) && sameItems(hit.cluster, cluster)) {
      if (!hit.catalog.built) return hit.catalog;
      const now = build();
      if (now === hit.catalog.built) return hit.catalog;
      const fresh = lazyCatalog(() => now);
      this.lazyCatalogs.set(key, { named, cluster, catalog: fresh });
      return fresh;
    }
    const catalog = lazyCatalog(build, mayDefine);
    if (this.lazyCatalogs.size > 256) this.lazyCatalogs.clear();
    this.lazyCatalogs.set(key, { named, cluster, catalog });
    return catalog;
  }

  /** Whether a CRD that the catalog of `file` would hold may define `group`: named, cluster and pack CRDs by their
   *  groups, the files it would read by a test of their text (api-extensions/lazy-catalog.ts; kept per file version and
   *  group), without a parse. */
  private mayDefineGroup(file: string, settings: ProjectSettings, text: string | undefined, group: string): boolean {
    const { files, facts, host } = this.parts;
    const defines = (defs: readonly CrdDefinition[] | undefined) => !!defs?.some((d) => d.group === group);
    if (defines(settings.namedCrds) || defines(settings.clusterCrds) || packDefinesGroup(group)) return true;
    const mentions = (f: string, own?: string): boolean => {
      const m = facts.mentionsOf(f, own);
      if (!m.crd || m.any) return m.any;
      let yes = m.asked.get(group);
      if (yes === undefined) m.asked.set(group, (yes = mentionsGroup(own ?? host.readFile(f) ?? '', group)));
      return yes;
    };
    if (text !== undefined && mentions(file, text)) return true;
    // The run's CRDs by their groups once derived; before, by a test of the inputs' texts.
    const run = settings.runCrdInputs;
    if (run && (this.run?.inputs === run ? defines(this.run.crds) : run.some((i) => mentions(i.file, i.text)))) return true;
    const root = files.rootOf(file);
    return nearestFolderWith(file, root, (dir) => (files.folderFiles(dir, root).some((f) => mentions(f)) ? [true] : [])).length > 0;
  }

  private catalogOf(file: string, settings: ProjectSettings, text: string | undefined): CrdCatalog {
    // The CRDs of the text a front end holds for `file`: the same facts as its folder's discovery reads (one parse
    // when the file is checked and also sits beside others), its problems left to the check's findings.
    const own = text !== undefined ? this.parts.facts.crdFactsOf(file, text).defs : [];
    const near = this.crdsNear(file).filter((d) => !own.length || d.source.file !== file);
    const workspace = [...(settings.namedCrds ?? []), ...own, ...near, ...this.runCrds(settings)];
    const cluster = settings.clusterCrds ?? [];
    // The same CRDs (one object per file text: crdFactsOf) under the same settings share one catalog.
    const key = settings.key === undefined ? undefined : `${settings.key}\u0001${workspace.map((d) => `${d.source.file ?? ''}#${d.group}/${d.kind}`).join('\n')}`;
    const hit = key === undefined ? undefined : this.catalogs.get(key);
    if (hit && sameItems(hit.cluster, cluster) && sameItems(hit.workspace, workspace)) return hit.catalog;
    const catalog = buildCrdCatalog({ cluster, workspace, selections: settings.packs ?? [], controllerGates: settings.controllerGates ?? {} });
    for (const n of catalog.notes) this.parts.note(n);
    if (key !== undefined) {
      if (this.catalogs.size > 16) this.drop();
      this.catalogs.set(key, { cluster, workspace, catalog });
    }
    return catalog;
  }

  /** The CRDs of the run's inputs are kept for the run, from the first check on: a bundle's own check gives them,
   *  and they are not derived again for the files around it. */
  private keepRunCrds(settings: ProjectSettings): void {
    const inputs = settings.runCrdInputs;
    if (!inputs || this.pinned === inputs) return;
    this.pinned = inputs;
    this.parts.facts.keepCrdsOf(inputs.map((i) => i.file));
  }

  /**
   * The CRDs of the run's inputs, derived from each input's text once per run (the same list object: the run's
   * settings). A bundle checked before a custom resource needs them gives the facts its own check read, so it is
   * not parsed again. Their problems are the findings of their own check, not said again here.
   */
  private runCrds(settings: ProjectSettings): CrdDefinition[] {
    const inputs = settings.runCrdInputs;
    if (!inputs || inputs.length === 0) return [];
    if (this.run?.inputs === inputs) return this.run.crds;
    const crds = inputs.flatMap((i) => this.parts.facts.crdFactsOf(i.file, i.text).defs);
    this.run = { inputs, crds };
    return crds;
  }

  /** The CRDs discovered around `file`, the same way; a CRD file that cannot be used is said so in a note. */
  private crdsNear(file: string): CrdDefinition[] {
    return this.parts.files.nearest(file, (f) => {
      const crds = this.parts.facts.crdFactsOf(f, undefined);
      for (const p of crds.problems) this.parts.note(p);
      return crds.defs;
    });
  }
}
