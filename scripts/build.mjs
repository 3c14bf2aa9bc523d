// Bundles the CLI, the language server and (when present) the VS Code client into dist/.
// One esbuild call per entry point; data files under schemas/ are read at run time, not bundled.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
  // jsonc-parser's "main" is a UMD build whose dynamic requires esbuild cannot follow: bundle its ES modules.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
};

const entries = [
  { in: 'server/src/cli/main.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node' },
  { in: 'server/src/lsp/main.ts', out: 'dist/server.js', banner: '#!/usr/bin/env node' },
  { in: 'client/src/extension.ts', out: 'dist/client.js', external: ['vscode'] },
];

const minify = process.argv.includes('--minify');
for (const e of entries) {
  if (!existsSync(e.in)) continue;
  await build({
    ...common,
    entryPoints: [e.in],
    outfile: e.out,
    external: e.external ?? [],
    banner: e.banner ? { js: e.banner } : undefined,
    minify,
  });
}
