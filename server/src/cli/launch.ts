// The `kubegate` command as installed (dist/cli.js): it compiles the program (dist/cli-main.js) with V8's code
// cache, kept in the user's cache folder beside the derived facts (`code/`), so that a run does not parse and
// compile again the functions an earlier run of the same build compiled: a one-file check spends about a fifth
// of its time there (bench/README.md, item 14). The cache is only a speed-up: a cache that cannot be read, that V8
// refuses (another Node, other V8 flags, a damaged file) or that cannot be written changes nothing else, and the
// program is then compiled from its source. Off with `--no-cache` or KUBEGATE_CACHE=off, as the derived facts.
// V8 takes compiled code from a cache whose source length matches, without comparing the source: a forged cache
// file would run as the program. So the file carries a keyed hash under the cache folder's secret
// (host/cache-folder.ts) and is used only when the hash is right, and only from a folder that check accepts (this
// user's, not writable by others, outside the checked repository).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { isMainThread, workerData } from 'node:worker_threads';
import { openEntry, readBoundedRegular, sealEntry } from '../host/cache-folder';
import { buildIdentity, storeSpecFor } from '../host/derived-store';
import { cacheHandedOver, handedCodeCache, setLauncher } from './entry-file';
import { tuneV8ForOneRun } from './v8-tuning';

/** The cache file of this build under these Node options (V8 refuses a cache made under other flags: a file
 *  per set of options keeps two ways of running from replacing each other's). */
function codeCacheFile(argv: readonly string[], env: NodeJS.ProcessEnv): { file: string; secret: string } | undefined {
  const spec = storeSpecFor(argv.includes('--no-cache'), env);
  if (!spec) return undefined;
  const options = createHash('sha256')
    .update(`${process.version} ${process.arch} ${process.execArgv.join(' ')} ${env['NODE_OPTIONS'] ?? ''}`)
    .digest('hex')
    .slice(0, 16);
  return { file: path.join(spec.dir, 'code', `cli-${spec.build}-${options}.bin`), secret: spec.secret };
}

/** Far above the cache of this program (about 1 MB): anything larger is not one. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** The cache's compiled code when its keyed hash is right. Only a regular file (a FIFO or a device put there would
 *  block or never end), never through a link, at most MAX_CACHE_BYTES. */
function readCache(cache: { file: string; secret: string } | undefined): Buffer | undefined {
  if (cache === undefined) return undefined;
  return openEntry(cache.secret, path.basename(cache.file), readBoundedRegular(cache.file, MAX_CACHE_BYTES));
}

/** Writes the code compiled so far (at the end of the run: the functions the run called), replacing older builds'. */
function writeCache({ file, secret }: { file: string; secret: string }, script: vm.Script): void {
  try {
    const data = sealEntry(secret, path.basename(file), script.createCachedData());
    const dir = path.dirname(file);
    try {
      fs.mkdirSync(dir, { mode: 0o700 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const temporary = `${file}.${process.pid}.tmp`;
    fs.rmSync(temporary, { force: true });
    const fd = fs.openSync(temporary, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      fs.writeSync(fd, data);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
    const mine = `cli-${buildIdentity()}-`;
    for (const name of fs.readdirSync(dir)) {
      // Older builds' caches only (its own names, regular files): strangers are left alone.
      if (!/^cli-.*\.bin$/.test(name) || name.startsWith(mine)) continue;
      const other = path.join(dir, name);
      if (fs.lstatSync(other).isFile()) fs.rmSync(other, { force: true });
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
  const cache = handed ? (handed.file !== undefined && handed.secret !== undefined ? { file: handed.file, secret: handed.secret } : undefined) : codeCacheFile(args, process.env);
  const cachedData = readCache(cache);
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
  if (cache !== undefined && fresh) {
    if (handed?.writes) process.once('exit', () => writeCache(cache, script));
    else if (isMainThread && args[0] === 'check') process.once('exit', () => cacheHandedOver() || writeCache(cache, script));
  }
  setLauncher({ file: launcherFile, codeCache: cache?.file, ...(cache ? { codeCacheSecret: cache.secret } : {}), fresh });
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: NodeJS.Module, filename: string, dirname: string) => void;
  // The launcher's module stands for the program's: `require.main === module` there, as when it is run itself.
  run.call(launcherModule.exports, launcherModule.exports, Module.createRequire(program), launcherModule, program, path.dirname(program));
}

launch(module, __filename);
