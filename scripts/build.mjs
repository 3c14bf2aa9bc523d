// Bundles the CLI, the language server and (when present) the VS Code client into dist/.
// One esbuild call per entry point; data files under schemas/ are read at run time, not bundled.
//
// Two libraries that only some runs need are bundled apart, in dist/vendor/, and required on first use: the
// Kubernetes client's kubeconfig reader (cluster access, off by default) and the CEL library (CRD rules). A
// process that never touches a cluster or a CRD rule neither parses nor compiles them (about 2.6 MB of code).
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

/** Libraries bundled on their own: import specifier → the vendor bundle and the export of it to use. */
const vendored = {
  '@kubernetes/client-node/dist/config.js': { file: 'kube-config.js', pick: undefined },
  '@bufbuild/cel': { file: 'cel.js', pick: 'core' },
  '@bufbuild/cel/ext': { file: 'cel.js', pick: 'ext' },
};

const vendorBundles = [
  { out: 'dist/vendor/kube-config.js', contents: "module.exports = require('@kubernetes/client-node/dist/config.js');" },
  // One bundle for both entry points of the CEL library, so that they share its internals.
  { out: 'dist/vendor/cel.js', contents: "exports.core = require('@bufbuild/cel');\nexports.ext = require('@bufbuild/cel/ext');" },
];

/** Replaces each vendored import with a require of its bundle, resolved next to the bundle importing it. */
const vendorPlugin = {
  name: 'vendor',
  setup(b) {
    const filter = new RegExp(`^(${Object.keys(vendored).map((s) => s.replace(/[./]/g, '\\$&')).join('|')})$`);
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'vendor-shim' }));
    b.onLoad({ filter: /.*/, namespace: 'vendor-shim' }, (args) => {
      const v = vendored[args.path];
      const load = `require(require('node:path').join(__dirname, 'vendor', ${JSON.stringify(v.file)}))`;
      return { contents: `module.exports = ${load}${v.pick ? `.${v.pick}` : ''};`, loader: 'js' };
    });
  },
};

const entries = [
  { in: 'server/src/cli/main.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node', vendor: true },
  { in: 'server/src/lsp/main.ts', out: 'dist/server.js', banner: '#!/usr/bin/env node', vendor: true },
  { in: 'client/src/extension.ts', out: 'dist/client.js', external: ['vscode'] },
];

const minify = process.argv.includes('--minify');
for (const v of vendorBundles) {
  await build({ ...common, stdin: { contents: v.contents, resolveDir: process.cwd(), loader: 'js' }, outfile: v.out, minify });
}
for (const e of entries) {
  if (!existsSync(e.in)) continue;
  await build({
    ...common,
    entryPoints: [e.in],
    outfile: e.out,
    external: e.external ?? [],
    banner: e.banner ? { js: e.banner } : undefined,
    plugins: e.vendor ? [vendorPlugin] : [],
    minify,
  });
}
