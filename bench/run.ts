// `npm run bench`: Kubegate's language server side by side with yaml-language-server, plus the
// yaml + ajv floor, on generated inputs of about 1k, 10k and 50k lines. Prints the tables and writes
// bench/RESULTS.md. See bench/README.md for how to read it.
//
//   tsx bench/run.ts [--sizes 1k,10k,50k] [--no-repo] [--reps 5] [--edits 6] [--queries 5]
//                    [--servers ours,peer] [--schema ifthen|oneof] [--out bench/RESULTS.md] [--no-write]
//                    [--first-timeout S] [--edit-timeout S] [--request-timeout S] [--budget-min 9]
//                    [--cli-reps 5] [--no-cli] [--only-cli]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_NODE_OPTIONS } from '../server/src/contract/server-launch';
import { cliSection, runCliScenario, type CliResult } from './cli';
import { runFloor } from './floor';
import { findBenchPositions } from './positions';
import { detailTable, notesList, sectionsNotWrittenByBench, summaryTable, type ReportContext, type SizeResult } from './report';
import { DEFAULT_TIMEOUTS, runSession, type SessionResult, type StepTimeouts } from './scenario';
import { ourServer, peerServer, type ServerSpec } from './servers';
import { formatMs, median, TIMED_OUT } from './stats';
import { createWorkspaces, type BenchWorkspaces, type RepoScenario } from './workspace';

interface Options {
  sizes: string[];
  /** Also measure the 10k-line input inside a repository-shaped workspace (on unless --no-repo). */
  repo: boolean;
  reps: number;
  edits: number;
  queries: number;
  servers: string[];
  schema: 'ifthen' | 'oneof';
  out: string;
  write: boolean;
  timeouts: StepTimeouts;
  /** Minutes after which no new repetition starts (the first repetition of every input always runs). */
  budgetMin: number;
  /** The CLI scenario (bench/cli.ts): repetitions (0: not run), and whether the servers are measured at all. */
  cliReps: number;
  servers_: boolean;
}

interface IndexEntry {
  file: string;
  lines: number;
  documents: number;
  injectedErrors: number;
}

const repoRoot = path.resolve(__dirname, '..');
const sharedDir = path.resolve(repoRoot, '..', 'shared');
const inputsDir = path.join(repoRoot, 'bench', '.work', 'inputs');

function parseOptions(argv: readonly string[]): Options {
  const opts: Options = {
    sizes: ['1k', '10k', '50k'],
    repo: true,
    reps: 5,
    edits: 6,
    queries: 5,
    servers: ['ours', 'peer'],
    schema: 'ifthen',
    out: path.join('bench', 'RESULTS.md'),
    write: true,
    timeouts: { ...DEFAULT_TIMEOUTS },
    budgetMin: 9,
    cliReps: 5,
    servers_: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--sizes') opts.sizes = value().split(',');
    else if (a === '--reps') opts.reps = positive(a, value());
    else if (a === '--edits') opts.edits = positive(a, value());
    else if (a === '--queries') opts.queries = positive(a, value());
    else if (a === '--servers') opts.servers = value().split(',');
    else if (a === '--schema') {
      const s = value();
      if (s !== 'ifthen' && s !== 'oneof') throw new Error('--schema is ifthen or oneof');
      opts.schema = s;
    } else if (a === '--out') opts.out = value();
    else if (a === '--no-write') opts.write = false;
    else if (a === '--no-repo') opts.repo = false;
    else if (a === '--no-cli') opts.cliReps = 0;
    else if (a === '--cli-reps') opts.cliReps = positive(a, value());
    else if (a === '--only-cli') opts.servers_ = false;
    else if (a === '--budget-min') opts.budgetMin = positive(a, value());
    else if (a === '--first-timeout') opts.timeouts.firstDiagnosticsMs = positive(a, value()) * 1000;
    else if (a === '--edit-timeout') opts.timeouts.editMs = positive(a, value()) * 1000;
    else if (a === '--request-timeout') opts.timeouts.requestMs = positive(a, value()) * 1000;
    else throw new Error(`unknown option ${a}`);
  }
  // An even number of edits leaves the text as generated (each insertion is removed again).
  if (opts.edits % 2 === 1) opts.edits++;
  return opts;
}

function positive(name: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
}

function log(msg: string): void {
  process.stderr.write(`${msg}\n`);
}

function generateInputs(): IndexEntry[] {
  mkdirSync(inputsDir, { recursive: true });
  const gen = spawnSync(process.execPath, [path.join(sharedDir, 'bench', 'gen-manifests.mjs'), '--out', inputsDir], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (gen.status !== 0) throw new Error(`gen-manifests.mjs failed: ${gen.stderr}`);
  const index = JSON.parse(readFileSync(path.join(inputsDir, 'index.json'), 'utf8')) as { files: IndexEntry[] };
  return index.files;
}

/** The 10k-line input inside a repository: beside the 50k-line input, with a few hundred real manifests of
 *  ../shared/corpus in subfolders (both servers open the 10k file in that workspace). */
function repoScenario(all: readonly IndexEntry[]): { entry: IndexEntry; scenario: RepoScenario } | undefined {
  const tenK = all.find((e) => e.file === 'k8s-10k.yaml');
  const fiftyK = all.find((e) => e.file === 'k8s-50k.yaml');
  if (!tenK || !fiftyK) return undefined;
  const corpus = path.join(sharedDir, 'corpus');
  const manifests: { rel: string; file: string }[] = [];
  const walk = (dir: string, rel: string): void => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (manifests.length >= 300) return;
      if (name.isDirectory()) walk(path.join(dir, name.name), path.join(rel, name.name));
      else if (/\.ya?ml$/i.test(name.name)) manifests.push({ rel: path.join(rel, name.name), file: path.join(dir, name.name) });
    }
  };
  for (const top of ['B-ordinary', 'A-gated']) if (existsSync(path.join(corpus, top))) walk(path.join(corpus, top), top);
  const entry: IndexEntry = { ...tenK, file: 'repo/k8s-10k.yaml' };
  return {
    entry,
    scenario: { key: path.join(inputsDir, entry.file), tenK: path.join(inputsDir, tenK.file), fiftyK: path.join(inputsDir, fiftyK.file), manifests },
  };
}

function brief(s: SessionResult): string {
  const ms = (x: number | typeof TIMED_OUT | undefined): string => (typeof x === 'number' ? `${formatMs(x)} ms` : String(x ?? 'n/a'));
  return [
    `init ${ms(s.initialize)}`,
    `first diag ${ms(s.firstDiagnostics)} (${s.firstDiagnosticsCount ?? '?'})`,
    `edit ${ms(median(s.edits))}`,
    `hover ${ms(median(s.hovers))}`,
    `completion ${ms(median(s.completions))}`,
    `rss ${s.peakRssKb === undefined ? 'n/a' : `${Math.round(s.peakRssKb / 1024)} MB`}`,
    ...(s.notes.length ? [`notes: ${s.notes.join('; ')}`] : []),
  ].join(', ');
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  if (!existsSync(sharedDir)) {
    log('../shared is missing: the benchmark needs ../shared/bench (inputs generator, peer schema and settings).');
    process.exit(1);
  }
  const started = performance.now();
  const load0 = os.loadavg();
  const schemaFile = path.join(sharedDir, 'bench', `k8s-1.37-peer-${opts.schema}.schema.json`);
  const peer = peerServer({ repoRoot, sharedDir }, schemaFile);
  const oursOrMissing = opts.servers.includes('ours') ? ourServer({ repoRoot, sharedDir }) : { missing: 'left out with --servers' };
  const ours: ServerSpec | undefined = 'missing' in oursOrMissing ? undefined : oursOrMissing;
  if (!ours) log(`Kubegate's server not measured: ${'missing' in oursOrMissing ? oursOrMissing.missing : ''}`);
  const ctx: ReportContext = {
    oursLabel: ours?.label ?? 'Kubegate',
    peerLabel: peer.label,
    oursMissing: 'missing' in oursOrMissing ? oursOrMissing.missing : undefined,
    timeouts: opts.timeouts,
  };

  const all = generateInputs();
  const entries = all.filter((e) => opts.sizes.some((s) => e.file === `k8s-${s}.yaml`));
  const repo = opts.repo ? repoScenario(all) : undefined;
  if (repo) entries.push(repo.entry);
  const workspaces = createWorkspaces(entries.filter((e) => e !== repo?.entry).map((e) => path.join(inputsDir, e.file)), repo?.scenario);
  const results: SizeResult[] = [];
  try {
    if (opts.servers_) await measureAll(entries, workspaces, opts, schemaFile, peer, ours, results, started);
  } finally {
    workspaces.dispose();
  }
  const cli = opts.cliReps > 0 && ours ? await runCliScenario(repoRoot, sharedDir, path.join(inputsDir, 'k8s-10k.yaml'), opts.cliReps, log) : undefined;
  const load1 = os.loadavg();
  const elapsedS = (performance.now() - started) / 1000;
  // No path of this machine goes into the report (server stderr in notes can carry one).
  const markdown = renderResults(results, ctx, opts, { load0, load1, elapsedS }, cli)
    .split(workspaces.root)
    .join('<scratch>')
    .split(sharedDir)
    .join('../shared')
    .split(repoRoot)
    .join('.');
  process.stdout.write(`${markdown}\n`);
  if (opts.write) {
    const out = path.resolve(repoRoot, opts.out);
    const kept = existsSync(out) ? sectionsNotWrittenByBench(readFileSync(out, 'utf8')) : [];
    writeFileSync(out, [markdown, ...kept].join('\n\n') + '\n');
    log(`wrote ${opts.out}`);
  }
}

async function measureAll(
  entries: readonly IndexEntry[],
  workspaces: BenchWorkspaces,
  opts: Options,
  schemaFile: string,
  peer: ServerSpec,
  ours: ServerSpec | undefined,
  results: SizeResult[],
  started: number,
): Promise<void> {
  const budgetMs = opts.budgetMin * 60_000;
  for (const entry of entries) {
    const file = workspaces.pathFor(path.join(inputsDir, entry.file));
    const text = readFileSync(file, 'utf8');
    const positions = findBenchPositions(text);
    const session = { file, text, positions, edits: opts.edits, queries: opts.queries, timeouts: opts.timeouts };
    const size: SizeResult = { ...entry, ours: ours ? [] : undefined, peer: [], floor: { failed: 'not run' }, notes: [] };
    let repStarted = performance.now();
    for (let rep = 0; rep < opts.reps; rep++) {
      const now = performance.now();
      const lastRepMs = now - repStarted;
      repStarted = now;
      if (rep > 0 && now - started + lastRepMs > budgetMs) {
        const note = `only ${rep} of ${opts.reps} repetitions: another one would pass the ${opts.budgetMin}-minute budget`;
        size.notes?.push(note);
        log(`[${entry.file}] ${note}`);
        break;
      }
      // Alternate which server goes first, so neither always runs right after the other's load.
      const order = rep % 2 === 0 ? [peer, ours] : [ours, peer];
      for (const spec of order) {
        if (!spec || !opts.servers.includes(spec.id)) continue;
        const r = await runSession(spec, session);
        (spec.id === 'ours' ? size.ours : size.peer)?.push(r);
        log(`[${entry.file}] ${spec.label} #${rep + 1}: ${brief(r)}`);
      }
    }
    size.floor = await runFloor(repoRoot, file, schemaFile, Math.max(5, opts.reps), 120_000);
    if (!('failed' in size.floor)) {
      log(`[${entry.file}] floor: compile ${formatMs(size.floor.compileMs)} ms, cold ${formatMs(size.floor.coldMs)} ms, warm ${formatMs(Number(median(size.floor.warmMs)))} ms`);
    } else log(`[${entry.file}] floor: ${size.floor.failed}`);
    results.push(size);
  }
}

function renderResults(
  results: readonly SizeResult[],
  ctx: ReportContext,
  opts: Options,
  run: { load0: number[]; load1: number[]; elapsedS: number },
  cli: CliResult | undefined,
): string {
  const cpus = os.cpus();
  const t = ctx.timeouts;
  const args = process.argv.slice(2).join(' ');
  const notes = notesList(results, ctx);
  return [
    '# Benchmark results',
    '',
    `Written by \`npm run bench${args ? ` -- ${args}` : ''}\` (bench/run.ts). Re-run it to replace this file.`,
    '',
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `${os.type()} ${os.release()}, Node ${process.version}`,
    `- Load average (1 min) at start / end: ${run.load0[0].toFixed(2)} / ${run.load1[0].toFixed(2)} (the cores are shared with other work)`,
    `- Whole run: ${run.elapsedS.toFixed(0)} s`,
    `- Servers: ${ctx.oursLabel} (\`node ${SERVER_NODE_OPTIONS.join(' ')} dist/server.js --stdio\`: the Node options the VS Code client starts it with; default settings)${ctx.oursMissing ? ' — not run' : ''}; ` +
      `${ctx.peerLabel} (\`--stdio\`, the settings of \`../shared/bench/yaml-language-server.settings.json\` with the ` +
      `local schema \`k8s-1.37-peer-${opts.schema}.schema.json\`, no network)`,
    '',
    '## Method',
    '',
    `Inputs come from \`node ../shared/bench/gen-manifests.mjs\` (fixed seed). For every input and server, ${opts.reps} fresh ` +
      `server process${opts.reps === 1 ? ' is' : 'es are'} started one after the other (the two servers alternate) and driven over stdio with ` +
      'vscode-jsonrpc: spawn → `initialize` result; `didOpen` of the whole file → its first `publishDiagnostics`; ' +
      `${opts.edits} one-character edits in the metadata.name of the Deployment nearest the middle of the file ` +
      '(insert, then remove) → the next `publishDiagnostics` for that version; ' +
      `${opts.queries} hovers on its \`spec.replicas\` key; then a new empty line is opened inside its \`spec\` and ` +
      `${opts.queries} completions are asked there; finally the server's peak RSS (\`VmHWM\` in /proc). ` +
      'Times include whatever debounce a server applies. Medians: one sample per process for initialize and first ' +
      'diagnostics, all samples of all processes for edits, hovers and completions. ' +
      `Time-outs: initialize ${t.initializeMs / 1000} s, first diagnostics ${t.firstDiagnosticsMs / 1000} s, ` +
      `each edit ${t.editMs / 1000} s, each request ${t.requestMs / 1000} s; a timed-out step counts as slower than ` +
      'any measured one, and a process stops that kind of step after its first time-out. ' +
      `No new repetition starts when it would end past ${opts.budgetMin} minutes (noted below when it happens). ` +
      'The floor is one fresh Node process per input: `yaml` parseAllDocuments + an ajv 8 validator compiled from the ' +
      'same peer schema (compile time reported apart), first run (cold, compared with first diagnostics) and the ' +
      'median of later runs (warm, compared with edits). Ratios are ours/peer and ours/floor of the medians ' +
      '(below 1× means Kubegate is faster or smaller).',
    '',
    ...(results.length > 0 ? ['## Summary: ratios of medians', '', summaryTable(results, ctx), ''] : []),
    ...(cli ? [cliSection(cli), ''] : []),
    ...results.flatMap((r) => [`## ${r.file}: ${r.lines} lines, ${r.documents} documents, ${r.injectedErrors} injected schema errors`, '', detailTable(r, ctx), '']),
    '## Notes',
    '',
    ...(notes.length ? notes.map((n) => `- ${n}`) : ['- Every step of every process answered within its time-out.']),
    '- The two servers do not check the same things: the peer validates against a JSON Schema; Kubegate also ' +
      'checks feature gates and versions. Diagnostic counts differ for that reason.',
  ].join('\n');
}

main().catch((err: unknown) => {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
