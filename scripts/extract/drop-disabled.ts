// kubernetes/kubernetes pkg/api/<group>/util.go: the `dropDisabled*` functions clear a field of a new object
// while its gate is off (and the old object does not use it). Each `if !…Enabled(features.Gate) … { x.F = nil }`
// block gives one row per assignment: function, gate, the assigned Go selector (e.g. `podSpec.HostUsers`).
import { matchingClose, tokenizeGo, type GoToken } from './go-tokens';

export interface DropRow {
  file: string;
  function: string;
  gate: string;
  /** The assigned selector as written (`podSpec.Containers[i].RestartPolicy` → `podSpec.Containers[].RestartPolicy`). */
  target: string;
  /** Go name of the cleared field (the last selector element). */
  field: string;
  line: number;
}

/** Gates named in a negated `Enabled(features.X)` call between tokens `from` and `to`. */
function negatedGates(toks: GoToken[], from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) {
    if (toks[i].text !== '!') continue;
    // ! utilfeature.DefaultFeatureGate.Enabled(features.X)   or   !feature.DefaultFeatureGate.Enabled(...)
    let j = i + 1;
    while (j < to && (toks[j].kind === 'ident' || toks[j].text === '.') && toks[j].text !== 'Enabled') j++;
    if (toks[j]?.text !== 'Enabled' || toks[j + 1]?.text !== '(') continue;
    const close = matchingClose(toks, j + 1);
    const last = toks[close - 1];
    if (last?.kind === 'ident' && toks[close - 2]?.text === '.') out.push(last.text);
  }
  return out;
}

function assignments(toks: GoToken[], from: number, to: number): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  for (let i = from; i < to; i++) {
    if (toks[i].text !== '=' || toks[i - 1]?.text === '=' || toks[i + 1]?.text === '=' || /[!<>:+\-*/]/.test(toks[i - 1]?.text ?? '')) continue;
    // walk back over the selector expression
    let j = i - 1;
    let text = '';
    while (j >= from) {
      const t = toks[j];
      if (t.text === ']') {
        let depth = 0;
        let k = j;
        for (; k >= from; k--) {
          if (toks[k].text === ']') depth++;
          else if (toks[k].text === '[' && --depth === 0) break;
        }
        text = `[]${text}`;
        j = k - 1;
        continue;
      }
      if (t.kind === 'ident' || t.text === '.') {
        text = t.text + text;
        if (t.kind === 'ident' && t.newlineBefore) break;
        j--;
        continue;
      }
      break;
    }
    if (text.includes('.')) out.push({ target: text, line: toks[i].line });
  }
  return out;
}

export function extractDropRows(file: string, src: string): DropRow[] {
  const toks = tokenizeGo(src);
  const rows: DropRow[] = [];
  for (let i = 0; i < toks.length; i++) {
    if (toks[i].text !== 'func' || !toks[i].newlineBefore) continue;
    let n = i + 1;
    if (toks[n]?.text === '(') n = matchingClose(toks, n) + 1; // method receiver
    const name = toks[n]?.text ?? '';
    if (!/^dropDisabled/.test(name)) continue;
    let b = n + 1;
    while (b < toks.length && toks[b].text !== '{') b = toks[b].text === '(' ? matchingClose(toks, b) + 1 : b + 1;
    const end = matchingClose(toks, b);
    for (let k = b + 1; k < end; k++) {
      if (toks[k].text !== 'if') continue;
      let open = k + 1;
      while (open < end && toks[open].text !== '{') open = toks[open].text === '(' ? matchingClose(toks, open) + 1 : open + 1;
      const gates = negatedGates(toks, k + 1, open);
      if (gates.length === 0) continue;
      const close = matchingClose(toks, open);
      for (const a of assignments(toks, open + 1, close)) {
        for (const gate of gates) rows.push({ file, function: name, gate, target: a.target, field: a.target.split('.').pop() ?? a.target, line: a.line });
      }
    }
    i = end;
  }
  return rows;
}
