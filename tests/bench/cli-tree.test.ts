// The CLI scenario's tree (bench/cli-tree.ts): the shape the benchmark's rows claim.
// Internal imports: `api-extensions/workspace` (readCrdFile: a CRD file's facts as the project keeps them; not
// public).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCliTree } from '../../bench/cli-tree';
import { readCrdFile } from '../../server/src/engine/api-extensions/workspace';
import { hasShared, sharedDir, sharedTitle } from '../support/shared';

const shared = sharedDir;
const work = mkdtempSync(path.join(os.tmpdir(), 'kubegate-cli-tree-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(!hasShared)(sharedTitle('the CLI benchmark tree (../shared/bench and upstream CRDs)'), () => {
  it('has a folder of 1,000 ConfigMaps, CRD bundles, and a ~100 KB file among more than 100 siblings', () => {
    const gen = spawnSync(process.execPath, [path.join(shared, 'bench', 'gen-manifests.mjs'), '--out', path.join(work, 'inputs')], { encoding: 'utf8' });
    expect(gen.status).toBe(0);
    const root = path.join(work, 'tree');
    const tree = writeCliTree(root, shared, path.join(work, 'inputs', 'k8s-10k.yaml'));
    expect(readdirSync(path.join(root, tree.manyFolder))).toHaveLength(1000);
    const bigFolder = path.join(root, path.dirname(tree.bigFolderFile));
    expect(readdirSync(bigFolder).length).toBeGreaterThan(100);
    const big = readFileSync(path.join(root, tree.bigFolderFile), 'utf8');
    expect(big.length).toBeGreaterThan(90 * 1024);
    expect(big.length).toBeLessThan(110 * 1024);
    for (const bundle of ['install.yaml', 'operators.yaml']) {
      const text = readFileSync(path.join(bigFolder, bundle), 'utf8');
      const facts = readCrdFile(text, bundle);
      expect(facts.problems).toEqual([]);
      expect(facts.defs.length).toBe(text.split(/^---$/m).length);
    }
    expect(tree.bundleBytes.every((b) => b > 300_000)).toBe(true);
    expect(tree.files).toBeGreaterThan(1500);
  });
});
