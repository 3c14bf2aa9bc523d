// The server's workspace index: a keystroke in one document reads and parses nothing else, however many files
// the folder holds; a config change re-publishes the documents it governs and asks for fresh inlay hints.
import { describe, expect, it } from 'vitest';
import { WORKSPACE_STATS_REQUEST, type WorkspaceStatsResult } from '../../server/src/contract/protocol';
import { lspSessions, lspSuite } from './harness';

const { start } = lspSessions();
const suite = lspSuite('workspace index');

const slice = (name: string) => `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: ${name}
spec:
  driver: gpu.example.com
  nodeName: node-1
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  skipNodeOperations: ["*"]
`;
const kind = (gates: string) => `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n${gates}`;

describe.skipIf(suite.skip)(suite.title, () => {
  for (const watching of [false, true]) {
    it(`${watching ? 'with' : 'without'} client file watchers, edits read no sibling file and parse no config again`, async () => {
      const files: Record<string, string> = { 'apps/kind.yaml': kind('  DRAConsumableCapacity: true\n') };
      for (let i = 0; i < 300; i++) files[`apps/m${i}.yaml`] = slice(`s${i}`);
      files['apps/big.yaml'] = Array.from({ length: 2000 }, (_, i) => `---\n${slice(`b${i}`)}`).join('');
      const { ws, client } = await start(files, {
        capabilities: {
          workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: watching }, inlayHint: { refreshSupport: true } },
          textDocument: { publishDiagnostics: { versionSupport: true } },
        },
      });
      const uri = ws.uri('apps/m0.yaml');
      const first = await client.open(uri, files['apps/m0.yaml']!);
      expect(first.map((d) => d.code)).toContain('feature-gate');
      const before = await client.connection.sendRequest<WorkspaceStatsResult>(WORKSPACE_STATS_REQUEST, {});
      expect(before.configParses).toBeGreaterThan(0); // the kind config of the folder was read once
      for (let i = 0; i < 5; i++) {
        const diagnostics = await client.change(uri, [{ range: { start: { line: 3, character: 8 }, end: { line: 3, character: 10 } }, newText: `e${i}` }]);
        expect(diagnostics.map((d) => d.code)).toContain('feature-gate');
      }
      const after = await client.connection.sendRequest<WorkspaceStatsResult>(WORKSPACE_STATS_REQUEST, {});
      // Only the edited document was walked again.
      expect({ ...after, walks: 0 }).toEqual({ ...before, walks: 0 });
      // The small siblings' texts are kept; the large one's is not (its configs are, so it is not read again).
      expect(after.keptTextChars).toBeGreaterThan(0);
      expect(after.keptTextChars).toBeLessThan(files['apps/big.yaml']!.length);
    });
  }

  it('editing the governing config re-publishes the open manifest and refreshes inlay hints', async () => {
    const files = { 'apps/kind.yaml': kind('  DRAConsumableCapacity: true\n'), 'apps/slice.yaml': slice('s') };
    const { ws, client } = await start(files);
    const sliceUri = ws.uri('apps/slice.yaml');
    expect((await client.open(sliceUri, files['apps/slice.yaml'])).map((d) => d.code)).toContain('feature-gate');
    const kindUri = ws.uri('apps/kind.yaml');
    await client.open(kindUri, files['apps/kind.yaml']);
    const refreshes = client.inlayRefreshes;
    const end = { line: 3, character: 0 };
    const republished = client.diagnosticsUntil(sliceUri, (d) => !d.some((x) => x.code === 'feature-gate'));
    await client.change(kindUri, [{ range: { start: end, end }, newText: '  DRAOptionalNodeOperations: true\n' }]);
    expect((await republished).map((d) => d.code)).not.toContain('feature-gate');
    await client.inlayRefreshAfter(refreshes);
  });

  it('editing the governing config re-runs only the gate step of the open manifest (no walk)', async () => {
    const files = { 'apps/kind.yaml': kind('  DRAConsumableCapacity: true\n'), 'apps/slice.yaml': slice('s') };
    const { ws, client } = await start(files);
    const sliceUri = ws.uri('apps/slice.yaml');
    const kindUri = ws.uri('apps/kind.yaml');
    await client.open(sliceUri, files['apps/slice.yaml']);
    await client.open(kindUri, files['apps/kind.yaml']);
    const stats = () => client.connection.sendRequest<WorkspaceStatsResult>(WORKSPACE_STATS_REQUEST, {});
    const before = await stats();
    for (const [i, on] of [true, false, true].entries()) {
      // Each edit sets DRAOptionalNodeOperations: the manifest's diagnostics change every time, without a walk of it.
      const republished = client.diagnosticsUntil(sliceUri, (d) => d.some((x) => x.code === 'feature-gate') !== on);
      const lines = client.text(kindUri)!.split('\n').length;
      const whole = { start: { line: 0, character: 0 }, end: { line: lines, character: 0 } };
      // A new text each time (the walk of a text seen just before is kept: an edit undone walks nothing).
      await client.change(kindUri, [{ range: whole, newText: kind(`  DRAConsumableCapacity: true\n  DRAOptionalNodeOperations: ${on}\n# edit ${i}\n`) }]);
      await republished;
    }
    const after = await stats();
    // Three edits of the kind config walk the config itself three times; the manifest is not walked again.
    expect(after.walks - before.walks).toBe(3);
  });
});
