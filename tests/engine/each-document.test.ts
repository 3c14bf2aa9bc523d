// A check reads a file one document at a time (engine/parse/each-document.ts: each tree is analysed, then
// dropped) and gives exactly the report of analysing all documents at once (analyzeFile), on inline texts and on
// every corpus file; texts it cannot read so (templates, a document the fast path gives up on) go the other way.
// Internal imports: `check` (analyzeFile, reportOf: the walk and the gate step apart), `parse/each-document`
// (eachDocument: the document-by-document parse, no public surface), `parse/parseFile` (parseFile, textLineCounter:
// the whole-text parse to compare with).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, reportOf } from '../../server/src/engine/check';
import { eachDocument } from '../../server/src/engine/parse/each-document';
import { parseFile, textLineCounter } from '../../server/src/engine/parse/parseFile';
import { type CheckOptions, Analysis } from '../../server/src/engine';
import { hasShared, sharedDir, sharedTitle } from '../support/shared';

const options: CheckOptions = { version: '1.37' };
const allAtOnce = (text: string) => reportOf(analyzeFile(text, options), options);

const TEXTS: Record<string, string> = {
  'plain documents, a config among them, a misspelt field':
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndta: 1\n---\napiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  DefaultPodSysctls: false\ndefaultPodSysctls:\n  net.ipv4.ip_unprivileged_port_start: "0"\n',
  'a version comment and a disable comment':
    '# kubegate: kubernetes-version=1.34\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n# kubegate-disable-next-line unknown-field\nspc: {}\n---\napiVersion: v1\nkind: Pod\nspc: {}\n',
  'a syntax error in one document': 'apiVersion: v1\nkind: Pod\n---\na: b: c\n---\napiVersion: v1\nkind: Service\nspec:\n  type: Nope\n',
  'a quote left open past a ---': 'apiVersion: v1\nkind: Pod\n---\nmetadata: "x\n---\nkind: Pod\n',
};

describe('a check one document at a time', () => {
  for (const [name, text] of Object.entries(TEXTS)) {
    it(`gives the report of all documents at once: ${name}`, () => expect(new Analysis(options).check(text)).toStrictEqual(allAtOnce(text)));
  }

  it('hands each document over with its tree and keeps none of the trees', () => {
    const text = 'a: 1\n---\nb: 2\n---\nc: 3\n';
    const seen: string[] = [];
    const file = eachDocument(text, textLineCounter(text), (pdoc, parsed) => {
      seen.push(String(pdoc.doc?.toJS() && Object.keys(pdoc.doc.toJS() as object)[0]));
      // The documents handed over before this one no longer hold their trees.
      expect(parsed.documents.map((d) => d.doc)).toStrictEqual(parsed.documents.map(() => null));
    });
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(file?.documents.map((d) => [d.start, d.end, d.doc])).toEqual([[0, 5, null], [5, 14, null], [14, 23, null]]);
    expect(file?.documents.map((d) => [d.start, d.end])).toEqual(parseFile(text).documents.map((d) => [d.start, d.end]));
  });

  it('leaves texts with template markers to the whole-file reading', () => {
    expect(eachDocument('a: {{ .Values.x }}\n', textLineCounter('a: {{ .Values.x }}\n'), () => undefined)).toBeUndefined();
  });
});

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const f = path.join(dir, name);
    return statSync(f).isDirectory() ? yamlFiles(f) : /\.ya?ml$/i.test(name) ? [f] : [];
  });
}

describe.skipIf(!hasShared)(sharedTitle('a check one document at a time, on the corpus'), () => {
  it('gives the report of all documents at once on every corpus file', () => {
    const differ: string[] = [];
    for (const f of yamlFiles(path.join(sharedDir, 'corpus'))) {
      const text = readFileSync(f, 'utf8');
      if (JSON.stringify(new Analysis(options).check(text)) !== JSON.stringify(allAtOnce(text))) differ.push(path.relative(sharedDir, f));
    }
    expect(differ).toEqual([]);
  }, 120_000);
});
