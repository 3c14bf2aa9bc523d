// The workspace folders the client names, and the confinement of disk reads to them: a file inside a folder must
// stay inside it once links are followed (a link in a cloned repository to ~/.kube/config or /etc is not read).
import * as path from 'node:path';
import { leavesBase } from '../engine';
import { realPath } from '../host/real-path';
import { uriToPath } from './workspace';

export class WorkspaceFolders {
  private folders: string[] = [];
  /** Real paths of the workspace folders (links resolved), for confinement. */
  private readonly realFolders = new Map<string, string>();

  /** The folders, by URI, as the client sends them. */
  set(uris: string[]): void {
    this.folders = uris.map(uriToPath).filter((p): p is string => !!p);
    this.realFolders.clear();
  }

  /** Their paths. */
  list(): string[] {
    return [...this.folders];
  }

  /** The workspace folder holding `file` (the longest match), if any. */
  folderOf(file: string): string | undefined {
    let best: string | undefined;
    for (const f of this.folders) {
      const rel = path.relative(f, file);
      if (!leavesBase(rel) && (!best || f.length > best.length)) best = f;
    }
    return best;
  }

  /**
   * Whether a disk file may be read: one inside a workspace folder must stay inside it once links are followed.
   * A file outside every folder (a single file opened) is read as the editor shows it.
   */
  inside(file: string): boolean {
    const folder = this.folderOf(file);
    if (!folder) return true;
    let realFolder = this.realFolders.get(folder);
    if (realFolder === undefined) {
      try {
        realFolder = realPath(folder);
      } catch {
        realFolder = path.resolve(folder);
      }
      this.realFolders.set(folder, realFolder);
    }
    let real: string;
    try {
      real = realPath(file);
    } catch {
      return true; // absent: nothing is read
    }
    return !leavesBase(path.relative(realFolder, real));
  }
}
