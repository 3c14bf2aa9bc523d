// What the VS Code client decides alone before offering Red Hat's YAML extension a schema (client/src/yamlSchemaUri.ts):
// documents with Kubernetes kinds only, never where a modeline or the user's `yaml.schemas` associates a schema,
// never for a kustomization; readable URIs that name the version and kinds and the document.
import { describe, expect, it } from 'vitest';
import {
  associatedByUser,
  hasSchemaModeline,
  isKustomization,
  kindsOf,
  provisionalName,
  resourceForMatching,
  resourceOf,
  schemaKeyOf,
  schemaUri,
} from '../../client/src/yamlSchemaUri';

const doc = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: "Service"\n';
const resource = 'file:///home/user/app/deploy.yaml';

describe('YAML extension schema URIs and scope', () => {
  it('lists the top-level apiVersion and kind of each document', () => {
    expect(kindsOf(doc)).toEqual(['apps/v1 Deployment', 'v1 Service']);
    expect(kindsOf('spec:\n  kind: Nested\n  apiVersion: v1\n')).toEqual([]);
  });

  it('names the version and the kinds in the URI, and the document in its query', () => {
    const uri = schemaUri(resource, '1.37', 'pod-v1.json');
    expect(uri).toBe('kubegate://schemas/1.37/pod-v1.json?resource=file%3A%2F%2F%2Fhome%2Fuser%2Fapp%2Fdeploy.yaml');
    expect(resourceOf(uri)).toBe(resource);
    expect(resourceOf('https://example.com/schema.json')).toBeUndefined();
    const again = schemaUri(resource, '1.37', 'pod-v1.json', 2);
    expect(again).toBe('kubegate://schemas/1.37/pod-v1.json?rev=2&resource=file%3A%2F%2F%2Fhome%2Fuser%2Fapp%2Fdeploy.yaml');
    expect(resourceOf(again)).toBe(resource);
    expect(provisionalName(doc)).toBe('deployment-apps-v1+service-v1.json');
    expect(provisionalName('apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\n')).toBe('resourceslice-resource-v1.json');
  });

  it('asks the server again when the kinds or the version comment change, not for other edits', () => {
    const base = schemaKeyOf(doc);
    expect(schemaKeyOf(doc.replace('name: a', 'name: b'))).toBe(base);
    expect(schemaKeyOf(doc.replace('kind: Deployment', 'kind: StatefulSet'))).not.toBe(base);
    expect(schemaKeyOf(`# kubegate: kubernetes-version=1.35\n${doc}`)).not.toBe(base);
  });

  it('leaves a document with a schema modeline and a kustomization to the YAML extension', () => {
    expect(hasSchemaModeline(`# yaml-language-server: $schema=https://example.com/s.json\n${doc}`)).toBe(true);
    expect(hasSchemaModeline(doc)).toBe(false);
    expect(isKustomization('/r/overlays/prod/kustomization.yaml', 'resources: [a.yaml]\n')).toBe(true);
    expect(isKustomization('/r/k.yaml', 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n')).toBe(true);
    expect(isKustomization('/r/deploy.yaml', doc)).toBe(false);
  });

  it("reads the user's yaml.schemas globs as yaml-language-server does (**/ in front, leading / dropped, ! excludes)", () => {
    const setting = { 'https://example.com/k.json': ['kustomization.yaml'], './local.json': '/manifests/*.yaml', x: ['**/*.yml', '!**/skip/*.yml'] };
    expect(associatedByUser('file:///home/u/repo/base/kustomization.yaml', setting)).toBe(true);
    expect(associatedByUser('file:///home/u/repo/manifests/pod.yaml', setting)).toBe(true);
    expect(associatedByUser('file:///home/u/repo/other/pod.yaml', setting)).toBe(false);
    expect(associatedByUser('file:///home/u/repo/a/pod.yml', setting)).toBe(true);
    expect(associatedByUser('file:///home/u/repo/skip/pod.yml', setting)).toBe(false);
    expect(associatedByUser('file:///home/u/repo/a/pod.yml', undefined)).toBe(false);
  });

  it('matches as picomatch does there: extglobs, braces, a full file:/// pattern, the URI unencoded', () => {
    const setting = { 'team.json': ['*.@(custom|team).yaml', 'file:///home/u/repo/fixed/*.yaml', 'conf/*.{yml,yaml}'] };
    const at = (p: string) => `file://${p}`;
    expect(associatedByUser(at('/home/u/repo/app/web.team.yaml'), setting)).toBe(true);
    expect(associatedByUser(at('/home/u/repo/app/web.custom.yaml'), setting)).toBe(true);
    expect(associatedByUser(at('/home/u/repo/app/web.other.yaml'), setting)).toBe(false);
    expect(associatedByUser(at('/home/u/repo/fixed/pod.yaml'), setting)).toBe(true);
    expect(associatedByUser(at('/home/u/other/fixed/pod.yaml'), setting)).toBe(false);
    expect(associatedByUser(at('/home/u/my repo/conf/a.yml'), setting)).toBe(true);
    // the document's URI as the YAML server matches it: no query or fragment, not percent-encoded
    const uri = { with: (c: { query: string; fragment: string }) => ({ toString: (skip?: boolean) => `file:///home/u/my${skip ? ' ' : '%20'}repo/a.yaml${c.query}${c.fragment}` }) };
    expect(resourceForMatching(uri)).toBe('file:///home/u/my repo/a.yaml');
  });
});
