// Vitest global setup: the derived-facts cache of every CLI and server process the tests start goes to one folder
// of this test run, never the user's cache folder. The folder is made before the test processes start (they
// inherit the environment) and removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kubegate-test-cache-'));
  process.env['KUBEGATE_CACHE_DIR'] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
