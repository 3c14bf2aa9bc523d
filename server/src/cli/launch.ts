// The `kubegate` command as installed (dist/cli.js): it compiles the program (dist/cli-main.js) with V8's code
// cache, kept in the user's cache folder beside the derived facts (`code/`), so that a run does not parse and
// compile again the functions an earlier run of the same build compiled: a one-file check spends about a fifth
// of its time there (bench/README.md, item 14). The cache is only a speed-up: a cache that cannot be read, that V8
// refuses (another Node, other V8 flags, a damaged file) or that cannot be written changes nothing else, and the
// program is then compiled from its source. Off with `--no-cache` or KUBEGATE_CACHE=off, as the derived facts.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { isMainThread, workerData } from 'node:worker_threads';
import { buildIdentity, storeSpecFor } from '../host/derived-store';
import { cacheHandedOver, handedCodeCache, setLauncher } from './entry-file';
import { tuneV8ForOneRun } from './v8-tuning';

/** The cache file of this build under these Node options (V8 refuses a cache made under other flags: a file
 *  per set of options keeps two ways of running from replacing each other's). */
function codeCacheFile(argv: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const spec = storeSpecFor(argv.includes('--no-cache'), env);
  if (!spec) return undefined;
  const options = createHash('sha256')
    .update(`${process.version} ${process.arch} ${process.execArgv.join(' ')} ${env['NODE_OPTIONS'] ?? ''}`)
    .digest('hex')
    .slice(0, 16);
  return path.join(spec.dir, 'code', `cli-${spec.build}-${options}.bin`);
}

/** Far above the cache of this program (about 1 MB): anything larger is not one. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

function readCache(file: string | undefined): Buffer | undefined {
  if (file === undefined) return undefined;
  try {
    // Only a regular file: reading a FIFO or a device put there would block or never end.
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > MAX_CACHE_BYTES) return undefined;
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes the code compiled so far (at the end of the run: the functions the run called), replacing older builds'. */
function writeCache(file: string, script: vm.Script): void {
  try {
    const data = script.createCachedData();
    const dir = path.dirname(file);
    fs.mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, data);
    fs.renameSync(temporary, file);
    const mine = `cli-${buildIdentity()}-`;
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith('cli-') && !name.startsWith(mine)) fs.rmSync(path.join(dir, name), { force: true });
    }
  } catch {
    // A read-only or full cache folder: the next run compiles from the source again.
  }
}

/** Runs the program in this thread (the main thread, or a worker thread of `--jobs`). */
function launch(launcherModule: NodeJS.Module, launcherFile: string): void {
  // Before compiling: V8 keeps a cache for the flags it was made under.
  tuneV8ForOneRun();
  const program = path.join(path.dirname(launcherFile), 'cli-main.js');
  const args = process.argv.slice(2);
  // A worker thread uses the main thread's choice (its own argv does not hold the run's options).
  const handed = isMainThread ? undefined : handedCodeCache(workerData);
  const file = handed ? handed.file : codeCacheFile(args, process.env);
  const cachedData = readCache(file);
  let source: string;
  try {
    source = fs.readFileSync(program, 'utf8');
  } catch {
    process.stderr.write(`kubegate: the program is missing (${program}): install or copy the whole dist/ folder\n`);
    process.exitCode = 2;
    return;
  }
  const script = new vm.Script(Module.wrap(source), { filename: program, ...(cachedData ? { cachedData } : {}) });
  // Written after a check (what the cache is for), not after `--version` or `--help`, which compile next to nothing;
  // by the first worker thread when threads check the files (entry-file.ts), else by the main thread.
  const fresh = !cachedData || script.cachedDataRejected === true;
  if (file !== undefined && fresh) {
    if (handed?.writes) process.once('exit', () => writeCache(file, script));
    else if (isMainThread && args[0] === 'check') process.once('exit', () => cacheHandedOver() || writeCache(file, script));
  }
  setLauncher({ file: launcherFile, codeCache: file, fresh });
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: NodeJS.Module, filename: string, dirname: string) => void;
  // The launcher's module stands for the program's: `require.main === module` there, as when it is run itself.
  run.call(launcherModule.exports, launcherModule.exports, Module.createRequire(program), launcherModule, program, path.dirname(program));
}

launch(module, __filename);
