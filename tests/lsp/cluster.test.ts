// The cluster as a gate source over LSP (opt-in setting): a loopback HTTPS API server (tests/cluster helpers)
// reports the gate on for the API server; the warning becomes information and the status names the cluster.
import { describe, expect, it } from 'vitest';
import { DiagnosticSeverity, HoverRequest, type Hover, type MarkupContent } from 'vscode-languageserver-protocol';
import { STATUS_NOTIFICATION, type StatusParams } from '../../server/src/contract/protocol';
import { makeTestPki, startFakeApiServer, tempFolder, writeKubeconfig, type Route } from '../cluster/fakeApiServer';
import { healthyRoutes } from '../cluster/fixtures';
import { SLICE } from './fixtures';
import { cursor } from '../support/markers';
import { lspSessions, lspSuite, pageGate } from './harness';

const GATE = 'DRAOptionalNodeOperations';

const { create, defer } = lspSessions();

const SUITE = lspSuite('LSP with kubegate.cluster.enabled');

/** An explicit time budget for the cluster reads of these tests (the 5 s default is not for a busy machine). */
const BUDGET = { KUBEGATE_CLUSTER_TIMEOUT_MS: '60000' };

/** A loopback API server answering `routes`, a kubeconfig for it, both cleaned up after the test. */
async function fakeCluster(routes: Record<string, Route>): Promise<{ api: Awaited<ReturnType<typeof startFakeApiServer>>; kubeconfig: string }> {
  const pki = await makeTestPki();
  const api = await startFakeApiServer(pki, routes);
  const tmp = tempFolder();
  defer(async () => {
    await api.close();
    tmp.dispose();
  });
  return { api, kubeconfig: writeKubeconfig(tmp.dir, api.url, pki.caCert, { token: 'test-token' }) };
}


describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('reads the cluster: version from it, the API server gate state as evidence, status connected', async () => {
    const ref = pageGate(GATE);
    const stage = String(ref.by_version['1.37'].stage).toUpperCase();
    const { api, kubeconfig } = await fakeCluster(healthyRoutes('v1.37.1', [{ name: GATE, stage, enabled: true }]));
    const { ws, client } = create(
      {},
      {
        settings: () => ({ kubernetesVersion: 'cluster', cluster: { enabled: true } }),
        env: { KUBECONFIG: kubeconfig, HTTPS_PROXY: '', https_proxy: '', ...BUDGET },
      },
    );
    const connected = new Promise<StatusParams>((resolve) => {
      client.connection.onNotification(STATUS_NOTIFICATION, (p: StatusParams) => {
        if (p.cluster.state === 'connected') resolve(p);
      });
    });
    await client.initialize();
    // Diagnostics never wait for the cluster: published at once, published again when the cluster answered.
    await client.open(ws.uri('slice.yaml'), SLICE);
    const diags = await client.diagnosticsUntil(ws.uri('slice.yaml'), (d) => d.some((x) => x.code === 'feature-gate' && x.severity === DiagnosticSeverity.Information));
    const gate = diags.find((d) => d.code === 'feature-gate');
    // On in the API server per the cluster, the other components unknown: information, not a warning.
    expect(gate?.severity, JSON.stringify(diags)).toBe(DiagnosticSeverity.Information);
    const status = await connected;
    expect(status.cluster.gitVersion).toBe('v1.37.1');
    expect(status.kubernetesVersion).toBe('1.37');
    expect(status.versionSource).toBe('cluster');
    expect(status.gateSources.some((s) => s.kind === 'cluster' && s.gates[GATE] === true)).toBe(true);
  });

  it('never contacts the cluster in an untrusted workspace, whatever the settings say', async () => {
    const { api, kubeconfig } = await fakeCluster(healthyRoutes('v1.37.1', []));
    const { ws, client } = create(
      {},
      {
        settings: () => ({ cluster: { enabled: true } }),
        env: { KUBECONFIG: kubeconfig },
        initializationOptions: { workspaceTrusted: false },
      },
    );
    const status = new Promise<StatusParams>((resolve) => client.connection.onNotification(STATUS_NOTIFICATION, resolve));
    await client.initialize();
    const diags = await client.open(ws.uri('slice.yaml'), SLICE);
    expect(diags.find((d) => d.code === 'feature-gate')?.severity).toBe(DiagnosticSeverity.Warning);
    expect((await status).cluster.state).toBe('disabled');
    const refreshed = (await client.connection.sendRequest('kubegate/refreshCluster', {})) as { state: string };
    expect(refreshed.state).toBe('disabled');
    expect(api.requests).toEqual([]);
  });

  it("appends the cluster's OpenAPI description of the hovered field (what kubectl explain reads)", async () => {
    const DESCRIPTION = 'Test text: served by the loopback cluster for this field.';
    // A resource.k8s.io/v1 document shaped like the API server's: the kind found by its group-version-kind.
    const doc = {
      openapi: '3.0.0',
      components: {
        schemas: {
          'test.Slice': {
            type: 'object',
            properties: { spec: { allOf: [{ $ref: '#/components/schemas/test.SliceSpec' }] } },
            'x-kubernetes-group-version-kind': [{ group: 'resource.k8s.io', version: 'v1', kind: 'ResourceSlice' }],
          },
          'test.SliceSpec': { type: 'object', properties: { skipNodeOperations: { type: 'array', description: DESCRIPTION } } },
        },
      },
    };
    const { kubeconfig } = await fakeCluster({
      ...healthyRoutes('v1.37.1', []),
      '/openapi/v3': { json: { paths: { 'apis/resource.k8s.io/v1': { serverRelativeURL: '/openapi/v3/apis/resource.k8s.io/v1?hash=C' } } } },
      '/openapi/v3/apis/resource.k8s.io/v1': { json: doc },
    });
    const { ws, client } = create(
      {},
      { settings: () => ({ cluster: { enabled: true } }), env: { KUBECONFIG: kubeconfig, HTTPS_PROXY: '', https_proxy: '', ...BUDGET } },
    );
    await client.initialize();
    const uri = ws.uri('slice.yaml');
    const { text, position } = cursor(SLICE.replace('  skipNodeOperations', '  skipNode‸Operations'));
    await client.open(uri, text);
    const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position })) as Hover | null;
    const md = (hover?.contents as MarkupContent | undefined)?.value ?? '';
    expect(md).toContain(GATE);
    expect(md).toContain(DESCRIPTION);
  });
});
