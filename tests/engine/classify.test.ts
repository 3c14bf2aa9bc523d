// What a document is taken for when it has no string apiVersion and kind, through the public entry point: an
// object missing them is refused as kubectl refuses it; a document that merely has a `kind` or an `apiVersion` key
// (a golden file, a tool's config) is no Kubernetes object and gets no finding.
import { describe, expect, it } from 'vitest';
import { checkFixture, parseFixture } from '../support/fixture';

function taken(text: string, file = 'x.yaml'): { as?: string; statuses: string[]; codes: string[] } {
  const report = checkFixture(parseFixture(`#== ${file}\n${text}`)).get(file)!;
  return { as: report.taken?.as, statuses: report.documents.map((d) => d.status), codes: report.findings.map((f) => f.code) };
}

describe('documents without a string apiVersion and kind', () => {
  it('a Pod with no apiVersion applied on its own is refused (metadata, or a built-in kind with spec)', () => {
    expect(taken('kind: Pod\nmetadata:\n  name: web\nspec:\n  containers: [{name: a, image: b}]\n')).toEqual({ as: 'manifest', statuses: ['type-meta'], codes: ['missing-field'] });
    expect(taken('kind: Pod\nspec:\n  containers: [{name: a, image: b}]\n')).toEqual({ as: 'manifest', statuses: ['type-meta'], codes: ['missing-field'] });
    expect(taken('kind: Widget\nmetadata: {name: a}\n').codes).toEqual(['missing-field']);
    expect(taken('apiVersion: v1\nmetadata: {name: a}\n').codes).toEqual(['missing-field']);
  });

  it('a kind or apiVersion key without metadata is no object: a golden file, a tool config, a kind unknown with spec', () => {
    expect(taken('kind: RenderResult\nobjects: 3\n')).toEqual({ as: 'not-kubernetes', statuses: ['not-kubernetes'], codes: [] });
    expect(taken('kind: Widget\nspec: {size: 1}\n')).toEqual({ as: 'not-kubernetes', statuses: ['not-kubernetes'], codes: [] });
    expect(taken('apiVersion: v2\nname: web\nversion: 1.0.0\n')).toEqual({ as: 'not-kubernetes', statuses: ['not-kubernetes'], codes: [] });
  });

  it('a kubeadm patch file is taken by its name; the same text elsewhere is an object missing its type', () => {
    const patch = 'spec:\n  containers:\n  - name: kube-scheduler\n';
    expect(taken(patch, 'patches/kube-scheduler+merge.yaml')).toEqual({ as: 'not-kubernetes', statuses: ['not-kubernetes'], codes: [] });
    expect(taken(patch, 'patches/scheduler.yaml').codes).toEqual(['missing-field']);
  });

  it('a kustomization is kustomize\'s input, with or without its apiVersion and kind', () => {
    expect(taken('resources: [a.yaml]\n', 'kustomization.yaml')).toEqual({ as: 'kustomization', statuses: ['kustomization'], codes: [] });
    expect(taken('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [a.yaml]\n', 'base/kustomization.yml').statuses).toEqual(['kustomization']);
    // Under another name, a Kustomization document is still kustomize's, not an unknown API.
    expect(taken('apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n', 'component.yaml').statuses).toEqual(['kustomization']);
  });
});

describe('templates of other tools', () => {
  it('a ${NAME} placeholder making a one-word value is a template, with its own note; in text it is data', () => {
    const fx = parseFixture('#== ns.yaml\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${NAMESPACE:-dev}\n');
    const report = checkFixture(fx).get('ns.yaml')!;
    expect(report.taken?.as).toBe('template');
    expect(report.findings.map((f) => [f.code, f.message])).toEqual([['template-not-checked', 'Not checked: ${…} placeholders shape this document']]);
    expect(taken('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  annotations:\n    run: echo ${HOME} now\n')).toEqual({ as: 'manifest', statuses: ['checked'], codes: [] });
  });
});
