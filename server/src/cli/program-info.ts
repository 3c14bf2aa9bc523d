// Facts about the installed program: its version (embedded by the bundler; from package.json when run from
// source) and the project's web addresses (README anchors for finding codes in SARIF and help).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { codeDocsUrl, PROJECT_URL, type FindingCode } from '../engine';

/** The project's home (README); each finding code is documented under its own heading there. */
export { PROJECT_URL };

/** README anchor of a finding code's documentation (one heading per code, generated from the registry). */
export function codeHelpUri(code: FindingCode): string {
  return codeDocsUrl(code);
}

let cached: string | undefined;

/** package.json's version, embedded by the bundler (scripts/esbuild-options.mjs); absent when run from source. */
declare const KUBEGATE_VERSION: string | undefined;

/**
 * The program's version: the one embedded at build time (so a standalone executable copied anywhere knows it),
 * else, run from source, the version of the package.json found above it ("unknown" when there is none).
 */
export function programVersion(): string {
  if (typeof KUBEGATE_VERSION === 'string') return KUBEGATE_VERSION;
  if (cached) return cached;
  let dir = typeof __dirname === 'string' ? __dirname : process.cwd();
  for (;;) {
    const file = path.join(dir, 'package.json');
    try {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'kubegate' && pkg.version) return (cached = pkg.version);
    } catch {
      // not here
    }
    const parent = path.dirname(dir);
    if (parent === dir) return (cached = 'unknown');
    dir = parent;
  }
}
