// npm run fuzz -- [--edits N] [--seed S] [--runs R] [--documents D] [--server PATH] [--no-record]
// npm run fuzz -- --hostile N [--seed S] [--max-bytes B]: the hostile-input mode instead (scripts/fuzz-hostile.ts):
// N seeded attack inputs (nesting, node floods, template documents, padding) checked by the built CLI as CI does.
// Long runs of the LSP fuzzer (tests/fuzz/lsp-fuzzer.ts) against the built server (npm run build first; the
// npm script does). Runs R seeds from S on, splitting the edits between them; prints the totals. The seeds of
// failing runs are added to tests/fuzz/regression-seeds.json, which the bounded test suite replays (not with
// --no-record: tests/fuzz/fuzz-command.test.ts runs this command itself for a few edits).
// The oracle checks documents with the engine in this process: like the CLI and the server, the script hands
// the engine the reader of the shipped data (schemas/, snippets/) before anything is checked.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { setDataReader } from '../server/src/engine';
import { nodeDataReader } from '../server/src/host/data-files';
import { runHostile } from './fuzz-hostile';
import { EXTRA_CORPUS, INLINE_CORPUS, REPO_CONFIG_CORPUS, runFuzz, type FuzzFailure } from '../tests/fuzz/lsp-fuzzer';

const root = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} needs a number`);
  return v;
};
const edits = arg('edits', 10_000);
const firstSeed = arg('seed', Date.now() % 1_000_000);
const runs = Math.max(1, arg('runs', Math.max(1, Math.ceil(edits / 10_000))));
const documents = arg('documents', 4);
const record = !args.includes('--no-record');

setDataReader(nodeDataReader());

function corpus(): string[] {
  const dir = process.env.KUBEGATE_TEST_SHARED_DIR ? path.resolve(process.env.KUBEGATE_TEST_SHARED_DIR, 'corpus') : path.resolve(root, '..', 'shared', 'corpus');
  if (!existsSync(dir)) return [...INLINE_CORPUS, ...EXTRA_CORPUS];
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d)) {
      const p = path.join(d, e);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(e) && st.size <= 20_000) out.push(readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  // CRDs, custom resources and .kubegate.yaml texts are fuzzed too (the corpus has no CRD rules or patterns).
  return out.length > 0 ? [...out, ...EXTRA_CORPUS] : [...INLINE_CORPUS, ...EXTRA_CORPUS];
}

function hostile(count: number): void {
  const cli = path.join(root, 'dist', 'cli.js');
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: npm run build');
  const started = Date.now();
  const res = runHostile(cli, count, firstSeed, arg('max-bytes', 2_000_000), (l) => console.log(`  ${l}`));
  for (const f of res.failures) console.log(`  FAILED ${f}`);
  const classes = Object.entries(res.byClass).map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(`fuzz --hostile: ${res.runs} inputs from seed ${firstSeed} (${classes}); ${res.failures.length} failures; ${Math.round((Date.now() - started) / 1000)} s`);
  if (res.failures.length > 0) process.exitCode = 1;
}

async function main(): Promise<void> {
  if (args.includes('--hostile')) {
    hostile(arg('hostile', 20));
    return;
  }
  // --server: a copy of the built server to use (a long run is then immune to rebuilds of dist/ meanwhile).
  const at = args.indexOf('--server');
  const serverJs = at >= 0 ? path.resolve(args[at + 1]) : path.join(root, 'dist', 'server.js');
  if (!existsSync(serverJs)) throw new Error('dist/server.js is missing: npm run build');
  const texts = corpus();
  const per = Math.ceil(edits / runs);
  const totals = { edits: 0, requests: 0, answered: 0, comparisons: 0, quietPeriods: 0, slowestRequestMs: 0, repoConfigs: 0 };
  const failures: FuzzFailure[] = [];
  const started = Date.now();
  for (let i = 0; i < runs && totals.edits < edits; i++) {
    const seed = firstSeed + i;
    const res = await runFuzz({
      serverJs,
      seed,
      edits: Math.min(per, edits - totals.edits),
      corpus: texts,
      documents,
      repoConfigs: REPO_CONFIG_CORPUS,
      log: (l) => console.log(`  seed ${seed}: ${l}`),
      progressEvery: 5000,
    });
    totals.edits += res.edits;
    totals.requests += res.requests;
    totals.answered += res.answered;
    totals.comparisons += res.comparisons;
    totals.quietPeriods += res.quietPeriods;
    totals.repoConfigs += res.repoConfigs;
    totals.slowestRequestMs = Math.max(totals.slowestRequestMs, res.slowestRequestMs);
    failures.push(...res.failures);
    console.log(`seed ${seed}: ${res.edits} edits, ${res.requests} requests (${res.answered} answered), ${res.comparisons} comparisons, ${res.failures.length} failures`);
    for (const f of res.failures) {
      console.log(`  ${f.kind} after edit ${f.edit}: ${f.detail.slice(0, 300)}`);
      if (f.text !== undefined && f.text.length <= 4000) console.log(`  text: ${JSON.stringify(f.text)}`);
    }
    if (res.errorAnswers > 0) console.log(`  ${res.errorAnswers} requests answered with an error, e.g. ${res.errorAnswerSamples.join(' // ')}`);
    if (res.serverErrors > 0) console.log(`  ${res.serverErrors} errors logged by the server, e.g. ${res.serverErrorSamples.join(' // ')}`);
  }
  const crashes = failures.filter((f) => f.kind === 'crash').length;
  const unanswered = failures.filter((f) => f.kind === 'unanswered' || f.kind === 'no-diagnostics').length;
  const mismatches = failures.filter((f) => f.kind === 'mismatch').length;
  console.log(
    `fuzz: ${totals.edits} edits, ${totals.requests} requests, ${totals.answered} answered, ${totals.comparisons} oracle comparisons over ${totals.quietPeriods} quiet periods, ${totals.repoConfigs} .kubegate.yaml; ` +
      `${crashes} crashes, ${unanswered} unanswered, ${mismatches} oracle mismatches; slowest request ${totals.slowestRequestMs} ms; ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (failures.length > 0 && !record) process.exitCode = 1;
  else if (failures.length > 0) {
    const file = path.join(root, 'tests', 'fuzz', 'regression-seeds.json');
    const known = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { seed: number; edits: number; note: string }[]) : [];
    for (const f of failures) {
      if (known.some((k) => k.seed === f.seed)) continue;
      known.push({ seed: f.seed, edits: f.edit + 1, note: `${f.kind}: ${f.detail.slice(0, 200)}` });
    }
    writeFileSync(file, `${JSON.stringify(known, null, 2)}\n`);
    console.log(`failing seeds recorded in tests/fuzz/regression-seeds.json`);
    process.exitCode = 1;
  }
}

main().then(
  () => process.exit(),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(2);
  },
);
