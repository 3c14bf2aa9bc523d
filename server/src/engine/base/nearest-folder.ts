// The folder walk of the config-scoping model, shared by gate configs and CRDs: what a folder holds for a
// manifest is looked up in the manifest's own folder, else in the nearest ancestor folder that has any, never
// above the root (the workspace folder, or the repository root for the CLI). A manifest outside the root gets
// its own folder only. Named files (settings, --config, --crd) are read by `loadNamedFiles`.
import * as path from 'node:path';
import { isWithin, normal } from './paths';
import { append } from './append';

/** YAML files of one folder read to find gate configs or CRDs for a manifest: a folder of thousands of files
 *  must not make every manifest's context read them all. */
export const MAX_FOLDER_FILES = 200;

export interface FolderLimitNote {
  /** The folder whose YAML files were not all read. */
  dir: string;
  /** How many YAML files it has. */
  yamlFiles: number;
  /** How many were read (the first ones in name order). */
  read: number;
}

const YAML_NAME = /\.ya?ml$/i;

/** The YAML file names of a folder to read, in name order, at most MAX_FOLDER_FILES of them; `onLimit` hears of
 *  a folder that has more (the front end turns it into a note naming the folder). */
export function folderYamlFiles(dir: string, names: readonly string[], onLimit?: (note: FolderLimitNote) => void): string[] {
  const yaml = names.filter((n) => YAML_NAME.test(n)).sort();
  if (yaml.length <= MAX_FOLDER_FILES) return yaml;
  onLimit?.({ dir, yamlFiles: yaml.length, read: MAX_FOLDER_FILES });
  return yaml.slice(0, MAX_FOLDER_FILES);
}

/** The note's text, for the front ends. */
export function folderLimitMessage(note: FolderLimitNote): string {
  return `Only the first ${note.read} of the ${note.yamlFiles} YAML files of ${note.dir} were read for gate configs and CRDs (name order); name the files that hold them in .kubegate.yaml (configFiles, customResources.crdFiles) to use the others.`;
}

export function nearestFolderWith<T>(manifest: string, workspaceRoot: string | undefined, inFolder: (dir: string) => T[]): T[] {
  let dir = path.dirname(normal(manifest));
  const root = workspaceRoot ? normal(workspaceRoot) : undefined;
  if (root && !isWithin(root, dir)) return inFolder(dir);
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
