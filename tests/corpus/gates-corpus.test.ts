// Corpus comparison for the gate codes, with the shared corpus helper: each file on its own, target
// 1.37, no gate set by the user. Every expected feature-gate / unknown-gate / locked-gate finding must be
// produced with the right gate and path, no extra ones, and valid files get no error or warning of a gate code
// (the other codes are corpus.test.ts's). Information-level findings such as redundant-gate are outside the
// comparison. Precision/recall is printed per code.
import { describe, expect, it } from 'vitest';
import { hasShared, sharedTitle } from '../support/shared';
import { compareFile, formatStats, readManifest, statsPerCode } from './corpus-compare';
import { codeOfKey } from './vocabulary';

const GATE_CODES = ['feature-gate', 'unknown-gate', 'locked-gate'] as const;
const ALL_GATE_CODES = new Set<string>([...GATE_CODES, 'gate-dependency', 'redundant-gate', 'version-mismatch']);

describe.skipIf(!hasShared)(sharedTitle('corpus gate findings'), () => {
  it('produces every expected gate finding, no extra ones, and no gate alarm on valid files', () => {
    const results = readManifest().map((row) => compareFile(row, new Set(GATE_CODES)));
    console.log(formatStats(statsPerCode(results, [...GATE_CODES])));
    const problems = results.flatMap((r) => [
      ...r.missing.map((k) => `missing ${k} in ${r.row.file}`),
      ...r.extra.map((k) => `extra ${k} in ${r.row.file}`),
      ...r.alarmsOnValid.filter((k) => ALL_GATE_CODES.has(codeOfKey(k))).map((k) => `${k} on valid file ${r.row.file}`),
    ]);
    expect(problems).toEqual([]);
    // the comparison is not empty: every gate code the manifest expects somewhere is produced somewhere
    const stats = statsPerCode(results, [...GATE_CODES]);
    const expectedCodes = new Set(results.flatMap((r) => [...r.expected].map(codeOfKey)));
    expect(expectedCodes.has('feature-gate')).toBe(true);
    for (const s of stats) if (expectedCodes.has(s.code)) expect(s.truePositives, s.code).toBeGreaterThan(0);
  });
});
