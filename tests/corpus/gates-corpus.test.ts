// Corpus comparison for the gate codes (issue 3): each file on its own, target 1.37, no gate set by the user.
// Every expected feature-gate / unknown-gate / locked-gate finding must be produced with the right gate and
// path, no extra ones; valid files get no error or warning of a gate code. Information-level findings such as
// redundant-gate are outside the comparison. Precision/recall is printed per code.
import { readFileSync } from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/engine/check';
import type { Finding } from '../../server/src/engine/types';
import { hasShared, sharedDir } from '../gates/shared-data';

const CODES = ['feature-gate', 'unknown-gate', 'locked-gate'] as const;
const GATE_CODES = new Set<string>([...CODES, 'gate-dependency']);

interface Row {
  file: string;
  expected: string;
  category: string;
}

function manifestRows(): Row[] {
  const text = readFileSync(path.join(sharedDir, 'corpus', 'MANIFEST.tsv'), 'utf8');
  const [head, ...lines] = text.split('\n').filter((l) => l.length > 0);
  const cols = head!.split('\t');
  const at = (name: string) => cols.indexOf(name);
  return lines.map((l) => {
    const v = l.split('\t');
    return { file: v[at('file')]!, expected: v[at('expected_outcome')]!, category: v[at('category')]! };
  });
}

/** The corpus key of a gate finding: `feature-gate:<Gate>:<path>` (the tag's name kept), `unknown-gate:<Name>`. */
function keyOf(f: Finding): string | undefined {
  const gate = (f.data?.['tag'] ?? f.data?.['gate']) as string | undefined;
  if (f.code === 'feature-gate') return `feature-gate:${gate}:${f.path}`;
  if (f.code === 'unknown-gate' || f.code === 'locked-gate') return `${f.code}:${gate}`;
  return undefined;
}

describe.skipIf(!hasShared)('corpus gate findings (reads ../shared/corpus; skipped when ../shared is absent)', () => {
  it('produces every expected gate finding, no extra ones, and no gate warning on valid files', () => {
    const counts = Object.fromEntries(CODES.map((c) => [c, { tp: 0, fp: 0, fn: 0 }]));
    const problems: string[] = [];
    for (const row of manifestRows()) {
      const text = readFileSync(path.join(sharedDir, 'corpus', row.file), 'utf8');
      const report = checkText(text, { version: '1.37', file: row.file });
      const expected = new Set(
        row.expected === 'valid' ? [] : row.expected.split(';').filter((k) => CODES.some((c) => k.startsWith(`${c}:`))),
      );
      const actual = new Set(report.findings.filter((f) => (CODES as readonly string[]).includes(f.code)).map(keyOf).filter((k): k is string => !!k));
      for (const k of actual) {
        const code = k.slice(0, k.indexOf(':')) as (typeof CODES)[number];
        if (expected.has(k)) counts[code]!.tp++;
        else {
          counts[code]!.fp++;
          problems.push(`extra ${k} in ${row.file}`);
        }
      }
      for (const k of expected) {
        if (actual.has(k)) continue;
        counts[k.slice(0, k.indexOf(':'))]!.fn++;
        problems.push(`missing ${k} in ${row.file}`);
      }
      if (row.expected === 'valid') {
        for (const f of report.findings) {
          if (GATE_CODES.has(f.code) && (f.severity === 'error' || f.severity === 'warning')) {
            problems.push(`${f.severity} ${f.code} on valid file ${row.file}: ${f.message}`);
          }
        }
      }
    }
    for (const [code, c] of Object.entries(counts)) {
      const precision = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
      const recall = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
      console.log(`${code}: precision ${precision.toFixed(3)} recall ${recall.toFixed(3)} (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`);
    }
    expect(problems).toEqual([]);
  });
});
