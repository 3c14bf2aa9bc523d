// Diagnostics over LSP: codes, severities, KEP link, related information at the kind config line,
// settings per document, broken YAML and the size guard.
import { describe, expect, it } from 'vitest';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol';
import { marked } from '../support/markers';
import { DEPLOYMENT, kindConfig, SLICE } from './fixtures';
import { lspSessions, lspSuite, pageGate } from './harness';

const GATE = 'DRAOptionalNodeOperations';
const refGate = () => pageGate(GATE);

const { start } = lspSessions();

const SUITE = lspSuite('LSP diagnostics');

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('warns on a gated field with code, severity, KEP href and related information at the kind config', async () => {
    const ref = refGate();
    const { ws, client } = await start({ 'a/slice.yaml': SLICE, 'a/kind-config.yaml': kindConfig({ [GATE]: false }) });
    const diags = await client.open(ws.uri('a/slice.yaml'), SLICE);
    const gate = diags.find((d) => d.code === 'feature-gate');
    expect(gate, JSON.stringify(diags)).toBeDefined();
    expect(gate!.source).toBe('kubegate');
    expect(gate!.severity).toBe(DiagnosticSeverity.Warning);
    expect(gate!.message).toContain(GATE);
    expect(gate!.codeDescription?.href).toBe(ref.kep_url ?? `https://kep.k8s.io/${ref.kep}`);
    expect(gate!.range.start.line).toBe(SLICE.split('\n').findIndex((l) => l.includes('skipNodeOperations')));
    // Related information: the detail and the fix at the finding itself, then the evidence at the config line.
    const related = gate!.relatedInformation ?? [];
    const atConfig = related.filter((r) => r.location.uri === ws.uri('a/kind-config.yaml'));
    expect(atConfig.length, JSON.stringify(related)).toBeGreaterThan(0);
    const configLine = kindConfig({ [GATE]: false }).split('\n').findIndex((l) => l.includes(GATE));
    expect(atConfig[0].location.range.start.line).toBe(configLine);
    const here = related.filter((r) => r.location.uri === ws.uri('a/slice.yaml'));
    expect(here.map((r) => r.message).join(' ')).toMatch(new RegExp(`Enable ${GATE}=true`));
  });

  it('reports unknown fields as errors and keeps a clean Deployment clean', async () => {
    const { ws, client } = await start({});
    const clean = await client.open(ws.uri('deploy.yaml'), DEPLOYMENT);
    expect(clean.filter((d) => (d.severity ?? 1) <= DiagnosticSeverity.Warning)).toEqual([]);
    const { text: bad, ranges } = marked(DEPLOYMENT.replace('  replicas: 2', '  ⟦replicaz⟧: 2'));
    const diags = await client.open(ws.uri('bad.yaml'), bad);
    const unknown = diags.find((d) => d.code === 'unknown-field');
    expect(unknown?.severity).toBe(DiagnosticSeverity.Error);
    expect(unknown?.range).toEqual(ranges[0]);
  });

  it('resolves settings per document through workspace/configuration (scopeUri)', async () => {
    const { ws, client } = await start(
      {},
      {
        settings: (scopeUri) =>
          scopeUri?.endsWith('/on/slice.yaml') ? { featureGates: { [GATE]: true } } : { severity: { 'feature-gate': 'error' } },
      },
    );
    const on = await client.open(ws.uri('on/slice.yaml'), SLICE);
    expect(on.find((d) => d.code === 'feature-gate')).toBeUndefined();
    const other = await client.open(ws.uri('off/slice.yaml'), SLICE);
    expect(other.find((d) => d.code === 'feature-gate')?.severity).toBe(DiagnosticSeverity.Error);
  });

  it('accepts a didChangeConfiguration push when the client does not answer workspace/configuration', async () => {
    const { ws, client } = await start({}, { noConfigurationPull: true });
    const uri = ws.uri('slice.yaml');
    const before = await client.open(uri, SLICE);
    expect(before.some((d) => d.code === 'feature-gate')).toBe(true);
    // Fresh wait: the push re-checks the open document (same version) and publishes again.
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { kubegate: { severity: { 'feature-gate': 'off' } } },
    });
    const again = await client.diagnosticsUntil(uri, (d) => !d.some((x) => x.code === 'feature-gate'));
    expect(again.some((d) => d.code === 'feature-gate')).toBe(false);
  });

  it('reads the configs that kubegate.configFiles names instead of discovering them', async () => {
    const files = { 'apps/slice.yaml': SLICE, 'clusters/kind.yaml': kindConfig({ [GATE]: true }) };
    const plain = await start(files);
    const discovered = await plain.client.open(plain.ws.uri('apps/slice.yaml'), SLICE);
    expect(discovered.some((d) => d.code === 'feature-gate')).toBe(true);
    const named = await start(files, { settings: () => ({ configFiles: ['clusters/*.yaml'] }) });
    const withConfig = await named.client.open(named.ws.uri('apps/slice.yaml'), SLICE);
    expect(withConfig.some((d) => d.code === 'feature-gate')).toBe(false);
  });

  it('checks only the files that kubegate.files names when it is set', async () => {
    const { ws, client } = await start({}, { settings: () => ({ files: ['manifests/**/*.yaml'] }) });
    const inside = await client.open(ws.uri('manifests/dra/slice.yaml'), SLICE);
    expect(inside.some((d) => d.code === 'feature-gate')).toBe(true);
    const outside = await client.open(ws.uri('other/slice.yaml'), SLICE);
    expect(outside).toEqual([]);
  });

  it('honours the file version comment and disable comments from the engine', async () => {
    const { ws, client } = await start({});
    const older = `# kubegate: kubernetes-version=1.36\n${SLICE}`;
    const diags = await client.open(ws.uri('old.yaml'), older);
    expect(diags.some((d) => d.code === 'field-not-in-version')).toBe(true);
    const silenced = SLICE.replace('  skipNodeOperations', '  # kubegate-disable-next-line feature-gate\n  skipNodeOperations');
    const none = await client.open(ws.uri('silenced.yaml'), silenced);
    expect(none.some((d) => d.code === 'feature-gate')).toBe(false);
  });

  it('survives broken YAML and recovers after the edit that fixes it', async () => {
    const { ws, client } = await start({});
    const uri = ws.uri('broken.yaml');
    const broken = `${DEPLOYMENT}---\napiVersion: v1\nkind: ConfigMap\ndata: {a: [1, 2\n---\n\t- :\n`;
    const diags = await client.open(uri, broken);
    expect(diags.some((d) => d.code === 'yaml-syntax')).toBe(true);
    const lines = broken.split('\n');
    const cut = lines.findIndex((l) => l === '---');
    const fixed = await client.change(uri, [
      { range: { start: { line: cut, character: 0 }, end: { line: lines.length - 1, character: 0 } }, newText: '' },
    ]);
    expect(fixed.some((d) => d.code === 'yaml-syntax')).toBe(false);
  });

  it('degrades a file over the size limit to syntax-only with file-too-large', async () => {
    const { ws, client } = await start({}, { initializationOptions: { maxFileChars: 200 } });
    const diags = await client.open(ws.uri('big.yaml'), SLICE + SLICE.replace('apiVersion', '---\napiVersion'));
    const big = diags.find((d) => d.code === 'file-too-large');
    expect(big?.severity).toBe(DiagnosticSeverity.Information);
    expect(diags.some((d) => d.code === 'feature-gate')).toBe(false);
  });

  it('re-checks only the edited document on a plain edit', async () => {
    const { ws, client } = await start({});
    const a = ws.uri('a.yaml');
    const b = ws.uri('b.yaml');
    await client.open(a, SLICE);
    await client.open(b, DEPLOYMENT);
    const before = client.notifications.filter((n) => n.method === 'textDocument/publishDiagnostics').length;
    const { ranges } = marked(DEPLOYMENT.replace('  replicas: 2', '  replicas: ⟦2⟧'));
    await client.change(b, [{ range: ranges[0]!, newText: '3' }]);
    const pushes = client.notifications.filter((n) => n.method === 'textDocument/publishDiagnostics').slice(before);
    expect(pushes.map((p) => (p.params as { uri: string }).uri)).toEqual([b]);
  });
});
