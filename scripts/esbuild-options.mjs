// The esbuild options of Kubegate's bundles, shared by scripts/build.mjs and the tests that bundle a part the
// same way (tests/cluster/bundle.test.ts).
//
// Two libraries that only some runs need are bundled apart, in dist/vendor/, and required on first use: the
// Kubernetes client's kubeconfig reader (cluster access, off by default) and the CEL library (CRD rules). A
// process that never touches a cluster or a CRD rule neither parses nor compiles them (about 2.6 MB of code).

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** package.json's version: embedded in every bundle (KUBEGATE_VERSION below). */
const packageVersion = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/** The `yaml` package's ES module build (its "default" export condition; Node's condition gives its CommonJS
 *  build). Bundled as ES modules, the parser's functions are called directly: through the CommonJS build every
 *  `isMap(…)`, `isScalar(…)` of the engine went through a getter, and the package's Parser and Composer read
 *  `process.env` for every token (LOG_TOKENS, LOG_STREAM), which the ES build leaves out (bench/README.md, item
 *  16). The two builds are made from the same source; the ES one warns with console.warn instead of
 *  process.emitWarning and decodes `!!binary` (YAML 1.1) with atob instead of Buffer. */
const yamlEsm = path.join(path.dirname(createRequire(import.meta.url).resolve('yaml/package.json')), 'browser', 'index.js');

export const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
  // jsonc-parser's "main" is a UMD build whose dynamic requires esbuild cannot follow: bundle its ES modules.
  // yaml: its ES module build (yamlEsm above).
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js', yaml: yamlEsm },
  // One id per build, shared by the CLI and the server bundles: the derived-facts cache (server/src/host/
  // derived-store.ts) is keyed by it, so a rebuilt Kubegate never reads what an older one stored.
  // KUBEGATE_VERSION: the package's version, embedded so that a copied standalone executable (no package.json
  // above it) still knows it (server/src/cli/program-info.ts).
  define: {
    KUBEGATE_BUILD_ID: JSON.stringify(`${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`),
    KUBEGATE_VERSION: JSON.stringify(packageVersion),
  },
};

/** Libraries bundled on their own: import specifier → the vendor bundle and the export of it to use. */
const vendored = {
  '@kubernetes/client-node/dist/config.js': { file: 'kube-config.js', pick: undefined },
  '@bufbuild/cel': { file: 'cel.js', pick: 'core' },
  '@bufbuild/cel/ext': { file: 'cel.js', pick: 'ext' },
  // The RE2 engine of CEL's matches(), also used for CRD `pattern`s (engine/base/regex.ts): one copy, in the CEL bundle.
  '@bufbuild/re2': { file: 'cel.js', pick: 're2' },
  // The planner of the CEL library (not among its package exports), whose nodes count CEL evaluation cost
  // (engine/api-extensions/cel.ts). Its file is named so that the bundle shares it with the library's own copy.
  '@bufbuild/cel/planner': { file: 'cel.js', pick: 'planner' },
};

/** The vendor bundles, written to `vendor/<file>` beside the bundles that require them. */
export const vendorBundles = [
  { file: 'kube-config.js', contents: "module.exports = require('@kubernetes/client-node/dist/config.js');" },
  // One bundle for both entry points of the CEL library, so that they share its internals.
  { file: 'cel.js', contents: "exports.core = require('@bufbuild/cel');\nexports.ext = require('@bufbuild/cel/ext');\nexports.re2 = require('@bufbuild/re2');\nexports.planner = require('./node_modules/@bufbuild/cel/dist/cjs/planner.js');" },
];

/** Replaces each vendored import with a require of its bundle, resolved next to the bundle importing it. */
export const vendorPlugin = {
  name: 'vendor',
  setup(b) {
    const filter = new RegExp(`^(${Object.keys(vendored).map((s) => s.replace(/[./]/g, '\\$&')).join('|')})$`);
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'vendor-shim' }));
    b.onLoad({ filter: /.*/, namespace: 'vendor-shim' }, (args) => {
      const v = vendored[args.path];
      // A bundle copied without its vendor/ folder says so, instead of a bare "Cannot find module".
      const contents = [
        `const file = require('node:path').join(__dirname, 'vendor', ${JSON.stringify(v.file)});`,
        'let lib;',
        'try { lib = require(file); } catch (err) {',
        `  if (err && err.code === 'MODULE_NOT_FOUND' && String(err.message).includes(file)) throw new Error(\`Kubegate's bundle is incomplete: \${file} is missing (install or copy the whole dist/ folder)\`);`,
        '  throw err;',
        '}',
        `module.exports = lib${v.pick ? `.${v.pick}` : ''};`,
      ].join('\n');
      return { contents, loader: 'js' };
    });
  },
};

/**
 * Node modules that the language server library requires as it loads, for transports a stdio server never
 * uses (sockets and named pipes: `net`, `crypto` for pipe names; `child_process` for a client process it may
 * watch). Each is handed a stand-in that requires the real module on the first property read, so a server
 * that never takes those paths does not carry them (loading the three takes about 3 MB in a bare Node process;
 * about 1 MB of the server's peak, measured with the bench session driver). Only plain `require` users get it:
 * the library reads the properties when it calls them, and never lists the module's keys.
 */
const lazyBuiltins = /^(?:node:)?(net|crypto|child_process)$/;
const lazyImporters = /node_modules[\\/](?:vscode-jsonrpc|vscode-languageserver)[\\/]/;

export const lazyBuiltinsPlugin = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: lazyBuiltins }, (args) => {
      if (args.namespace === 'lazy-builtin') return { path: args.path, external: true };
      if (!lazyImporters.test(args.importer)) return undefined;
      return { path: lazyBuiltins.exec(args.path)[1], namespace: 'lazy-builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: [
        'let real;',
        `const load = () => (real ??= require('node:${args.path}'));`,
        'module.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() });',
      ].join('\n'),
      loader: 'js',
    }));
  },
};
