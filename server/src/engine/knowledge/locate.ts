// Where the data files that ship beside the program are (schemas/, snippets/): an explicit folder, else an
// environment variable, else the nearest `<folder>/<marker>` walking up from this module (TS sources under
// vitest/tsx, or the esbuild bundles in dist/), else walking up from the working directory.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface KnowledgeOptions {
  /** Folder holding the generated files (gates.json, k8s-<minor>.json, …). */
  schemasDir?: string;
}

export interface DataFolderSpec {
  /** The folder given by the caller (wins over everything). */
  explicit?: string;
  /** Environment variable naming the folder. */
  envVar: string;
  /** Name of the folder to find walking up (`schemas`). */
  folder: string;
  /** A file that must be in it (`gates.json`). */
  marker: string;
}

function walkUp(start: string, folder: string, marker: string): string | undefined {
  let dir = path.resolve(start);
  for (;;) {
    const candidate = path.join(dir, folder);
    if (fs.existsSync(path.join(candidate, marker))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The data folder per `spec`, or undefined when no folder above the program or the working directory has it. */
export function locateDataFolder(spec: DataFolderSpec): string | undefined {
  if (spec.explicit) return path.resolve(spec.explicit);
  const env = process.env[spec.envVar];
  if (env) return path.resolve(env);
  const here = typeof __dirname === 'string' ? walkUp(__dirname, spec.folder, spec.marker) : undefined;
  return here ?? walkUp(process.cwd(), spec.folder, spec.marker);
}

export function locateSchemas(opts: KnowledgeOptions = {}): string {
  const found = locateDataFolder({ explicit: opts.schemasDir, envVar: 'KUBEGATE_SCHEMAS', folder: 'schemas', marker: 'gates.json' });
  if (!found) {
    throw new Error('Kubegate data not found: no schemas/gates.json above the program or the working directory (set KUBEGATE_SCHEMAS)');
  }
  return found;
}
