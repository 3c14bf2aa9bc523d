// The gate declarations of kubernetes/kubernetes (pkg/features/*.go and staging/src/k8s.io/*/pkg/features/*.go):
// each `Name featuregate.Feature = "Name"` const carries a `kep:` comment line with the KEP's link
// (kep.k8s.io/NNNN, or an enhancements issue or folder). That link is the primary KEP of a shipped gate, also
// when the KEP's kep.yaml lists the gate under another name.
import { matchingClose, tokenizeGo } from './go-tokens';
import { commentAbove } from './go-types';
import type { SourceTree } from './source-tree';

/** The KEP number of a `kep:` comment line, or undefined. */
export function kepOfComment(line: string): number | undefined {
  const m = /^kep:\s*(?:https?:\/\/)?\S*?\/(\d+)(?:-[^\s/]*)?\/?\s*$/i.exec(line.trim());
  return m ? Number(m[1]) : undefined;
}

/** Gate name → KEP number, from one Go file's const declarations. */
export function gateKepsOf(src: string): Record<string, number> {
  const toks = tokenizeGo(src);
  const out: Record<string, number> = {};
  for (let i = 0; i < toks.length; i++) {
    if (toks[i].text !== 'const' || !toks[i].newlineBefore || toks[i + 1]?.text !== '(') continue;
    const close = matchingClose(toks, i + 1);
    for (let j = i + 2; j < close; j++) {
      const t = toks[j];
      if (t.kind !== 'ident' || !t.newlineBefore) continue;
      // Name featuregate.Feature = "Name"   or   Name Feature = "Name"
      let k = j + 1;
      if (toks[k]?.kind === 'ident' && toks[k + 1]?.text === '.') k += 2;
      if (toks[k]?.text !== 'Feature' || toks[k + 1]?.text !== '=' || toks[k + 2]?.kind !== 'string') continue;
      const gate = toks[k + 2].value ?? t.text;
      for (const line of commentAbove(toks, j)) {
        const kep = kepOfComment(line);
        if (kep !== undefined) out[gate] = kep;
      }
    }
    i = close;
  }
  return out;
}

export const FEATURE_SOURCE_DIRS = (tree: SourceTree): string[] => {
  const dirs = ['pkg/features'];
  for (const rel of tree.list('staging/src/k8s.io', (p) => /^[^/]+\/pkg\/features\/[^/]+\.go$/.test(p))) {
    const dir = `staging/src/k8s.io/${rel.split('/').slice(0, 3).join('/')}`;
    if (!dirs.includes(dir)) dirs.push(dir);
  }
  return dirs;
};

/** Gate → KEP over every feature source file of the checkout, with the files read. */
export function readGateKeps(tree: SourceTree): { keps: Record<string, number>; files: string[] } {
  const keps: Record<string, number> = {};
  const files: string[] = [];
  for (const dir of FEATURE_SOURCE_DIRS(tree)) {
    for (const f of tree.list(dir, (p) => /^[^/]+\.go$/.test(p) && !p.endsWith('_test.go'))) {
      const rel = `${dir}/${f}`;
      const found = gateKepsOf(tree.read(rel));
      if (Object.keys(found).length === 0) continue;
      files.push(rel);
      Object.assign(keps, found);
    }
  }
  return { keps: Object.fromEntries(Object.keys(keps).sort().map((k) => [k, keps[k]])), files };
}
