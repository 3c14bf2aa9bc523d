// readCluster with exec credential plugins (a node script written by the test) and through proxies
// (a loopback HTTP CONNECT proxy made by the test).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import * as net from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCluster } from '../../server/src/cluster/read';
import {
  TEST_HOST_NAME,
  makeTestPki,
  startConnectProxy,
  startFakeApiServer,
  startHoldServer,
  tempFolder,
  writeKubeconfig,
  type FakeApiServer,
  type TestPki,
} from './fakeApiServer';
import { GENERIC_GATES, healthyRoutes } from './fixtures';

const TOKEN = `kubegate-exec-token-${randomBytes(12).toString('hex')}`;

let pki: TestPki;
let folder: ReturnType<typeof tempFolder>;
let server: FakeApiServer;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  pki = await makeTestPki();
  folder = tempFolder();
  server = await startFakeApiServer(pki, healthyRoutes('v1.37.1', GENERIC_GATES));
  writeFileSync(
    join(folder.dir, 'token-plugin.cjs'),
    "process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: process.env.TEST_TOKEN } }));\n",
  );
  writeFileSync(
    join(folder.dir, 'failing-plugin.cjs'),
    'process.stderr.write("login failed for " + process.env.TEST_TOKEN + "\\n"); process.exit(3);\n',
  );
  // Holds on to a loopback socket and exits when the test closes it: a plugin that never answers in time.
  writeFileSync(
    join(folder.dir, 'waiting-plugin.cjs'),
    "const s = require('node:net').connect(Number(process.env.HOLD_PORT), '127.0.0.1'); s.on('close', () => process.exit(0)); s.on('error', () => process.exit(1));\n",
  );
});
afterAll(async () => {
  await server.close();
  folder.dispose();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  server.requests.length = 0;
});

function execUser(script: string, env: { name: string; value: string }[] = []) {
  return { exec: { command: process.execPath, args: [join(folder.dir, script)], env: [{ name: 'TEST_TOKEN', value: TOKEN }, ...env] } };
}

/** An explicit time budget where a test expects an answer: starting a plugin process on a busy machine may
 *  take longer than the 5 s default. */
const BUDGET_MS = 60_000;

describe('readCluster with an exec credential plugin', () => {
  it('sends the token the plugin prints', async () => {
    const kubeconfig = writeKubeconfig(folder.dir, server.url, pki.caCert, execUser('token-plugin.cjs'), { fileName: 'kc-exec' });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: {}, timeoutMs: BUDGET_MS });
    expect(snapshot.reachable).toBe(true);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(JSON.stringify(snapshot)).not.toContain(TOKEN);
  });

  it('names the plugin, not its output, when it fails', async () => {
    const kubeconfig = writeKubeconfig(folder.dir, server.url, pki.caCert, execUser('failing-plugin.cjs'), { fileName: 'kc-exec-fail' });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: {}, timeoutMs: BUDGET_MS });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notes[0]).toMatch(/exec credential plugin ".*" of context "test" failed/);
    expect(JSON.stringify(snapshot)).not.toContain(TOKEN);
    expect(server.requests).toEqual([]);
  });

  it('says when the plugin is not installed', async () => {
    const user = { exec: { command: join(folder.dir, 'no-such-plugin') } };
    const kubeconfig = writeKubeconfig(folder.dir, server.url, pki.caCert, user, { fileName: 'kc-exec-missing' });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: {} });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes[0]).toContain('"no-such-plugin"');
    expect(snapshot.notes[0]).toContain('not found');
  });

  it('bounds a plugin that does not answer and says plugins can be slow', async () => {
    const hold = await startHoldServer();
    cleanups.push(() => hold.close());
    const holdPort = String(hold.port);
    const kubeconfig = writeKubeconfig(
      folder.dir,
      server.url,
      pki.caCert,
      execUser('waiting-plugin.cjs', [{ name: 'HOLD_PORT', value: holdPort }]),
      { fileName: 'kc-exec-wait' },
    );
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: {}, timeoutMs: 300 });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notes[0]).toMatch(/within 300 ms while getting credentials/);
    expect(snapshot.notes[0]).toMatch(/plugins can be slow/);
  });
});

describe('readCluster through a proxy', () => {
  it("uses the kubeconfig's proxy-url", async () => {
    const proxy = await startConnectProxy();
    cleanups.push(() => proxy.close());
    const kubeconfig = writeKubeconfig(folder.dir, server.url, pki.caCert, { token: TOKEN }, { fileName: 'kc-proxy-url', proxyUrl: proxy.url });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: {} });
    expect(snapshot.reachable).toBe(true);
    expect(snapshot.apiServerGates).toEqual(GENERIC_GATES);
    expect(proxy.connects.length).toBeGreaterThan(0);
    expect(proxy.connects.every((target) => target === `127.0.0.1:${server.port}`)).toBe(true);
  });

  it('uses HTTPS_PROXY from the environment for a non-loopback server name', async () => {
    const proxy = await startConnectProxy();
    cleanups.push(() => proxy.close());
    // The name only resolves at the proxy, which tunnels to the loopback server.
    const url = `https://${TEST_HOST_NAME}:${server.port}`;
    const kubeconfig = writeKubeconfig(folder.dir, url, pki.caCert, { token: TOKEN }, { fileName: 'kc-env-proxy' });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: { HTTPS_PROXY: proxy.url } });
    expect(snapshot.reachable).toBe(true);
    expect(snapshot.server).toBe(url);
    expect(proxy.connects.every((target) => target === `${TEST_HOST_NAME}:${server.port}`)).toBe(true);
  });

  it('never sends a loopback server through the environment proxy', async () => {
    const proxy = await startConnectProxy();
    cleanups.push(() => proxy.close());
    const kubeconfig = writeKubeconfig(folder.dir, server.url, pki.caCert, { token: TOKEN }, { fileName: 'kc-loopback' });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: { HTTPS_PROXY: proxy.url } });
    expect(snapshot.reachable).toBe(true);
    expect(proxy.connects).toEqual([]);
  });

  it('notes a proxy that refuses the tunnel, without the proxy credentials', async () => {
    const refusing = await new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
      const p = net.createServer((socket) => {
        socket.once('data', () => socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n'));
      });
      p.listen(0, '127.0.0.1', () =>
        resolve({
          url: `http://proxyuser:proxysecret@127.0.0.1:${(p.address() as net.AddressInfo).port}`,
          close: () => new Promise<void>((done) => p.close(() => done())),
        }),
      );
    });
    cleanups.push(() => refusing.close());
    const kubeconfig = writeKubeconfig(folder.dir, server.url, pki.caCert, { token: TOKEN }, { fileName: 'kc-proxy-407', proxyUrl: refusing.url });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: {} });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes[0]).toContain('407');
    expect(JSON.stringify(snapshot)).not.toContain('proxysecret');
  });
});
