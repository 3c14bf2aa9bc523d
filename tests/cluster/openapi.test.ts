// OpenAPI v3 field descriptions: the schema walk (pure) and clusterFieldDescription against the loopback
// API server, with its per-cluster bounded cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { OpenApiCache, clusterFieldDescription } from '../../server/src/cluster/openapi';
import { describeField, documentUrlFromIndex, groupVersionPath, kindSchemaName, parseFieldPath } from '../../server/src/cluster/openapi-schema';
import { readCluster } from '../../server/src/cluster/read';
import { makeTestPki, startFakeApiServer, tempFolder, writeKubeconfig, type FakeApiServer, type TestPki } from './fakeApiServer';
import { GENERIC_GATES, OPENAPI_INDEX, OPENAPI_WIDGET_DOC, TEST_GROUP, healthyRoutes } from './fixtures';

const GV = `${TEST_GROUP}/v1`;
const doc = OPENAPI_WIDGET_DOC;

describe('OpenAPI v3 schema walk', () => {
  it('maps apiVersions to index keys and index entries to document URLs', () => {
    expect(groupVersionPath('v1')).toBe('api/v1');
    expect(groupVersionPath(GV)).toBe(`apis/${GV}`);
    expect(documentUrlFromIndex(OPENAPI_INDEX, GV)).toBe(`/openapi/v3/apis/${GV}?hash=BBBB`);
    expect(documentUrlFromIndex(OPENAPI_INDEX, 'v1')).toBe('/openapi/v3/api/v1?hash=AAAA');
    expect(documentUrlFromIndex(OPENAPI_INDEX, 'nope.test/v1')).toBeUndefined();
    expect(documentUrlFromIndex({ paths: { 'api/v1': {} } }, 'v1')).toBe('/openapi/v3/api/v1');
    expect(documentUrlFromIndex('junk', 'v1')).toBeUndefined();
  });

  it('finds the kind by x-kubernetes-group-version-kind', () => {
    expect(kindSchemaName(doc, GV, 'Widget')).toBe(`test.${TEST_GROUP}.v1.Widget`);
    expect(kindSchemaName(doc, `${TEST_GROUP}/v2`, 'Widget')).toBeUndefined();
    expect(kindSchemaName(doc, GV, 'Gadget')).toBeUndefined();
  });

  it('parses structural field paths', () => {
    expect(parseFieldPath('spec.parts[].label')).toEqual([
      { name: 'spec', arrays: 0 },
      { name: 'parts', arrays: 1 },
      { name: 'label', arrays: 0 },
    ]);
    expect(parseFieldPath('spec.labels.*')).toEqual([
      { name: 'spec', arrays: 0 },
      { name: 'labels', arrays: 0 },
      { name: '*', arrays: 0 },
    ]);
    expect(parseFieldPath('spec.parts[0].label=x')?.[1]).toEqual({ name: 'parts', arrays: 1 });
    expect(parseFieldPath('(kind)')).toEqual([]);
    expect(parseFieldPath('spec..x')).toBeUndefined();
  });

  it('reads descriptions through allOf wrappers, arrays and maps', () => {
    expect(describeField(doc, GV, 'Widget', '')).toBe('Widget is a made-up kind for tests.');
    expect(describeField(doc, GV, 'Widget', 'spec')).toBe('Test text: the desired widget.');
    expect(describeField(doc, GV, 'Widget', 'spec.parts')).toBe('Test text: the parts list.');
    expect(describeField(doc, GV, 'Widget', 'spec.parts[]')).toBe('Test text: the parts list.');
    expect(describeField(doc, GV, 'Widget', 'spec.parts[].label')).toBe('Test text: the label of a part.');
    expect(describeField(doc, GV, 'Widget', 'spec.parts[0].label')).toBe('Test text: the label of a part.');
    expect(describeField(doc, GV, 'Widget', 'spec.labels')).toBe('Test text: a string map.');
    // A property without its own text takes its type's.
    expect(describeField(doc, GV, 'Widget', 'spec.owner')).toBe('Test text: the owner type, described only on its schema.');
  });

  it('gives undefined for paths the schema does not have', () => {
    expect(describeField(doc, GV, 'Widget', 'spec.nothing')).toBeUndefined();
    expect(describeField(doc, GV, 'Widget', 'spec.parts[].label.deeper')).toBeUndefined();
    expect(describeField(doc, GV, 'Widget', 'spec.labels.*')).toBeUndefined(); // the map value has no text
    expect(describeField(doc, GV, 'Widget', 'spec.owner[]')).toBeUndefined();
    expect(describeField({}, GV, 'Widget', 'spec')).toBeUndefined();
  });
});

describe('clusterFieldDescription on a loopback API server', () => {
  const token = `kubegate-openapi-token-${randomBytes(8).toString('hex')}`;
  let pki: TestPki;
  let folder: ReturnType<typeof tempFolder>;
  let server: FakeApiServer;
  let kubeconfig: string;

  beforeAll(async () => {
    pki = await makeTestPki();
    folder = tempFolder();
    server = await startFakeApiServer(pki, healthyRoutes('v1.37.0', GENERIC_GATES));
    kubeconfig = writeKubeconfig(folder.dir, server.url, pki.caCert, { token });
  });
  afterAll(async () => {
    await server.close();
    folder.dispose();
  });

  const fetchCount = () => server.requests.filter((r) => r.path.startsWith('/openapi/v3')).length;

  it('reads the index, then the group/version document, and caches both', async () => {
    const cache = new OpenApiCache(4);
    const before = fetchCount();
    const options = { kubeconfigPath: kubeconfig, env: {} };
    expect(await clusterFieldDescription(options, GV, 'Widget', 'spec.parts[].label', { cache, env: {} })).toBe(
      'Test text: the label of a part.',
    );
    expect(fetchCount() - before).toBe(2);
    expect(server.requests.at(-1)?.path).toBe(`/openapi/v3/apis/${GV}?hash=BBBB`);
    expect(await clusterFieldDescription(options, GV, 'Widget', 'spec', { cache, env: {} })).toBe('Test text: the desired widget.');
    expect(fetchCount() - before).toBe(2);
    expect(cache.size).toBe(2);
  });

  it('works from a snapshot of readCluster', async () => {
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: {} });
    const cache = new OpenApiCache();
    expect(await clusterFieldDescription(snapshot, GV, 'Widget', '(kind)', { cache, env: {} })).toBe('Widget is a made-up kind for tests.');
  });

  it('is undefined for an unreachable snapshot, an unserved group/version or a failing document', async () => {
    const cache = new OpenApiCache();
    expect(await clusterFieldDescription({ reachable: false, notes: [], takenAt: 0 }, GV, 'Widget', 'spec', { cache })).toBeUndefined();
    const options = { kubeconfigPath: kubeconfig };
    expect(await clusterFieldDescription(options, 'nope.test/v1', 'Widget', 'spec', { cache, env: {} })).toBeUndefined();
    // api/v1 is in the index but its document answers 404: nothing is cached for it.
    expect(await clusterFieldDescription(options, 'v1', 'Widget', 'spec', { cache, env: {} })).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('drops the least recently used document when full', async () => {
    const cache = new OpenApiCache(1);
    const options = { kubeconfigPath: kubeconfig };
    const before = fetchCount();
    expect(await clusterFieldDescription(options, GV, 'Widget', 'spec', { cache, env: {} })).toBeDefined();
    expect(cache.size).toBe(1);
    expect(await clusterFieldDescription(options, GV, 'Widget', 'spec', { cache, env: {} })).toBeDefined();
    // With room for one entry, the index and the document keep evicting each other.
    expect(fetchCount() - before).toBe(4);
  });
});
