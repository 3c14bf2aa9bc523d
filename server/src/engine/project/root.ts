// A file's project root and the confinement of reads to it. The root is the nearest folder with `.git` at or
// below the workspace folder holding the file; without one, that workspace folder; outside every workspace
// folder, the nearest `.git` folder above the file, else the fallback (the CLI's working directory) when it holds
// the file, else the file's own folder. Discovery
// (configs, CRDs, kustomizations) never reads above the root, nor a file whose real path leaves it.
import * as path from 'node:path';
import type { ProjectHost } from './host';
import { isWithin, normal } from '../base/paths';


/** The longest of `folders` holding `file`. */
function folderHolding(file: string, folders: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const f of folders) if (isWithin(f, file) && (!best || f.length > best.length)) best = f;
  return best;
}

function rootOf(file: string, host: ProjectHost, folders: readonly string[], fallback: string | undefined): string {
  const folder = folderHolding(file, folders);
  let dir = path.dirname(file);
  for (;;) {
    if (host.kind(path.join(dir, '.git')) !== undefined) return dir;
    if (folder && dir === folder) return folder;
    const parent = path.dirname(dir);
    if (parent === dir) return folder ?? (fallback !== undefined && isWithin(fallback, file) ? fallback : path.dirname(file));
    dir = parent;
  }
}

/** The path with links resolved: its deepest existing ancestor resolved, the rest appended. */
function realPathOf(p: string, host: ProjectHost): string {
  const real = host.realPath(p);
  if (real !== undefined) return real;
  const parent = path.dirname(p);
  return parent === p ? p : path.join(realPathOf(parent, host), path.basename(p));
}

/** Whether `file` stays inside `root` once links are followed. */
function insideRoot(file: string, root: string, host: ProjectHost, realRoots: Map<string, string>): boolean {
  let realRoot = realRoots.get(root);
  if (realRoot === undefined) realRoots.set(root, (realRoot = realPathOf(root, host)));
  return isWithin(realRoot, realPathOf(file, host));
}

/** A project's roots and confinement answers, kept until something changes (`forget`). */
export class RootScope {
  private folders: string[] = [];
  /** Per folder, its root; per root, its real path; per root and file, whether it stays inside (links followed). */
  private readonly roots = new Map<string, string>();
  private readonly realRoots = new Map<string, string>();
  private readonly inside = new Map<string, boolean>();

  constructor(
    private readonly host: ProjectHost,
    private readonly fallbackRoot: string | undefined,
  ) {}

  setFolders(folders: readonly string[]): void {
    this.folders = folders.map((f) => normal(f));
  }

  forget(): void {
    this.roots.clear();
    this.realRoots.clear();
    this.inside.clear();
  }

  rootOf(file: string): string {
    const dir = path.dirname(file);
    let root = this.roots.get(dir);
    if (root === undefined) {
      root = rootOf(file, this.host, this.folders, this.fallbackRoot);
      // A file outside every root gets its own folder: the same for every file of that folder.
      this.roots.set(dir, root);
    }
    return root;
  }

  isInside(file: string, root: string): boolean {
    const key = `${root}\u0000${file}`;
    let inside = this.inside.get(key);
    if (inside === undefined) this.inside.set(key, (inside = insideRoot(file, root, this.host, this.realRoots)));
    return inside;
  }
}
