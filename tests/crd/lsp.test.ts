// Custom resources over the language server protocol (the built server): a CRD beside the manifest is found,
// the bundled pack applies without one, the controller gate is read from kubegate.featureGates
// (`snapshot-controller:CSIVolumeGroupSnapshot`), the Gateway channel from kubegate.customResources.packs,
// and hover and completion read the CRD.
import { describe, expect, it } from 'vitest';
import { CodeActionRequest, CompletionRequest, HoverRequest, type CodeAction, type CompletionItem, type CompletionList, type Hover, type MarkupContent } from 'vscode-languageserver-protocol';
import { lspSessions, lspSuite } from '../lsp/harness';
import { parse } from 'yaml';
import { CRD_LIST_PATH } from '../../server/src/cluster/crds';
import { makeTestPki, startFakeApiServer, tempFolder, writeKubeconfig } from '../cluster/fakeApiServer';
import { healthyRoutes } from '../cluster/fixtures';
import { marked } from '../support/markers';
import { WIDGET_CRD } from './fixtures';

const { start, create, defer } = lspSessions();
const SUITE = lspSuite('LSP custom resources');

/** A Widget with a misspelt field; `‸` marks where the test hovers (size) and completes (in maxReplica). */
const {
  text: WIDGET,
  positions: [ON_SIZE, IN_TYPO],
  ranges: [TYPO],
} = marked('apiVersion: example.kubegate.test/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  s‸ize: Small\n  ⟦max‸Replica⟧: 3\n');
const VGS = 'apiVersion: groupsnapshot.storage.k8s.io/v1\nkind: VolumeGroupSnapshot\nmetadata:\n  name: g\nspec:\n  volumeGroupSnapshotClassName: c\n  source:\n    selector:\n      matchLabels:\n        app: db\n';
const ROUTE = 'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n  name: r\nspec:\n  parentRefs:\n  - name: gw\n  rules:\n  - retry:\n      attempts: 2\n';

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('finds the CRD beside the manifest; hover and completion use it', async () => {
    const { ws, client } = await start({ 'app/crds/widget.yaml': WIDGET_CRD, 'app/crds/w.yaml': WIDGET, 'other/w.yaml': WIDGET });
    const diags = await client.open(ws.uri('app/crds/w.yaml'), WIDGET);
    expect(diags.map((d) => [d.code, d.range])).toEqual([['unknown-field', TYPO]]);
    expect(diags[0]!.message).toContain('maxReplicas');
    // No CRD beside it: quietly not checked.
    expect(await client.open(ws.uri('other/w.yaml'), WIDGET)).toEqual([]);

    const uri = ws.uri('app/crds/w.yaml');
    const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: ON_SIZE! })) as Hover | null;
    expect((hover?.contents as MarkupContent | undefined)?.value ?? '').toContain('Large');
    const completion = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: IN_TYPO! })) as
      | CompletionItem[]
      | CompletionList
      | null;
    const items = Array.isArray(completion) ? completion : (completion?.items ?? []);
    expect(items.map((i) => i.label)).toContain('maxReplicas');
  });

  it('the bundled pack, the controller gate setting and the Gateway channel setting', async () => {
    let settings: Record<string, unknown> = {};
    const { ws, client } = await start({ 'vgs.yaml': VGS, 'route.yaml': ROUTE }, { settings: () => settings });
    const vgs = await client.open(ws.uri('vgs.yaml'), VGS);
    expect(vgs.map((d) => [d.code, d.range.start.line])).toEqual([['feature-gate', 1]]);
    const route = await client.open(ws.uri('route.yaml'), ROUTE);
    expect(route.map((d) => [d.code, d.range.start.line])).toEqual([['experimental-channel', 8]]);

    settings = { featureGates: { 'snapshot-controller:CSIVolumeGroupSnapshot': true }, customResources: { packs: ['gateway-api experimental'] } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    expect(await client.diagnosticsUntil(ws.uri('vgs.yaml'), (d) => d.length === 0)).toEqual([]);
    expect(await client.diagnosticsUntil(ws.uri('route.yaml'), (d) => d.length === 0)).toEqual([]);
  });

  it('the controller-gate quick fix sets kubegate.featureGates under the controller name (and nothing else)', async () => {
    const { ws, client } = await start({ 'vgs.yaml': VGS }, { initializationOptions: { settingCommand: 'kubegate.setFeatureGate' } });
    const uri = ws.uri('vgs.yaml');
    const [d] = await client.open(uri, VGS);
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: d!.range, context: { diagnostics: [d!] } })) as CodeAction[];
    expect(actions.map((a) => [a.title, a.command?.command, a.command?.arguments?.slice(0, 2)])).toEqual([
      ['Treat snapshot-controller gate CSIVolumeGroupSnapshot as enabled (Kubegate setting only)', 'kubegate.setFeatureGate', ['snapshot-controller:CSIVolumeGroupSnapshot', true]],
      // The disable comments every finding offers (engine/fixes/disable.ts).
      ['Disable feature-gate on this line', undefined, undefined],
      ['Disable feature-gate in this file', undefined, undefined],
    ]);
  });

  it('reads the CRDs of the connected cluster (opt-in) and checks against them', async () => {
    const pki = await makeTestPki();
    const { apiVersion: _a, kind: _k, ...item } = parse(WIDGET_CRD) as Record<string, unknown>;
    const api = await startFakeApiServer(pki, { ...healthyRoutes('v1.37.1', []), [CRD_LIST_PATH]: { json: { items: [item] } } });
    const tmp = tempFolder();
    defer(async () => {
      await api.close();
      tmp.dispose();
    });
    const kubeconfig = writeKubeconfig(tmp.dir, api.url, pki.caCert, { token: 'test-token' });
    const { ws, client } = create({}, { settings: () => ({ cluster: { enabled: true } }), env: { KUBECONFIG: kubeconfig, HTTPS_PROXY: '', https_proxy: '' } });
    await client.initialize();
    // The server never waits for the cluster: the document is re-checked when the CRD list has been read.
    await client.open(ws.uri('w.yaml'), WIDGET);
    const diags = await client.diagnosticsUntil(ws.uri('w.yaml'), (d) => d.length > 0);
    expect(diags.map((d) => [d.code, d.range.start.line])).toEqual([['unknown-field', 6]]);
    expect(api.requests.some((r) => r.path.startsWith(CRD_LIST_PATH))).toBe(true);
  });
});
