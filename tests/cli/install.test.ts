// The CLI outside the clone: `npm pack` gives a tarball that `npm install -g --prefix` (offline: the bundle
// has no run-time dependencies) turns into a working `kubegate`; --version; help within 80 columns; a user
// error or missing data gives a message, never a stack trace.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../server/src/cli/main';
import { CLI, ROOT, spawnCli, tempDirs } from './cli-process';

const tempDir = tempDirs();
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('kubegate outside the clone', () => {
  it('--version prints the package version', async () => {
    const run = await spawnCli(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`kubegate ${pkg.version}\n`);
  });

  it('help of kubegate, check, explain and gates fits 80 columns', async () => {
    for (const args of [['--help'], ['check', '--help'], ['explain', '--help'], ['gates', '--help']]) {
      const run = await spawnCli(args);
      expect(run.code).toBe(0);
      const long = run.stdout.split('\n').filter((l) => l.length > 80);
      expect(long, args.join(' ')).toEqual([]);
    }
    expect(COMMANDS.map((c) => c.name)).toEqual(expect.arrayContaining(['check', 'explain', 'gates']));
  });

  it('a copied bundle without its data says what to do, without a stack trace', async () => {
    const dir = tempDir();
    // The launcher and the program it starts (tests/cli/code-cache.test.ts: the launcher alone).
    copyFileSync(CLI, path.join(dir, 'cli.js'));
    copyFileSync(path.join(path.dirname(CLI), 'cli-main.js'), path.join(dir, 'cli-main.js'));
    const run = await spawnCli([], { cwd: dir, shell: `"$NODE" cli.js check "${path.join(ROOT, 'examples', 'deployment.yaml')}"` });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Kubegate data not found');
    expect(run.stderr).toContain('KUBEGATE_SCHEMAS');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    const withEnv = await spawnCli([], {
      cwd: dir,
      env: { KUBEGATE_SCHEMAS: path.join(ROOT, 'schemas') },
      shell: `"$NODE" cli.js check "${path.join(ROOT, 'examples', 'deployment.yaml')}"`,
    });
    expect(withEnv.code).toBe(0);
    // Without dist/vendor/ beside it, --cluster names the missing bundle instead of failing obscurely.
    const kubeconfig = path.join(dir, 'kubeconfig');
    writeFileSync(kubeconfig, 'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\ncontexts: [{name: x, context: {cluster: c}}]\ncurrent-context: x\n');
    const noVendor = await spawnCli([], {
      cwd: dir,
      env: { KUBEGATE_SCHEMAS: path.join(ROOT, 'schemas'), KUBECONFIG: kubeconfig },
      shell: `"$NODE" cli.js check --cluster "${path.join(ROOT, 'examples', 'deployment.yaml')}"`,
    });
    expect(noVendor.stderr).toContain("Kubegate's bundle is incomplete");
    expect(noVendor.stderr).toContain(path.join('vendor', 'kube-config.js'));
  });

  it('usage errors print a message and exit 2, without a stack trace', async () => {
    for (const args of [['check', '--format', 'xml', 'x.yaml'], ['check', '--feature-gates', 'Nope=true', 'examples/deployment.yaml'], ['gates', '--emit', 'k3s', 'examples']]) {
      const run = await spawnCli(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).not.toMatch(/^\s+at /m);
    }
  });

  it('package.json is publishable: not private, files, engines.node, the kubegate bin', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['private']).toBeUndefined();
    expect(manifest['files']).toEqual(expect.arrayContaining(['dist/cli.js', 'schemas/']));
    expect((manifest['engines'] as Record<string, string>)['node']).toBe('>=20');
    expect((manifest['bin'] as Record<string, string>)['kubegate']).toBe('dist/cli.js');
    // `prepare` builds dist/ when npm installs from a clone (pre-commit's language: node, a git dependency).
    expect((manifest['scripts'] as Record<string, string>)['prepare']).toBe('node scripts/build.mjs');
    expect(readFileSync(CLI, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('npm pack → npm install -g --prefix (offline) → kubegate check runs on an example', async () => {
    expect(existsSync(CLI), 'dist/cli.js is missing: run `npm run build`').toBe(true);
    const dir = tempDir();
    execFileSync(npm, ['pack', '--ignore-scripts', '--pack-destination', dir, '--silent'], { cwd: ROOT, stdio: 'pipe' });
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
    const listing = execFileSync('tar', ['-tzf', path.join(dir, tarball)], { encoding: 'utf8' }).split('\n');
    expect(listing).toEqual(
      expect.arrayContaining(['package/dist/cli.js', 'package/dist/vendor/kube-config.js', 'package/dist/vendor/cel.js', 'package/schemas/gates.json', 'package/package.json']),
    );
    expect(listing.filter((f) => f.startsWith('package/server/') || f.startsWith('package/tests/') || f.startsWith('package/node_modules/'))).toEqual([]);
    const prefix = path.join(dir, 'prefix');
    execFileSync(npm, ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', path.join(dir, tarball)], {
      cwd: dir,
      stdio: 'pipe',
      env: { ...process.env, npm_config_cache: path.join(dir, 'cache') },
    });
    // `npx kubegate@<version>` as a user runs it, here from the tarball (offline: no run-time dependencies).
    const npx = execFileSync(npm, ['exec', '--offline', '--yes', `--package=${path.join(dir, tarball)}`, '--', 'kubegate', '--version'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, npm_config_cache: path.join(dir, 'cache') },
    });
    expect(npx).toBe(`kubegate ${pkg.version}\n`);
    const bin = path.join(prefix, 'bin', 'kubegate');
    const example = path.join(dir, 'slice.yaml');
    copyFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), example);
    // Run from the temporary folder, far from the clone: the data must come from the installed package.
    const run = await spawnCli([], { cwd: dir, env: { KUBEGATE_SCHEMAS: undefined }, shell: `"${bin}" check --format json slice.yaml` });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { files: { findings: { code: string }[] }[] };
    expect(out.files[0]!.findings.map((f) => f.code)).toEqual(['feature-gate']);
    // --cluster loads the kubeconfig reader, bundled apart (dist/vendor/): an unreachable server is a note.
    const kubeconfig = path.join(dir, 'kubeconfig');
    writeFileSync(
      kubeconfig,
      'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\n' +
        'users: [{name: u, user: {token: t}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n',
    );
    const cluster = await spawnCli([], { cwd: dir, env: { KUBEGATE_SCHEMAS: undefined, KUBECONFIG: kubeconfig }, shell: `"${bin}" check --cluster slice.yaml` });
    expect(cluster.code, cluster.stderr).toBe(0);
    expect(cluster.stderr).toContain('context "x"');
    expect(cluster.stderr).not.toMatch(/Cannot find module|^\s+at /m);
  }, 180_000);
});
