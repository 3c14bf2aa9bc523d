// The project's committed data (data/extracted, written by `npm run extract` from upstream checkouts, and the
// reviewed supplements of data/reviewed) against ../shared, the test oracle, fact by fact for every supported
// minor. Every difference, and every category data/extracted does not hold, is explained by a row of
// scripts/extract/data/committed-differences.tsv; a row that matches nothing fails too. Skipped, with the reason
// in its title, in a clone without ../shared.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffCrdFacts, extractedCrdFacts, sharedCrdFacts } from '../../scripts/extract/crd-facts';
import { alignCategories, diffFacts, readFacts, type Facts } from '../../scripts/extract/diff';
import { readGateCatalogInput } from '../../scripts/generate/sources';
import { Inputs } from '../../scripts/generate/inputs';
import { parseState, readReviewedGates, REVIEWED_GATES } from '../../scripts/generate/reviewed-gates';
import { SUPPORTED_VERSIONS } from '../../server/src/engine';
import { tempDir } from './fixture-tree';
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

/** The gate catalog the generator reads (extracted + reviewed rows), as a data folder readFacts can read. */
function catalogDir(): string {
  const dir = tempDir('catalog');
  fs.mkdirSync(path.join(dir, 'reference'));
  const catalog = readGateCatalogInput(new Inputs(dataDir, path.join(dataDir, 'no-shared'), reviewedDir));
  fs.writeFileSync(path.join(dir, 'reference', 'feature-gates.json'), JSON.stringify(catalog));
  return dir;
}
const GATE_FACTS = ['gate', 'gate-kep'] as const;

/** The project's facts of a minor: data/extracted, with the gate facts of the reviewed catalog. */
function projectFacts(version: string, catalog: string): Facts {
  const f = readFacts(dataDir, version);
  const g = readFacts(catalog, version, [...GATE_FACTS]);
  for (const c of GATE_FACTS) f.set(c, g.get(c) ?? new Map());
  return f;
}

const covers = (key: string, rowKey: string): boolean => (rowKey.endsWith('*') ? key.startsWith(rowKey.slice(0, -1)) : key === rowKey);

describe('committed data', () => {
  it('holds every supported minor, each with the commit of every source it was extracted from', () => {
    for (const v of SUPPORTED_VERSIONS) {
      const prov = JSON.parse(fs.readFileSync(path.join(dataDir, 'upstream', `k8s-${v}`, 'provenance.json'), 'utf8')) as { sources: Record<string, { repo: string; commit: string | null; paths: string[]; commits?: Record<string, string> }> };
      expect(Object.keys(prov.sources).length, v).toBeGreaterThan(0);
      for (const [key, s] of Object.entries(prov.sources)) {
        if (s.commit !== null) {
          expect(s.commit, `${v} ${key}`).toMatch(/^[0-9a-f]{40}$/);
          continue;
        }
        // an excerpt checkout: a commit for every file read
        const files = Object.entries(s.commits ?? {});
        for (const p of s.paths) expect(files.some(([f]) => f === p || f.startsWith(`${p}/`)), `${v} ${key} ${p}`).toBe(true);
        for (const [f, c] of files) expect(c, `${v} ${key} ${f}`).toMatch(/^[0-9a-f]{40}$/);
      }
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

  it('hold the brief\'s truth table as ../shared does', () => {
    const read = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'reference', 'brief-features.json'), 'utf8')) as unknown;
    expect(read(reviewedDir)).toEqual(read(sharedDir));
  });
});

describe('reviewed gate rows', () => {
  const reviewed = readReviewedGates(path.join(reviewedDir, REVIEWED_GATES));
  it('name their evidence (repository path@commit for the upstream facts)', () => {
    for (const r of reviewed) {
      expect(r.evidence.length, `${r.gate} ${r.fact} ${r.version}`).toBeGreaterThan(8);
      if (r.fact === 'state' || r.fact === 'history') expect(r.evidence, `${r.gate} ${r.fact} ${r.version}`).toMatch(/@[0-9a-f]{10}|page|hand record/);
    }
  });

  it('each change a fact the extraction gives otherwise (no row repeats it)', () => {
    type State = { exists: boolean | null; stage?: string; default?: boolean | null; locked?: boolean | null };
    const extracted = JSON.parse(fs.readFileSync(path.join(dataDir, 'reference', 'feature-gates.json'), 'utf8')) as { gates: { name: string; kep: number | null; by_version: Record<string, State> }[] };
    const byName = new Map(extracted.gates.map((g) => [g.name, g]));
    const norm = (s: State | undefined): string => (s === undefined ? 'unknown' : s.exists ? `${s.stage === 'Stable' ? 'GA' : s.stage} ${s.default} ${s.locked}` : 'absent');
    const repeated: string[] = [];
    for (const r of reviewed) {
      const g = byName.get(r.gate);
      if (!g) continue;
      if (r.fact === 'state' && norm(parseState(r.value, r.gate)) === norm(g.by_version[r.version])) repeated.push(`${r.gate} ${r.version}`);
      if (r.fact === 'kep' && g.kep === (r.value === 'none' ? null : Number(r.value))) repeated.push(`${r.gate} kep`);
    }
    expect(repeated).toEqual([]);
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

  const catalog = catalogDir();
  for (const version of SUPPORTED_VERSIONS) {
    it(`${version}: every difference is explained, every explanation still holds`, () => {
      const [before, after] = [readFacts(sharedDir, version), projectFacts(version, catalog)];
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
      for (const c of ['field', 'kind', 'smd-type', 'kep', 'config-field', 'config-kind', 'gate', 'gate-kep'] as const) expect(after.get(c)?.size ?? 0, c).toBeGreaterThan(0);
      expect([...(after.get('config-kind')?.keys() ?? [])].filter((k) => k.startsWith('kubeadm.k8s.io/v1beta4 ')).length, 'kubeadm kinds').toBe(5);
    });

    it(`${version}: every gate fact the extraction gives otherwise is a reviewed row`, () => {
      const reviewed = readReviewedGates(path.join(reviewedDir, REVIEWED_GATES));
      const rowFor = (gate: string, fact: string): boolean => reviewed.some((r) => r.gate === gate && r.fact === fact && (r.version === version || r.version === '-'));
      const raw = diffFacts(readFacts(sharedDir, version, [...GATE_FACTS]), readFacts(dataDir, version, [...GATE_FACTS]));
      const unexplained = raw.filter((d) => !rowFor(d.key, d.category === 'gate' ? 'state' : 'kep'));
      expect(unexplained.map((d) => `${d.category}\t${d.key}`)).toEqual([]);
    });
  }
});
