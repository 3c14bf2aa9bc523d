// The schema URIs the VS Code client hands to Red Hat's YAML extension (client/src/yamlSchemaUri.ts): only
// documents with Kubernetes kinds get one; it names the document and changes when its kinds or version comment do.
import { describe, expect, it } from 'vitest';
import { kindsOf, resourceOf, SCHEMA_SCHEME, schemaUriFor } from '../../client/src/yamlSchemaUri';

const doc = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: "Service"\n';
const resource = 'file:///home/user/app/deploy.yaml';

describe('YAML extension schema URIs', () => {
  it('lists the top-level apiVersion and kind of each document', () => {
    expect(kindsOf(doc)).toEqual(['apps/v1 Deployment', 'v1 Service']);
    expect(kindsOf('spec:\n  kind: Nested\n  apiVersion: v1\n')).toEqual([]);
  });

  it('gives Kubernetes documents a kubegate: URI that names the document, others none', () => {
    const uri = schemaUriFor(resource, doc);
    expect(uri?.startsWith(`${SCHEMA_SCHEME}://schema/`)).toBe(true);
    expect(resourceOf(uri!)).toBe(resource);
    expect(schemaUriFor(resource, 'name: not kubernetes\nitems: []\n')).toBeUndefined();
    expect(resourceOf('https://example.com/schema.json')).toBeUndefined();
  });

  it('changes the URI when the kinds or the version comment change, not for other edits', () => {
    const base = schemaUriFor(resource, doc);
    expect(schemaUriFor(resource, doc.replace('name: a', 'name: b'))).toBe(base);
    expect(schemaUriFor(resource, doc.replace('kind: Deployment', 'kind: StatefulSet'))).not.toBe(base);
    expect(schemaUriFor(resource, `# kubegate: kubernetes-version=1.35\n${doc}`)).not.toBe(base);
  });
});
