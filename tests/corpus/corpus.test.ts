// Corpus test of the structural codes: every file of ../shared/corpus on its own, target 1.37. Every expected finding of
// the engine codes is produced, no extra error/warning of those codes, and no error or warning at all on
// `valid` files. Prints precision/recall per code.
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ENGINE_CODES,
  compareFile,
  formatStats,
  readManifest,
  statsPerCode,
  type FileComparison,
} from './corpus-compare';
import { hasShared, sharedPath, sharedTitle } from '../support/shared';

const rows = hasShared ? readManifest() : [];
const codes = new Set<string>(ENGINE_CODES);
const results: FileComparison[] = [];

describe.skipIf(!hasShared)(sharedTitle('corpus: engine codes on ../shared/corpus'), () => {
  afterAll(() => {
    if (results.length === 0) return;
    console.log(`\nCorpus, ${results.length} files, target 1.37\n${formatStats(statsPerCode(results, [...ENGINE_CODES]))}\n`);
    const beyond = results.flatMap((r) => r.beyond.map((b) => `  ${r.row.file}: ${b}`));
    console.log(`Findings beyond the corpus rules (not compared; ${beyond.length}):\n${beyond.join('\n')}\n`);
  });

  it('the manifest lists every corpus file once, and only files that exist', () => {
    const root = sharedPath('corpus');
    const onDisk = (dir: string): string[] =>
      readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? onDisk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const files = onDisk('').filter((f) => f !== 'MANIFEST.tsv' && f !== 'README.md').map((f) => f.split(path.sep).join('/'));
    const listed = rows.map((r) => r.file);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(files.sort());
  });

  it.each(rows.map((r) => [r.file, r] as const))('%s', (_name, row) => {
    const result = compareFile(row, codes);
    results.push(result);
    expect({ missing: result.missing, extra: result.extra, alarmsOnValid: result.alarmsOnValid }).toEqual({
      missing: [],
      extra: [],
      alarmsOnValid: [],
    });
  });
});
