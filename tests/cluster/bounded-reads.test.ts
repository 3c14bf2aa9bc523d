// Robustness: cluster reads within a budget, against a hostile loopback API server and hostile
// kubeconfigs. Asserts bounded work (bytes the server got to send, plugins still running) rather than time.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runningExecPlugins, killExecPlugins } from '../../server/src/cluster/exec-plugin';
import { MAX_KUBECONFIG_BYTES } from '../../server/src/cluster/kubeconfig';
import { CLUSTER_TIMEOUT_ENV, DEFAULT_CLUSTER_TIMEOUT_MS, readCluster } from '../../server/src/cluster/read';
import { DEFAULT_MAX_KEPT_LINES } from '../../server/src/cluster/connection';
import { makeTestPki, startFakeApiServer, startHoldServer, tempFolder, writeKubeconfig, type FakeApiServer, type TestPki } from './fakeApiServer';
import { API_GROUP_LIST, API_VERSIONS, versionInfo } from './fixtures';

let pki: TestPki;
let folder: ReturnType<typeof tempFolder>;
const cleanups: (() => Promise<void> | void)[] = [];
const posix = process.platform !== 'win32';

beforeAll(async () => {
  pki = await makeTestPki();
  folder = tempFolder();
  // A plugin that never answers: it and a child it starts each hold a loopback connection open.
  writeFileSync(
    join(folder.dir, 'stuck-plugin.cjs'),
    [
      "const net = require('node:net');",
      'const port = Number(process.env.HOLD_PORT);',
      "net.connect(port, '127.0.0.1');",
      "require('node:child_process').spawn(process.execPath, ['-e', `require('node:net').connect(${port}, '127.0.0.1'); setInterval(() => {}, 1e6)`], { stdio: 'ignore' });",
      'setInterval(() => {}, 1e6);',
    ].join('\n'),
  );
});
afterAll(() => {
  killExecPlugins();
  folder.dispose();
});
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function apiServer(routes: Parameters<typeof startFakeApiServer>[1]): Promise<FakeApiServer> {
  const server = await startFakeApiServer(pki, routes);
  cleanups.push(() => server.close());
  return server;
}

/** A loopback server counting connections; `closed(n)` resolves once n of them have closed. */
async function holdServer(): Promise<{ port: string; connected(n: number): Promise<void>; closed(n: number): Promise<void> }> {
  let opened = 0;
  let closedCount = 0;
  const waiters: { kind: 'open' | 'close'; n: number; resolve: () => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      if ((w.kind === 'open' ? opened : closedCount) >= w.n) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  const server = await startHoldServer((socket) => {
    opened++;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closedCount++;
      check();
    });
    check();
  });
  cleanups.push(() => server.close());
  const wait = (kind: 'open' | 'close', n: number) =>
    new Promise<void>((done) => {
      waiters.push({ kind, n, resolve: done });
      check();
    });
  return { port: String(server.port), connected: (n) => wait('open', n), closed: (n) => wait('close', n) };
}

function stuckPluginKubeconfig(url: string, holdPort: string, fileName: string): string {
  return writeKubeconfig(
    folder.dir,
    url,
    pki.caCert,
    { exec: { command: process.execPath, args: [join(folder.dir, 'stuck-plugin.cjs')], env: [{ name: 'HOLD_PORT', value: holdPort }] } },
    { fileName },
  );
}

describe('response bodies are capped', () => {
  it('a /metrics of 2 000 000 feature lines (~150 MB): gates unknown with a note, the read stops early', async () => {
    const line = 'kubernetes_feature_enabled{name="SomeVeryLongFeatureGateNameForTheTest",stage="ALPHA"} 1\n';
    const api = await apiServer({
      '/version': { json: versionInfo('v1.37.0') },
      '/metrics': { stream: { line, count: 2_000_000 } },
      '/api': { json: API_VERSIONS },
      '/apis': { json: API_GROUP_LIST },
    });
    const kubeconfig = writeKubeconfig(folder.dir, api.url, pki.caCert, { token: 't' }, { fileName: 'kc-metrics' });
    const closed = new Promise<void>((done) => api.events.on('stream-closed', (p: string) => p === '/metrics' && done()));
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: {}, timeoutMs: 60_000 });
    await closed;
    expect(snapshot.reachable).toBe(true);
    expect(snapshot.apiServerGates).toBeUndefined();
    expect(snapshot.notes.join(' ')).toMatch(/metrics/);
    // The client kept at most DEFAULT_MAX_KEPT_LINES lines, then hung up: the server sent a small part of the body.
    const sent = api.streamed.get('/metrics') ?? 0;
    expect(sent).toBeLessThan(line.length * 2_000_000 * 0.2);
    expect(DEFAULT_MAX_KEPT_LINES).toBeLessThanOrEqual(10_000);
  }, 120_000);
});

describe('the time budget', () => {
  it('defaults to 5 s and is configurable through the environment', async () => {
    expect(DEFAULT_CLUSTER_TIMEOUT_MS).toBe(5000);
    const api = await apiServer({ '/version': 'hang' });
    const kubeconfig = writeKubeconfig(folder.dir, api.url, pki.caCert, { token: 't' }, { fileName: 'kc-hang' });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: { [CLUSTER_TIMEOUT_ENV]: '250' } });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes.join(' ')).toMatch(/250 ms/);
  });
});

describe.skipIf(!posix)('exec credential plugins', () => {
  it('a plugin that never answers is killed with its process group when the read is cancelled', async () => {
    const api = await apiServer({ '/version': { json: versionInfo('v1.37.0') } });
    const hold = await holdServer();
    const kubeconfig = stuckPluginKubeconfig(api.url, hold.port, 'kc-stuck');
    const controller = new AbortController();
    const reading = readCluster({ kubeconfigPath: kubeconfig, env: {}, timeoutMs: 600_000, signal: controller.signal });
    await hold.connected(2); // the plugin and its child are running
    expect(runningExecPlugins()).toBe(1);
    controller.abort();
    const snapshot = await reading;
    expect(snapshot.reachable).toBe(false);
    await hold.closed(2); // both processes are gone
  });

  it('killExecPlugins() (server shutdown) ends a running plugin and its children', async () => {
    const api = await apiServer({ '/version': { json: versionInfo('v1.37.0') } });
    const hold = await holdServer();
    const kubeconfig = stuckPluginKubeconfig(api.url, hold.port, 'kc-stuck-2');
    const reading = readCluster({ kubeconfigPath: kubeconfig, env: {}, timeoutMs: 600_000 });
    await hold.connected(2);
    expect(killExecPlugins()).toBe(1);
    await hold.closed(2);
    const snapshot = await reading;
    expect(snapshot.reachable).toBe(false);
  });

  it('the CLI with --cluster exits when the budget is spent, and the plugin is gone', async () => {
    const cli = resolve(__dirname, '../../dist/cli.js');
    if (!existsSync(cli)) return; // built by npm test's pretest
    const api = await apiServer({ '/version': { json: versionInfo('v1.37.0') } });
    const hold = await holdServer();
    const kubeconfig = stuckPluginKubeconfig(api.url, hold.port, 'kc-stuck-cli');
    const manifest = join(folder.dir, 'pod.yaml');
    writeFileSync(manifest, 'apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  containers: [{name: a, image: b}]\n');
    const child = spawn(process.execPath, [cli, 'check', '--cluster', manifest], {
      env: { ...process.env, KUBECONFIG: kubeconfig, [CLUSTER_TIMEOUT_ENV]: '1500', HTTPS_PROXY: '', https_proxy: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((done) => child.once('close', (c) => done(c)));
    // the manifest is valid: the unanswered cluster is a note, not a failure
    expect(code).toBe(0);
    expect(out).toMatch(/^note: No answer from https:\/\/127\.0\.0\.1:\d+ \(context "test"\) within 1\.5 s while getting credentials\. .*exec plugin "node"/m);
    expect(out).toContain('No problems in 1 file (Kubernetes 1.37).');
    await hold.closed(2);
  });

  it('refuses the legacy gcp/azure auth-providers with cmd-path (run synchronously, they cannot be bounded)', async () => {
    const api = await apiServer({ '/version': { json: versionInfo('v1.37.0') } });
    const file = join(folder.dir, 'kc-gcp');
    writeFileSync(
      file,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'c', cluster: { server: api.url, 'certificate-authority-data': Buffer.from(pki.caCert).toString('base64') } }],
        users: [{ name: 'u', user: { 'auth-provider': { name: 'gcp', config: { 'cmd-path': '/bin/sleep', 'cmd-args': '1000' } } } }],
        contexts: [{ name: 'test', context: { cluster: 'c', user: 'u' } }],
        'current-context': 'test',
      }),
    );
    const snapshot = await readCluster({ kubeconfigPath: file, env: {} });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes[0]).toMatch(/"gcp" auth-provider with cmd-path/);
    expect(api.requests).toEqual([]);
  });
});

describe.skipIf(!posix)('kubeconfig files are read bounded', () => {
  it('a kubeconfig that is a FIFO is refused at once (nothing writes to it: reading it would block forever)', async () => {
    const fifo = join(folder.dir, 'kc-fifo');
    execFileSync('mkfifo', [fifo]);
    const snapshot = await readCluster({ kubeconfigPath: fifo, env: {} });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes[0]).toMatch(/is a FIFO, not a regular file/);
  });

  it('a kubeconfig that is a symlink to /dev/zero is refused (it would stream forever)', async () => {
    if (!existsSync('/dev/zero')) return;
    const link = join(folder.dir, 'kc-zero');
    symlinkSync('/dev/zero', link);
    const snapshot = await readCluster({ kubeconfigPath: link, env: {} });
    expect(snapshot.notes[0]).toMatch(/is a device, not a regular file/);
  });

  it('a kubeconfig over the size cap is refused', async () => {
    const big = join(folder.dir, 'kc-big');
    writeFileSync(big, `# ${'x'.repeat(MAX_KUBECONFIG_BYTES)}\n`);
    const snapshot = await readCluster({ kubeconfigPath: big, env: {} });
    expect(snapshot.notes[0]).toMatch(/is too large/);
  });

  it('a certificate-authority file that is a FIFO is refused before the client library reads it', async () => {
    const fifo = join(folder.dir, 'ca-fifo');
    execFileSync('mkfifo', [fifo]);
    const file = join(folder.dir, 'kc-ca-fifo');
    writeFileSync(
      file,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'c', cluster: { server: 'https://127.0.0.1:1', 'certificate-authority': fifo } }],
        users: [{ name: 'u', user: { token: 't' } }],
        contexts: [{ name: 'test', context: { cluster: 'c', user: 'u' } }],
        'current-context': 'test',
      }),
    );
    const snapshot = await readCluster({ kubeconfigPath: file, env: {} });
    expect(snapshot.notes[0]).toMatch(/certificate-authority file .* is not a regular file/);
  });
});
