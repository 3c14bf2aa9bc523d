// One answer per file: in a repository with several clusters and apps, `kubegate check <repo>` gives every file
// the findings that `kubegate check <file>` gives, and the language server publishes the same for it.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { capturedIO, tempDirs } from '../cli/cli-process';
import { LspClient, lspSuite } from '../lsp/harness';

const kind = (gates: string) => `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n${gates}`;
const slice = `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: s
spec:
  driver: gpu.example.com
  nodeName: node-1
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  skipNodeOperations: ["*"]
`;
const pod = `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  resources:
    limits: {cpu: "1"}
  containers:
  - name: c
    image: i
`;

/** A repository: two kind clusters with apps below them, apps with no cluster, and a test config that turns a beta gate off. */
const TREE: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'clusters/dev/kind.yaml': kind('  DRAOptionalNodeOperations: true\n'),
  'clusters/dev/apps/slice.yaml': slice,
  'clusters/prod/kind.yaml': kind('  DRADeviceCompatibilityGroups: true\n'),
  'clusters/prod/slice.yaml': slice,
  'apps/web/slice.yaml': slice,
  'apps/web/pod.yaml': pod,
  'test/kind-test.yaml': kind('  AllBeta: false\n'),
  'test/pod.yaml': pod,
};
const MANIFESTS = ['clusters/dev/apps/slice.yaml', 'clusters/prod/slice.yaml', 'apps/web/slice.yaml', 'apps/web/pod.yaml', 'test/pod.yaml'];

interface JsonOut {
  files: { path: string; gateConfigs: string[]; findings: { code: string; range: unknown; data?: { gate?: string } }[] }[];
}

async function checkJson(root: string, paths: string[]): Promise<JsonOut> {
  const io = capturedIO({ cwd: () => root });
  await runCli(['check', '--format', 'json', ...paths.map((p) => path.join(root, p))], io);
  return JSON.parse(io.stdout) as JsonOut;
}

const key = (f: { code: string; range: unknown; data?: { gate?: string } }) => JSON.stringify([f.code, f.data?.gate ?? '', f.range]);

describe('config scoping: one answer per file', () => {
  const tmp = tempDirs();
  function repo(): string {
    const root = tmp();
    for (const [rel, text] of Object.entries(TREE)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    }
    return root;
  }

  it('a folder run gives each file exactly what a run on that file alone gives, with the configs named', async () => {
    const root = repo();
    const whole = await checkJson(root, ['.']);
    const byFile = new Map(whole.files.map((f) => [path.relative(root, path.resolve(root, f.path)), f]));
    for (const m of MANIFESTS) {
      const alone = (await checkJson(root, [m])).files[0]!;
      expect(byFile.get(m)?.findings.map(key), m).toEqual(alone.findings.map(key));
      expect(byFile.get(m)?.gateConfigs, m).toEqual(alone.gateConfigs);
    }
    const gates = (m: string) => byFile.get(m)!.findings.filter((f) => f.code === 'feature-gate').map((f) => f.data?.gate);
    expect(gates('clusters/dev/apps/slice.yaml')).toEqual([]); // the dev cluster's kind config, one folder up
    expect(byFile.get('clusters/dev/apps/slice.yaml')!.gateConfigs).toEqual([path.join('clusters', 'dev', 'kind.yaml')]);
    expect(gates('clusters/prod/slice.yaml')).toEqual(['DRAOptionalNodeOperations']);
    expect(gates('apps/web/slice.yaml')).toEqual(['DRAOptionalNodeOperations']);
    expect(gates('apps/web/pod.yaml')).toEqual([]); // the test config's AllBeta: false stays in test/
    expect(gates('test/pod.yaml')).toEqual(['PodLevelResources']);
  });

  it('--config governs every file of the run instead of discovery', async () => {
    const root = repo();
    const io = capturedIO({ cwd: () => root });
    await runCli(['check', '--format', 'json', '--config', path.join(root, 'clusters/dev/kind.yaml'), path.join(root, 'apps')], io);
    const out = JSON.parse(io.stdout) as JsonOut;
    for (const f of out.files) expect(f.findings.filter((x) => x.code === 'feature-gate'), f.path).toEqual([]);
  });

  const lsp = lspSuite('the language server publishes the same findings for each file');
  it.skipIf(lsp.skip)(lsp.title, async () => {
    const root = repo();
    const cli = await checkJson(root, ['.']);
    const client = new LspClient({ rootUri: pathToFileURL(root).toString() });
    try {
      await client.initialize();
      for (const m of MANIFESTS) {
        const uri = pathToFileURL(path.join(root, m)).toString();
        const diagnostics = await client.open(uri, TREE[m]!);
        const fromCli = cli.files.find((f) => path.resolve(root, f.path) === path.join(root, m))!;
        // Same codes at the same ranges (the LSP diagnostic carries the code and range; the CLI JSON the same).
        const lspKeys = diagnostics.map((d) => JSON.stringify([d.code, d.range])).sort();
        const cliKeys = fromCli.findings.map((f) => JSON.stringify([f.code, f.range])).sort();
        expect(lspKeys, m).toEqual(cliKeys);
      }
    } finally {
      await client.dispose();
    }
  });
});
