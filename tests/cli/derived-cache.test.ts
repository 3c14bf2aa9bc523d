// The derived-facts cache of `kubegate check`: a second run reads the CRDs and gate configs it parsed from the
// cache (and says so with --stats), with the same report; a damaged entry is parsed again, never trusted; the
// cache can be turned off. The store's keys are tested on host/derived-store.ts itself (a build id cannot be
// varied through the built CLI): an entry is found only by the same build, derivation, file and text.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskStore } from '../../server/src/host/derived-store';
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
