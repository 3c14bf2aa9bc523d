// `--jobs`, `--no-cache` and `--stats` of `kubegate check`: how many threads check the files, whether derived
// facts are kept across runs, and the line that says what the run did.
import * as os from 'node:os';
import { UsageError, type OptionSpec } from './args';
import { workersAvailable, type WorkStats } from './check-jobs';
import type { StoreSpec } from '../host/derived-store';

export const JOBS_OPTIONS: OptionSpec[] = [
  {
    name: 'jobs',
    short: 'j',
    value: true,
    placeholder: 'N',
    help: 'check files in N worker threads, or in the main thread with 1 (default: a worker per core beyond the first when there are enough files); the report is the same whatever N',
  },
  { name: 'no-cache', help: 'do not read or write the cache of parsed CRDs and gate configs (KUBEGATE_CACHE_DIR, else the user cache folder)' },
  { name: 'stats', help: 'print on stderr what the run did: threads, YAML documents parsed, CRD and config files parsed, cache hits' },
];

/** Files per thread below which another thread is not worth its start-up (loading the program and its data). */
export const FILES_PER_THREAD = 16;

export function parseJobs(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new UsageError(`--jobs must be a whole number from 1 to 256, not "${raw}"`);
  return n;
}

/** How a run's files are checked: in worker threads (how many), or in the main thread. */
export interface Jobs {
  threads: number;
  workers: boolean;
}

export const IN_THREAD: Jobs = { threads: 1, workers: false };

/**
 * Threads for a run of `files` inputs. `--jobs 1` checks in the main thread, `--jobs N` in N
 * workers. By default: fewer than FILES_PER_THREAD files in the main thread (a worker's start-up would cost more
 * than it saves); else one worker per core beyond the first, as long as each gets FILES_PER_THREAD files. The first
 * core is not counted because a single-threaded run already keeps more than one core busy (V8 collects garbage and
 * compiles on helper threads): measured on 2 cores, two workers were 1.2–1.3× faster than the main thread for
 * about a third more CPU and memory (bench/README.md, items 15 and 16), so with two cores or fewer a run stays in
 * the main thread unless asked. Its memory is bounded there as in a worker (texts read when checked,
 * cli/v8-tuning.ts: bench/README.md, item 10).
 */
export function jobsFor(requested: number | undefined, files: number): Jobs {
  if (!workersAvailable()) return IN_THREAD;
  if (requested !== undefined) return requested === 1 ? IN_THREAD : { threads: Math.min(requested, files), workers: true };
  if (files < FILES_PER_THREAD) return IN_THREAD;
  const threads = Math.min(availableCores() - 1, Math.floor(files / FILES_PER_THREAD));
  return threads >= 2 ? { threads, workers: true } : IN_THREAD;
}

/**
 * Worker threads to start before the folders are walked (CheckThreads): only when the run asked for them
 * (`--jobs N`, N ≥ 2), at most one per core; a run with fewer inputs stops the extra ones, one that needs more
 * starts them later. Not with --fix (one thread) nor by default, which waits for the number of files.
 */
export function threadsToStart(requested: number | undefined, fix: boolean): number {
  if (fix || requested === undefined || requested < 2 || !workersAvailable()) return 0;
  return Math.min(requested, availableCores());
}

function availableCores(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

export function statsLine(work: WorkStats, jobs: Jobs, files: number, store: StoreSpec | undefined): string {
  const where = jobs.workers ? `${jobs.threads} worker thread${jobs.threads === 1 ? '' : 's'}` : 'the main thread';
  const cache = store ? `${work.storeHits} from the cache, ${work.storeWrites} stored` : 'cache off';
  return (
    `stats: ${plural(files, 'file')} in ${where}; ${plural(work.documentsParsed, 'YAML document')} parsed; ` +
    `${plural(work.crdFilesParsed, 'CRD file')} and ${plural(work.configFilesParsed, 'config file')} parsed (${cache})\n`
  );
}
