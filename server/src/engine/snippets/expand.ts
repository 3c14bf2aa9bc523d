// Expand VS Code snippet syntax to plain text with every placeholder at its default:
// `${1:default}` → default, `${1|a,b|}` → a, `$1`/`${1}` → the default given to tab stop 1 elsewhere (else empty),
// `$0` → empty; a tab stop given two defaults shows the first everywhere (as VS Code mirrors it); `\$`, `\}` and `\\` are unescaped. Variables (`$TM_FILENAME`, `${VAR:default}`) → their default.

interface Parsed {
  text: string;
  end: number;
}

function parse(src: string, start: number, stopAt: string | undefined, defaults: Map<string, string>, resolve: boolean): Parsed {
  let out = '';
  let i = start;
  while (i < src.length) {
    const c = src[i];
    if (stopAt !== undefined && c === stopAt) return { text: out, end: i };
    if (c === '\\' && i + 1 < src.length && '$}\\,|'.includes(src[i + 1])) {
      out += src[i + 1];
      i += 2;
      continue;
    }
    if (c === '$') {
      const simple = /^\$(\d+|[A-Za-z_][A-Za-z0-9_]*)/.exec(src.slice(i));
      if (simple) {
        out += resolve ? (defaults.get(simple[1]) ?? '') : '';
        i += simple[0].length;
        continue;
      }
      const braced = /^\$\{(\d+|[A-Za-z_][A-Za-z0-9_]*)/.exec(src.slice(i));
      if (braced) {
        const id = braced[1];
        let j = i + braced[0].length;
        if (src[j] === '}') {
          out += resolve ? (defaults.get(id) ?? '') : '';
          i = j + 1;
          continue;
        }
        if (src[j] === ':') {
          const inner = parse(src, j + 1, '}', defaults, resolve);
          if (!defaults.has(id)) defaults.set(id, inner.text);
          out += resolve ? (defaults.get(id) ?? inner.text) : inner.text;
          i = inner.end + 1;
          continue;
        }
        if (src[j] === '|') {
          const close = src.indexOf('|}', j + 1);
          if (close < 0) throw new Error(`unterminated choice at ${i}`);
          const first = splitChoices(src.slice(j + 1, close))[0] ?? '';
          if (!defaults.has(id)) defaults.set(id, first);
          out += resolve ? (defaults.get(id) ?? first) : first;
          i = close + 2;
          continue;
        }
        throw new Error(`unsupported snippet syntax at ${i}: ${src.slice(i, i + 12)}`);
      }
    }
    out += c;
    i++;
  }
  if (stopAt !== undefined) throw new Error(`unterminated placeholder before ${start}`);
  return { text: out, end: i };
}

function splitChoices(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && i + 1 < s.length) {
      cur += s[i + 1];
      i++;
    } else if (s[i] === ',') {
      out.push(cur);
      cur = '';
    } else cur += s[i];
  }
  out.push(cur);
  return out;
}

/** The text a snippet inserts when every placeholder keeps its default. */
export function expandDefaults(body: string): string {
  const defaults = new Map<string, string>();
  parse(body, 0, undefined, defaults, false); // first pass: learn defaults of every tab stop
  defaults.set('0', '');
  return parse(body, 0, undefined, defaults, true).text;
}
