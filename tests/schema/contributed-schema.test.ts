// The schema Kubegate lends Red Hat's YAML extension (engine/schema/contributed-schema.ts): only for files whose
// built-in kinds Kubegate checks with their full rules, named and titled readably, without gate sentences or
// key proposals (Kubegate's own hover and completion give them).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contributedSchema } from '../../server/src/engine';
import { gateAnnotations } from '../support/schema-annotations';
import { SUBJECT, subjectFacts } from '../e2e/harness/facts';

const V = '1.37';
const facts = subjectFacts();
const slice = readFileSync(path.join(__dirname, '..', 'e2e', 'fixtures', 'workspace', 'resourceslice.yaml'), 'utf8');
const deploy = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: a\n';

describe('contributedSchema', () => {
  it('names the version and kinds: file name and title', () => {
    const one = contributedSchema(deploy, { version: V });
    expect(one?.name).toBe('deployment-apps-v1.json');
    expect(one?.kubernetesVersion).toBe(V);
    expect(one?.schema['title']).toBe(`Kubegate ${V} Deployment (apps/v1)`);
    const two = contributedSchema(`${deploy}---\napiVersion: v1\nkind: Service\n`, { version: V });
    expect(two?.name).toBe('deployment-apps-v1+service-v1.json');
    expect(two?.schema['title']).toBe(`Kubegate ${V} Deployment (apps/v1), Service (v1)`);
    const older = contributedSchema(`# kubegate: kubernetes-version=1.35\n${deploy}`, { version: V });
    expect(older?.kubernetesVersion).toBe('1.35');
  });

  it('declines kustomize patches and bases, fragments, kustomizations, templates and unchecked kinds', () => {
    const patch = { role: 'patch' as const, kustomization: '/r/kustomization.yaml', injected: [] };
    expect(contributedSchema(deploy, { version: V, kustomize: patch })).toBeNull();
    expect(contributedSchema(deploy, { version: V, kustomize: { ...patch, role: 'resource' } })).toBeNull();
    expect(contributedSchema(`# kubegate: fragment\n${deploy}`, { version: V })).toBeNull();
    expect(contributedSchema('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamePrefix: a-\n', { version: V })).toBeNull();
    expect(contributedSchema('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Values.name }}\n', { version: V })).toBeNull();
    expect(contributedSchema('apiVersion: example.com/v1\nkind: Widget\n', { version: V })).toBeNull();
    expect(contributedSchema('name: not kubernetes\n', { version: V })).toBeNull();
  });

  it(`keeps the gate annotation of ${SUBJECT.kind} ${facts.field} but no gate sentence, and proposes no key`, () => {
    const c = contributedSchema(slice, { version: V })!;
    const [a] = gateAnnotations(c.schema, facts.gate);
    expect(a?.['kep']).toMatchObject({ number: facts.kep });
    const text = JSON.stringify(c.schema);
    expect(text).not.toContain(`Feature gate ${facts.gate}`);
    const props = (c.schema['definitions'] as Record<string, { properties?: Record<string, Record<string, unknown>> }>);
    const withProps = Object.values(props).filter((d) => d.properties);
    expect(withProps.length).toBeGreaterThan(0);
    for (const d of withProps) for (const p of Object.values(d.properties!)) expect(p['doNotSuggest']).toBe(true);
  });
});
