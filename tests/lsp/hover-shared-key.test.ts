// Two problems on one key, over the real protocol. VS Code's hover lists every diagnostic under the cursor with
// its related lines first, then the server's hover: so where a gate problem shares its key with others, each
// diagnostic there keeps its message, link and fix (one related line), and leaves the detail, verdict and
// evidence to the hover below (server/src/lsp/convert.ts toDiagnostics); a gate problem alone on its key keeps
// them all. The hover's first lines carry each KEP link. (tests/e2e/yaml-schemas.e2e.ts measures, in VS Code,
// that the KEP link is inside the visible hover at such a key.)
import { describe, expect, it } from 'vitest';
import { HoverRequest, type Hover, type MarkupContent } from 'vscode-languageserver-protocol';
import { gate } from '../support/committed';
import { sharedKey, sharedKeyFiles } from '../hover/shared-key';
import { kindConfig, SLICE } from './fixtures';
import { lspSessions, lspSuite } from './harness';

const { start } = lspSessions();
const SUITE = lspSuite('LSP two problems on one key: the KEP link stays in sight');
/** The gate of SLICE's last field (tests/lsp/fixtures.ts). */
const SLICE_GATE = 'DRAOptionalNodeOperations';

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('diagnostics sharing a key with a gate problem leave the detail to the hover; the hover leads with both KEP links', async () => {
    const k = sharedKey();
    const files = sharedKeyFiles(k);
    const { ws, client } = await start({ 'c/kind.yaml': files.config, 'c/object.yaml': files.manifest }, { settings: () => ({ kubernetesVersion: k.version }) });
    const uri = ws.uri('c/object.yaml');
    const diags = await client.open(uri, files.manifest);
    const character = files.manifest.split('\n')[files.keyLine]!.indexOf(files.key) + 1;
    const atKey = diags.filter((d) => d.range.start.line === files.keyLine && d.range.start.character === character - 1);
    const gates = atKey.filter((d) => d.code === 'feature-gate');
    expect(gates.map((d) => d.codeDescription?.href).sort()).toEqual(k.gates.map((g) => `https://kep.k8s.io/${gate(g).kep}`).sort());
    // Each keeps its fix (one line at the key), nothing else: the hover states the detail and the evidence.
    expect(atKey.length).toBeGreaterThanOrEqual(2);
    for (const d of gates) expect(d.relatedInformation?.map((r) => r.location.uri), String(d.message)).toEqual([uri]);
    for (const d of atKey) {
      const related = d.relatedInformation ?? [];
      expect(related.length, String(d.message)).toBeLessThanOrEqual(1);
      for (const r of related) expect(r.location, String(d.message)).toEqual({ uri, range: d.range });
    }

    // One gate problem alone on its key (the fixture slice under its kind config, the default target version)
    // keeps its detail, fix, verdict and evidence.
    const control = await start({ 'one/kind.yaml': kindConfig({ [SLICE_GATE]: false }), 'one/slice.yaml': SLICE });
    const sliceUri = control.ws.uri('one/slice.yaml');
    const alone = (await control.client.open(sliceUri, SLICE)).filter((d) => d.code === 'feature-gate');
    expect(alone).toHaveLength(1);
    expect(alone[0]!.relatedInformation!.filter((r) => r.location.uri === sliceUri).length).toBeGreaterThanOrEqual(3);
    expect(alone[0]!.relatedInformation!.some((r) => r.location.uri === control.ws.uri('one/kind.yaml'))).toBe(true);

    const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: files.keyLine, character } })) as Hover;
    const lines = (hover.contents as MarkupContent).value.split('\n').filter((l) => l.trim() !== '');
    for (const g of k.gates) expect(lines.slice(0, 2).some((l) => l.includes(`[KEP-${gate(g).kep}]`)), lines.slice(0, 3).join('\n')).toBe(true);
  });
});
