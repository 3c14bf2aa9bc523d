// The language server's derived cache (lsp/cache-store.ts) is refused inside a workspace folder, as the CLI refuses
// one inside the checked tree: the workspace's files could plant entries in it. The user sees why in the status;
// nothing is created there. A cache folder outside the workspace is used.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATUS_NOTIFICATION, type StatusParams } from '../../server/src/contract/protocol';
import { tempFolder } from '../cluster/fakeApiServer';
import { SLICE } from './fixtures';
import { LspClient, lspSessions, lspSuite, Workspace } from './harness';

const { defer } = lspSessions();
const SUITE = lspSuite('LSP cache folder');

/** A server over a new workspace with KUBEGATE_CACHE_DIR set to what `cacheDir` gives for it; its first status. */
async function serve(cacheDir: (ws: Workspace) => string): Promise<{ ws: Workspace; cache: string; status: StatusParams }> {
  const ws = new Workspace({ 'slice.yaml': SLICE });
  const cache = cacheDir(ws);
  const client = new LspClient({ rootUri: ws.uri(''), env: { KUBEGATE_CACHE_DIR: cache, KUBEGATE_CACHE: 'on' } });
  defer(async () => {
    await client.dispose();
    ws.dispose();
  });
  const status = new Promise<StatusParams>((resolve) => client.connection.onNotification(STATUS_NOTIFICATION, (p: StatusParams) => resolve(p)));
  await client.initialize();
  return { ws, cache, status: await status };
}

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 60_000 }, () => {
  it('a cache folder inside the workspace folder is refused with a status note; nothing is made there', async () => {
    const { ws, status } = await serve((w) => w.path(path.join('.cache', 'kubegate')));
    expect(status.notes.filter((n) => /cache folder/.test(n))).toEqual([`the cache folder ${ws.path(path.join('.cache', 'kubegate'))} is not used: it is inside the checked repository, which could plant entries in it`]);
    expect(existsSync(ws.path('.cache'))).toBe(false);
  });

  it('a cache folder outside the workspace is used: its secret is made, and no note', async () => {
    const outside = tempFolder();
    defer(() => outside.dispose());
    const { cache, status } = await serve(() => path.join(outside.dir, 'kubegate'));
    expect(status.notes.filter((n) => /cache folder/.test(n))).toEqual([]);
    expect(existsSync(path.join(cache, 'secret'))).toBe(true);
  });
});
