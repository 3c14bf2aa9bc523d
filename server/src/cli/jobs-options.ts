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
    help: 'check files in N threads (default: one per core when there are enough files); the report is the same whatever N',
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

/** Threads for a run of `files` inputs: as asked, else one per core when every thread gets enough files. */
export function jobsFor(requested: number | undefined, files: number): number {
  if (!workersAvailable()) return 1;
  if (requested !== undefined) return Math.max(1, Math.min(requested, files));
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, Math.min(cores, Math.floor(files / FILES_PER_THREAD)));
}

export function statsLine(work: WorkStats, jobs: number, files: number, store: StoreSpec | undefined): string {
  const cache = store ? `${work.storeHits} from the cache, ${work.storeWrites} stored` : 'cache off';
  return (
    `stats: ${files} files in ${jobs === 1 ? '1 thread' : `${jobs} threads`}; ${work.documentsParsed} YAML documents parsed; ` +
    `${work.crdFilesParsed} CRD files and ${work.configFilesParsed} config files parsed (${cache})\n`
  );
}
