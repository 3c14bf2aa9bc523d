// Glob patterns of settings that come from a workspace (`kubegate.files`, `kubegate.configFiles`, …), matched in
// time proportional to pattern length × path length whatever the pattern: a cloned repository's settings must
// not be able to pin the CPU. (A glob turned into a regular expression, by hand or by picomatch, backtracks
// exponentially on `*a*a*a…*b`.) Syntax: `**` any folders, `*` any characters within a name, `?` one character,
// `[abc]` / `[a-z]` / `[!a]` a character class, `{a,b}` alternatives, `\` escapes the next character.
// Invalid patterns (an unclosed `{` or `[`, a stray `}`, too long, too many alternatives) are reported, not used.

const MAX_GLOB_LENGTH = 1000;
const MAX_GLOB_ALTERNATIVES = 256;

type Token = { t: 'star' } | { t: 'one' } | { t: 'char'; c: string } | { t: 'class'; negate: boolean; items: [string, string][] };
type Segment = Token[] | 'globstar';

interface CompiledGlob {
  pattern: string;
  /** One list of path segments per brace alternative. */
  alternatives: Segment[][];
}

export type GlobCompileResult = { ok: true; glob: CompiledGlob } | { ok: false; problem: string };

/** Brace alternatives of a pattern, or a problem. Escapes are kept for the tokenizer. */
function expandBraces(pattern: string, budget: { left: number }): string[] | string {
  let depth = 0;
  let open = -1;
  const commas: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '[') {
      // a class may hold braces and commas literally
      const close = classEnd(pattern, i);
      if (close < 0) return 'an unclosed [';
      i = close;
      continue;
    }
    if (c === '{') {
      if (depth === 0) open = i;
      depth++;
    } else if (c === '}') {
      if (depth === 0) return 'a } without {';
      depth--;
      if (depth === 0) {
        const head = pattern.slice(0, open);
        const tail = pattern.slice(i + 1);
        const parts: string[] = [];
        let from = open + 1;
        for (const comma of commas) {
          parts.push(pattern.slice(from, comma));
          from = comma + 1;
        }
        parts.push(pattern.slice(from, i));
        const out: string[] = [];
        for (const part of parts) {
          const expanded = expandBraces(head + part + tail, budget);
          if (typeof expanded === 'string') return expanded;
          for (const e of expanded) {
            if (--budget.left < 0) return `more than ${MAX_GLOB_ALTERNATIVES} alternatives`;
            out.push(e);
          }
        }
        return [...new Set(out)];
      }
    } else if (c === ',' && depth === 1) commas.push(i);
  }
  if (depth > 0) return 'an unclosed {';
  return [pattern];
}

/** Index of the `]` closing the class opened at `open`, -1 when none. */
function classEnd(p: string, open: number): number {
  let i = open + 1;
  if (p[i] === '!' || p[i] === '^') i++;
  if (p[i] === ']') i++; // a leading ] is literal
  for (; i < p.length; i++) {
    if (p[i] === '\\') i++;
    else if (p[i] === ']') return i;
  }
  return -1;
}

function tokenize(segment: string): Token[] | string {
  const out: Token[] = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '\\') {
      if (i + 1 >= segment.length) return 'a \\ at the end';
      out.push({ t: 'char', c: segment[++i] });
    } else if (c === '*') {
      // consecutive stars are one star
      if (out[out.length - 1]?.t !== 'star') out.push({ t: 'star' });
    } else if (c === '?') out.push({ t: 'one' });
    else if (c === '[') {
      const close = classEnd(segment, i);
      if (close < 0) return 'an unclosed [';
      let j = i + 1;
      const negate = segment[j] === '!' || segment[j] === '^';
      if (negate) j++;
      const items: [string, string][] = [];
      while (j < close) {
        let a = segment[j];
        if (a === '\\') a = segment[++j];
        j++;
        if (segment[j] === '-' && j + 1 < close) {
          let b = segment[j + 1];
          j += 2;
          if (b === '\\') b = segment[j++];
          items.push([a, b]);
        } else items.push([a, a]);
      }
      out.push({ t: 'class', negate, items });
      i = close;
    } else out.push({ t: 'char', c });
  }
  return out;
}

export function compileGlob(pattern: string): GlobCompileResult {
  if (pattern.trim() === '') return { ok: false, problem: 'an empty pattern' };
  if (pattern.length > MAX_GLOB_LENGTH) return { ok: false, problem: `longer than ${MAX_GLOB_LENGTH} characters` };
  const expanded = expandBraces(pattern.replace(/^\.\//, ''), { left: MAX_GLOB_ALTERNATIVES });
  if (typeof expanded === 'string') return { ok: false, problem: expanded };
  const alternatives: Segment[][] = [];
  for (const alt of expanded) {
    const segments: Segment[] = [];
    for (const seg of alt.split('/')) {
      if (seg === '**') {
        if (segments[segments.length - 1] !== 'globstar') segments.push('globstar');
        continue;
      }
      const tokens = tokenize(seg);
      if (typeof tokens === 'string') return { ok: false, problem: tokens };
      segments.push(tokens);
    }
    alternatives.push(segments);
  }
  return { ok: true, glob: { pattern, alternatives } };
}

function matchOne(token: Token, c: string): boolean {
  switch (token.t) {
    case 'one':
      return true;
    case 'char':
      return token.c === c;
    case 'class': {
      const hit = token.items.some(([a, b]) => c >= a && c <= b);
      return token.negate ? !hit : hit;
    }
    default:
      return false;
  }
}

/** Wildcard matching with one backtracking point (the last star): O(tokens × text) steps, never exponential. */
function matchTokens<T, U>(tokens: readonly T[], items: readonly U[], isStar: (t: T) => boolean, one: (t: T, u: U) => boolean): boolean {
  let p = 0;
  let i = 0;
  let starP = -1;
  let starI = 0;
  while (i < items.length) {
    if (p < tokens.length && isStar(tokens[p])) {
      starP = p++;
      starI = i;
    } else if (p < tokens.length && one(tokens[p], items[i])) {
      p++;
      i++;
    } else if (starP >= 0) {
      p = starP + 1;
      i = ++starI;
    } else return false;
  }
  while (p < tokens.length && isStar(tokens[p])) p++;
  return p === tokens.length;
}

function matchSegment(tokens: Token[], name: string): boolean {
  return matchTokens(tokens, [...name], (t) => t.t === 'star', matchOne);
}

/** Whether `relPath` (slashes; relative to the workspace folder) matches. A pattern without a slash matches the
 *  file name in any folder, unless `matchBase` is false (then every pattern matches the whole path). */
export function globMatches(glob: CompiledGlob, relPath: string, options: { matchBase?: boolean } = {}): boolean {
  const matchBase = options.matchBase ?? true;
  const p = relPath.replace(/\\/g, '/');
  const parts = p.split('/');
  const name = parts[parts.length - 1];
  for (const segments of glob.alternatives) {
    if (matchBase && segments.length === 1 && segments[0] !== 'globstar') {
      if (matchSegment(segments[0], name)) return true;
      continue;
    }
    if (matchTokens(segments, parts, (s) => s === 'globstar', (s, part) => s !== 'globstar' && matchSegment(s, part))) return true;
  }
  return false;
}
