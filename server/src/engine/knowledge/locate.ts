// Where schemas/ is: an explicit option, else env KUBEGATE_SCHEMAS, else the nearest folder holding
// `schemas/gates.json` walking up from this module (TS sources under vitest/tsx, or the esbuild bundles in dist/),
// else walking up from the working directory.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface KnowledgeOptions {
  /** Folder holding the generated files (gates.json, k8s-<minor>.json, …). */
  schemasDir?: string;
}

const MARKER = 'gates.json';

function walkUp(start: string): string | undefined {
  let dir = path.resolve(start);
  for (;;) {
    const candidate = path.join(dir, 'schemas');
    if (fs.existsSync(path.join(candidate, MARKER))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function locateSchemas(opts: KnowledgeOptions = {}): string {
  if (opts.schemasDir) return path.resolve(opts.schemasDir);
  const env = process.env.KUBEGATE_SCHEMAS;
  if (env) return path.resolve(env);
  const here = typeof __dirname === 'string' ? walkUp(__dirname) : undefined;
  const found = here ?? walkUp(process.cwd());
  if (!found) {
    throw new Error('Kubegate data not found: no schemas/gates.json above the program or the working directory (set KUBEGATE_SCHEMAS)');
  }
  return found;
}
