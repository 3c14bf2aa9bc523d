// The cache is trusted only as far as it can be: a folder inside the checked repository (a relative
// KUBEGATE_CACHE_DIR included) or writable by others is not used; an entry is used only with the right keyed hash
// (an edited or planted entry is a miss), only from a regular file and up to a bound (a FIFO or a link to
// /dev/zero is a miss, not a hang); pruning passes over files it did not write; a folder under /proc is refused,
// not looped on. Files are generated at test time.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sealEntry } from '../../server/src/host/cache-folder';
import { diskStore, storeSpecFor } from '../../server/src/host/derived-store';
import { ROOT, spawnCli, tempDirs } from './cli-process';

const temp = tempDirs();
const KIND = 'apiVersion: kind.x-k8s.io/v1alpha4\nkind: Cluster\nfeatureGates:\n  DRAOptionalNodeOperations: true\n';
const SLICE = readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), 'utf8');

/** A repository whose ResourceSlice passes only with the gate config beside it, and a cache folder outside it. */
function setUp() {
  const base = temp();
  const repo = path.join(base, 'repo');
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  writeFileSync(path.join(repo, 'kind.yaml'), KIND);
  writeFileSync(path.join(repo, 'slice.yaml'), SLICE);
  const cache = path.join(base, 'cache');
  mkdirSync(cache, { mode: 0o700 });
  return { repo, cache };
}

const entries = (cache: string): string[] =>
  existsSync(path.join(cache, 'derived-v1')) ? readdirSync(path.join(cache, 'derived-v1'), { recursive: true }).map(String).filter((f) => f.endsWith('.json')) : [];

const check = (repo: string, cache: string, extra: string[] = []) =>
  spawnCli(['check', '--fail-on', 'warning', '--stats', 'slice.yaml', 'kind.yaml', ...extra], { cwd: repo, env: { KUBEGATE_CACHE_DIR: cache, KUBEGATE_CACHE: undefined } });

describe('the cache folder', () => {
  it('inside the checked repository (a relative KUBEGATE_CACHE_DIR) is not used, and says so', async () => {
    const { repo } = setUp();
    const r = await check(repo, '.cache/kg');
    expect(r.stderr).toContain(`note: the cache folder ${path.join(repo, '.cache', 'kg')} is not used: it is inside the checked repository`);
    expect(r.stderr).toContain('(cache off)');
    expect(existsSync(path.join(repo, '.cache'))).toBe(false);
    expect(r.code).toBe(0);
  });

  it('writable by others is not used', async () => {
    const { repo, cache } = setUp();
    chmodSync(cache, 0o777);
    const r = await check(repo, cache);
    expect(r.stderr).toContain('is not used: others can write to it');
    expect(readdirSync(cache)).toEqual([]);
  });

  it('under /proc/self is refused, not looped on', async () => {
    const { repo } = setUp();
    const r = await check(repo, '/proc/self/kubegate-cache');
    expect(r.stderr).toContain('(cache off)');
    expect(r.code).toBe(0);
  });
});

describe('cache entries', () => {
  it('an entry edited or planted without the secret is a miss: the same report as without the cache', async () => {
    const { repo, cache } = setUp();
    const first = await check(repo, cache);
    expect(first.code).toBe(0);
    expect(entries(cache)).toHaveLength(1);
    // What an attacker would write: a valid entry of the right shape that drops the gate config.
    for (const e of entries(cache)) writeFileSync(path.join(cache, 'derived-v1', e), '[]');
    const forged = await check(repo, cache);
    expect(forged.stdout).toBe(first.stdout);
    expect(forged.code).toBe(0);
    expect(forged.stderr).toMatch(/1 config file parsed \(0 from the cache, 1 stored\)/);
    const warm = await check(repo, cache);
    expect(warm.stderr).toMatch(/0 config files parsed \(1 from the cache, 0 stored\)/);
  });

  it('a FIFO or a link to /dev/zero in place of an entry is a miss, not a hang', async () => {
    const { repo, cache } = setUp();
    const first = await check(repo, cache);
    const [entry] = entries(cache);
    const where = path.join(cache, 'derived-v1', entry!);
    rmSync(where);
    execFileSync('mkfifo', [where]);
    expect((await check(repo, cache)).stdout).toBe(first.stdout);
    rmSync(where, { force: true });
    symlinkSync('/dev/zero', where);
    const zero = await check(repo, cache);
    expect(zero.stdout).toBe(first.stdout);
    expect(zero.stderr).toMatch(/\(0 from the cache/);
  });

  it('a wrong-shape entry is a miss, never a failed run', async () => {
    const { repo, cache } = setUp();
    const spec = storeSpecFor(false, { KUBEGATE_CACHE_DIR: cache }, repo)!;
    const first = await check(repo, cache);
    const [entry] = entries(cache);
    // Sealed with the right secret (as if another build had written it), yet not a list of configs.
    const key = `${path.dirname(entry!)}${path.basename(entry!, '.json')}`;
    writeFileSync(path.join(cache, 'derived-v1', entry!), sealEntry(spec.secret, key, '{"defs": 3}'));
    const again = await check(repo, cache);
    expect(again.stdout).toBe(first.stdout);
    expect(again.stderr).toMatch(/1 config file parsed \(0 from the cache, 1 stored\)/);
    expect(again.code).toBe(0);
  });
});

describe('pruning', () => {
  it('removes its own oldest entries and passes over files it did not write', () => {
    const { repo, cache } = setUp();
    const spec = storeSpecFor(false, { KUBEGATE_CACHE_DIR: cache }, repo)!;
    const store = diskStore(spec);
    for (let i = 0; i < 8; i++) store.set('configs@1', `/f${i}.yaml`, 'text', 'x'.repeat(1000));
    const root = path.join(cache, 'derived-v1');
    writeFileSync(path.join(root, 'stray-file'), 'not ours');
    mkdirSync(path.join(root, 'zz'));
    writeFileSync(path.join(root, 'zz', 'notes.txt'), 'y'.repeat(5000));
    store.prune(4000);
    expect(entries(cache).length).toBeLessThan(8);
    expect(readFileSync(path.join(root, 'stray-file'), 'utf8')).toBe('not ours');
    expect(existsSync(path.join(root, 'zz', 'notes.txt'))).toBe(true);
  });
});

describe('the code cache', () => {
  it('is sealed with the folder secret, and a file without the right seal is never handed to V8 (it is rewritten)', async () => {
    const { repo, cache } = setUp();
    const first = await check(repo, cache);
    const [file] = readdirSync(path.join(cache, 'code'));
    const where = path.join(cache, 'code', file!);
    const sealed = readFileSync(where);
    expect(sealed.subarray(0, 65).toString()).toMatch(/^[0-9a-f]{64}\n$/);
    // The same compiled code with a seal made without the secret.
    const forged = Buffer.concat([Buffer.from(`${'0'.repeat(64)}\n`), sealed.subarray(65)]);
    writeFileSync(where, forged);
    const again = await check(repo, cache);
    expect(again.stdout).toBe(first.stdout);
    expect(readFileSync(where).equals(forged)).toBe(false);
    expect(statSync(path.join(cache, 'secret')).mode & 0o777).toBe(0o600);
  });
});

