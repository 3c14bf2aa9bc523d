// Vitest global setup: builds dist/ (esbuild, a few seconds) before any suite runs, so the LSP, Neovim and CLI
// suites that spawn dist/server.js or dist/cli.js never run a stale build after an edit.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

export default function setup(): void {
  if (process.env.KUBEGATE_TEST_SKIP_BUILD === '1') return;
  const root = path.resolve(__dirname, '..', '..');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
}
