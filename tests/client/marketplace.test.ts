// The extension page: the .vsix ships README.marketplace.md (a user README) and every image it shows, or links
// it absolutely. Checked on the sources here (packaging runs in the e2e suite, which checks the real .vsix).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../server/src/contract/settings';

const repo = resolve(__dirname, '..', '..');
const readme = readFileSync(join(repo, 'README.marketplace.md'), 'utf8');

/** Files .vscodeignore lets into the .vsix (an allowlist: `**` then `!pattern` lines). */
function shipped(file: string): boolean {
  const lines = readFileSync(join(repo, '.vscodeignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  let included = true;
  for (const l of lines) {
    if (l.startsWith('!') ? picomatch.isMatch(file, l.slice(1), { dot: true }) : picomatch.isMatch(file, l, { dot: true })) included = l.startsWith('!');
  }
  return included;
}

function imageRefs(md: string): string[] {
  return [...md.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?/g)].map((m) => m[1]!);
}

describe('Marketplace README (README.marketplace.md)', () => {
  it('every image it shows is an https URL or a file the .vsix ships', () => {
    const refs = imageRefs(readme);
    expect(refs.length).toBeGreaterThan(2);
    for (const ref of refs) {
      if (/^https:\/\//.test(ref)) continue;
      expect(existsSync(join(repo, ref)), ref).toBe(true);
      expect(shipped(ref), `${ref} is not let into the .vsix by .vscodeignore`).toBe(true);
    }
    expect(shipped('README.md')).toBe(false); // the developer README stays in the repository
  });

  it('is written for users: what it does, the settings, and Red Hat YAML side by side; no developer set-up', () => {
    for (const s of SETTINGS) expect(readme, s.name).toContain(`\`${s.name}\``);
    expect(readme).toContain('Red Hat');
    expect(readme).not.toMatch(/\.\.\/shared|npm (ci|test|run)/);
  });

  it('packaging uses it as the extension page', () => {
    const script = readFileSync(join(repo, 'scripts', 'e2e', 'package-vsix.mjs'), 'utf8');
    expect(script).toContain("'--readme-path', 'README.marketplace.md'");
  });
});
