// Routing. Kinds, versions and designs come from schemas/ (loaded), not from memory.
// Internal imports: `base/similar-names` (the edit distance behind did-you-mean, to state which names are near).
// Also `knowledge` (briefFacts: the brief's feature facts the test compares with; not public).
import { describe, expect, it } from 'vitest';
import { briefFacts } from '../../server/src/engine/knowledge';
import { editDistance } from '../../server/src/engine/base/similar-names';
import { OpenDocument, Analysis, closestName } from '../../server/src/engine';
import { check, data, only, single, V } from './helpers';
import { dataOf } from '../support/finding-data';

const served = () => data().kinds.filter((k) => !k.removed && !k.component);

describe('routing', () => {
  it('api-not-served for a removed kind, naming an apiVersion that serves it', () => {
    const servedKinds = new Set(served().filter((k) => data().served.notServed[k.apiVersion] === undefined).map((k) => k.kind));
    const removed = data().kinds.find((k) => k.removed && servedKinds.has(k.kind));
    expect(removed).toBeDefined();
    const text = `apiVersion: ${removed!.apiVersion}\nkind: ${removed!.kind}\nmetadata: {name: x}\n`;
    const f = single(check(text), 'api-not-served');
    expect(f.path).toBe(`${removed!.apiVersion}/${removed!.kind}`);
    expect(f.range).toEqual({ start: { line: 0, character: 12 }, end: { line: 0, character: 12 + removed!.apiVersion.length } });
    const servedAs = dataOf(f, 'api-not-served')?.servedAs ?? [];
    expect(servedAs.length).toBeGreaterThan(0);
    for (const v of servedAs) expect(served().some((k) => k.apiVersion === v && k.kind === removed!.kind)).toBe(true);
    expect(f.fix).toContain(servedAs[0]);
  });

  it('api-not-served for a vN/alpha/beta version of a built-in group that serves nothing', () => {
    const group = data().builtinGroups.find((g) => g !== '');
    const report = check(`apiVersion: ${group}/v99alpha1\nkind: Anything\n`);
    expect(single(report, 'api-not-served').path).toBe(`${group}/v99alpha1/Anything`);
    expect(report.documents[0]?.checked).toBe(false);
  });

  it('api-not-served for a design that was not shipped, with its KEP', () => {
    const design = briefFacts().notShippedApis[0];
    expect(design).toBeDefined();
    const f = single(check(`apiVersion: ${design!.apiVersion}\nkind: ${design!.kind}\n`), 'api-not-served');
    expect(dataOf(f, 'api-not-served')?.kep).toBe(design!.kep);
    expect(f.message).toContain(`KEP-${design!.kep}`);
  });

  it('unknown-kind with did-you-mean for a served apiVersion', () => {
    const k = served().find((x) => x.kind.length >= 8 && x.stability === 'stable')!;
    const typo = k.kind.slice(0, 2) + k.kind[3] + k.kind[2] + k.kind.slice(4);
    const f = single(check(`apiVersion: ${k.apiVersion}\nkind: ${typo}\n`), 'unknown-kind');
    expect(f.path).toBe(`${k.apiVersion}/${typo}`);
    expect(dataOf(f, 'unknown-kind')?.suggestion).toBe(k.kind);
    expect(f.range).toEqual({ start: { line: 1, character: 6 }, end: { line: 1, character: 6 + typo.length } });
  });

  it('not-checked for custom resources, groups that are not built in, fragments and non-objects', () => {
    const cases: [string, string, RegExp][] = [
      ['apiVersion: example.com/v1\nkind: Widget\nspec: {anything: 1}\n', 'no-schema', /^example\.com\/v1 is not a built-in Kubernetes API.*--crd FILE/],
      ['- a\n- b\n', 'not-kubernetes', /no apiVersion and kind/],
      ['replicas: 3\nimage: nginx\n', 'fragment', /^a fragment: no string apiVersion and kind/],
    ];
    for (const [text, status, reason] of cases) {
      const report = check(text);
      expect(report.findings).toEqual([]);
      expect(report.documents[0]).toMatchObject({ checked: false, status });
      expect(report.documents[0]?.reason).toMatch(reason);
    }
  });

  it('an object without a string apiVersion or kind is refused as kubectl refuses it (decode), not checked further', () => {
    const cases: [string, string, string, string][] = [
      ['kind: Pod\nspec: {}\n', 'missing-field', 'apiVersion', 'Applying fails: apiVersion is not set'],
      ['apiVersion: v1\nmetadata: {name: x}\n', 'missing-field', 'kind', 'Applying fails: kind is not set'],
      ['metadata: {name: x}\n', 'missing-field', 'apiVersion', 'Applying fails: apiVersion and kind are not set'],
      ['apiVersion: 1\nkind: Pod\n', 'invalid-value', 'apiVersion', 'Applying fails: apiVersion must be a string'],
    ];
    for (const [text, code, path, message] of cases) {
      const report = check(text);
      expect(report.findings.map((f) => [f.code, f.path, f.message, f.severity, f.data?.['pipelineStage'], f.data?.['verdict']])).toEqual([[code, path, message, 'error', 'decode', 'rejected']]);
      expect(report.documents[0]).toMatchObject({ checked: false, reason: 'apiVersion or kind not set' });
    }
    // A document with neither key nor metadata/spec is a fragment, whatever else the file holds.
    const mixed = check('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\nreplicas: 3\n---\nspec: {replicas: 3}\n');
    expect(mixed.findings.map((f) => [f.code, f.document, f.range.start.line])).toEqual([['missing-field', 2, 6]]);
    expect(mixed.documents[1]).toMatchObject({ checked: false, reason: 'a fragment: no string apiVersion and kind' });
    // In a kustomize patch such documents are fragments.
    const patch = new Analysis({ version: V, kustomize: { role: 'patch', kustomization: 'kustomization.yaml', injected: [] } }).check('kind: Deployment\nspec: {replicas: 2}\n');
    expect(patch.findings).toEqual([]);
    // So are the documents of a file marked `# kubegate: fragment` in its first lines, in every document.
    const marked = '# kubegate: fragment\nkind: Deployment\nspec: {replicas: 2}\n---\nmetadata: {name: x}\n';
    expect(check(marked).findings).toEqual([]);
    expect(new OpenDocument().update(marked, { version: V }, { maxChars: 1_000_000 }).findings).toEqual([]);
    expect(check(marked.replace('# kubegate: fragment\n', '')).findings.map((f) => [f.code, f.document])).toEqual([['missing-field', 0], ['missing-field', 1]]);
  });

  it('api-disabled-by-default (warning) for a served alpha/beta version of a built-in group', () => {
    const k = served().find((x) => /(alpha|beta)\d+$/.test(x.version) && !x.deprecated && !x.payload)!;
    const f = single(check(`apiVersion: ${k.apiVersion}\nkind: ${k.kind}\nmetadata: {name: x}\n`), 'api-disabled-by-default');
    expect(f.severity).toBe('warning');
    expect(f.data).toMatchObject({ pipelineStage: 'decode', verdict: 'rejected-unless-enabled' });
    expect(f.path).toBe(`${k.apiVersion}/${k.kind}`);
    expect(f.fix).toContain('--runtime-config');
  });

  it('api-deprecated (warning) for a kind deprecated in the target version', () => {
    const k = served().find((x) => x.deprecated && x.replacement);
    expect(k).toBeDefined();
    const report = check(`apiVersion: ${k!.apiVersion}\nkind: ${k!.kind}\nmetadata: {name: x}\n`);
    const f = single(report, 'api-deprecated');
    expect(f.severity).toBe('warning');
    expect(f.fix).toContain(k!.replacement!);
  });

  it('walks a component config kind with its config types (no api-disabled-by-default)', () => {
    const k = data().kinds.find((x) => x.component === 'kubelet' && x.kind === 'KubeletConfiguration')!;
    const report = check(`apiVersion: ${k.apiVersion}\nkind: ${k.kind}\nnotAField: 1\n`);
    expect(only(report, 'api-disabled-by-default')).toEqual([]);
    expect(single(report, 'unknown-field').path).toBe('notAField');
  });
});

describe('did-you-mean', () => {
  it('prefers a case-insensitive match, then a small edit distance', () => {
    expect(closestName('SkipNodeOperations', ['skipNodeOperations', 'nodeName'])).toBe('skipNodeOperations');
    expect(closestName('Deplyment', ['Deployment', 'DaemonSet'])).toBe('Deployment');
    expect(closestName('zzz', ['Deployment'])).toBeUndefined();
    expect(editDistance('ab', 'ba')).toBe(1);
  });
});
