// Bundles the CLI, the language server and (when present) the VS Code client into dist/, plus the vendor
// bundles (scripts/esbuild-options.mjs). Data files under schemas/ are read at run time, not bundled.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { common, lazyBuiltinsPlugin, vendorBundles, vendorPlugin } from './esbuild-options.mjs';

const entries = [
  // The command (a launcher that compiles the program with V8's code cache, cli/launch.ts) and the program.
  { in: 'server/src/cli/launch.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node', vendor: true },
  { in: 'server/src/cli/main.ts', out: 'dist/cli-main.js', vendor: true },
  { in: 'server/src/lsp/main.ts', out: 'dist/server.js', banner: '#!/usr/bin/env node', vendor: true },
  { in: 'client/src/extension.ts', out: 'dist/client.js', external: ['vscode'] },
];

const minify = process.argv.includes('--minify');
for (const v of vendorBundles) {
  await build({ ...common, stdin: { contents: v.contents, resolveDir: process.cwd(), loader: 'js' }, outfile: `dist/vendor/${v.file}`, minify });
}
for (const e of entries) {
  if (!existsSync(e.in)) continue;
  await build({
    ...common,
    entryPoints: [e.in],
    outfile: e.out,
    external: e.external ?? [],
    banner: e.banner ? { js: e.banner } : undefined,
    plugins: e.vendor ? [lazyBuiltinsPlugin, vendorPlugin] : [],
    minify,
  });
  // esbuild escapes what it can; a character it leaves (one in a kept comment) makes V8 hold the whole bundle's
  // source as a two-byte string: twice the memory of an ASCII one.
  const line = readFileSync(e.out, 'utf8').split('\n').findIndex((l) => /[^\x00-\x7f]/.test(l));
  if (line >= 0) throw new Error(`${e.out}:${line + 1} has a non-ASCII character (in a comment esbuild keeps?): write it in ASCII`);
}
