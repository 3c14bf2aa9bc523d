// The CLI launcher (dist/cli.js, server/src/cli/launch.ts) compiles the program with V8's code cache, kept in the
// cache folder: written after a first check, used (not written again) by the next, replaced when V8 refuses it,
// never written with the cache off or after a command that is not a check, and never changing what a run says.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, spawnCli } from './cli-process';

const MANIFEST = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: settings', 'data:', '  mode: fast', ''].join('\n');

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A folder to check and, beside it (never inside the checked tree: such a cache is refused), the cache folder. */
function scratch(): { dir: string; cache: string } {
  const base = mkdtempSync(path.join(os.tmpdir(), 'kubegate-code-cache-'));
  made.push(base);
  const dir = path.join(base, 'repo');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'a.yaml'), MANIFEST);
  writeFileSync(path.join(dir, 'b.yaml'), MANIFEST.replace('settings', 'other'));
  return { dir, cache: path.join(base, 'cache') };
}

const codeFiles = (cache: string): string[] => {
  try {
    return readdirSync(path.join(cache, 'code'));
  } catch {
    return [];
  }
};

const run = (dir: string, cache: string, args: string[], env: Record<string, string> = {}) =>
  spawnCli(args, { cwd: dir, env: { KUBEGATE_CACHE_DIR: cache, KUBEGATE_CACHE: undefined as unknown as string, ...env } });

describe('code cache of the CLI', () => {
  it('the launcher holds none of the program: of the engine, only the rule of path containment', () => {
    // A launcher that bundles the engine compiles it on every start, without the code cache (half a megabyte did).
    const modules = [...readFileSync(CLI, 'utf8').matchAll(/^\/\/ (server\/src\/\S+\.ts)$/gm)].map((m) => m[1]);
    expect(modules).toContain('server/src/cli/launch.ts');
    expect(modules.filter((m) => m!.startsWith('server/src/engine/'))).toEqual(['server/src/engine/base/paths.ts']);
  });

  it('is written by a first check and used as it is by the next, with the same report', async () => {
    const { dir, cache } = scratch();
    const first = await run(dir, cache, ['check', '.']);
    expect(first.code).toBe(0);
    const files = codeFiles(cache);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^cli-.+\.bin$/);
    const written = readFileSync(path.join(cache, 'code', files[0]!));
    expect(written.length).toBeGreaterThan(10_000);
    const second = await run(dir, cache, ['check', '.']);
    expect(second).toEqual(first);
    // Accepted by V8, so not written again.
    expect(readFileSync(path.join(cache, 'code', files[0]!)).equals(written)).toBe(true);
  });

  it('replaces a damaged cache and says nothing of it', async () => {
    const { dir, cache } = scratch();
    const first = await run(dir, cache, ['check', 'a.yaml']);
    const [file] = codeFiles(cache);
    const where = path.join(cache, 'code', file!);
    writeFileSync(where, 'not a code cache');
    const again = await run(dir, cache, ['check', 'a.yaml']);
    expect(again).toEqual(first);
    expect(readFileSync(where, 'utf8')).not.toBe('not a code cache');
    expect(codeFiles(cache)).toEqual([file]);
  });

  it('is not written with the cache off, nor after a command that checks nothing', async () => {
    const { dir, cache } = scratch();
    expect((await run(dir, cache, ['check', '.', '--no-cache'])).code).toBe(0);
    expect((await run(dir, cache, ['check', '.'], { KUBEGATE_CACHE: 'off' })).code).toBe(0);
    expect((await run(dir, cache, ['--version'])).code).toBe(0);
    expect(codeFiles(cache)).toEqual([]);
  });

  it('is not read from anything but a regular file (a FIFO there would block the run)', async () => {
    const { dir, cache } = scratch();
    const first = await run(dir, cache, ['check', '.']);
    const [file] = codeFiles(cache);
    const where = path.join(cache, 'code', file!);
    rmSync(where);
    execFileSync('mkfifo', [where]);
    for (const jobs of ['1', '2']) expect(await run(dir, cache, ['check', '.', '--jobs', jobs])).toEqual(first);
  });

  it('leaves the run alone when the cache folder cannot be written', async () => {
    const { dir, cache } = scratch();
    writeFileSync(cache, 'a file where the cache folder would be');
    const blocked = await run(dir, cache, ['check', '.']);
    expect(blocked.code).toBe(0);
    expect(blocked.stderr).toBe('');
    expect(blocked.stdout).toContain('No problems in 2 files');
  });

  it('gives the same report with worker threads started by the launcher as with one thread', async () => {
    const { dir, cache } = scratch();
    for (let i = 0; i < 40; i++) writeFileSync(path.join(dir, `m${i}.yaml`), MANIFEST.replace('settings', `m${i}`));
    const one = await run(dir, cache, ['check', '.', '--jobs', '1', '--format', 'json']);
    const two = await run(dir, cache, ['check', '.', '--jobs', '2', '--format', 'json', '--stats']);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toContain('in 2 worker threads');
  });

  it('is written by a worker thread when threads check the files, with the checking code in it', async () => {
    const one = scratch();
    const two = scratch();
    for (const { dir } of [one, two]) for (let i = 0; i < 40; i++) writeFileSync(path.join(dir, `m${i}.yaml`), MANIFEST.replace('settings', `m${i}`));
    expect((await run(one.dir, one.cache, ['check', '.', '--jobs', '1'])).code).toBe(0);
    expect((await run(two.dir, two.cache, ['check', '.', '--jobs', '2', '--stats'])).stderr).toContain('in 2 worker threads');
    const size = (cache: string) => readFileSync(path.join(cache, 'code', codeFiles(cache)[0]!)).length;
    // Measured on these files: a checking thread's code is about 0.88 of a one-thread run's (which also walked the
    // folder and wrote the report); the main thread's of a two-thread run, which only walks and reports, 0.72.
    expect(codeFiles(two.cache)).toHaveLength(1);
    expect(size(two.cache)).toBeGreaterThan(0.8 * size(one.cache));
  });

  it('says so when the program beside the launcher is missing', async () => {
    const { dir, cache } = scratch();
    const dist = path.join(dir, 'dist');
    mkdirSync(dist);
    copyFileSync(CLI, path.join(dist, 'cli.js'));
    const alone = await spawnCli([], { cwd: dir, shell: `"$NODE" "${path.join(dist, 'cli.js')}" check a.yaml`, env: { KUBEGATE_CACHE_DIR: cache } });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/^kubegate: the program is missing \(.*cli-main\.js\): install or copy the whole dist\/ folder\n$/);
  });
});
