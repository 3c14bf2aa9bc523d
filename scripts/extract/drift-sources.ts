// Where the hand-written rows record their upstream source: the engine's rule tables (UpstreamSource objects)
// and the generator's hand-read TSV tables (`repo path@commit fn` cells).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sourcesInModule, sourcesInTsv, type RecordedSource } from './drift';

export const SOURCE_MODULES = ['server/src/engine/validate/field-rule-table.ts', 'server/src/engine/validate/warning-table.ts'];
export const SOURCE_TABLES = ['scripts/generate/handwritten', 'scripts/generate/api-objects'];

export async function recordedSources(repoRoot: string): Promise<RecordedSource[]> {
  const out: RecordedSource[] = [];
  for (const m of SOURCE_MODULES) out.push(...sourcesInModule((await import(path.join(repoRoot, m))) as Record<string, unknown>, m));
  for (const dir of SOURCE_TABLES) {
    for (const f of fs.readdirSync(path.join(repoRoot, dir)).filter((n) => n.endsWith('.tsv')).sort()) {
      out.push(...sourcesInTsv(fs.readFileSync(path.join(repoRoot, dir, f), 'utf8'), `${dir}/${f}`));
    }
  }
  return out;
}
