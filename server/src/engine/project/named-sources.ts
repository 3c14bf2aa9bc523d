// The configs and CRDs of files a front end names: the lists of a `.kubegate.yaml` (`configFiles`,
// `customResources.crdFiles`) or of the editor settings, found through the host (named-files.ts), and files named
// one by one (the CLI's --crd). One rule for both front ends: a `configFiles` list, once written, governs the files
// it applies to even when its globs match nothing — the configs around a file are then not discovered in its place
// (the user asked for those files); a glob that matches no file is said in a note. A `crdFiles` list adds to the
// CRDs found around a file. What a file gives is the project's per-file fact (file-facts.ts): a file named by
// several lists, or by several settings groups of one CLI run, is read and parsed once per version.
import * as path from 'node:path';
import type { CrdDefinition } from '../api-extensions/crd-data';
import type { ConfigDocInfo } from '../gates/config-readers';
import { append } from '../base/append';
import type { FileFacts } from './file-facts';
import type { ProjectFiles } from './files';
import type { ProjectHost } from './host';
import { findNamedFiles, type NamedFiles, type NamedFilesFound } from './named-files';
import { REPO_CONFIG_NAME } from './repo-config';

/** What the named lists of a settings file, or of the editor, give a project's settings (settings.ts). */
interface NamedSourcesOf {
  /** Defined when a `configFiles` list is given, even when it names no file: nothing is discovered then. */
  namedConfigs?: ConfigDocInfo[];
  namedCrds: CrdDefinition[];
  /** What was not read, matched nothing or holds nothing usable, one sentence each (the front end says them). */
  notes: string[];
}

export class NamedSources {
  /** Per list (its folder and entries), the files found; kept until something changes. */
  private readonly found = new Map<string, NamedFilesFound>();

  constructor(
    private readonly host: ProjectHost,
    private readonly files: ProjectFiles,
    private readonly facts: FileFacts,
  ) {}

  forget(): void {
    this.found.clear();
  }

  /** The files a list names, inside the root of the list's folder (named-files.ts); kept until something changes. */
  find(named: NamedFiles): NamedFilesFound {
    const key = `${named.nameAnywhere ? '*' : ''}${named.label ?? ''}\u0000${named.base}\u0000${named.entries.join('\u0000')}`;
    let found = this.found.get(key);
    if (!found) {
      const root = this.files.rootOf(path.join(named.base, REPO_CONFIG_NAME));
      found = findNamedFiles(this.host, named, root, (f) => this.files.isInside(f, root));
      if (this.found.size > 64) this.found.clear();
      this.found.set(key, found);
    }
    return found;
  }

  /** The configs and CRDs the lists give `file`'s settings; `file` itself is left out (its own configs and CRDs
   *  are its check's). */
  of(lists: { configFiles?: NamedFiles | undefined; crdFiles?: NamedFiles | undefined }, file?: string): NamedSourcesOf {
    const notes: string[] = [];
    const filesOf = (named: NamedFiles): string[] => {
      const found = this.find(named);
      append(notes, found.notes);
      return found.files.filter((f) => f !== file);
    };
    let namedConfigs: ConfigDocInfo[] | undefined;
    if (lists.configFiles) {
      namedConfigs = [];
      for (const f of filesOf(lists.configFiles)) {
        const configs = this.host.kind(f) === 'file' ? this.facts.configsOf(f) : undefined;
        if (configs === undefined) notes.push(`${f}: cannot be read`);
        else if (configs.length === 0) notes.push(`${f} holds no kind, kubeadm, kubelet or kube-proxy config or control-plane static Pod; it sets no gate`);
        else append(namedConfigs, configs);
      }
    }
    const crds = lists.crdFiles ? this.crdsOfFiles(filesOf(lists.crdFiles)) : { crds: [], problems: [] };
    append(notes, crds.problems);
    return { ...(namedConfigs ? { namedConfigs } : {}), namedCrds: crds.crds, notes };
  }

  /** The CRDs of files named one by one (each kept per version of its file), and one sentence per file that
   *  cannot be used or defines none. */
  crdsOfFiles(files: readonly string[]): { crds: CrdDefinition[]; problems: string[] } {
    const crds: CrdDefinition[] = [];
    const problems: string[] = [];
    for (const f of files) {
      const text = this.host.kind(f) === 'file' ? this.host.readFile(f) : undefined;
      if (text === undefined) {
        problems.push(`${f}: cannot be read`);
        continue;
      }
      const facts = this.facts.crdFactsOf(f, text);
      append(crds, facts.defs);
      append(problems, facts.problems);
      if (facts.defs.length === 0 && facts.problems.length === 0) problems.push(`${f}: no CustomResourceDefinition in it`);
    }
    return { crds, problems };
  }
}
