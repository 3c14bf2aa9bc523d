// The project's view of the file tree: a file's root (root.ts), whether a path stays inside it once links are
// followed, the YAML files of a folder that discovery reads, the `.kubegate.yaml` governing a file
// (repo-settings.ts) and the files a `configFiles` / `crdFiles` list names (named-files.ts). All of it goes
// through the host and is kept until something changes (`forget`).
import * as path from 'node:path';
import { append } from '../base/append';
import { folderLimitMessage, folderYamlFiles, nearestFolderWith } from '../base/nearest-folder';
import type { ProjectHost } from './host';
import { findNamedFiles, type NamedFiles, type NamedFilesFound } from './named-files';
import { REPO_CONFIG_NAME } from './repo-config';
import { RepoSettingsScope, type RepoSettings } from './repo-settings';
import { RootScope } from './root';

export class ProjectFiles {
  private readonly roots: RootScope;
  private readonly folderLists = new Map<string, string[]>();
  /** Per list of named files (its folder and entries), the files found. */
  private readonly named = new Map<string, NamedFilesFound>();
  private readonly repoSettings: RepoSettingsScope;

  constructor(
    private readonly host: ProjectHost,
    fallbackRoot: string | undefined,
    private readonly note: (message: string) => void,
  ) {
    this.roots = new RootScope(host, fallbackRoot);
    this.repoSettings = new RepoSettingsScope(host, (f, root) => this.isInside(f, root));
  }

  setFolders(folders: readonly string[]): void {
    this.roots.setFolders(folders);
  }

  /** A file changed, appeared or went away (no argument: anything may have): what was found is found again. */
  forget(file?: string): void {
    this.roots.forget();
    this.folderLists.clear();
    this.named.clear();
    this.repoSettings.forget(file);
  }

  rootOf(file: string): string {
    return this.roots.rootOf(file);
  }

  isInside(file: string, root: string): boolean {
    return this.roots.isInside(file, root);
  }

  /** A file's text when discovery may read it: a regular file inside the root once links are followed. */
  readInside(file: string, root: string): string | undefined {
    return this.isInside(file, root) ? this.host.readFile(file) : undefined;
  }

  /** The YAML files of a folder that discovery reads: name order, at most MAX_FOLDER_FILES (said once in a note),
   *  each inside the root once links are followed. */
  folderFiles(dir: string, root: string): string[] {
    const key = `${root}\u0000${dir}`;
    let files = this.folderLists.get(key);
    if (!files) {
      const names = folderYamlFiles(dir, this.host.listDir(dir), (n) => this.note(folderLimitMessage(n)));
      files = names.map((n) => path.join(dir, n)).filter((f) => this.isInside(f, root));
      this.folderLists.set(key, files);
    }
    return files;
  }

  /** What the files of the nearest folder that gives anything give (its own folder first, never above the root). */
  nearest<T>(file: string, of: (f: string) => T[], exclude?: string): T[] {
    const root = this.rootOf(file);
    return nearestFolderWith(file, root, (dir) => {
      const out: T[] = [];
      for (const f of this.folderFiles(dir, root)) if (f !== exclude) append(out, of(f));
      return out;
    });
  }

  /** The `.kubegate.yaml` governing `file`: the nearest from its folder up to its root (repo-settings.ts). */
  repoSettingsOf(file: string): RepoSettings | undefined {
    return this.repoSettings.settingsIn(path.dirname(file), this.rootOf(file));
  }

  /** The files a list names, inside the root of the list's folder (named-files.ts). */
  namedFiles(named: NamedFiles): NamedFilesFound {
    const key = `${named.nameAnywhere ? '*' : ''}${named.base}\u0000${named.entries.join('\u0000')}`;
    let found = this.named.get(key);
    if (!found) {
      const root = this.rootOf(path.join(named.base, REPO_CONFIG_NAME));
      found = findNamedFiles(this.host, named, root, (f) => this.isInside(f, root));
      if (this.named.size > 64) this.named.clear();
      this.named.set(key, found);
    }
    return found;
  }
}
