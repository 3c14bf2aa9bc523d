// A document's own CRDs are part of its context: editing the CRD in the same file (here: from one the catalog
// cannot use to a valid one) re-checks its custom resource against the new CRD. Found by `npm run fuzz`.
// And a document that stops holding a gate config re-checks the documents that read it.
import { describe, expect, it } from 'vitest';
import { kindConfig, SLICE } from './fixtures';
import { lspSessions, lspSuite } from './harness';
import { widgetCrd } from '../support/crd-text';

const { start } = lspSessions();
const SUITE = lspSuite("a document's own CRDs and configs follow its edits");

const CRD = (group: string) => `${widgetCrd(group, { size: '{type: integer, maximum: 10}' })}---
apiVersion: example.com/v1
kind: Widget
metadata: {name: w}
spec:
  size: 30
`;

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 60_000 }, () => {
  it('the custom resource is checked against the CRD once the CRD in the same file is fixed', async () => {
    const { ws, client } = await start({});
    const uri = ws.uri('widget.yaml');
    const before = await client.open(uri, CRD('wrong.example.org'));
    expect(before.some((d) => d.code === 'invalid-value' && d.range.start.line === 24)).toBe(false);
    const line = 4;
    const after = await client.change(uri, [{ range: { start: { line, character: 9 }, end: { line, character: 26 } }, newText: 'example.com' }]);
    expect(client.text(uri)).toContain('  group: example.com\n');
    expect(after.filter((d) => d.range.start.line === 24).map((d) => d.code)).toEqual(['invalid-value']);
  });

  it('a buffer that no longer holds a kind config re-checks the manifests it governed', async () => {
    const config = kindConfig({ DRAOptionalNodeOperations: true });
    const { ws, client } = await start({ 'a/kind.yaml': config, 'a/slice.yaml': SLICE });
    const slice = ws.uri('a/slice.yaml');
    const cfg = ws.uri('a/kind.yaml');
    await client.open(cfg, config);
    expect((await client.open(slice, SLICE)).map((d) => d.code)).not.toContain('feature-gate');
    const end = { line: config.split('\n').length, character: 0 };
    const republished = client.diagnosticsUntil(slice, (d) => d.some((x) => x.code === 'feature-gate'));
    await client.change(cfg, [{ range: { start: { line: 0, character: 0 }, end }, newText: '# emptied\n' }]);
    expect((await republished).map((d) => d.code)).toContain('feature-gate');
  });
});
