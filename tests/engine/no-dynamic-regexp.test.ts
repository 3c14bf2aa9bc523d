// No JavaScript RegExp is built from repository content: a regular expression read from a file a repository
// controls (a CRD `pattern`, a glob of .kubegate.yaml, …) goes through engine/base/regex.ts (RE2, linear time) or
// engine/base/glob-match.ts. This test reads the sources and fails on any `RegExp(` whose argument is not a literal,
// unless the place is listed below with the reason it is safe.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(__dirname, '..', '..');
const ROOTS = ['server/src', 'client/src', 'scripts'];

/** file → reason; each entry must still match a dynamic RegExp (a stale entry fails the test too). */
const ALLOWED: Record<string, string> = {
  'server/src/engine/gates/gate-places.ts': 'built from the generated component names and config groups (escaped), never from a file',
  'server/src/engine/complete/context.ts': "the key is a literal of the caller ('apiVersion' / 'kind')",
  'server/src/engine/complete/complete.ts': 'built from the constant flag name --feature-gates',
  'scripts/esbuild-options.mjs': 'build time: built from the fixed list of vendored package names',
};

function sources(dir: string, out: string[]): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') sources(p, out);
    } else if (/\.(?:ts|mts|cts|js|mjs|cjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** `RegExp(` calls whose first argument is not a /literal/ or a quoted string: [file, line, text]. */
export function dynamicRegExps(text: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    for (const m of code.matchAll(/\bRegExp\s*\(\s*(.?)/g)) {
      const first = m[1];
      const literal = first === '/' || first === "'" || first === '"';
      if (!literal) found.push({ line: i + 1, text: line.trim() });
    }
  });
  return found;
}

describe('no RegExp built from repository content', () => {
  it('the detector sees dynamic arguments and lets literals pass', () => {
    expect(dynamicRegExps("const a = new RegExp(pattern, 'u');\nconst b = RegExp(`^${x}`);\nconst c = new RegExp('abc');\nconst d = new RegExp(/x/);\n// new RegExp(commented)")).toEqual([
      { line: 1, text: "const a = new RegExp(pattern, 'u');" },
      { line: 2, text: 'const b = RegExp(`^${x}`);' },
    ]);
  });

  it('every dynamic RegExp in the sources is allow-listed with a reason', () => {
    const files = ROOTS.flatMap((r) => sources(join(repo, r), []));
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    const used = new Set<string>();
    for (const file of files) {
      const rel = relative(repo, file).split('\\').join('/');
      const hits = dynamicRegExps(readFileSync(file, 'utf8'));
      if (hits.length === 0) continue;
      if (ALLOWED[rel]) used.add(rel);
      else offenders.push(...hits.map((h) => `${rel}:${h.line}: ${h.text}`));
    }
    expect(offenders).toEqual([]);
    expect([...used].sort()).toEqual(Object.keys(ALLOWED).sort());
  });
});
