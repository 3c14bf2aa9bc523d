// `npm run sea`: a standalone `kubegate` executable (Node single-executable application). The CLI is bundled into
// one file with every library inline (no dist/vendor/ beside it), turned into a SEA blob by
// `node --experimental-sea-config`, and injected into a copy of this Node binary with postject (from npm). The
// data is not inside the executable: out/sea/ holds `kubegate` with schemas/ and snippets/ beside it, where
// the program looks for them (beside the executable, host/data-files.ts), so the folder is what is shipped.
// Usage: node scripts/sea/build.mjs [--out DIR]   (default out/sea)
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { common, lazyBuiltinsPlugin } from '../esbuild-options.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outArg = process.argv.indexOf('--out');
const out = resolve(repo, outArg > 0 ? process.argv[outArg + 1] : join('out', 'sea'));
/** postject, the injector Node's documentation names; pinned. */
const POSTJECT = 'postject@1.0.0-alpha.6';
/** The fuse Node's single-executable support looks for. */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** An executable's require() loads built-in modules only, and Node warns when anything else is asked for: an
 *  optional dependency that is not installed (node-fetch's `encoding`, in a try/catch) becomes an empty module. */
const absentOptional = {
  name: 'absent-optional',
  setup(b) {
    b.onResolve({ filter: /^encoding$/ }, (args) => ({ path: args.path, namespace: 'absent-optional' }));
    b.onLoad({ filter: /.*/, namespace: 'absent-optional' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const main = join(out, 'kubegate.cjs');
await build({ ...common, sourcemap: false, entryPoints: [join(repo, 'server/src/cli/main.ts')], outfile: main, plugins: [lazyBuiltinsPlugin, absentOptional] });
const blob = join(out, 'kubegate.blob');
const config = join(out, 'sea-config.json');
writeFileSync(config, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true }));
execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'inherit' });
const exe = join(out, process.platform === 'win32' ? 'kubegate.exe' : 'kubegate');
copyFileSync(process.execPath, exe);
chmodSync(exe, 0o755);
// macOS refuses to run a signed binary whose contents changed: Node's single-executable documentation
// (doc/api/single-executable-applications.md) removes the signature before the injection and signs again
// (ad hoc) after it.
if (process.platform === 'darwin') execFileSync('codesign', ['--remove-signature', exe], { stdio: 'inherit' });
const postjectArgs = [exe, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE, ...(process.platform === 'darwin' ? ['--macho-segment-name', 'NODE_SEA'] : [])];
const local = join(repo, 'node_modules', '.bin', 'postject');
if (existsSync(local)) execFileSync(local, postjectArgs, { stdio: 'inherit' });
// On Windows npm is a .cmd, which Node runs only through a shell.
else execFileSync('npm', ['exec', '--yes', `--package=${POSTJECT}`, '--', 'postject', ...postjectArgs], { stdio: 'inherit', shell: process.platform === 'win32' });
if (process.platform === 'darwin') execFileSync('codesign', ['--sign', '-', exe], { stdio: 'inherit' });
for (const folder of ['schemas', 'snippets']) cpSync(join(repo, folder), join(out, folder), { recursive: true });
rmSync(blob);
rmSync(config);
rmSync(main);
console.log(`sea: ${exe} (with schemas/ and snippets/ beside it)`);
