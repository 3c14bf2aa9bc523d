// The CLI scenario of `npm run bench`: `kubegate check` on a repository-shaped tree (cli-tree.ts) against the
// same files parsed by the `yaml` package alone, one fresh process per measurement. CPU time and peak RSS come
// from the measured process itself (a preloaded module writes `process.resourceUsage()` when it exits), wall time
// from this one. See bench/README.md.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeCliTree, type CliTree } from './cli-tree';
import { median } from './stats';

export interface Run {
  wallMs: number;
  cpuMs: number;
  rssMb: number;
  exit: number | null;
  stats?: string;
}

export interface CliResult {
  tree: Omit<CliTree, 'root'>;
  bigTree: { files: number; bytes: number; bundles: number };
  reps: number;
  rows: Record<string, Run[]>;
}

const USAGE_HOOK = `const { isMainThread } = require('node:worker_threads');
if (isMainThread) process.on('exit', () => {
  const r = process.resourceUsage();
  require('node:fs').writeFileSync(process.env.KG_BENCH_USAGE, JSON.stringify({ cpuMs: (r.userCPUTime + r.systemCPUTime) / 1000, rssMb: r.maxRSS / 1024 }));
});
`;

/** Parses every YAML file under a folder (or one file) with the package alone; prints the document count. */
const FLOOR = `const fs = require('node:fs'); const path = require('node:path'); const YAML = require(process.env.KG_BENCH_YAML);
let docs = 0;
const one = (f) => { docs += YAML.parseAllDocuments(fs.readFileSync(f, 'utf8')).length; };
const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name);
  if (e.isDirectory()) { if (e.name !== '.git') walk(p); } else if (/\\.ya?ml$/i.test(e.name)) one(p); } };
const target = process.argv[2]; if (fs.statSync(target).isDirectory()) walk(target); else one(target);
process.stdout.write(String(docs));
`;

function runOnce(work: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  const usage = path.join(work, `usage-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const started = performance.now();
  const child = spawn(process.execPath, ['-r', path.join(work, 'usage-hook.cjs'), ...args], {
    cwd,
    env: { ...process.env, ...env, KG_BENCH_USAGE: usage },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-4000)));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      let u = { cpuMs: Number.NaN, rssMb: Number.NaN };
      try {
        u = JSON.parse(readFileSync(usage, 'utf8')) as typeof u;
        rmSync(usage);
      } catch {
        // reported as n/a
      }
      const stats = err.split('\n').find((l) => l.startsWith('stats: '));
      resolve({ wallMs, ...u, exit: code, ...(stats ? { stats } : {}) });
    });
  });
}

export async function runCliScenario(repoRoot: string, sharedDir: string, tenK: string, reps: number, log: (m: string) => void): Promise<CliResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'kubegate-bench-cli-'));
  try {
    writeFileSync(path.join(work, 'usage-hook.cjs'), USAGE_HOOK);
    writeFileSync(path.join(work, 'floor.cjs'), FLOOR);
    const root = path.join(work, 'tree');
    mkdirSync(root);
    const tree = writeCliTree(root, sharedDir, tenK);
    const bigRoot = path.join(work, 'big-tree');
    mkdirSync(bigRoot);
    const bigTree = writeCliTree(bigRoot, sharedDir, tenK, 4);
    const alone = path.join(work, 'alone');
    mkdirSync(alone);
    copyFileSync(path.join(root, tree.bigFolderFile), path.join(alone, path.basename(tree.bigFolderFile)));
    const cli = path.join(repoRoot, 'dist', 'cli.js');
    const cache = path.join(work, 'cache');
    const yamlEnv = { KG_BENCH_YAML: require.resolve('yaml', { paths: [repoRoot] }) };
    const check = (target: string, extra: string[]) => [cli, 'check', target, '--quiet', '--stats', ...extra];
    const measures: [string, () => Promise<Run>][] = [
      ['tree: yaml parse only', () => runOnce(work, [path.join(work, 'floor.cjs'), '.'], root, yamlEnv)],
      ['tree: check, 1 thread, no cache', () => runOnce(work, check('.', ['--jobs', '1', '--no-cache']), root, {})],
      ['tree: check, 2 threads, no cache', () => runOnce(work, check('.', ['--jobs', '2', '--no-cache']), root, {})],
      ['tree: check, default threads, no cache', () => runOnce(work, check('.', ['--no-cache']), root, {})],
      ['tree: check, 1 thread, warm cache', () => runOnce(work, check('.', ['--jobs', '1']), root, { KUBEGATE_CACHE_DIR: cache })],
      ['larger bundles: check, default threads, no cache', () => runOnce(work, check('.', ['--no-cache']), bigRoot, {})],
      ['larger bundles: check, main thread, no cache', () => runOnce(work, check('.', ['--jobs', '1', '--no-cache']), bigRoot, {})],
      ['1,000 ConfigMaps: yaml parse only', () => runOnce(work, [path.join(work, 'floor.cjs'), tree.manyFolder], root, yamlEnv)],
      ['1,000 ConfigMaps: check, 1 thread', () => runOnce(work, check(tree.manyFolder, ['--jobs', '1', '--no-cache']), root, {})],
      ['one file alone', () => runOnce(work, check(path.basename(tree.bigFolderFile), ['--no-cache']), alone, {})],
      ['one file in its folder, no cache', () => runOnce(work, check(tree.bigFolderFile, ['--no-cache']), root, {})],
      ['one file in its folder, warm cache', () => runOnce(work, check(tree.bigFolderFile, []), root, { KUBEGATE_CACHE_DIR: cache })],
    ];
    // The cache is filled once (a whole-tree run) before the warm measurements.
    log('[cli] filling the cache with one whole-tree run');
    await runOnce(work, check('.', ['--jobs', '1']), root, { KUBEGATE_CACHE_DIR: cache });
    const rows: Record<string, Run[]> = {};
    for (let rep = 0; rep < reps; rep++) {
      for (const [name, measure] of measures) {
        const r = await measure();
        (rows[name] ??= []).push(r);
        log(`[cli] ${name} #${rep + 1}: wall ${r.wallMs.toFixed(0)} ms, cpu ${r.cpuMs.toFixed(0)} ms, rss ${r.rssMb.toFixed(0)} MB, exit ${r.exit}`);
      }
    }
    const { root: _root, ...shape } = tree;
    return { tree: shape, bigTree: { files: bigTree.files, bytes: bigTree.bytes, bundles: bigTree.bundleBytes.reduce((a, b) => a + b, 0) }, reps, rows };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const med = (runs: readonly Run[] | undefined, key: 'wallMs' | 'cpuMs' | 'rssMb'): number => Number(median((runs ?? []).map((r) => r[key])));

function ratio(a: number, b: number): string {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a';
}

/** The Markdown section of RESULTS.md. */
export function cliSection(r: CliResult): string {
  const rows = r.rows;
  const t = (name: string) => rows[name];
  const line = (what: string, ours: string, ref: string, value: string, target: string) => `| ${what} | ${ours} | ${ref} | ${value} | ${target} |`;
  const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : 'n/a');
  const mb = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} MB` : 'n/a');
  const tree1 = t('tree: check, 1 thread, no cache');
  const tree2 = t('tree: check, 2 threads, no cache');
  const treeDefault = t('tree: check, default threads, no cache');
  const bigDefault = t('larger bundles: check, default threads, no cache');
  const bigMain = t('larger bundles: check, main thread, no cache');
  const warm = t('tree: check, 1 thread, warm cache');
  const floorTree = t('tree: yaml parse only');
  const many = t('1,000 ConfigMaps: check, 1 thread');
  const floorMany = t('1,000 ConfigMaps: yaml parse only');
  const alone = t('one file alone');
  const cold = t('one file in its folder, no cache');
  const inWarm = t('one file in its folder, warm cache');
  const mbs = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  return [
    '## CLI at repository scale',
    '',
    `A generated repository-shaped tree (\`bench/cli-tree.ts\`): ${r.tree.files} YAML files, ${mbs(r.tree.bytes)}; the corpus ` +
      `manifests in their folders (kind configs among them), CRD bundles of ${r.tree.bundleBytes.map(mbs).join(', ')} made of ` +
      `the upstream CRD files, custom resources beside them, a folder of 1,000 small ConfigMaps, and a ` +
      `~100 KB manifest in a folder of more than a hundred files with two bundles. Each measurement is a fresh process, ` +
      `${r.reps} repetitions, medians; CPU time (user + system) and peak RSS are the measured process's own ` +
      '(`process.resourceUsage()` at exit, worker threads included); the floor is the `yaml` package\'s ' +
      '`parseAllDocuments` of the same files in one process (Node start-up included on both sides).',
    '',
    '| measure | Kubegate | reference | ratio | target |',
    '|---|---|---|---|---|',
    line('whole tree, CPU (1 thread, no cache) vs yaml parse', ms(med(tree1, 'cpuMs')), ms(med(floorTree, 'cpuMs')), ratio(med(tree1, 'cpuMs'), med(floorTree, 'cpuMs')), '≤ 1.5×'),
    line('whole tree, CPU (1 thread, warm cache) vs yaml parse', ms(med(warm, 'cpuMs')), ms(med(floorTree, 'cpuMs')), ratio(med(warm, 'cpuMs'), med(floorTree, 'cpuMs')), '≤ 1.5×'),
    line('1,000 ConfigMaps in one folder, CPU vs yaml parse', ms(med(many, 'cpuMs')), ms(med(floorMany, 'cpuMs')), ratio(med(many, 'cpuMs'), med(floorMany, 'cpuMs')), '≤ 1.5×'),
    line('one file in its folder (no cache) vs alone, wall', ms(med(cold, 'wallMs')), ms(med(alone, 'wallMs')), ratio(med(cold, 'wallMs'), med(alone, 'wallMs')), '≤ 2×'),
    line('one file in its folder (no cache) vs alone, peak RSS', mb(med(cold, 'rssMb')), mb(med(alone, 'rssMb')), ratio(med(cold, 'rssMb'), med(alone, 'rssMb')), '≤ 2×'),
    line('one file in its folder (warm cache) vs alone, wall', ms(med(inWarm, 'wallMs')), ms(med(alone, 'wallMs')), ratio(med(inWarm, 'wallMs'), med(alone, 'wallMs')), '≤ 2×'),
    line('one file in its folder (warm cache) vs alone, peak RSS', mb(med(inWarm, 'rssMb')), mb(med(alone, 'rssMb')), ratio(med(inWarm, 'rssMb'), med(alone, 'rssMb')), '≤ 2×'),
    line('whole tree, wall: 1 thread / 2 threads (speed-up)', ms(med(tree1, 'wallMs')), ms(med(tree2, 'wallMs')), ratio(med(tree1, 'wallMs'), med(tree2, 'wallMs')), '≥ 1.7×'),
    line('whole tree, peak RSS: default / main thread only (`--jobs 1`)', mb(med(treeDefault, 'rssMb')), mb(med(tree1, 'rssMb')), '', '≤ 250 MB'),
    line(`larger bundles (${r.bigTree.files} files, ${mbs(r.bigTree.bundles)} of CRDs), peak RSS: default / main thread only`, mb(med(bigDefault, 'rssMb')), mb(med(bigMain, 'rssMb')), '', '≤ 250 MB'),
    line('larger bundles, wall: default / main thread only', ms(med(bigDefault, 'wallMs')), ms(med(bigMain, 'wallMs')), ratio(med(bigDefault, 'wallMs'), med(bigMain, 'wallMs')), ''),
    line('whole tree, CPU: 2 threads / 1 thread', ms(med(tree2, 'cpuMs')), ms(med(tree1, 'cpuMs')), ratio(med(tree2, 'cpuMs'), med(tree1, 'cpuMs')), ''),
    '',
    'What each Kubegate run did (`--stats`, first repetition):',
    '',
    ...Object.entries(rows).flatMap(([name, runs]) => (runs[0]?.stats ? [`- ${name}: ${runs[0].stats.replace(/^stats: /, '')}`] : [])),
  ].join('\n');
}
