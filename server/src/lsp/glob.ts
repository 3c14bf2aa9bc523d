// Glob settings (`kubegate.files`, `kubegate.configFiles`, …) for the server: compiled once per pattern by the
// engine's bounded-time matcher (engine/base/glob-match.ts). Invalid patterns are left out and reported as setting
// errors (kubegate/status `settingErrors`); they never turn checking off.
import { compileGlob, globMatches, type GlobCompileResult } from '../engine';

const compiled = new Map<string, GlobCompileResult>();

function compiledGlob(pattern: string): GlobCompileResult {
  let c = compiled.get(pattern);
  if (!c) {
    if (compiled.size > 1000) compiled.clear();
    c = compileGlob(pattern);
    compiled.set(pattern, c);
  }
  return c;
}

/** Whether `relPath` (relative to the workspace folder) matches one of the valid globs. */
export function matchesAny(relPath: string, globs: string[]): boolean {
  for (const g of globs) {
    const c = compiledGlob(g);
    if (c.ok && globMatches(c.glob, relPath)) return true;
  }
  return false;
}

/** The valid patterns of a list (an all-invalid list is empty: the setting's default applies). */
export function validGlobs(globs: string[]): string[] {
  return globs.filter((g) => compiledGlob(g).ok);
}

/** One message per invalid pattern of the setting `name`. */
export function globProblems(name: string, globs: string[]): string[] {
  const out: string[] = [];
  for (const g of globs) {
    const c = compiledGlob(g);
    if (!c.ok) out.push(`${name}: "${g.length > 80 ? `${g.slice(0, 80)}…` : g}" is not a valid glob (${c.problem}); it is ignored.`);
  }
  return out;
}
