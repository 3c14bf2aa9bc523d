// kubegate/schema over the real protocol: the gate-aware JSON Schema of a document (its version, its kinds, the
// gates on for it) or of apiVersion + kind; checked with ajv against the document itself.
// Internal imports: `schema` (SCHEMA_KEYWORDS: the schemas' own keywords, for ajv).
import { describe, expect, it } from 'vitest';
import { SCHEMA_REQUEST, type SchemaResult } from '../../server/src/contract/protocol';
import { SCHEMA_KEYWORDS } from '../../server/src/engine/schema';
import { DEFAULT_VERSION } from '../../server/src/engine';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { kindConfig, SLICE } from './fixtures';
import { lspSessions, lspSuite, pageGate } from './harness';
import { gateAnnotations } from '../support/schema-annotations';

const GATE = 'DRAOptionalNodeOperations';
const { create } = lspSessions();
const SUITE = lspSuite('LSP kubegate/schema');

function validator(schema: Record<string, unknown>) {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary([...SCHEMA_KEYWORDS]);
  return ajv.compile(schema);
}

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('answers the schema of a document: annotated gated field, kept when open, left out when strict', async () => {
    const { ws, client } = create({ 'm/slice.yaml': SLICE });
    await client.initialize();
    const uri = ws.uri('m/slice.yaml');
    await client.open(uri, SLICE);
    const open = (await client.connection.sendRequest(SCHEMA_REQUEST, { textDocument: { uri } })) as SchemaResult;
    expect(open?.kubernetesVersion).toBe(DEFAULT_VERSION);
    const [a] = gateAnnotations(open!.schema, GATE);
    const ref = pageGate(GATE);
    expect(a).toMatchObject({ gate: GATE, stage: ref.by_version[DEFAULT_VERSION].stage, default: ref.by_version[DEFAULT_VERSION].default, enabled: false });
    expect((a!.kep as { number: number }).number).toBe(ref.kep);
    const doc = parse(SLICE) as Record<string, unknown>;
    expect(validator(open!.schema)(doc)).toBe(true);

    const strict = (await client.connection.sendRequest(SCHEMA_REQUEST, { textDocument: { uri }, strict: true })) as SchemaResult;
    const validate = validator(strict!.schema);
    expect(validate(doc)).toBe(false);
    expect(validate.errors?.some((e) => e.keyword === 'additionalProperties' && e.params['additionalProperty'] === 'skipNodeOperations')).toBe(true);
    const { skipNodeOperations: _dropped, ...spec } = doc['spec'] as Record<string, unknown>;
    expect(validate({ ...doc, spec })).toBe(true);
  });

  it('contribute: the schema lent to the YAML extension, named and titled; none for a kustomize patch or base', async () => {
    const deploy = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n';
    const { ws, client } = create({
      'm/slice.yaml': SLICE,
      'k/kustomization.yaml': 'resources:\n  - base.yaml\npatches:\n  - path: patch.yaml\n',
      'k/base.yaml': deploy,
      'k/patch.yaml': deploy,
    });
    await client.initialize();
    const ask = (rel: string) => client.connection.sendRequest(SCHEMA_REQUEST, { textDocument: { uri: ws.uri(rel) }, contribute: true }) as Promise<SchemaResult>;
    const slice = await ask('m/slice.yaml');
    expect(slice?.name).toBe('resourceslice-resource-v1.json');
    expect(slice?.schema['title']).toBe(`Kubegate ${DEFAULT_VERSION} ResourceSlice (resource.k8s.io/v1)`);
    expect(JSON.stringify(slice?.schema)).not.toContain(`Feature gate ${GATE}`);
    const ajv = new Ajv({ strict: true, allErrors: true });
    addFormats(ajv);
    ajv.addVocabulary([...SCHEMA_KEYWORDS, 'doNotSuggest']);
    expect(ajv.compile(slice!.schema)(parse(SLICE))).toBe(true);
    expect(await ask('k/base.yaml')).toBeNull();
    expect(await ask('k/patch.yaml')).toBeNull();
    expect(await ask('k/kustomization.yaml')).toBeNull();
  });

  it('follows the gates on for the document (a repo kind config) and its version comment', async () => {
    const commented = `# kubegate: kubernetes-version=1.36\n${SLICE}`;
    const { ws, client } = create({ 'm/slice.yaml': SLICE, 'm/kind.yaml': kindConfig({ [GATE]: true }), 'm/old.yaml': commented });
    await client.initialize();
    const uri = ws.uri('m/slice.yaml');
    const strict = (await client.connection.sendRequest(SCHEMA_REQUEST, { textDocument: { uri }, strict: true })) as SchemaResult;
    expect(gateAnnotations(strict!.schema, GATE).map((x) => x['enabled'])).toContain(true);
    expect(validator(strict!.schema)(parse(SLICE))).toBe(true);

    const old = (await client.connection.sendRequest(SCHEMA_REQUEST, { textDocument: { uri: ws.uri('m/old.yaml') } })) as SchemaResult;
    expect(old?.kubernetesVersion).toBe('1.36');
  });

  it('answers apiVersion + kind from the settings, and null for a kind the version does not serve', async () => {
    const { client } = create({});
    await client.initialize();
    const deployment = (await client.connection.sendRequest(SCHEMA_REQUEST, { apiVersion: 'apps/v1', kind: 'Deployment', strict: true })) as SchemaResult;
    expect(deployment?.schema['x-kubernetes-group-version-kind']).toEqual([{ group: 'apps', kind: 'Deployment', version: 'v1' }]);
    const validate = validator(deployment!.schema);
    expect(validate({ apiVersion: 'apps/v1', kind: 'Deployment', spec: { replicas: 2, selector: {}, template: {} } })).toBe(true);
    expect(validate({ apiVersion: 'apps/v1', kind: 'Deployment', spec: { replica: 2 } })).toBe(false);
    expect(await client.connection.sendRequest(SCHEMA_REQUEST, { apiVersion: 'apps/v1', kind: 'Deplyment' })).toBeNull();
  });
});
