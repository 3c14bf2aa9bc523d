// The project's committed data (data/extracted, written by `npm run extract` from upstream checkouts, and the
// reviewed supplements of data/reviewed) against ../shared, the test oracle, fact by fact for every supported
// minor. Every difference, and every category data/extracted does not hold, is explained by a row of
// scripts/extract/data/committed-differences.tsv; a row that matches nothing fails too. Skipped, with the reason
// in its title, in a clone without ../shared.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffCrdFacts, extractedCrdFacts, sharedCrdFacts } from '../../scripts/extract/crd-facts';
import { alignCategories, diffFacts, readFacts } from '../../scripts/extract/diff';
import { SUPPORTED_VERSIONS } from '../../server/src/engine/base/types';
import { hasShared, repoRoot, sharedDir, sharedTitle } from '../support/shared';

const dataDir = path.join(repoRoot, 'data', 'extracted');
const reviewedDir = path.join(repoRoot, 'data', 'reviewed');

/** The fact columns of drop-gated-fields.tsv rows (the reviewed copy may add notes, not change facts). */
function dropFacts(dir: string): string[] {
  const [header, ...lines] = fs.readFileSync(path.join(dir, 'upstream', 'drop-gated-fields.tsv'), 'utf8').split('\n').filter((l) => l.trim());
  const cols = header.split('\t');
  const keep = ['version_from', 'kind_or_type', 'json_path', 'gate', 'evidence', 'declared_in', 'applies_to_pod_templates'].map((c) => cols.indexOf(c));
  return lines.map((l) => keep.map((i) => l.split('\t')[i]).join('\t')).sort();
}
const rows = fs
  .readFileSync(path.join(repoRoot, 'scripts', 'extract', 'data', 'committed-differences.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [version, category, key, why] = l.split('\t');
    return { version, category, key, why };
  });

const covers = (key: string, rowKey: string): boolean => (rowKey.endsWith('*') ? key.startsWith(rowKey.slice(0, -1)) : key === rowKey);

describe('committed data', () => {
  it('holds every supported minor, each with the commit of every source it was extracted from', () => {
    for (const v of SUPPORTED_VERSIONS) {
      const prov = JSON.parse(fs.readFileSync(path.join(dataDir, 'upstream', `k8s-${v}`, 'provenance.json'), 'utf8')) as { sources: Record<string, { repo: string; commit: string | null }> };
      expect(Object.keys(prov.sources).length, v).toBeGreaterThan(0);
      for (const [key, s] of Object.entries(prov.sources)) expect(s.commit, `${v} ${key}`).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('has a reason for every explained difference', () => {
    for (const r of rows) {
      expect([...SUPPORTED_VERSIONS, 'crds']).toContain(r.version);
      expect(r.why.length, `${r.version} ${r.category} ${r.key}`).toBeGreaterThan(30);
    }
  });
});

describe.skipIf(!hasShared)(sharedTitle('reviewed supplements against ../shared'), () => {
  it('serve the same group-versions per minor', () => {
    for (const v of SUPPORTED_VERSIONS) {
      const [before, after] = [readFacts(sharedDir, v, ['served']), readFacts(reviewedDir, v, ['served'])];
      expect(after.get('served')?.size ?? 0, v).toBeGreaterThan(0);
      expect(diffFacts(before, after), v).toEqual([]);
    }
  });

  it('drop the same fields under the same gates, on the same evidence', () => {
    expect(dropFacts(reviewedDir)).toEqual(dropFacts(sharedDir));
  });
});

describe.skipIf(!hasShared)(sharedTitle('committed data against ../shared, fact by fact'), () => {
  it('ecosystem CRDs (every release, CRD, version schema, Gateway API channel row, controller gate): every difference is explained', () => {
    const [before, after] = [sharedCrdFacts(path.join(sharedDir, 'upstream', 'crds')), extractedCrdFacts(dataDir)];
    const found = diffCrdFacts(before, after);
    const mine = rows.filter((r) => r.version === 'crds');
    const unexplained = found.filter((d) => !mine.some((r) => r.category === d.category && covers(d.key, r.key)));
    expect(unexplained.map((d) => `${d.category}\t${d.key}\t${d.before ?? '(none)'} → ${d.after ?? '(none)'}`), 'differences without a row').toEqual([]);
    const stale = mine.filter((r) => !found.some((d) => d.category === r.category && covers(d.key, r.key)));
    expect(stale.map((r) => `${r.category}\t${r.key}`), 'rows that match no difference').toEqual([]);
    for (const c of ['crd-release', 'crd-file', 'crd-version', 'channel-row', 'controller-gate', 'gate-stage', 'gate-governs'] as const) expect(after.get(c)?.size ?? 0, c).toBeGreaterThan(0);
  });

  for (const version of SUPPORTED_VERSIONS) {
    it(`${version}: every difference is explained, every explanation still holds`, () => {
      const [before, after] = [readFacts(sharedDir, version), readFacts(dataDir, version)];
      const notHeld = alignCategories(before, after);
      const mine = rows.filter((r) => r.version === version);
      expect(notHeld, 'categories not compared').toEqual(mine.filter((r) => r.key === '*').map((r) => r.category).sort());
      const found = diffFacts(before, after);
      const keyed = mine.filter((r) => r.key !== '*');
      const unexplained = found.filter((d) => !keyed.some((r) => r.category === d.category && covers(d.key, r.key)));
      expect(unexplained.map((d) => `${d.category}\t${d.key}`), 'differences without a row').toEqual([]);
      const stale = keyed.filter((r) => !found.some((d) => d.category === r.category && covers(d.key, r.key)));
      expect(stale.map((r) => `${r.category}\t${r.key}`), 'rows that match no difference').toEqual([]);
      // The facts compared: fields, kinds, the SMD schema, KEPs and config kinds of every minor.
      for (const c of ['field', 'kind', 'smd-type', 'kep', 'config-field', 'config-kind'] as const) expect(after.get(c)?.size ?? 0, c).toBeGreaterThan(0);
    });
  }
});
