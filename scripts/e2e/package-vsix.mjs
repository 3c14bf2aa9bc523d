// `npm run package`: minified bundles, then a .vsix with @vscode/vsce (files chosen by .vscodeignore,
// an allowlist), then prints its size and fails when it is 5 MB or more.
// Usage: node scripts/e2e/package-vsix.mjs [--out <file.vsix>]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readmeImageProblems } from './vsix-readme.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const outArg = process.argv.indexOf('--out');
const out = resolve(repo, outArg > 0 ? process.argv[outArg + 1] : `${pkg.name}-${pkg.version}.vsix`);
const LIMIT = 5 * 1024 * 1024;

const run = (cmd, args) => {
  try {
    execFileSync(cmd, args, { cwd: repo, stdio: 'inherit' });
  } catch {
    console.error(`package: "${args.join(' ')}" failed (output above)`);
    process.exit(1);
  }
};

run(process.execPath, ['scripts/build.mjs', '--minify']);
for (const f of ['dist/client.js', 'dist/server.js', 'dist/vendor/kube-config.js', 'dist/vendor/cel.js']) {
  if (!existsSync(join(repo, f))) throw new Error(`${f} was not built`);
}
const vsce = join(repo, 'node_modules', '@vscode', 'vsce', 'vsce');
// --no-dependencies: the bundles hold everything; node_modules is not shipped.
// --readme-path: the extension page shows the user README (README.marketplace.md); README.md is for developers.
// --no-rewrite-relative-links: its images are shipped in the .vsix (docs/images, see .vscodeignore), so the
// relative links stay relative (the extension page resolves them inside the installed extension).
// package.json's "files" chooses what `npm pack` ships; vsce refuses "files" beside .vscodeignore, so the
// .vsix is packed with "files" left out of package.json for the time vsce runs (restored after).
const pkgText = readFileSync(join(repo, 'package.json'), 'utf8');
const { files: _npmFiles, ...forVsce } = pkg;
writeFileSync(join(repo, 'package.json'), `${JSON.stringify(forVsce, null, 2)}\n`);
let packed = false;
try {
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--readme-path', 'README.marketplace.md', '--no-rewrite-relative-links', '--out', out], { cwd: repo, stdio: 'inherit' });
  packed = true;
} catch {
  console.error('package: vsce package failed (output above)');
} finally {
  writeFileSync(join(repo, 'package.json'), pkgText);
}
if (!packed) process.exit(1);
const missing = await readmeImageProblems(out);
if (missing.length) {
  console.error(`the packaged README references images that are neither in the .vsix nor absolute:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
const size = statSync(out).size;
console.log(`vsix: ${out} ${(size / 1024 / 1024).toFixed(2)} MB (${size} bytes)`);
if (size >= LIMIT) {
  console.error(`the .vsix is ${size} bytes; it must stay under ${LIMIT}`);
  process.exit(1);
}
