// The Node reader of Kubegate's shipped data (schemas/, snippets/), handed to the engine with setDataReader.
// Each folder is found once: an explicit folder, else its environment variable (KUBEGATE_SCHEMAS,
// KUBEGATE_SNIPPETS), else beside the program only (besideProgram). Never a folder found by walking up from the
// program or from the working directory: a dist/ copied without its data, or run inside a repository, would read
// that repository's schemas/ (data a pull request controls) instead of failing with a message.
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
    missing: 'Kubegate data not found: no schemas/gates.json beside the program (set KUBEGATE_SCHEMAS)',
  },
  snippets: {
    envVar: 'KUBEGATE_SNIPPETS',
    marker: 'kubegate.code-snippets',
    missing: 'Kubegate snippets not found: no snippets/kubegate.code-snippets beside the program (set KUBEGATE_SNIPPETS)',
  },
};

/** The one place a data folder lies for this program: beside dist/ for the bundles (the npm package, the
 *  extension), beside the sources' root for this module run as TypeScript (vitest, tsx), else beside the
 *  program itself (a standalone executable: its folder). Undefined when its marker file is not there. */
function besideProgram(folder: string, marker: string, here = __dirname, file = __filename): string | undefined {
  // A standalone executable's main script is named by the executable itself (Node's single-executable apps).
  const standalone = file === process.execPath;
  const base = standalone ? here : file.endsWith('.ts') ? path.join(here, '..', '..', '..') : path.basename(here) === 'dist' ? path.dirname(here) : here;
  const candidate = path.join(base, folder);
  return fs.existsSync(path.join(candidate, marker)) ? candidate : undefined;
}

/** Where a data folder is, or undefined when it is nowhere to be found. */
export function locateDataFolder(folder: DataFolder, explicit?: string): string | undefined {
  if (explicit) return path.resolve(explicit);
  const spec = FOLDERS[folder];
  const env = process.env[spec.envVar];
  if (env) return path.resolve(env);
  return besideProgram(folder, spec.marker);
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
