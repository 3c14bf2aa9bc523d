// The language server's index keeps small disk texts between reads, up to KEPT_TEXT_TOTAL_CHARS together (the
// oldest dropped first), and discovery reads at most MAX_FOLDER_FILES files of a folder: many 60 KB files above an
// opened file no longer add their whole size to the server. Generated here; asserted through the stats request.
// Internal imports: `base/nearest-folder` (the folder cap itself, so the workspace sits exactly at it).
import { describe, expect, it } from 'vitest';
import { WORKSPACE_STATS_REQUEST, type WorkspaceStatsResult } from '../../server/src/contract/protocol';
import { KEPT_TEXT_TOTAL_CHARS } from '../../server/src/lsp/disk-texts';
import { MAX_FOLDER_FILES } from '../../server/src/engine/base/nearest-folder';
import { lspSessions, lspSuite } from './harness';

const { start } = lspSessions();
const suite = lspSuite('workspace memory');

// a ConfigMap of about 60,000 characters: kept (under 64 KB each), but 250 of them are 15 M characters
const big = (i: number) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\ndata:\n${Array.from({ length: 1_000 }, (_, j) => `  k${j}: "${'x'.repeat(50)}"`).join('\n')}\n`;

describe.skipIf(suite.skip)(suite.title, () => {
  it('250 files of 60 KB above an opened file: at most 200 files read, the kept text stays under the cap', async () => {
    const files: Record<string, string> = { 'deep/sub/app.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\n' };
    for (let i = 0; i < 250; i++) files[`deep/f${String(i).padStart(3, '0')}.yaml`] = big(i);
    expect(big(0).length).toBeGreaterThan(60_000);
    const { ws, client } = await start(files);
    const uri = ws.uri('deep/sub/app.yaml');
    expect(await client.open(uri, files['deep/sub/app.yaml']!)).toEqual([]);
    const stats = await client.connection.sendRequest<WorkspaceStatsResult>(WORKSPACE_STATS_REQUEST, {});
    // each of the (at most 200) files read is read at most twice: once for gate configs, once more for CRDs when
    // its text was dropped from the index meanwhile
    expect(stats.diskReads).toBeLessThanOrEqual(2 * MAX_FOLDER_FILES);
    expect(stats.diskReads).toBeGreaterThan(KEPT_TEXT_TOTAL_CHARS / big(0).length);
    expect(stats.keptTextChars).toBeGreaterThan(0);
    expect(stats.keptTextChars).toBeLessThanOrEqual(KEPT_TEXT_TOTAL_CHARS);
  });
});
