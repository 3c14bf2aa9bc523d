// A mapping key that is a list or a mapping: the `yaml` package reads it, kubectl refuses the document ("yaml:
// invalid map key"; server/src/engine/parse/kubectl-keys.ts has the upstream source). Exact ranges and verdicts;
// keys that only look like one are left alone.
import { describe, expect, it } from 'vitest';
import { check, r } from './helpers';

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n';
const docs = (t: string) => check(t).documents.map((d) => [d.kind ?? null, d.checked]);
const found = (t: string) => check(t).findings.map((f) => [f.code, f.severity, f.document, f.range, f.data?.['rule']]);

describe('keys kubectl cannot decode', () => {
  it('an explicit key that is a list: that document is refused and not checked further', () => {
    const text = `${CM}  ok: v\n---\n${CM}  ? [a, b]\n  : c\n  bogus: 1\n`;
    const report = check(text);
    expect(report.findings.map((f) => [f.code, f.severity, f.message, f.document, f.range, f.data])).toEqual([
      [
        'yaml-syntax',
        'error',
        'Applying fails: kubectl refuses this document: a mapping key is a list or a mapping (yaml: invalid map key)',
        1,
        r(12, 4, 12, 10),
        { rule: 'yaml-collection-key', pipelineStage: 'decode', verdict: 'rejected' },
      ],
    ]);
    expect(docs(text)).toEqual([['ConfigMap', true], [null, false]]);
  });

  it('flow collections as implicit keys, and an alias of a list used as a key', () => {
    expect(found(`${CM}  [a, b]: c\n`)).toEqual([['yaml-syntax', 'error', 0, r(5, 2, 5, 8), 'yaml-collection-key']]);
    expect(found(`${CM}  {x: 1}: c\n`)).toEqual([['yaml-syntax', 'error', 0, r(5, 2, 5, 8), 'yaml-collection-key']]);
    expect(found(`${CM}  l: &l [a]\n  *l : c\n`)).toEqual([['yaml-syntax', 'error', 0, r(6, 2, 6, 4), 'yaml-collection-key']]);
    // One finding, on the first such key of the text (nested ones included).
    expect(found(`${CM}  m:\n    [x]: 1\n  n:\n    [y]: 2\n`)).toEqual([['yaml-syntax', 'error', 0, r(6, 4, 6, 7), 'yaml-collection-key']]);
  });

  it('leaves alone keys that are strings: quoted brackets, an explicit scalar key, an alias of a string', () => {
    // (A ConfigMap key "[a, b]" is refused by validation, a different stage: only what decoding says counts here.)
    expect(found(`${CM}  "[a, b]": c\n  ? d\n  : e\n  f: &k g\n  *k : h\n  url: "http://x?y=[1]"\n`).filter((f) => f[0] === 'yaml-syntax')).toEqual([]);
  });
});
