// The Node reader of Kubegate's shipped data (schemas/, snippets/), handed to the engine with setDataReader.
// Each folder is found once: an explicit folder, else its environment variable (KUBEGATE_SCHEMAS,
// KUBEGATE_SNIPPETS), else the nearest `<folder>/<marker>` walking up from this module (the TS sources under
// vitest/tsx, or the bundles in dist/), else walking up from the working directory.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DataFolder, DataReader } from '../engine';

interface FolderSpec {
  envVar: string;
  /** A file that must be in the folder for it to count. */
  marker: string;
  /** What to tell the user when no folder is found. */
  missing: string;
}

const FOLDERS: Record<DataFolder, FolderSpec> = {
  schemas: {
    envVar: 'KUBEGATE_SCHEMAS',
    marker: 'gates.json',
    missing: 'Kubegate data not found: no schemas/gates.json above the program or the working directory (set KUBEGATE_SCHEMAS)',
  },
  snippets: {
    envVar: 'KUBEGATE_SNIPPETS',
    marker: 'kubegate.code-snippets',
    missing: 'Kubegate snippets not found: no snippets/kubegate.code-snippets above the program or the working directory (set KUBEGATE_SNIPPETS)',
  },
};

function walkUp(start: string, folder: string, marker: string): string | undefined {
  for (let dir = path.resolve(start); ; ) {
    const candidate = path.join(dir, folder);
    if (fs.existsSync(path.join(candidate, marker))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Where a data folder is, or undefined when it is nowhere to be found. */
export function locateDataFolder(folder: DataFolder, explicit?: string): string | undefined {
  if (explicit) return path.resolve(explicit);
  const spec = FOLDERS[folder];
  const env = process.env[spec.envVar];
  if (env) return path.resolve(env);
  return walkUp(__dirname, folder, spec.marker) ?? walkUp(process.cwd(), folder, spec.marker);
}

/** A reader of the data files on disk; `dirs` names folders explicitly (else they are located on first use). */
export function nodeDataReader(dirs: Partial<Record<DataFolder, string>> = {}): DataReader {
  const found = new Map<DataFolder, string>();
  return (folder, name) => {
    let dir = found.get(folder);
    if (dir === undefined) {
      dir = locateDataFolder(folder, dirs[folder]);
      if (!dir) throw new Error(FOLDERS[folder].missing);
      found.set(folder, dir);
    }
    return fs.readFileSync(path.join(dir, name), 'utf8');
  };
}
