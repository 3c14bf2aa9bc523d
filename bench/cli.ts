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

/** One measurement of a repetition; `against`: its reference, run right beside it. */
interface Measure {
  name: string;
  run: () => Promise<Run>;
  against?: Measure;
}

const REFERENCE = ' (its reference)';

/** Where the runs of a measure's reference are kept in CliResult.rows. */
function referenceKey(name: string): string {
  return name + REFERENCE;
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

/** Two runs started together: the wall time until both are done, their CPU summed, the larger peak RSS. */
async function runPair(run: () => Promise<Run>): Promise<Run> {
  const started = performance.now();
  const [a, b] = await Promise.all([run(), run()]);
  return {
    wallMs: performance.now() - started,
    cpuMs: a.cpuMs + b.cpuMs,
    rssMb: Math.max(a.rssMb, b.rssMb),
    exit: a.exit === b.exit ? a.exit : null,
  };
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
    const aloneDir = path.join(work, 'alone');
    mkdirSync(aloneDir);
    copyFileSync(path.join(root, tree.bigFolderFile), path.join(aloneDir, path.basename(tree.bigFolderFile)));
    const cli = path.join(repoRoot, 'dist', 'cli.js');
    const cache = path.join(work, 'cache');
    const yamlEnv = { KG_BENCH_YAML: require.resolve('yaml', { paths: [repoRoot] }) };
    const check = (target: string, extra: string[]) => [cli, 'check', target, '--quiet', '--stats', ...extra];
    const floorOf = (target: string) => () => runOnce(work, [path.join(work, 'floor.cjs'), target], root, yamlEnv);
    const treeFloor: Measure = { name: 'tree: yaml parse only', run: floorOf('.') };
    const oneThread: Measure = { name: 'tree: check, 1 thread, no cache', run: () => runOnce(work, check('.', ['--jobs', '1', '--no-cache']), root, {}) };
    const alone: Measure = { name: 'one file alone', run: () => runOnce(work, check(path.basename(tree.bigFolderFile), ['--no-cache']), aloneDir, {}) };
    const bigMain: Measure = {
      name: 'larger bundles: check, main thread, no cache',
      run: () => runOnce(work, check('.', ['--jobs', '1', '--no-cache']), bigRoot, {}),
    };
    // Each measure whose ratio is reported runs right beside its reference (the two in turns first), so that a
    // machine whose speed drifts within a repetition (shared cores) moves both sides of a ratio alike.
    const measures: Measure[] = [
      { ...oneThread, against: treeFloor },
      { name: 'tree: check, 2 threads, no cache', run: () => runOnce(work, check('.', ['--jobs', '2', '--no-cache']), root, {}), against: oneThread },
      // What the two cores give this work when nothing is shared: the bound of any split of one run into two.
      { name: 'tree: two 1-thread checks at once', run: () => runPair(oneThread.run), against: oneThread },
      { name: 'tree: check, default threads, no cache', run: () => runOnce(work, check('.', ['--no-cache']), root, {}) },
      { name: 'tree: check, 1 thread, warm cache', run: () => runOnce(work, check('.', ['--jobs', '1']), root, { KUBEGATE_CACHE_DIR: cache }), against: treeFloor },
      { name: 'larger bundles: check, default threads, no cache', run: () => runOnce(work, check('.', ['--no-cache']), bigRoot, {}), against: bigMain },
      {
        name: '1,000 ConfigMaps: check, 1 thread',
        run: () => runOnce(work, check(tree.manyFolder, ['--jobs', '1', '--no-cache']), root, {}),
        against: { name: '1,000 ConfigMaps: yaml parse only', run: floorOf(tree.manyFolder) },
      },
      { name: 'one file in its folder, no cache', run: () => runOnce(work, check(tree.bigFolderFile, ['--no-cache']), root, {}), against: alone },
      {
        name: 'one file in its folder, warm cache',
        run: () => runOnce(work, check(tree.bigFolderFile, []), root, { KUBEGATE_CACHE_DIR: cache }),
        // The same file alone with the same cache (the CLI's compiled code is in it too).
        against: { name: 'one file alone, warm cache', run: () => runOnce(work, check(path.basename(tree.bigFolderFile), []), aloneDir, { KUBEGATE_CACHE_DIR: cache }) },
      },
    ];
    // The cache is filled once (a whole-tree run) before the warm measurements.
    log('[cli] filling the cache with one whole-tree run');
    await runOnce(work, check('.', ['--jobs', '1']), root, { KUBEGATE_CACHE_DIR: cache });
    const rows: Record<string, Run[]> = {};
    const measure = async (key: string, m: Measure, rep: number): Promise<void> => {
      const r = await m.run();
      (rows[key] ??= []).push(r);
      log(`[cli] ${key} #${rep + 1}: wall ${r.wallMs.toFixed(0)} ms, cpu ${r.cpuMs.toFixed(0)} ms, rss ${r.rssMb.toFixed(0)} MB, exit ${r.exit}`);
    };
    for (let rep = 0; rep < reps; rep++) {
      for (const m of measures) {
        const steps = [() => measure(m.name, m, rep), ...(m.against ? [() => measure(referenceKey(m.name), m.against!, rep)] : [])];
        for (const step of rep % 2 === 0 ? steps : steps.reverse()) await step();
      }
    }
    const { root: _root, ...shape } = tree;
    return { tree: shape, bigTree: { files: bigTree.files, bytes: bigTree.bytes, bundles: bigTree.bundleBytes.reduce((a, b) => a + b, 0) }, reps, rows };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

type Key = 'wallMs' | 'cpuMs' | 'rssMb';

const med = (runs: readonly Run[] | undefined, key: Key): number => Number(median((runs ?? []).map((r) => r[key])));

function times(n: number): string {
  return Number.isFinite(n) ? `${n.toFixed(2)}×` : 'n/a';
}

/** The Markdown section of RESULTS.md. */
export function cliSection(r: CliResult): string {
  const rows = r.rows;
  const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : 'n/a');
  const mb = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} MB` : 'n/a');
  const show = (key: Key, n: number) => (key === 'rssMb' ? mb(n) : ms(n));
  /** A measure against the reference run beside it: both medians, and the median of the repetitions' ratios.
   *  `scale`: what one measured value stands for (1/2: one run of a pair); `inverse`: reference first, and the
   *  ratio reference / measure (a speed-up). */
  const paired = (what: string, name: string, key: Key, target: string, { scale = 1, inverse = false } = {}) => {
    const ours = (rows[name] ?? []).map((o) => o[key] * scale);
    const refs = (rows[referenceKey(name)] ?? []).map((o) => o[key]);
    const ratios = ours.map((o, i) => (inverse ? refs[i]! / o : o / refs[i]!)).filter(Number.isFinite);
    const columns = [show(key, Number(median(ours))), show(key, Number(median(refs)))];
    return `| ${what} | ${(inverse ? columns.reverse() : columns).join(' | ')} | ${times(Number(median(ratios)))} | ${target} |`;
  };
  const alone = (what: string, name: string, key: Key, target: string) => `| ${what} | ${show(key, med(rows[name], key))} |  |  | ${target} |`;
  const mbs = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  return [
    '## CLI at repository scale',
    '',
    `A generated repository-shaped tree (\`bench/cli-tree.ts\`): ${r.tree.files} YAML files, ${mbs(r.tree.bytes)}; the corpus ` +
      `manifests in their folders (kind configs among them), CRD bundles of ${r.tree.bundleBytes.map(mbs).join(', ')} made of ` +
      `the upstream CRD files, custom resources beside them, a folder of 1,000 small ConfigMaps, and a ` +
      `~100 KB manifest in a folder of more than a hundred files with two bundles. Each measurement is a fresh process, ` +
      `${r.reps} repetitions, medians; a ratio is the median of each repetition's ratio of a measure to its reference, ` +
      'run right before or after it (in turns), so that the drifting speed of shared cores moves both alike. ' +
      "CPU time (user + system) and peak RSS are the measured process's own " +
      '(`process.resourceUsage()` at exit, worker threads included); the floor is the `yaml` package\'s ' +
      '`parseAllDocuments` of the same files in one process (Node start-up included on both sides).',
    '',
    '| measure | Kubegate | reference | ratio | target |',
    '|---|---|---|---|---|',
    paired('whole tree, CPU (1 thread, no cache) vs yaml parse', 'tree: check, 1 thread, no cache', 'cpuMs', '≤ 1.5×'),
    paired('whole tree, CPU (1 thread, warm cache) vs yaml parse', 'tree: check, 1 thread, warm cache', 'cpuMs', '≤ 1.5×'),
    paired('1,000 ConfigMaps in one folder, CPU vs yaml parse', '1,000 ConfigMaps: check, 1 thread', 'cpuMs', '≤ 1.5×'),
    paired('one file in its folder (no cache) vs alone, wall', 'one file in its folder, no cache', 'wallMs', '≤ 2×'),
    paired('one file in its folder (no cache) vs alone, peak RSS', 'one file in its folder, no cache', 'rssMb', '≤ 2×'),
    paired('one file in its folder (warm cache) vs alone, wall', 'one file in its folder, warm cache', 'wallMs', '≤ 2×'),
    paired('one file in its folder (warm cache) vs alone, peak RSS', 'one file in its folder, warm cache', 'rssMb', '≤ 2×'),
    paired('whole tree, wall: 1 thread / 2 threads (speed-up)', 'tree: check, 2 threads, no cache', 'wallMs', '≥ 1.7×', { inverse: true }),
    paired(
      'whole tree, wall: 1 thread alone / two 1-thread runs at once, per run (what 2 cores give when nothing is shared: the bound of the row above)',
      'tree: two 1-thread checks at once',
      'wallMs',
      '',
      { scale: 1 / 2, inverse: true },
    ),
    paired('whole tree, CPU: 2 threads / 1 thread', 'tree: check, 2 threads, no cache', 'cpuMs', ''),
    alone('whole tree, peak RSS: default threads', 'tree: check, default threads, no cache', 'rssMb', '≤ 250 MB'),
    alone('whole tree, peak RSS: main thread only (`--jobs 1`)', 'tree: check, 1 thread, no cache', 'rssMb', '≤ 250 MB'),
    alone(`larger bundles (${r.bigTree.files} files, ${mbs(r.bigTree.bundles)} of CRDs), peak RSS: default threads`, 'larger bundles: check, default threads, no cache', 'rssMb', '≤ 250 MB'),
    alone('larger bundles, peak RSS: main thread only', referenceKey('larger bundles: check, default threads, no cache'), 'rssMb', '≤ 250 MB'),
    paired('larger bundles, wall: default threads / main thread only', 'larger bundles: check, default threads, no cache', 'wallMs', ''),
    '',
    'What each Kubegate run did (`--stats`, first repetition):',
    '',
    ...Object.entries(rows).flatMap(([name, runs]) => (runs[0]?.stats && !name.endsWith(REFERENCE) ? [`- ${name}: ${runs[0].stats.replace(/^stats: /, '')}`] : [])),
  ].join('\n');
}
