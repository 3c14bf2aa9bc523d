// Facts about the installed program: its version (from the package.json shipped beside the bundle) and the
// project's web addresses (README anchors for finding codes in SARIF and help).
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The project's home (README); finding codes are documented under its "Finding codes" heading. */
export const PROJECT_URL = 'https://github.com/kubegate/kubegate';

/** README anchor of a finding code's documentation. */
export function codeHelpUri(code: string): string {
  void code;
  return `${PROJECT_URL}#finding-codes`;
}

let cached: string | undefined;

/** The version of the package the program belongs to ("unknown" when no package.json is found above it). */
export function programVersion(): string {
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
