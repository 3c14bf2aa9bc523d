// Where CRDs come from: CRD documents in the workspace (same folder, else the nearest ancestor folder with any,
// never above the root; files named explicitly), the cluster's CRD list read over a loopback fake API server
// (cached per cluster; failures give a note, not an error), and the order cluster → workspace → pack.
// Internal imports: `api-extensions/workspace` (CRD files read as the project model reads them; discoverCrds has no caller but
// tests today, see tests/engine/folder-bounds.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CRD_LIST_PATH, readClusterCrds } from '../../server/src/cluster/crds';
import { OpenApiCache } from '../../server/src/cluster/openapi';
import { buildCrdCatalog, Analysis, loadCrdFiles } from '../../server/src/engine';
import { crdsFromText, discoverCrds } from '../../server/src/engine/api-extensions/workspace';
import { makeTestPki, startFakeApiServer, tempFolder, writeKubeconfig, type FakeApiServer, type TestPki } from '../cluster/fakeApiServer';
import { WIDGET_CRD } from './fixtures';

const WIDGET = `apiVersion: example.kubegate.test/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: Tiny}\n`;

describe('CRD documents in the workspace', () => {
  let folder: ReturnType<typeof tempFolder>;
  beforeAll(() => {
    folder = tempFolder();
    const d = folder.dir;
    mkdirSync(join(d, 'repo', 'crds'), { recursive: true });
    mkdirSync(join(d, 'repo', 'apps', 'a', 'deep'), { recursive: true });
    mkdirSync(join(d, 'repo', 'apps', 'b'), { recursive: true });
    writeFileSync(join(d, 'repo', 'apps', 'a', 'widget-crd.yaml'), WIDGET_CRD);
    writeFileSync(join(d, 'repo', 'apps', 'a', 'deep', 'w.yaml'), WIDGET);
    writeFileSync(join(d, 'repo', 'apps', 'b', 'w.yaml'), WIDGET);
    writeFileSync(join(d, 'repo', 'crds', 'all.yaml'), `apiVersion: v1\nkind: List\nitems:\n${WIDGET_CRD.replace(/^/gm, '  ').replace(/^  apiVersion/, '- apiVersion')}`);
    writeFileSync(join(d, 'repo', 'apps', 'b', 'notes.txt'), 'kind: CustomResourceDefinition');
  });
  afterAll(() => folder.dispose());

  const fsAccess = {
    listFiles: (dir: string) => {
      try {
        return readdirSync(dir);
      } catch {
        return [];
      }
    },
    readFile: (f: string) => {
      try {
        return readFileSync(f, 'utf8');
      } catch {
        return undefined;
      }
    },
  };

  it('reads CRD documents and Lists of them, with the document range', () => {
    const defs = crdsFromText(WIDGET_CRD, 'widget-crd.yaml');
    expect(defs.map((d) => `${d.group}/${d.kind} ${d.versions.map((v) => v.name).join(',')}`)).toEqual(['example.kubegate.test/Widget v1,v1beta1,v1alpha1']);
    expect(defs[0]!.source).toMatchObject({ kind: 'workspace', file: 'widget-crd.yaml', range: { start: { line: 0, character: 0 } } });
    expect(crdsFromText('apiVersion: v1\nkind: ConfigMap\n', 'x.yaml')).toEqual([]);
    const list = loadCrdFiles([join(folder.dir, 'repo', 'crds', 'all.yaml'), join(folder.dir, 'nope.yaml')], fsAccess);
    expect(list.crds.map((d) => d.kind)).toEqual(['Widget']);
    expect(list.unreadable).toEqual([join(folder.dir, 'nope.yaml')]);
  });

  it('finds the nearest ancestor folder with CRDs, not above the workspace root', () => {
    const root = join(folder.dir, 'repo');
    const deep = discoverCrds(join(root, 'apps', 'a', 'deep', 'w.yaml'), root, fsAccess);
    expect(deep.map((d) => d.source.file)).toEqual([join(root, 'apps', 'a', 'widget-crd.yaml')]);
    // apps/b has no CRD; apps neither; the root has none (crds/ is a sibling folder, not an ancestor).
    expect(discoverCrds(join(root, 'apps', 'b', 'w.yaml'), root, fsAccess)).toEqual([]);
    expect(discoverCrds(join(root, 'apps', 'b', 'w.yaml'), join(root, 'apps', 'b'), fsAccess)).toEqual([]);
  });

  it('discovered CRDs check the manifest; without them it is not checked', () => {
    const root = join(folder.dir, 'repo');
    const found = buildCrdCatalog({ workspace: discoverCrds(join(root, 'apps', 'a', 'deep', 'w.yaml'), root, fsAccess), pack: null });
    const report = new Analysis({ version: '1.37', crds: found }).check(WIDGET);
    expect(report.findings.map((f) => `${f.code}:${f.path}`)).toEqual(['invalid-value:spec.size']);
    const none = buildCrdCatalog({ workspace: discoverCrds(join(root, 'apps', 'b', 'w.yaml'), root, fsAccess), pack: null });
    expect(new Analysis({ version: '1.37', crds: none }).check(WIDGET).documents[0]!.checked).toBe(false);
  });
});

describe('CRDs of the cluster (loopback fake API server)', () => {
  let pki: TestPki;
  let folder: ReturnType<typeof tempFolder>;
  let server: FakeApiServer;
  let kubeconfig: string;
  const crdObject = parse(WIDGET_CRD) as Record<string, unknown>;
  // The list answer's items carry no apiVersion/kind, as the API server sends them.
  const { apiVersion: _a, kind: _k, ...item } = crdObject;

  beforeAll(async () => {
    pki = await makeTestPki();
    folder = tempFolder();
    server = await startFakeApiServer(pki, {
      '/version': { json: { gitVersion: 'v1.37.0', major: '1', minor: '37' } },
      [CRD_LIST_PATH]: { json: { kind: 'CustomResourceDefinitionList', apiVersion: 'apiextensions.k8s.io/v1', items: [item] } },
    });
    kubeconfig = writeKubeconfig(folder.dir, server.url, pki.caCert, { token: 'kubegate-crd-test-token' });
  });
  afterAll(async () => {
    await server.close();
    folder.dispose();
  });

  it('reads the CRD list once per cluster and converts it', async () => {
    const cache = new OpenApiCache(2);
    const before = server.requests.filter((r) => r.path.startsWith(CRD_LIST_PATH)).length;
    const first = await readClusterCrds({ kubeconfigPath: kubeconfig, env: {} }, { cache, env: {} });
    expect(first.note).toBeUndefined();
    expect(first.crds.map((d) => `${d.group}/${d.kind} ${d.source.kind}`)).toEqual(['example.kubegate.test/Widget cluster']);
    const again = await readClusterCrds({ kubeconfigPath: kubeconfig, env: {} }, { cache, env: {} });
    expect(again.crds).toBe(first.crds);
    expect(server.requests.filter((r) => r.path.startsWith(CRD_LIST_PATH)).length - before).toBe(1);
    expect(server.requests.at(-1)?.authorization).toBe('Bearer kubegate-crd-test-token');
  });

  it('the cluster CRD wins over a workspace CRD of the same kind', async () => {
    const { crds: cluster } = await readClusterCrds({ kubeconfigPath: kubeconfig, env: {} }, { cache: new OpenApiCache(), env: {} });
    const workspaceText = WIDGET_CRD.replace('enum: [Small, Medium, Large]', 'enum: [Tiny]');
    const workspace = crdsFromText(workspaceText, 'ws.yaml');
    expect(new Analysis({ version: '1.37', crds: buildCrdCatalog({ workspace, pack: null }) }).check(WIDGET).findings).toEqual([]);
    const both = buildCrdCatalog({ cluster, workspace, pack: null });
    const report = new Analysis({ version: '1.37', crds: both }).check(WIDGET);
    expect(report.findings.map((f) => f.path)).toEqual(['spec.size']);
    expect(both.lookup('example.kubegate.test', 'Widget')?.source.kind).toBe('cluster');
  });

  it('a forbidden list or an unreachable cluster gives a note and no CRD, and is not cached', async () => {
    const denied = await startFakeApiServer(pki, { [CRD_LIST_PATH]: { status: 403 } });
    try {
      const kc = writeKubeconfig(folder.dir, denied.url, pki.caCert, { token: 't' }, { fileName: 'denied' });
      const cache = new OpenApiCache();
      const r = await readClusterCrds({ kubeconfigPath: kc, env: {} }, { cache, env: {} });
      expect(r.crds).toEqual([]);
      expect(r.note).toContain('403');
      expect(cache.size).toBe(0);
    } finally {
      await denied.close();
    }
    const hanging = await startFakeApiServer(pki, { [CRD_LIST_PATH]: 'hang' });
    try {
      const kc = writeKubeconfig(folder.dir, hanging.url, pki.caCert, { token: 't' }, { fileName: 'hanging' });
      const r = await readClusterCrds({ kubeconfigPath: kc, env: {} }, { cache: new OpenApiCache(), env: {}, timeoutMs: 300 });
      expect(r.crds).toEqual([]);
      expect(r.note).toBe('no answer within 300 ms');
    } finally {
      await hanging.close();
    }
    const gone = await readClusterCrds({ reachable: false, notes: [], takenAt: 0 });
    expect(gone).toEqual({ crds: [], note: 'the cluster is not reachable' });
  });
});
