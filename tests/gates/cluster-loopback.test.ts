// The gate-state model fed by the real cluster reader against a loopback HTTPS API server (engineer C's fake
// server, real wire formats): gate on in the API server's metrics → information naming the components the
// cluster cannot show; 403 or a time-out → the warning stays, with the reader's note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCluster } from '../../server/src/cluster/read';
import { buildGateEnvironment, gateCatalog, Analysis } from '../../server/src/engine';
import { makeTestPki, startFakeApiServer, tempFolder, writeKubeconfig, type FakeApiServer, type Route, type TestPki } from '../cluster/fakeApiServer';
import { API_GROUP_LIST, API_VERSIONS, metricsText, versionInfo } from '../cluster/fixtures';
import { gate as committedGate, gatedField, normalisedComponents, type GatedField } from '../support/committed';

describe('gate state from a loopback cluster', () => {
  let gate: string;
  let manifest: string;
  const manifestFor = (row: GatedField) => [
    `apiVersion: ${row.apiVersion}`,
    'kind: ResourceSlice',
    'metadata:',
    '  name: slice',
    'spec:',
    '  driver: example.com',
    '  pool: {name: p, generation: 1, resourceSliceCount: 1}',
    '  allNodes: true',
    '  skipNodeOperations: ["*"]',
    '',
  ].join('\n');
  let pki: TestPki;
  let folder: ReturnType<typeof tempFolder>;
  const servers: FakeApiServer[] = [];

  async function snapshotFrom(routes: Record<string, Route>, timeoutMs?: number) {
    const server = await startFakeApiServer(pki, routes);
    servers.push(server);
    const kubeconfig = writeKubeconfig(folder.dir, server.url, pki.caCert, { token: 'gate-test-token' }, { fileName: `kc-${servers.length}` });
    return readCluster({ kubeconfigPath: kubeconfig, env: {}, kubeletNodes: 0, ...(timeoutMs ? { timeoutMs } : {}) });
  }

  function gateFinding(snapshot: Awaited<ReturnType<typeof readCluster>>) {
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37', cluster: snapshot });
    const findings = new Analysis({ version: '1.37', environment }).check(manifest).findings.filter((f) => f.code === 'feature-gate');
    expect(findings).toHaveLength(1);
    return findings[0]!;
  }

  beforeAll(async () => {
    const row = gatedField('1.37', 'ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1');
    gate = row.gate;
    manifest = manifestFor(row);
    pki = await makeTestPki();
    folder = tempFolder();
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    folder?.dispose();
  });

  it('the API server reporting the gate on downgrades the finding to information naming the unseen components', async () => {
    const stage = committedGate(gate).by_version['1.37']!.stage!.toUpperCase();
    const snapshot = await snapshotFrom({
      '/version': { json: versionInfo('v1.37.0') },
      '/metrics': { text: metricsText([{ name: gate, stage, enabled: true }]) },
      '/api': { json: API_VERSIONS },
      '/apis': { json: API_GROUP_LIST },
    });
    expect(snapshot.reachable).toBe(true);
    const f = gateFinding(snapshot);
    expect(f.severity).toBe('information');
    const unseen = normalisedComponents(committedGate(gate).components).filter((c) => c !== 'kube-apiserver');
    for (const c of unseen) expect(f.detail).toContain(c);
    expect(f.related?.some((e) => e.source.type === 'cluster')).toBe(true);
  });

  it('a cluster answering 403 leaves the warning, with a note', async () => {
    const snapshot = await snapshotFrom({
      '/version': { json: versionInfo('v1.37.0') },
      '/metrics': { status: 403 },
      '/api': { json: API_VERSIONS },
      '/apis': { json: API_GROUP_LIST },
    });
    expect(snapshot.notes.length).toBeGreaterThan(0);
    const f = gateFinding(snapshot);
    expect(f.severity).toBe('warning');
    expect(f.data?.['notes']).toEqual(snapshot.notes);
  });

  it('a cluster that does not answer in time leaves the warning, with a note', async () => {
    const snapshot = await snapshotFrom({ '/version': 'hang', '/metrics': 'hang' }, 300);
    expect(snapshot.reachable).toBe(false);
    expect(snapshot.notes.length).toBeGreaterThan(0);
    const f = gateFinding(snapshot);
    expect(f.severity).toBe('warning');
    expect(f.data?.['notes']).toEqual(snapshot.notes);
  });
});
