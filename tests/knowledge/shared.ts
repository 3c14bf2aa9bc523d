// Paths for the knowledge tests: ../shared beside the repository (absent in a user's clone → tests skip).
import * as fs from 'node:fs';
import * as path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
/** ../shared beside the repository; KUBEGATE_SHARED points elsewhere (as for the generator). */
export const sharedDir = path.resolve(process.env.KUBEGATE_SHARED ?? path.join(repoRoot, '..', 'shared'));
export const schemasDir = path.join(repoRoot, 'schemas');
export const hasShared = fs.existsSync(path.join(sharedDir, 'upstream')) && fs.existsSync(path.join(sharedDir, 'reference'));

export function readShared<T>(...parts: string[]): T {
  return JSON.parse(fs.readFileSync(path.join(sharedDir, ...parts), 'utf8')) as T;
}

export interface SummaryRow {
  version: string;
  apiVersion: string;
  kindOrType: string;
  path: string;
  gate: string;
  enumValue: string;
  gateSource: string;
  declaredIn: string;
}

export function readGatedSummary(): SummaryRow[] {
  const lines = fs.readFileSync(path.join(sharedDir, 'upstream', 'gated-fields-summary.tsv'), 'utf8').split('\n');
  const header = lines[0].split('\t');
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`gated-fields-summary.tsv has no column ${name}`);
    return i;
  };
  const c = {
    version: col('version'),
    apiVersion: col('apiVersion'),
    kindOrType: col('kindOrType'),
    path: col('path'),
    gate: col('gate'),
    enumValue: col('enumValue'),
    gateSource: col('gateSource'),
    declaredIn: col('declaredIn'),
  };
  return lines
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const f = l.split('\t');
      return {
        version: f[c.version],
        apiVersion: f[c.apiVersion],
        kindOrType: f[c.kindOrType],
        path: f[c.path],
        gate: f[c.gate],
        enumValue: f[c.enumValue] ?? '',
        gateSource: f[c.gateSource],
        declaredIn: f[c.declaredIn],
      };
    });
}
