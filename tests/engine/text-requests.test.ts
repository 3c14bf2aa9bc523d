// Engine answers the language server asks for a file's text: completion with the file's version and gate
// states, the schema of a document, and a cheap test on a text (gate config or CRD).
// Internal imports: `complete`, `complete/complete-in-file` (completion below Analysis.complete, counting the work
// each request does).
import { describe, expect, it } from 'vitest';
import { completeAt } from '../../server/src/engine/complete';
import { completionsInFile, documentSnippets } from '../../server/src/engine/complete/complete-in-file';
import { mayHoldCrd, gateCatalog, loadVersion, mayAffectOtherFiles, documentSchema, versionKindSchema } from '../../server/src/engine';
import { V } from './helpers';

describe('completionsInFile', () => {
  it('equals completeAt with the version of the file, its knowledge and the snippets', () => {
    const text = 'apiVersion: v1\nkind: Pod\nspec:\n  \n';
    const pos = { line: 3, character: 2 };
    const got = completionsInFile(text, pos, { version: V });
    expect(got.length).toBeGreaterThan(0);
    const want = completeAt(text, pos, { version: V, data: loadVersion(V).data, gates: gateCatalog(), snippets: documentSnippets(), gateState: () => 'unknown' });
    expect(got).toEqual(want);
    const commented = `# kubegate: kubernetes-version=1.36\n${text}`;
    const at = { line: 4, character: 2 };
    expect(completionsInFile(commented, at, { version: V })).toEqual(
      completeAt(commented, at, { version: '1.36', data: loadVersion('1.36').data, gates: gateCatalog(), snippets: documentSnippets('1.36'), gateState: () => 'unknown' }),
    );
  });
});

describe('documentSchema', () => {
  it('routes the kinds of the document; one kind when asked; the version comment decides the version', () => {
    const text = '# kubegate: kubernetes-version=1.36\napiVersion: v1\nkind: ConfigMap\n---\napiVersion: apps/v1\nkind: Deployment\n';
    const all = documentSchema(text, { version: V }, false);
    expect(all?.kubernetesVersion).toBe('1.36');
    const one = documentSchema(text, { version: V }, true, 'v1', 'ConfigMap');
    expect(one).toEqual(versionKindSchema('1.36', undefined, true, 'v1', 'ConfigMap'));
    expect(documentSchema(text, { version: V }, false, 'v1', 'NoSuchKind')).toBeNull();
    expect(versionKindSchema(V, undefined, false, 'v1', 'ConfigMap')?.kubernetesVersion).toBe(V);
  });
});

describe('cheap tests on a text', () => {
  it('mayAffectOtherFiles: a gate config or a CRD, which other files read', () => {
    expect(mayAffectOtherFiles('kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\n')).toBe(true);
    expect(mayAffectOtherFiles('apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n')).toBe(true);
    expect(mayAffectOtherFiles('apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n')).toBe(true);
    expect(mayAffectOtherFiles('apiVersion: v1\nkind: Pod\n')).toBe(false);
  });

  it('mayHoldCrd: the word CustomResourceDefinition', () => {
    expect(mayHoldCrd('kind: CustomResourceDefinition\n')).toBe(true);
    expect(mayHoldCrd('kind: "CustomResourceDefinitionList"\n')).toBe(false);
    expect(mayHoldCrd('kind: ConfigMap\n')).toBe(false);
  });
});
