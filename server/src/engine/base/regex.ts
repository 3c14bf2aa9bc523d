// Regular expressions read from a repository (a CRD schema's `pattern`) are matched with an RE2-semantics engine,
// as kube-apiserver does (Go's regexp package): time linear in the input whatever the pattern, RE2 syntax (no
// look-around, no back-references), and RE2's own syntax errors. The same engine CEL `matches()` uses
// (@bufbuild/re2, a dependency of @bufbuild/cel). A JavaScript RegExp built from repository text could
// backtrack exponentially (`^(a+)+$` on "aaaa…!"); tests/engine/no-dynamic-regexp.test.ts keeps them out.
import type * as Re2Module from '@bufbuild/re2';

let re2: typeof Re2Module | undefined;
function lib(): typeof Re2Module {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  re2 ??= require('@bufbuild/re2') as typeof Re2Module;
  return re2;
}

/** Patterns longer than this are not compiled (reported as not checked): the program size stays bounded. */
const MAX_PATTERN_LENGTH = 10_000;
/** Compiled patterns kept; the cache is cleared when full (a repository cannot grow it without bound). */
const CACHE_LIMIT = 2_000;

type CompiledPattern = { ok: true; test: (value: string) => boolean } | { ok: false; error: string };

const cache = new Map<string, CompiledPattern>();

/**
 * An RE2 pattern, compiled once. `error` is the message Go's regexp.Compile gives
 * ("error parsing regexp: missing closing ): `(abc`"), which kube-apiserver quotes when it refuses a CRD.
 * Unanchored, as Go's MatchString: the pattern may match anywhere in the value.
 */
export function compileRe2(pattern: string): CompiledPattern {
  let hit = cache.get(pattern);
  if (hit) return hit;
  if (pattern.length > MAX_PATTERN_LENGTH) {
    hit = { ok: false, error: `the pattern is longer than ${MAX_PATTERN_LENGTH} characters: not checked here` };
  } else {
    try {
      const re = lib().RE2JS.compile(pattern);
      hit = { ok: true, test: (value: string) => re.test(value) };
    } catch (e) {
      hit = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, hit);
  return hit;
}
