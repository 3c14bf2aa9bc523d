// The project's view of the file tree: a file's root (root.ts), whether a path stays inside it once links are
// followed and the YAML files of a folder that discovery reads. All of it goes through the host and is kept
// until something changes (`forget`). The `.kubegate.yaml` governing a file is repo-settings.ts's, the files a
// `configFiles` / `crdFiles` list names named-sources.ts's.
import * as path from 'node:path';
import { append } from '../base/append';
import { isWithin } from '../base/paths';
import { folderLimitMessage, folderYamlFiles, nearestFolderWith } from '../base/nearest-folder';
import type { ProjectHost } from './host';
import { RootScope } from './root';

export class ProjectFiles {
  readonly roots: RootScope;
  private readonly folderLists = new Map<string, string[]>();

  constructor(
    private readonly host: ProjectHost,
    fallbackRoot: string | undefined,
    private readonly note: (message: string) => void,
  ) {
    this.roots = new RootScope(host, fallbackRoot);
  }

  setFolders(folders: readonly string[]): void {
    this.roots.setFolders(folders);
  }

  /** A file changed, appeared or went away: what was found is found again. */
  forget(): void {
    this.roots.forget();
    this.folderLists.clear();
  }

  rootOf(file: string): string {
    return this.roots.rootOf(file);
  }

  /** A file as the user knows it: its path below its root, or as it is when outside. */
  shownName(file: string): string {
    const root = this.rootOf(file);
    return isWithin(root, file) ? path.relative(root, file) : file;
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
}
