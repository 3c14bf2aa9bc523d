// Beside Red Hat's YAML extension (the client says it is active, at initialize and with kubegate/yamlExtension),
// a plain YAML syntax error is left to that extension; what only kubectl refuses is still reported; the CLI
// keeps both. A syntax error in a kustomization.yaml never says that kubectl apply fails (nothing applies it).
import { describe, expect, it } from 'vitest';
import { YAML_EXTENSION_NOTIFICATION } from '../../server/src/contract/protocol';
import { lspSessions, lspSuite } from './harness';

const { start } = lspSessions();
const SUITE = lspSuite('LSP diagnostics beside the YAML extension');

const BROKEN = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  motd: "unterminated';
// A list as a key: the YAML parser reads it, kubectl refuses it (a rule of Kubegate's own).
const LIST_KEY = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  [a, b]: c\n';

const codes = (d: { code?: string | number }[]) => d.map((x) => String(x.code));

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('leaves plain syntax errors to the YAML extension while it is active, reports them again once it is not', async () => {
    const { ws, client } = await start({}, { initializationOptions: { yamlExtensionActive: true } });
    expect(codes(await client.open(ws.uri('broken.yaml'), BROKEN))).toEqual([]);
    expect(codes(await client.open(ws.uri('list-key.yaml'), LIST_KEY))).toEqual(['yaml-syntax']);
    await client.connection.sendNotification(YAML_EXTENSION_NOTIFICATION, { active: false });
    expect(codes(await client.diagnosticsUntil(ws.uri('broken.yaml'), (d) => d.length > 0))).toEqual(['yaml-syntax']);
    await client.connection.sendNotification(YAML_EXTENSION_NOTIFICATION, { active: true });
    expect(await client.diagnosticsUntil(ws.uri('broken.yaml'), (d) => d.length === 0)).toEqual([]);
  });

  it('a syntax error in a kustomization.yaml has no API server verdict; in a manifest it has', async () => {
    const { ws, client } = await start({});
    const kustomization = await client.open(ws.uri('app/kustomization.yaml'), 'resources:\n- deploy.yaml\nnamePrefix: "web-\n');
    expect(codes(kustomization)).toEqual(['yaml-syntax']);
    expect(JSON.stringify(kustomization[0]!.relatedInformation ?? [])).not.toContain('kubectl apply fails');
    const manifest = await client.open(ws.uri('app/broken.yaml'), BROKEN);
    expect(JSON.stringify(manifest[0]!.relatedInformation ?? [])).toContain('kubectl apply fails');
  });
});
