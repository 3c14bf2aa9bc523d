// The folder walk of the config-scoping model, shared by gate configs and CRDs: what a folder holds for a
// manifest is looked up in the manifest's own folder, else in the nearest ancestor folder that has any, never
// above the root (the workspace folder, or the repository root for the CLI). A manifest outside the root gets
// its own folder only. Named files (settings, --config, --crd) are read by `loadNamedFiles`.
import * as path from 'node:path';
import { normal } from './paths';
import { append } from './append';

export function isInside(root: string, dir: string): boolean {
  const rel = path.relative(root, dir);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export function nearestFolderWith<T>(manifest: string, workspaceRoot: string | undefined, inFolder: (dir: string) => T[]): T[] {
  let dir = path.dirname(normal(manifest));
  const root = workspaceRoot ? normal(workspaceRoot) : undefined;
  if (root && !isInside(root, dir)) return inFolder(dir);
  for (;;) {
    const found = inFolder(dir);
    if (found.length > 0) return found;
    if (!root || dir === root) return [];
    const parent = path.dirname(dir);
    if (parent === dir) return [];
    dir = parent;
  }
}

/** What `parse` finds in each named file; unreadable files are reported by name. */
export function loadNamedFiles<T>(
  files: readonly string[],
  readFile: (file: string) => string | undefined,
  parse: (text: string, file: string) => T[],
): { found: T[]; unreadable: string[] } {
  const found: T[] = [];
  const unreadable: string[] = [];
  for (const f of files) {
    const text = readFile(f);
    if (text === undefined) unreadable.push(f);
    else append(found, parse(text, f));
  }
  return { found, unreadable };
}
