// `kubegate check --jobs N`: the inputs are checked by N worker threads, each with its own project (so a folder's
// configs and CRDs are read once per worker that checks files of it), and the outcomes are handed on in input
// order, so the reports are the same bytes as with one thread. The threads asked for start before the folders are
// walked (CheckThreads). Work goes out in batches of one folder's files (at most BATCH_FILES), the largest first,
// the next batch to whichever worker is free. A worker that dies leaves its unfinished files to the main thread.
import * as path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { parseStats } from '../engine';
import { checkInput, unreadOutcome, type FileOutcome, type FileRunOptions, type RunGroup } from './check-run';
import { RunProject } from './run-project';
import { inputProblem, type CheckInput } from './inputs';
import { processIO, type CliIO } from './io';
import { openStore, type StoreSpec } from '../host/derived-store';
import { threadEntry } from './entry-file';

/** A worker's heap: a capped young generation keeps a run of N workers near the memory of one thread (measured on
 *  the bench tree: 317 → 222 MB peak for two workers); the old generation's cap is far above what a check holds,
 *  and a worker that reaches it dies and leaves its files to the main thread. Not lower: with a cap of 1 GB or
 *  less, V8 ran each worker about a tenth slower, with the same collections (bench/README.md, item 15). */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 2048 };

/** Outcomes a worker sends in one message. */
const OUTCOMES_PER_MESSAGE = 25;

/** Files of one folder sent to a worker at a time. */
export const BATCH_FILES = 200;

/** What a run did, summed over its threads (`--stats`, tests). */
export interface WorkStats {
  documentsParsed: number;
  crdFilesParsed: number;
  configFilesParsed: number;
  storeHits: number;
  storeWrites: number;
}

export const NO_WORK: WorkStats = { documentsParsed: 0, crdFilesParsed: 0, configFilesParsed: 0, storeHits: 0, storeWrites: 0 };

export function addStats(a: WorkStats, b: WorkStats): WorkStats {
  return {
    documentsParsed: a.documentsParsed + b.documentsParsed,
    crdFilesParsed: a.crdFilesParsed + b.crdFilesParsed,
    configFilesParsed: a.configFilesParsed + b.configFilesParsed,
    storeHits: a.storeHits + b.storeHits,
    storeWrites: a.storeWrites + b.storeWrites,
  };
}

/** A thread's checker: the thread's one project (run-project.ts: the disk plus the run's inputs) and the store. */
export class FileChecker {
  private said: string[] = [];
  private readonly run: RunProject;
  private readonly store;
  private readonly parsedBefore = parseStats.documents;

  /** `run`: the project the run has used already (the main thread: the one its settings files were found with). */
  constructor(
    private readonly options: FileRunOptions,
    store: StoreSpec | undefined,
    private readonly io: CliIO = processIO(),
    run?: RunProject,
  ) {
    this.store = openStore(store);
    this.run = run ?? new RunProject(this.io, options.cwd);
    this.run.project.useStore(this.store);
    this.run.notesTo((m) => this.said.push(`note: ${m}\n`));
  }

  /** The inputs this thread holds: the texts read already (streams; stdin under --stdin-filename) stand for
   *  their files, every other file is read from the disk (a deferred input when it is checked). */
  hold(inputs: readonly CheckInput[]): void {
    this.run.known.clear();
    for (const i of inputs) if (i.text !== undefined) this.run.known.set(path.resolve(this.options.cwd, i.path), i.text);
  }

  check(input: CheckInput, index: number): FileOutcome {
    this.said = [];
    let text = input.text;
    if (text === undefined) {
      // Through the host: a text discovery read for a sibling's check is not read again, nor the reverse.
      const read = this.run.host.readChecked(path.resolve(this.options.cwd, input.path), this.options.maxFileBytes);
      if (!read.ok) return unreadOutcome(index, input, inputProblem(input.path, read));
      text = read.text;
    }
    return checkInput({ ...input, text }, index, this.run.project, this.options, this.io, this.said);
  }

  stats(): WorkStats {
    const c = this.run.project.counters;
    return {
      documentsParsed: parseStats.documents - this.parsedBefore,
      crdFilesParsed: c.crdParses,
      configFilesParsed: c.configParses,
      storeHits: c.storeHits,
      storeWrites: this.store?.stats.writes ?? 0,
    };
  }

  /** The store's size bound, once the run is over. */
  finish(): void {
    this.store?.prune();
  }
}

interface Batch {
  items: { index: number; input: CheckInput }[];
}

/** Hands outcomes on in input order, whatever order they come in (each index once). */
export function inInputOrder(onOutcome: (o: FileOutcome) => void): (o: FileOutcome) => void {
  const ready = new Map<number, FileOutcome>();
  let next = 0;
  return (o) => {
    ready.set(o.index, o);
    while (ready.has(next)) {
      const out = ready.get(next)!;
      ready.delete(next);
      next++;
      onOutcome(out);
    }
  };
}

/** The run's inputs that hold CRDs (not streams): checked first, their own checks read the CRDs that serve the
 *  run's custom resources, so those are not read again (project/crd-catalogs.ts). */
export function crdInputsFirst(groups: Record<string, RunGroup>, cwd: string): (input: CheckInput) => boolean {
  const files = new Set(Object.values(groups).flatMap((g) => g.projectSettings.runCrdInputs ?? []).map((i) => i.file));
  return (input) => input.text === undefined && files.has(path.resolve(cwd, input.path));
}

/** The indices of `inputs` with the `first` ones first, each part in input order. */
export function checkOrder(inputs: readonly CheckInput[], first: (input: CheckInput) => boolean): number[] {
  const early: number[] = [];
  const late: number[] = [];
  inputs.forEach((input, index) => (first(input) ? early : late).push(index));
  return [...early, ...late];
}

/** Consecutive inputs of one folder, at most BATCH_FILES each. */
export function batchesOf(inputs: readonly CheckInput[]): Batch[] {
  const out: Batch[] = [];
  let dir: string | undefined;
  inputs.forEach((input, index) => {
    const d = path.dirname(input.path);
    const last = out[out.length - 1];
    if (!last || d !== dir || last.items.length >= BATCH_FILES) out.push({ items: [] });
    out[out.length - 1]!.items.push({ index, input });
    dir = d;
  });
  return out;
}

/** Whether worker threads can run this program (a bundled script on disk; not the single executable). */
export function workersAvailable(): boolean {
  if (!__filename.endsWith('.js')) return false;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return !(require('node:sea') as { isSea(): boolean }).isSea();
  } catch {
    return true;
  }
}

/** What the main thread tells a worker before its first batch. */
interface WorkerInit {
  options: FileRunOptions;
  store?: StoreSpec;
}

/** The workerData key that marks a thread as a worker of `kubegate check`. */
const CHECK_WORKER = 'kubegateCheckWorker';

/** A worker thread and whether it has ended (it may end before it is given work: a start-up failure). */
interface CheckThread {
  worker: Worker;
  ended: boolean;
}

/**
 * The worker threads of a run, started as soon as the run's thread count is known from its options, before the
 * folders are walked: a thread's start-up (loading the program, about a tenth of a second of CPU) then overlaps
 * the walk in the main thread instead of coming after it. Until a thread is given work it does not keep the
 * process alive; threads the run does not use are stopped.
 */
export class CheckThreads {
  private readonly threads: CheckThread[] = [];

  constructor(count: number) {
    for (let i = 0; i < count; i++) this.threads.push(this.start());
  }

  private start(): CheckThread {
    const entry = threadEntry(__filename);
    const worker = new Worker(entry.file, { workerData: { ...entry.data, [CHECK_WORKER]: true }, resourceLimits: WORKER_LIMITS });
    const thread: CheckThread = { worker, ended: false };
    const end = (): void => {
      thread.ended = true;
    };
    worker.on('error', end);
    worker.on('exit', end);
    worker.unref();
    return thread;
  }

  /** `count` threads for a run's work (started now when fewer were); the others are stopped. */
  take(count: number): CheckThread[] {
    const taken = this.threads.splice(0, count);
    this.close();
    while (taken.length < count) taken.push(this.start());
    for (const t of taken) t.worker.ref();
    return taken;
  }

  /** Stops the threads not taken (a run checked in the main thread, or one that ended with a usage error). */
  close(): void {
    for (const t of this.threads.splice(0)) void t.worker.terminate();
  }
}

/**
 * Checks the inputs with `jobs` of the run's worker threads; `onOutcome` gets every outcome in input order. Files
 * a worker could not finish (it died) are checked by `fallback` in this thread. Resolves with the workers' work.
 */
export async function checkWithWorkers(
  inputs: readonly CheckInput[],
  threads: CheckThreads,
  jobs: number,
  init: WorkerInit,
  onOutcome: (o: FileOutcome) => void,
  fallback: (input: CheckInput, index: number) => FileOutcome,
  first: (input: CheckInput) => boolean = () => false,
): Promise<WorkStats> {
  // The batches with `first` inputs first, then the largest (by text size, a fair guess of their cost): no worker
  // is left with a big folder at the end while the others wait. Outcomes are still handed on in input order.
  const size = (b: Batch) => b.items.reduce((n, i) => n + i.input.size, 0);
  const queue = batchesOf(inputs)
    .map((b) => ({ b, early: b.items.some((i) => first(i.input)), n: size(b) }))
    .sort((x, y) => Number(y.early) - Number(x.early) || y.n - x.n)
    .map((x) => x.b);
  const deliver = inInputOrder(onOutcome);
  let stats = NO_WORK;
  const one = (thread: CheckThread): Promise<void> =>
    new Promise((resolve) => {
      const worker = thread.worker;
      let current: Batch | undefined;
      const done = new Set<number>();
      const send = (): void => {
        current = queue.shift();
        done.clear();
        if (current) worker.postMessage(current);
        else worker.postMessage({ stop: true });
      };
      worker.on('message', (m: { outcomes?: FileOutcome[]; batchDone?: true; stats?: WorkStats }) => {
        for (const o of m.outcomes ?? []) {
          done.add(o.index);
          deliver(o);
        }
        if (m.batchDone) send();
        else if (m.stats) stats = addStats(stats, m.stats);
      });
      let ended = false;
      const end = (): void => {
        if (ended) return;
        ended = true;
        // A worker that died mid-batch: its unfinished files are checked here, the rest of the queue by others.
        for (const item of current?.items ?? []) if (!done.has(item.index)) deliver(fallback(item.input, item.index));
        current = undefined;
        resolve();
      };
      // A thread that ended before it was given work (its start failed): the others, or this thread, check.
      if (thread.ended) return end();
      worker.on('error', end);
      worker.on('exit', end);
      worker.postMessage({ init });
      send();
    });
  await Promise.all(threads.take(Math.max(1, Math.min(jobs, queue.length))).map(one));
  // Anything left (every worker died): checked here.
  for (const batch of queue.splice(0)) for (const item of batch.items) deliver(fallback(item.input, item.index));
  return stats;
}

/** The worker thread's side: takes its options, checks the batches it is sent until told to stop, then reports its work. */
export function runCheckWorker(setUp: () => void): boolean {
  if (isMainThread || !parentPort || (workerData as Record<string, unknown> | undefined)?.[CHECK_WORKER] !== true) return false;
  setUp();
  const port = parentPort;
  let checker: FileChecker | undefined;
  port.on('message', (m: { init: WorkerInit } | Batch | { stop: true }) => {
    if ('init' in m) {
      checker = new FileChecker(m.init.options, m.init.store);
      return;
    }
    if ('stop' in m) {
      checker?.finish();
      port.postMessage({ stats: checker?.stats() ?? NO_WORK });
      port.close();
      return;
    }
    if (!checker) throw new Error('a batch came before the options of the run');
    checker.hold(m.items.map((i) => i.input));
    // Outcomes go in groups: a message per file costs the main thread a wake-up each.
    let outcomes: FileOutcome[] = [];
    for (const item of m.items) {
      outcomes.push(checker.check(item.input, item.index));
      if (outcomes.length >= OUTCOMES_PER_MESSAGE) {
        port.postMessage({ outcomes });
        outcomes = [];
      }
    }
    port.postMessage({ outcomes, batchDone: true });
  });
  return true;
}
