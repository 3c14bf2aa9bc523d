// The snippets completion offers for each supported target version (engine/snippets/for-version.ts): inserted
// (expanded with their defaults) they check without an error or warning at that version, once the gates they
// ask for are on; one that is not valid there carries the version comment that makes it valid and says so; a
// design no supported version serves (the KEP-5823 checkpoint/restore pair) is not offered.
// Internal imports: `knowledge` (briefFacts: the brief's feature facts the test compares with; not public),
// `snippets` (loadSnippets: the shipped snippets), `snippets/for-version` (snippetsForVersion).
import { describe, expect, it } from 'vitest';
import { briefFacts } from '../../server/src/engine/knowledge';
import { Analysis, expandDefaults, SUPPORTED_VERSIONS } from '../../server/src/engine';
import { loadSnippets } from '../../server/src/engine/snippets';
import { snippetsForVersion } from '../../server/src/engine/snippets/for-version';
import { checkWithGates, describeFindings, errorsAndWarnings, gatesAskedFor } from './helpers';

const all = loadSnippets();
const kep = briefFacts().notShippedApis[0]!.kep;

describe.each(SUPPORTED_VERSIONS.map((v) => [v] as const))('snippets offered at %s', (version) => {
  const offered = snippetsForVersion(version);

  it.each(offered.map((s) => [s.prefix, s] as const))('%s inserts a clean document', (_p, s) => {
    const text = expandDefaults(s.body);
    const first = checkWithGates(text, [], version);
    const second = checkWithGates(text, gatesAskedFor(first.findings), version);
    const bad = errorsAndWarnings(second);
    expect(bad, describeFindings(bad)).toEqual([]);
  });

  it('offers every snippet but the never-shipped design; the others carry a version comment only when needed', () => {
    const dropped = all.filter((s) => !offered.some((o) => o.prefix === s.prefix));
    expect(dropped.map((s) => s.prefix).sort()).toEqual(all.filter((s) => s.description.includes(`KEP-${kep}`)).map((s) => s.prefix).sort());
    for (const s of offered) {
      const original = all.find((o) => o.prefix === s.prefix)!;
      const m = /^# kubegate: kubernetes-version=(1\.\d+)\n/.exec(s.body);
      if (!m) {
        expect(s).toEqual(original);
        continue;
      }
      expect(m[1]).not.toBe(version);
      expect(s.body).toBe(`${m[0]}${original.body}`);
      expect(s.description).toBe(`Not valid in Kubernetes ${version}: inserts \`# kubegate: kubernetes-version=${m[1]}\`, so the document is checked against ${m[1]}. ${original.description}`);
    }
  });
});

describe('completion in an empty file', () => {
  it('offers the snippets of the file version', () => {
    const labels = (text: string) => new Analysis({ version: '1.37' }).complete(text, { line: text.split('\n').length - 1, character: 0 }).filter((e) => e.kind === 'snippet');
    expect(labels('').map((e) => e.insertText)).toEqual(snippetsForVersion('1.37').map((s) => s.body));
    expect(labels('# kubegate: kubernetes-version=1.34\n').map((e) => e.insertText)).toEqual(snippetsForVersion('1.34').map((s) => s.body));
  });
});
