// Regenerating from the project's data (data/extracted + data/reviewed; nothing from ../shared) into a temporary folder gives
// byte-identical files to the committed schemas/.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPaths, generate, type GenerateReport } from '../../scripts/generate/generate';
import { repoRoot, schemasDir } from './shared';

const { dataDir, reviewedDir } = defaultPaths(repoRoot);

// ../shared is not needed: the run is given an empty folder in its place (it also runs in a clone without ../shared).
describe('npm run generate reproduces schemas/ byte for byte from the project\'s data alone', () => {
  let outDir = '';
  let noShared = '';
  let report: GenerateReport;

  beforeAll(() => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegate-schemas-'));
    noShared = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegate-no-shared-'));
    report = generate({ dataDir, reviewedDir, sharedDir: noShared, outDir });
  });

  afterAll(() => {
    for (const dir of [outDir, noShared]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the files of the data contract', () => {
    const names = report.files.map((f) => f.file).sort();
    for (const v of ['1.34', '1.35', '1.36', '1.37']) {
      expect(names).toContain(`k8s-${v}.json`);
      expect(names).toContain(`gated-fields-${v}.json`);
    }
    expect(names).toContain('gates.json');
    expect(names).toContain('brief.json');
  });

  it('every generated file equals the committed one', () => {
    for (const f of report.files) {
      const fresh = fs.readFileSync(path.join(outDir, f.file));
      const committedPath = path.join(schemasDir, f.file);
      expect(fs.existsSync(committedPath), `${f.file} is missing from schemas/ (run npm run generate)`).toBe(true);
      const committed = fs.readFileSync(committedPath);
      expect(fresh.equals(committed), `${f.file} differs from schemas/ (run npm run generate)`).toBe(true);
    }
  });

  it('schemas/ holds no stale generated file', () => {
    const written = new Set(report.files.map((f) => f.file));
    const stale = fs.readdirSync(schemasDir).filter((n) => n.endsWith('.json') && !written.has(n));
    expect(stale).toEqual([]);
  });

  it('reads every input from the project (API structure, config kinds, gates, KEPs, ecosystem CRDs, the brief\'s truth table), nothing from ../shared', () => {
    expect(report.fromShared).toEqual([]);
  });

  it('only the four types that no source defines are open', () => {
    for (const names of Object.values(report.missing)) {
      expect(names.length).toBeLessThanOrEqual(4);
      for (const n of names) expect(n.startsWith('io.k8s.apimachinery.pkg.apis.meta.v1.')).toBe(true);
    }
  });
});
