// The derived-facts cache of `kubegate check`: a second run reads the CRDs and gate configs it parsed from the
// cache (and says so with --stats), with the same report; a damaged entry is parsed again, never trusted; the
// cache can be turned off. The store's keys are tested on host/derived-store.ts itself (a build id cannot be
// varied through the built CLI): an entry is found only by the same build, derivation, file and text; so are
// where the store is, its entry bound, its write failures and its pruning (sizes and ages a run cannot arrange).
import { copyFileSync, existsSync, lstatSync, lutimesSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskStore, openStore, storeFolder, storeSpecFor } from '../../server/src/host/derived-store';
import { ROOT, spawnCli, tempDirs } from './cli-process';
import { hasShared, sharedPath, sharedTitle } from '../support/shared';

const temp = tempDirs();
const GATEWAY = sharedPath('upstream', 'crds', 'gateway-api', 'v1.6.1', 'config', 'crd', 'standard');

function repository(): string {
  const root = temp();
  mkdirSync(path.join(root, '.git'));
  mkdirSync(path.join(root, 'gateway'));
  copyFileSync(path.join(GATEWAY, 'gateway.networking.k8s.io_httproutes.yaml'), path.join(root, 'gateway', 'crds.yaml'));
  writeFileSync(
    path.join(root, 'gateway', 'route.yaml'),
    'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n  name: web\nspec:\n  parentRefs:\n    - name: gw\n  hostnamez: [a.example.com]\n',
  );
  copyFileSync(path.join(ROOT, 'examples', 'kind', 'kind-cluster-with-dra-gate.yaml'), path.join(root, 'gateway', 'kind.yaml'));
  return root;
}

const entries = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.json'));

describe.skipIf(!hasShared)(sharedTitle('the derived-facts cache (a Gateway API CRD of ../shared/upstream/crds)'), () => {
  it('is read on the second run: nothing parsed again, the same report', async () => {
    const root = repository();
    const cache = temp();
    const env = { KUBEGATE_CACHE_DIR: cache };
    const first = await spawnCli(['check', 'gateway/route.yaml', '--stats'], { cwd: root, env });
    expect(first.stderr).toMatch(/stats: 1 file in the main thread; \d+ YAML documents parsed; 1 CRD file and 1 config file parsed \(0 from the cache, 2 stored\)/);
    expect(first.stdout).toContain('hostnamez');
    expect(entries(cache)).toHaveLength(2);

    const second = await spawnCli(['check', 'gateway/route.yaml', '--stats'], { cwd: root, env });
    expect(second.stderr).toMatch(/0 CRD files and 0 config files parsed \(2 from the cache, 0 stored\)/);
    expect(second.stdout).toBe(first.stdout);
    expect(second.code).toBe(first.code);
  });

  it('is not asked for the CRDs of a file checked before the custom resources that need them', async () => {
    const root = repository();
    const cache = temp();
    const env = { KUBEGATE_CACHE_DIR: cache };
    // crds.yaml is checked first: route.yaml's catalog takes its CRDs from that check, not from a parse or the cache
    // (only kind.yaml's gate config is stored). Documents parsed: crds.yaml and route.yaml once each, kind.yaml (two
    // documents) by its check and, on the first run, for its config.
    const expected = [
      '6 YAML documents parsed; 1 CRD file and 1 config file parsed (0 from the cache, 1 stored)',
      '4 YAML documents parsed; 1 CRD file and 0 config files parsed (1 from the cache, 0 stored)',
    ];
    for (const stats of expected) {
      const folder = await spawnCli(['check', 'gateway', '--stats'], { cwd: root, env });
      expect(folder.stderr).toContain(`stats: 3 files in the main thread; ${stats}`);
      expect(folder.stdout).toContain('hostnamez');
    }
    expect(entries(cache)).toHaveLength(1);
  });

  it('parses a damaged entry again and replaces it', async () => {
    const root = repository();
    const cache = temp();
    const env = { KUBEGATE_CACHE_DIR: cache };
    const first = await spawnCli(['check', 'gateway/route.yaml'], { cwd: root, env });
    for (const e of entries(cache)) writeFileSync(path.join(cache, e), '{"defs": [');
    const again = await spawnCli(['check', 'gateway/route.yaml', '--stats'], { cwd: root, env });
    expect(again.stderr).toMatch(/1 CRD file and 1 config file parsed \(0 from the cache, 2 stored\)/);
    expect(again.stdout).toBe(first.stdout);
  });

  it('is neither read nor written with --no-cache or KUBEGATE_CACHE=off', async () => {
    const root = repository();
    const cache = temp();
    const off = await spawnCli(['check', 'gateway/route.yaml', '--no-cache', '--stats'], { cwd: root, env: { KUBEGATE_CACHE_DIR: cache } });
    expect(off.stderr).toMatch(/1 CRD file and 1 config file parsed \(cache off\)/);
    const envOff = await spawnCli(['check', 'gateway/route.yaml', '--stats'], { cwd: root, env: { KUBEGATE_CACHE_DIR: cache, KUBEGATE_CACHE: 'off' } });
    expect(envOff.stderr).toMatch(/\(cache off\)/);
    expect(entries(cache)).toEqual([]);
  });
});

describe('the derived-facts store key', () => {
  it('holds the build, the derivation, the file and the text: another build never reads an entry', () => {
    const dir = temp();
    const secret = '07'.repeat(32);
    diskStore({ dir, build: 'build-a', secret }).set('crds', 'a.yaml', 'kind: X\n', '{"v":1}');
    const same = diskStore({ dir, build: 'build-a', secret });
    expect(same.get('crds', 'a.yaml', 'kind: X\n')).toBe('{"v":1}');
    const other = diskStore({ dir, build: 'build-b', secret });
    expect(other.get('crds', 'a.yaml', 'kind: X\n')).toBeUndefined();
    expect(other.stats).toMatchObject({ hits: 0, misses: 1 });
    expect(same.get('configs', 'a.yaml', 'kind: X\n')).toBeUndefined();
    expect(same.get('crds', 'b.yaml', 'kind: X\n')).toBeUndefined();
    expect(same.get('crds', 'a.yaml', 'kind: Y\n')).toBeUndefined();
    expect(same.stats).toMatchObject({ hits: 1, misses: 3 });
    expect(entries(dir)).toHaveLength(1);
  });
});

describe('where the store is', () => {
  it('KUBEGATE_CACHE_DIR, else an absolute XDG_CACHE_HOME, else the home folder', () => {
    const home = path.join(os.homedir(), '.cache', 'kubegate');
    expect(storeFolder({ KUBEGATE_CACHE_DIR: '/c', XDG_CACHE_HOME: '/x' })).toBe('/c');
    expect(storeFolder({ XDG_CACHE_HOME: '/x' })).toBe(path.join('/x', 'kubegate'));
    expect(storeFolder({ KUBEGATE_CACHE_DIR: '', XDG_CACHE_HOME: 'relative' })).toBe(home);
    expect(storeFolder({})).toBe(home);
  });

  it('no store with --no-cache or KUBEGATE_CACHE off/0/false/no (any case); a folder it refuses is said, one it cannot make is not', () => {
    const base = temp();
    const cache = path.join(base, 'cache');
    const on = storeSpecFor(false, { KUBEGATE_CACHE_DIR: cache }, base, undefined, []);
    expect(on).toMatchObject({ dir: cache, build: 'source' });
    expect(on!.secret).toMatch(/^[0-9a-f]{64}$/);
    for (const on of ['offline', 'turnoff', 'yes']) expect(storeSpecFor(false, { KUBEGATE_CACHE_DIR: cache, KUBEGATE_CACHE: on }, base, undefined, [])?.dir, on).toBe(cache);
    expect(storeSpecFor(true, { KUBEGATE_CACHE_DIR: cache }, base, undefined, [])).toBeUndefined();
    for (const off of ['off', '0', 'false', 'no', 'OFF', 'No']) expect(storeSpecFor(false, { KUBEGATE_CACHE_DIR: cache, KUBEGATE_CACHE: off }, base, undefined, []), off).toBeUndefined();

    // The working directory's repository holds no cache, also when the working directory is below its root.
    const repo = path.join(base, 'repo');
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    mkdirSync(path.join(repo, 'deploy'));
    const said: string[] = [];
    expect(storeSpecFor(false, { KUBEGATE_CACHE_DIR: path.join(repo, 'cache') }, path.join(repo, 'deploy'), (why) => said.push(why))).toBeUndefined();
    expect(said).toEqual([`the cache folder ${path.join(repo, 'cache')} is not used: it is inside the checked repository, which could plant entries in it`]);
    expect(storeSpecFor(false, { KUBEGATE_CACHE_DIR: path.join(repo, 'cache') }, path.join(repo, 'deploy'))).toBeUndefined();
    // A file where the folder would be: no cache, nothing to warn about.
    writeFileSync(path.join(base, 'a-file'), 'x');
    expect(storeSpecFor(false, { KUBEGATE_CACHE_DIR: path.join(base, 'a-file') }, base, (why) => said.push(why), [])).toBeUndefined();
    expect(said).toHaveLength(1);
    expect(openStore(undefined)).toBeUndefined();
    expect(openStore(on)?.dir).toBe(cache);
  });
});

describe('the store on disk', () => {
  const SECRET = '07'.repeat(32);

  it('writes each entry once, sealed, owner-only, named by its key, and leaves no temporary file', () => {
    const dir = temp();
    const store = diskStore({ dir, build: 'b', secret: SECRET });
    store.set('crds', 'a.yaml', 'text', '{"a":1}');
    store.set('crds', 'b.yaml', 'text', '{"b":1}');
    expect(store.stats).toMatchObject({ writes: 2, writeFailures: 0 });
    const names = entries(dir);
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/^derived-v1\/[0-9a-f]{2}\/[0-9a-f]{62}\.json$/);
      expect(statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
    }
    expect(readdirSync(path.join(dir, 'derived-v1'), { recursive: true }).map(String).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect([store.get('crds', 'a.yaml', 'text'), store.get('crds', 'b.yaml', 'text')]).toEqual(['{"a":1}', '{"b":1}']);
  });

  it('the parts of a key cannot run into each other; its folders are owner-only', () => {
    const dir = temp();
    const store = (build: string) => diskStore({ dir, build, secret: SECRET });
    store('b').set('crds', 'a.yaml', 'x', 'stored');
    expect(store('bc').get('rds', 'a.yaml', 'x')).toBeUndefined();
    expect(store('b').get('crdsa', '.yaml', 'x')).toBeUndefined();
    expect(store('b').get('crds', 'a.yamlx', '')).toBeUndefined();
    expect(store('b').get('crds', 'a.yaml', 'x')).toBe('stored');
    const [entry] = entries(dir);
    expect(statSync(path.join(dir, 'derived-v1')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, path.dirname(entry!))).mode & 0o777).toBe(0o700);
  });

  it('an entry that cannot be renamed into place is a write failure and leaves no temporary file', () => {
    const dir = temp();
    const store = diskStore({ dir, build: 'b', secret: SECRET });
    store.set('crds', 'a.yaml', 'text', '{}');
    const [entry] = entries(dir);
    // A folder holding a file where the entry goes: the rename cannot replace it.
    rmSync(path.join(dir, entry!));
    mkdirSync(path.join(dir, entry!));
    writeFileSync(path.join(dir, entry!, 'keep'), '');
    store.set('crds', 'a.yaml', 'text', '{}');
    expect(store.stats).toMatchObject({ writes: 1, writeFailures: 1 });
    expect(readdirSync(path.join(dir, path.dirname(entry!))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps an entry of exactly its bound (32 MiB) and refuses one byte more, as a write failure', () => {
    const dir = temp();
    const store = diskStore({ dir, build: 'b', secret: SECRET });
    const bound = 32 * 1024 * 1024;
    store.set('crds', 'over.yaml', 'text', 'x'.repeat(bound + 1));
    expect(store.stats).toMatchObject({ writes: 0, writeFailures: 1 });
    expect(entries(dir)).toEqual([]);
    store.set('crds', 'at.yaml', 'text', 'x'.repeat(bound));
    expect(store.stats).toMatchObject({ writes: 1, writeFailures: 1 });
    expect(store.get('crds', 'at.yaml', 'text')?.length).toBe(bound);
  });

  it('a folder it cannot write in is a write failure, not a failed run', () => {
    const dir = temp();
    writeFileSync(path.join(dir, 'derived-v1'), 'a file in the way');
    const store = diskStore({ dir, build: 'b', secret: SECRET });
    store.set('crds', 'a.yaml', 'text', '{}');
    expect(store.stats).toMatchObject({ writes: 0, writeFailures: 1 });
    expect(store.get('crds', 'a.yaml', 'text')).toBeUndefined();
  });

  it('pruning: only after a run that wrote, only over the cap, the oldest first, down to three quarters of it', () => {
    const dir = temp();
    const fill = diskStore({ dir, build: 'b', secret: SECRET });
    // Eight entries of 1,065 bytes (a 65-byte seal and 1,000 bytes), each older than the next.
    const file = (i: number) => `/f${i}.yaml`;
    const oldestFirst: string[] = [];
    for (let i = 0; i < 8; i++) {
      const before = new Set(entries(dir));
      fill.set('configs', file(i), 'text', 'x'.repeat(1000));
      const added = entries(dir).filter((e) => !before.has(e));
      expect(added).toHaveLength(1);
      utimesSync(path.join(dir, added[0]!), 1_000_000 + i, 1_000_000 + i);
      oldestFirst.push(added[0]!);
    }
    expect(oldestFirst.reduce((n, e) => n + statSync(path.join(dir, e)).size, 0)).toBe(8 * 1065);
    // A store that wrote nothing does not prune, even far over the cap.
    diskStore({ dir, build: 'b', secret: SECRET }).prune(1);
    expect(entries(dir)).toHaveLength(8);
    // Exactly at the cap: nothing goes.
    fill.prune(8 * 1065);
    expect(entries(dir)).toHaveLength(8);
    // One byte over: entries go, oldest first, until at most three quarters of the cap is left (6,389.25 bytes:
    // two removed leave 6,390, so three go).
    fill.prune(8 * 1065 - 1);
    expect(entries(dir).sort()).toEqual(oldestFirst.slice(3).sort());
    expect(Array.from({ length: 8 }, (_, i) => fill.get('configs', file(i), 'text') !== undefined)).toEqual([false, false, false, true, true, true, true, true]);
  });

  it('pruning stops at exactly three quarters of the cap, counts and removes only its own entries, and survives a missing folder', () => {
    const dir = temp();
    const root = path.join(dir, 'derived-v1');
    const fill = diskStore({ dir, build: 'b', secret: SECRET });
    const file = (i: number) => `/f${i}.yaml`;
    for (let i = 0; i < 8; i++) {
      const before = new Set(entries(dir));
      fill.set('configs', file(i), 'text', 'x'.repeat(1000));
      const [added] = entries(dir).filter((e) => !before.has(e));
      utimesSync(path.join(dir, added!), 1_000_000 + i, 1_000_000 + i);
    }
    // Strangers, older than every entry and big enough to matter if counted: a folder not named like a shard holding
    // an entry-named file, a file in a shard not named like an entry, a link named like an entry.
    const entryName = `${'a'.repeat(62)}.json`;
    const shard = path.dirname(path.join(dir, entries(dir)[0]!));
    mkdirSync(path.join(root, 'not-a-shard'));
    for (const [where, size] of [[path.join(root, 'not-a-shard', entryName), 50_000], [path.join(shard, 'notes.json'), 50_000], [path.join(dir, 'outside'), 50_000]] as const) {
      writeFileSync(where, 'y'.repeat(size));
      utimesSync(where, 1, 1);
    }
    symlinkSync(path.join(dir, 'outside'), path.join(shard, `${'b'.repeat(62)}.json`));
    lutimesSync(path.join(shard, `${'b'.repeat(62)}.json`), 1, 1);
    // 8,520 bytes over a cap of 7,100: three go, leaving exactly 5,325 (three quarters of the cap), and no more.
    fill.prune(7100);
    expect(Array.from({ length: 8 }, (_, i) => fill.get('configs', file(i), 'text') !== undefined)).toEqual([false, false, false, true, true, true, true, true]);
    expect(existsSync(path.join(root, 'not-a-shard', entryName))).toBe(true);
    expect(existsSync(path.join(shard, 'notes.json'))).toBe(true);
    expect(lstatSync(path.join(shard, `${'b'.repeat(62)}.json`)).isSymbolicLink()).toBe(true);
    rmSync(root, { recursive: true });
    expect(() => fill.prune(0)).not.toThrow();
    expect(existsSync(root)).toBe(false);
  });
});
