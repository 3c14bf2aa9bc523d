// readCluster against a loopback HTTPS API server (real endpoints and formats, bearer-token auth).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { readCluster } from '../../server/src/cluster/read';
import {
  closedPort,
  makeOtherCa,
  makeTestPki,
  startFakeApiServer,
  tempFolder,
  writeKubeconfig,
  type FakeApiServer,
  type TestPki,
} from './fakeApiServer';
import { GENERIC_GATES, TEST_GROUP, healthyRoutes, versionInfo } from './fixtures';

const TOKEN = `kubegate-test-token-${randomBytes(12).toString('hex')}`;
const EMPTY_ENV = {}; // no KUBECONFIG, HOME or proxy variables of the machine leak into a test

let pki: TestPki;
let folder: ReturnType<typeof tempFolder>;
const servers: FakeApiServer[] = [];

beforeAll(async () => {
  pki = await makeTestPki();
  folder = tempFolder();
});
afterAll(() => folder.dispose());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(routes: Parameters<typeof startFakeApiServer>[1]): Promise<{ server: FakeApiServer; kubeconfig: string }> {
  const server = await startFakeApiServer(pki, routes);
  servers.push(server);
  const kubeconfig = writeKubeconfig(folder.dir, server.url, pki.caCert, { token: TOKEN }, { fileName: `kc-${server.port}` });
  return { server, kubeconfig };
}

function expectNoSecret(snapshot: unknown): void {
  expect(JSON.stringify(snapshot)).not.toContain(TOKEN);
}

describe('readCluster on a loopback API server', () => {
  it('reads version, API server gates, discovery and a bounded number of kubelets', async () => {
    const { server, kubeconfig } = await serve(healthyRoutes('v1.37.2', GENERIC_GATES));
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV, kubeletNodes: 2 });

    expect(snapshot.reachable).toBe(true);
    expect(snapshot.context).toBe('test');
    expect(snapshot.server).toBe(server.url);
    expect(snapshot.kubeconfigPath).toBe(kubeconfig);
    expect(snapshot.gitVersion).toBe('v1.37.2');
    expect(snapshot.targetVersion).toBe('1.37');
    expect(snapshot.apiServerGates).toEqual(GENERIC_GATES);
    expect(snapshot.servedGroupVersions).toEqual(['v1', `${TEST_GROUP}/v1`, `${TEST_GROUP}/v1beta1`, 'other.kubegate.test/v2alpha1']);
    // node-a answers, node-b is forbidden, node-c is beyond the bound of 2 and never asked.
    expect(snapshot.kubeletGates).toEqual({ 'node-a': GENERIC_GATES.slice(0, 1) });
    expect(server.requests.map((r) => r.path)).not.toContain('/api/v1/nodes/node-c/proxy/metrics');
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notes[0]).toMatch(/403 Forbidden/);
    expect(snapshot.notes[0]).toContain('node-b');
    // Every request carried the kubeconfig's bearer token; no note or field repeats it.
    expect(server.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expectNoSecret(snapshot);
  });

  it('reads no kubelet unless asked', async () => {
    const { server, kubeconfig } = await serve(healthyRoutes('v1.36.0', GENERIC_GATES));
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV });
    expect(snapshot.targetVersion).toBe('1.36');
    expect(snapshot.kubeletGates).toBeUndefined();
    expect(server.requests.some((r) => r.path.startsWith('/api/v1/nodes'))).toBe(false);
    expect(snapshot.notes).toEqual([]);
  });

  it('keeps the version when /metrics is forbidden (403): gates unknown, with a note', async () => {
    const routes = healthyRoutes('v1.37.0', GENERIC_GATES);
    routes['/metrics'] = { status: 403 };
    const { kubeconfig } = await serve(routes);
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV });
    expect(snapshot.reachable).toBe(true);
    expect(snapshot.targetVersion).toBe('1.37');
    expect(snapshot.apiServerGates).toBeUndefined();
    // Only /metrics is refused: discovery still gives the served group-versions.
    expect(snapshot.servedGroupVersions).toEqual(['v1', `${TEST_GROUP}/v1`, `${TEST_GROUP}/v1beta1`, 'other.kubegate.test/v2alpha1']);
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notes[0]).toMatch(/403 Forbidden/);
    expect(snapshot.notes[0]).toContain('/metrics');
    expectNoSecret(snapshot);
  });

  it('reports 401 as unreachable with a note on the credentials', async () => {
    const { kubeconfig } = await serve({ '/version': { status: 401 }, '/metrics': { status: 401 } });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.gitVersion).toBeUndefined();
    expect(snapshot.apiServerGates).toBeUndefined();
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notes[0]).toMatch(/401 Unauthorized/);
    expectNoSecret(snapshot);
  });

  it('reports a server certificate from an unknown CA as a TLS failure', async () => {
    const server = await startFakeApiServer(pki, healthyRoutes('v1.37.0', GENERIC_GATES));
    servers.push(server);
    const kubeconfig = writeKubeconfig(folder.dir, server.url, await makeOtherCa(), { token: TOKEN }, { fileName: 'kc-other-ca' });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notes[0]).toMatch(/^TLS check of/);
    expect(snapshot.notes[0]).toContain(server.url);
    expect(server.requests).toEqual([]); // the request never got past the handshake
    expectNoSecret(snapshot);
  });

  it('gives up after the injected time-out when the server never answers', async () => {
    const { kubeconfig } = await serve({ '/version': 'hang' });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV, timeoutMs: 250 });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notes[0]).toMatch(/^No answer from .* within 250 ms for \/version\./);
  });

  it('keeps what answered when the read is stopped while /metrics hangs', async () => {
    const routes = healthyRoutes('v1.35.1', GENERIC_GATES);
    routes['/metrics'] = 'hang';
    const { server, kubeconfig } = await serve(routes);
    const stop = new AbortController();
    server.events.once('hang', () => stop.abort());
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV, signal: stop.signal });
    expect(snapshot.reachable).toBe(true);
    expect(snapshot.gitVersion).toBe('v1.35.1');
    expect(snapshot.targetVersion).toBe('1.35');
    expect(snapshot.apiServerGates).toBeUndefined();
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notes[0]).toMatch(/^Reading .* was stopped before it answered .*\/metrics/);
  });

  it('gives up on an answer that stops midway', async () => {
    const routes = healthyRoutes('v1.37.0', GENERIC_GATES);
    routes['/metrics'] = { partial: 'kubernetes_feature_enabled{name="ExampleAlphaGate",stage="ALPHA"} 1\nkubernetes_feat' };
    const { server, kubeconfig } = await serve(routes);
    const stop = new AbortController();
    server.events.once('hang', () => stop.abort());
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV, signal: stop.signal });
    expect(snapshot.reachable).toBe(true);
    expect(snapshot.apiServerGates).toBeUndefined();
    expect(snapshot.notes).toEqual([expect.stringMatching(/^Reading .* was stopped before it answered .*\/metrics/)]);
  });

  it('returns at once when stopped before it starts', async () => {
    const { server, kubeconfig } = await serve(healthyRoutes('v1.37.0', GENERIC_GATES));
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV, signal: AbortSignal.abort() });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes).toEqual([expect.stringContaining('was stopped')]);
    expect(server.requests).toEqual([]);
  });

  it('notes a /version answer that is not version JSON (e.g. a login page in between)', async () => {
    const { kubeconfig } = await serve({ '/version': { text: '<html>sign in</html>', contentType: 'text/html' } });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes).toEqual([expect.stringContaining('/version with something that is not the expected format')]);
  });

  it('reports a refused connection', async () => {
    const port = await closedPort();
    const kubeconfig = writeKubeconfig(folder.dir, `https://127.0.0.1:${port}`, pki.caCert, { token: TOKEN }, { fileName: 'kc-refused' });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.server).toBe(`https://127.0.0.1:${port}`);
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notes[0]).toContain('ECONNREFUSED');
  });

  it('caps a newer cluster (1.38) to the newest supported version with a note', async () => {
    const { kubeconfig } = await serve(healthyRoutes('v1.38.0', GENERIC_GATES));
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV });
    expect(snapshot.reachable).toBe(true);
    expect(snapshot.gitVersion).toBe('v1.38.0');
    expect(snapshot.targetVersion).toBe('1.37');
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notes[0]).toContain('1.38');
    expect(snapshot.notes[0]).toContain('1.37');
  });

  it('maps an older cluster (1.33) to the oldest supported version with a note', async () => {
    const { kubeconfig } = await serve({ ...healthyRoutes('v1.33.5', GENERIC_GATES), '/version': { json: versionInfo('v1.33.5') } });
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV });
    expect(snapshot.targetVersion).toBe('1.34');
    expect(snapshot.notes.join(' ')).toContain('older');
  });

  it('notes a /metrics answer without the feature metric', async () => {
    const routes = healthyRoutes('v1.37.0', []);
    const { kubeconfig } = await serve(routes);
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: EMPTY_ENV });
    expect(snapshot.reachable).toBe(true);
    // The fixture still has the TYPE line of the family, with no sample: an empty list, not unknown.
    expect(snapshot.apiServerGates).toEqual([]);
    routes['/metrics'] = { text: 'process_start_time_seconds 1\n' };
    const { kubeconfig: other } = await serve(routes);
    const without = await readCluster({ kubeconfigPath: other, env: EMPTY_ENV });
    expect(without.apiServerGates).toBeUndefined();
    expect(without.notes.join(' ')).toContain('kubernetes_feature_enabled');
  });
});

describe('readCluster: finding and loading the kubeconfig', () => {
  it('notes a missing kubeconfig file', async () => {
    const missing = join(folder.dir, 'does-not-exist');
    const snapshot = await readCluster({ kubeconfigPath: missing, env: EMPTY_ENV });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes).toHaveLength(1);
    expect(snapshot.notes[0]).toMatch(/^No kubeconfig found/);
  });

  it('notes that there is no kubeconfig when neither KUBECONFIG nor a home directory is set', async () => {
    const snapshot = await readCluster({ env: EMPTY_ENV });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes[0]).toMatch(/^No kubeconfig found/);
  });

  it('finds the kubeconfig through KUBECONFIG in the given environment', async () => {
    const { kubeconfig } = await serve(healthyRoutes('v1.37.0', GENERIC_GATES));
    const snapshot = await readCluster({ env: { KUBECONFIG: kubeconfig } });
    expect(snapshot.reachable).toBe(true);
  });

  it('notes a kubeconfig that is not YAML', async () => {
    const broken = join(folder.dir, 'broken-kubeconfig');
    writeFileSync(broken, 'clusters: [unclosed\n');
    const snapshot = await readCluster({ kubeconfigPath: broken, env: EMPTY_ENV });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes).toEqual([expect.stringContaining('could not be read as a kubeconfig')]);
  });

  it('merges several kubeconfig files like kubectl: the first definition of a name wins', async () => {
    const { kubeconfig } = await serve(healthyRoutes('v1.37.0', GENERIC_GATES));
    const port = await closedPort();
    const second = writeKubeconfig(folder.dir, `https://127.0.0.1:${port}`, pki.caCert, { token: 'other' }, { fileName: 'kc-second', contextName: 'test' });
    const missing = join(folder.dir, 'missing-in-the-middle');
    const snapshot = await readCluster({ env: { KUBECONFIG: [kubeconfig, missing, second].join(delimiter) } });
    expect(snapshot.reachable).toBe(true);
    expect(snapshot.kubeconfigPath).toBe([kubeconfig, second].join(delimiter));
  });

  it('notes a context that the kubeconfig does not define', async () => {
    const { kubeconfig } = await serve(healthyRoutes('v1.37.0', GENERIC_GATES));
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, context: 'no-such-context', env: EMPTY_ENV });
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes).toEqual([expect.stringContaining('"no-such-context"')]);
    expectNoSecret(snapshot);
  });
});
