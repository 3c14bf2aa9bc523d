// The extraction against ../shared (the test oracle), fact by fact, for every minor whose upstream checkouts are
// given: KUBEGATE_UPSTREAM=<dir> holding <dir>/<1.NN>/{kubernetes,api,client-go,kubelet,kube-proxy,kube-scheduler,
// component-base,enhancements,kind} (any of them; the
// clone commands are in CONTRIBUTING.md, "Adding Kubernetes 1.NN"). Every difference must be explained by a row of
// scripts/extract/data/shared-differences.tsv, and every row of a compared minor must still differ. Skipped
// without checkouts (npm test needs no network).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkoutsOf, parseArgs, PUBLISHED, VALUED } from '../../scripts/extract/args';
import { combine } from '../../scripts/extract/combine';
import { alignCategories, diffFacts, readFacts } from '../../scripts/extract/diff';
import { extractVersion } from '../../scripts/extract/extract';
import { hasShared, sharedDir } from '../support/shared';
import { tempDir } from './fixture-tree';

const upstream = process.env.KUBEGATE_UPSTREAM;
const versions = upstream && fs.existsSync(upstream) ? fs.readdirSync(upstream).filter((v) => /^\d+\.\d+$/.test(v)).sort() : [];
const explained = fs
  .readFileSync(path.join(__dirname, '..', '..', 'scripts', 'extract', 'data', 'shared-differences.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t'));

describe('explained differences', () => {
  it('have a version, a category, a key and a reason each', () => {
    for (const row of explained) {
      expect(row).toHaveLength(4);
      expect(row[0]).toMatch(/^\d+\.\d+$/);
      expect(row[3].length).toBeGreaterThan(20);
    }
  });
});

describe.skipIf(versions.length === 0 || !hasShared)('extraction against ../shared (KUBEGATE_UPSTREAM)', () => {
  for (const version of versions) {
    it(`${version}: every difference is explained`, () => {
      const dir = path.join(upstream as string, version);
      const args = ['kubernetes', 'api', 'client-go', ...PUBLISHED, 'enhancements', 'kind'].flatMap((n) => (fs.existsSync(path.join(dir, n)) ? [`--${n}`, path.join(dir, n)] : []));
      const out = tempDir(`oracle-${version}`);
      extractVersion(checkoutsOf(parseArgs(args, VALUED)), version, out);
      combine(out);
      const [before, after] = [readFacts(sharedDir, version), readFacts(out, version)];
      // kubeadm is compared only when the kubernetes checkout holds cmd/kubeadm (the published repositories lack it)
      if (!fs.existsSync(path.join(dir, 'kubernetes', 'cmd', 'kubeadm'))) {
        for (const [c, prefix] of [['config-field', 'kubernetes.cmd.kubeadm.'], ['config-kind', 'kubeadm.k8s.io/']] as const) {
          for (const k of [...(before.get(c)?.keys() ?? [])]) if (k.startsWith(prefix)) before.get(c)?.delete(k);
        }
      }
      const notCompared = alignCategories(before, after);
      const found = diffFacts(before, after).map((d) => `${d.category}\t${d.key}`);
      // rows of a category this run could not compare (no checkout of its source) are not checked
      const rows = explained.filter((r) => r[0] === version && !notCompared.includes(r[1] as never)).map((r) => `${r[1]}\t${r[2]}`);
      expect(found.filter((f) => !rows.includes(f)), 'differences without a row').toEqual([]);
      expect(rows.filter((r) => !found.includes(r)), 'rows that no longer differ').toEqual([]);
    });
  }
});
