// Vitest setup file: the engine reads its shipped data (schemas/, snippets/) through the Node reader, as the
// CLI and the language server set it up at start. The derived-facts cache of every CLI and server process the
// tests start goes to a folder of this test process, never the user's cache folder.
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { setDataReader } from '../../server/src/engine';
import { nodeDataReader } from '../../server/src/host/data-files';

setDataReader(nodeDataReader());

if (!process.env['KUBEGATE_TEST_CACHE']) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kubegate-test-cache-'));
  process.env['KUBEGATE_TEST_CACHE'] = dir;
  process.env['KUBEGATE_CACHE_DIR'] = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
