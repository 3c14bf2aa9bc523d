// A small Go source tokenizer that keeps comments (the markers `+featureGate=…`, `+k8s:…`, `+optional` live in
// them). It knows just enough of the Go lexical grammar for declarations: identifiers, numbers, the three string
// forms, runes, line and block comments, and operators (one token per punctuation character, which is all the
// extractors need). Lines are 1-based.

export type GoTokenKind = 'ident' | 'number' | 'string' | 'rune' | 'comment' | 'punct';

export interface GoToken {
  kind: GoTokenKind;
  text: string;
  line: number;
  /** For strings: the value without quotes (interpreted strings: only \" and \\ unescaped). */
  value?: string;
  /** A newline (or a comment ending one) lies between this token and the previous one. */
  newlineBefore: boolean;
}

const IDENT_START = /[A-Za-z_\u00c0-\uffff]/;
const IDENT_PART = /[A-Za-z0-9_\u00c0-\uffff]/;

export function tokenizeGo(src: string): GoToken[] {
  const out: GoToken[] = [];
  let i = 0;
  let line = 1;
  let newline = true;
  const push = (kind: GoTokenKind, start: number, startLine: number, value?: string): void => {
    out.push({ kind, text: src.slice(start, i), line: startLine, value, newlineBefore: newline });
    newline = false;
  };
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') {
      line++;
      i++;
      newline = true;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    const startLine = line;
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      push('comment', start, startLine);
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
      for (let j = start; j < i; j++) if (src[j] === '\n') line++;
      push('comment', start, startLine);
      continue;
    }
    if (IDENT_START.test(c)) {
      while (i < src.length && IDENT_PART.test(src[i])) i++;
      push('ident', start, startLine);
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      while (i < src.length && /[0-9A-Za-z_.]/.test(src[i])) {
        // exponent signs: 1e-3, 0x1p+2
        if (/[eEpP]/.test(src[i]) && /[+-]/.test(src[i + 1] ?? '')) i++;
        i++;
      }
      push('number', start, startLine);
      continue;
    }
    if (c === '`') {
      const end = src.indexOf('`', i + 1);
      i = end < 0 ? src.length : end + 1;
      for (let j = start; j < i; j++) if (src[j] === '\n') line++;
      push('string', start, startLine, src.slice(start + 1, i - 1));
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < src.length && src[i] !== c && src[i] !== '\n') i += src[i] === '\\' ? 2 : 1;
      i++;
      const raw = src.slice(start + 1, i - 1);
      push(c === '"' ? 'string' : 'rune', start, startLine, raw.replace(/\\(["\\])/g, '$1'));
      continue;
    }
    i++;
    push('punct', start, startLine);
  }
  return out;
}

/** The text of a comment token without `//` or the block delimiters, one entry per line, trimmed. */
export function commentLines(tok: GoToken): string[] {
  if (tok.text.startsWith('//')) return [tok.text.slice(2).trim()];
  return tok.text
    .slice(2, -2)
    .split('\n')
    .map((l) => l.replace(/^\s*\*?/, '').trim());
}

/** Index of the token closing the bracket opened at `open` (`(`/`{`/`[`), or the last index if unbalanced. */
export function matchingClose(toks: GoToken[], open: number): number {
  const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  const o = toks[open].text;
  const c = pairs[o];
  let depth = 0;
  for (let i = open; i < toks.length; i++) {
    const t = toks[i];
    if (t.kind !== 'punct') continue;
    if (t.text === o) depth++;
    else if (t.text === c && --depth === 0) return i;
  }
  return toks.length - 1;
}

/** Go's `import` declarations: local name → import path (the name defaults to the path's last element). */
export function goImports(toks: GoToken[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < toks.length; i++) {
    if (toks[i].kind !== 'ident' || toks[i].text !== 'import' || !toks[i].newlineBefore) continue;
    const specs: GoToken[] = [];
    let end = i + 1;
    if (toks[i + 1]?.text === '(') {
      end = matchingClose(toks, i + 1);
      for (let j = i + 2; j < end; j++) if (toks[j].kind !== 'comment') specs.push(toks[j]);
    } else {
      for (let j = i + 1; j < toks.length && specs.length < 2; j++) {
        if (toks[j].kind === 'comment') continue;
        specs.push(toks[j]);
        if (toks[j].kind === 'string') break;
      }
    }
    let alias: string | undefined;
    for (const t of specs) {
      if (t.kind === 'string') {
        const p = t.value ?? '';
        out.set(alias ?? p.split('/').pop() ?? p, p);
        alias = undefined;
      } else if (t.kind === 'ident' || t.text === '_' || t.text === '.') alias = t.text;
    }
    i = end;
  }
  return out;
}

/** Const specs `Name Type = "value"` (alone or in `const ( … )`): [index of Name, Type token]. */
function constSpecs(toks: GoToken[]): [number, GoToken | undefined][] {
  const out: [number, GoToken | undefined][] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.kind !== 'ident' || t.text !== 'const' || !t.newlineBefore) continue;
    if (toks[i + 1]?.text === '(') {
      const close = matchingClose(toks, i + 1);
      for (let j = i + 2; j < close; j++) if (toks[j].kind === 'ident' && toks[j].newlineBefore) out.push([j, toks[j + 1]]);
      i = close;
    } else out.push([i + 1, toks[i + 2]]);
  }
  return out.filter(([at, typ]) => typ?.kind === 'ident' && toks[at + 2]?.text === '=' && toks[at + 3]?.kind === 'string');
}

export function typedConstTypes(toks: GoToken[]): Set<string> {
  return new Set(constSpecs(toks).map(([, typ]) => typ?.text ?? ''));
}
