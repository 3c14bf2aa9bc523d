// `npm run extract -- …`: upstream checkouts → the data `npm run generate` reads (see README.md here).
//   --kubernetes DIR [--api DIR] [--client-go DIR] [--enhancements DIR] [--kind DIR] [--crds DIR…] --version 1.NN [--out DIR] [--preview]
//   --crds DIR… [--out DIR]   ecosystem CRDs alone (checkouts at release tags; no --version)
//   --diff [--version 1.NN] [--against DIR] [--limit N]   facts that differ from the committed data (default ../shared)
//   --drift --kubernetes DIR [--repo owner/name=DIR[:prefix]…]   hand-written rows whose upstream function changed
import * as path from 'node:path';
import { checkoutsOf, crdTrees, one, parseArgs, PUBLISHED, VALUED, type Args } from './args';
import { combine, extractedVersions, previousMinor } from './combine';
import { alignCategories, diffFacts, printDiff, readFacts } from './diff';
import { checkDrift, type RepoCheckout } from './drift';
import { recordedSources } from './drift-sources';
import { extractCrds } from './crds';
import { extractVersion, type RunReport } from './extract';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const DEFAULT_OUT = path.join(REPO_ROOT, 'data', 'extracted');

export function runExtract(a: Args, version: string, outDir: string): RunReport {
  const started = Date.now();
  const report = extractVersion(checkoutsOf(a), version, outDir, a.flags.has('preview'));
  const combined = combine(outDir);
  for (const [key, s] of Object.entries(report.sources)) console.log(`source ${key}: ${s.repo}@${s.commit ?? 'not a git checkout'} (${s.paths.length} paths)`);
  console.log(`${version}${report.preview ? ' (preview)' : ''}: ${Object.entries(report.counts).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`wrote ${report.written.length + combined.length} files into ${path.relative(process.cwd(), outDir) || '.'} in ${Date.now() - started} ms`);
  for (const p of report.problems.slice(0, 20)) console.log(`problem: ${p}`);
  if (report.problems.length > 20) console.log(`… ${report.problems.length - 20} more problems`);
  return report;
}

/** The ecosystem CRD checkouts of `--crds`, into `<outDir>/upstream/crds/`. */
export function runCrds(a: Args, outDir: string): number {
  const trees = crdTrees(a);
  if (trees.length === 0) return 0;
  const started = Date.now();
  const r = extractCrds(trees, outDir);
  for (const x of r.read) console.log(`crds ${x.project} ${x.tag}@${x.commit.slice(0, 12)}: ${x.crds} CRDs`);
  for (const p of r.problems) console.log(`problem: ${p}`);
  console.log(`crds: wrote ${r.written.length} files in ${Date.now() - started} ms`);
  return r.problems.length;
}

export function runDiff(a: Args, outDir: string, versions: string[]): number {
  const against = path.resolve(one(a, 'against') ?? path.join(REPO_ROOT, '..', 'shared'));
  const limit = Number(one(a, 'limit') ?? 40);
  let total = 0;
  for (const v of versions) {
    const [before, after] = [readFacts(against, v), readFacts(outDir, v)];
    const skipped = alignCategories(before, after);
    if (skipped.length) console.log(`not compared in ${v} (no facts on one side): ${skipped.join(', ')}`);
    const lines = diffFacts(before, after);
    printDiff(lines, `in ${v} (${path.basename(against)} → extraction)`, limit);
    total += lines.length;
  }
  return total;
}

/** What changed from the previous extracted minor to `version`. */
export function runVersionDiff(outDir: string, version: string, limit: number): void {
  const prev = previousMinor(version);
  if (!extractedVersions(outDir).includes(prev)) {
    console.log(`no extraction of ${prev} in ${outDir}: no version-over-version diff`);
    return;
  }
  const [before, after] = [readFacts(outDir, prev), readFacts(outDir, version)];
  const skipped = alignCategories(before, after);
  if (skipped.length) console.log(`not compared (not extracted for both ${prev} and ${version}): ${skipped.join(', ')}`);
  printDiff(diffFacts(before, after), `in ${version}`, limit);
}

function repoCheckouts(a: Args): Record<string, RepoCheckout> {
  const out: Record<string, RepoCheckout> = {};
  const k8s = one(a, 'kubernetes');
  if (k8s) out['kubernetes/kubernetes'] = { dir: path.resolve(k8s) };
  for (const spec of a.values.get('repo') ?? []) {
    const m = /^([\w.-]+\/[\w.-]+)=([^:]+)(?::(.+))?$/.exec(spec);
    if (!m) throw new Error(`--repo ${spec}: expected owner/name=DIR[:prefix]`);
    out[m[1]] = { dir: path.resolve(m[2]), prefix: m[3] };
  }
  return out;
}

async function main(): Promise<void> {
  const a = parseArgs(process.argv.slice(2), VALUED);
  const outDir = path.resolve(one(a, 'out') ?? DEFAULT_OUT);
  if (a.flags.has('drift')) {
    const results = checkDrift(await recordedSources(REPO_ROOT), repoCheckouts(a));
    for (const r of results) {
      if (r.status === 'unchanged' && !a.flags.has('all')) continue;
      console.log(`${r.status.padEnd(9)} ${r.repo} ${r.path}@${r.commit.slice(0, 12)} ${r.fn} (${r.rows} row${r.rows === 1 ? '' : 's'}, ${r.where})${r.detail ? `: ${r.detail}` : ''}`);
    }
    const count = (s: string): number => results.filter((r) => r.status === s).length;
    console.log(`${results.length} upstream declarations: ${count('changed')} changed, ${count('gone')} gone, ${count('unchanged')} unchanged, ${count('unknown')} not comparable`);
    process.exitCode = count('changed') + count('gone') > 0 ? 1 : 0;
    return;
  }
  const version = one(a, 'version');
  if (version && !/^\d+\.\d+$/.test(version)) throw new Error(`--version ${version}: expected 1.NN`);
  const crdProblems = runCrds(a, outDir);
  if (crdProblems) process.exitCode = 1;
  const hasCheckout = ['kubernetes', 'api', 'client-go', 'enhancements', 'kind', ...PUBLISHED].some((n) => a.values.has(n));
  if (hasCheckout) {
    if (!version) throw new Error('--version 1.NN is required with checkouts');
    runExtract(a, version, outDir);
    if (!a.flags.has('diff')) runVersionDiff(outDir, version, Number(one(a, 'limit') ?? 40));
  }
  if (a.flags.has('diff')) {
    const versions = version ? [version] : extractedVersions(outDir);
    if (versions.length === 0) throw new Error(`nothing extracted in ${outDir}`);
    runDiff(a, outDir, versions);
  } else if (!hasCheckout && !a.values.has('crds')) {
    console.error('usage: npm run extract -- --kubernetes DIR [--api DIR] [--client-go DIR] [--enhancements DIR] [--kind DIR] [--crds DIR…] --version 1.NN [--out DIR] [--preview]');
    console.error('       npm run extract -- --crds DIR… [--out DIR]');
    console.error('       npm run extract -- --diff [--version 1.NN] [--against DIR] [--limit N]');
    console.error('       npm run extract -- --drift --kubernetes DIR [--repo owner/name=DIR[:prefix]…] [--all]');
    process.exitCode = 2;
  }
}

if (require.main === module) {
  main().catch((e: Error) => {
    console.error(e.message);
    process.exitCode = 1;
  });
}
