// The cluster reader bundled by esbuild with the options of scripts/build.mjs (scripts/esbuild-options.mjs:
// node20, cjs, the kubeconfig reader in its vendor bundle) still reads the loopback cluster, also through a proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
// @ts-expect-error: a plain ES module of the build scripts, without type declarations
import { common, vendorBundles, vendorPlugin } from '../../scripts/esbuild-options.mjs';
import type { ClusterReadOptions, ClusterSnapshot } from '../../server/src/cluster/types';
import { makeTestPki, startConnectProxy, startFakeApiServer, tempFolder, writeKubeconfig, type FakeApiServer } from './fakeApiServer';
import { GENERIC_GATES, TEST_GROUP, healthyRoutes } from './fixtures';

interface BundledCluster {
  readCluster(options: ClusterReadOptions): Promise<ClusterSnapshot>;
  clusterFieldDescription(source: ClusterReadOptions, apiVersion: string, kind: string, path: string, options: object): Promise<string | undefined>;
}

describe('cluster reader bundled with esbuild', () => {
  let folder: ReturnType<typeof tempFolder>;
  let server: FakeApiServer;
  let proxy: Awaited<ReturnType<typeof startConnectProxy>>;
  let bundled: BundledCluster;
  let caCert: string;
  let bundleWarnings: number;

  beforeAll(async () => {
    folder = tempFolder();
    const entry = join(folder.dir, 'entry.ts');
    const repo = resolve(__dirname, '../..');
    let warnings = 0;
    for (const v of vendorBundles) {
      const r = await build({ ...common, sourcemap: false, logLevel: 'silent', stdin: { contents: v.contents, resolveDir: repo, loader: 'js' }, outfile: join(folder.dir, 'vendor', v.file) });
      warnings += r.warnings.length;
    }
    const result = await build({
      ...common,
      sourcemap: false,
      plugins: [vendorPlugin],
      stdin: {
        contents:
          "export { readCluster } from './server/src/cluster/read';\n" +
          "export { clusterFieldDescription } from './server/src/cluster/openapi';\n",
        resolveDir: repo,
        sourcefile: entry,
        loader: 'ts',
      },
      logLevel: 'silent',
      outfile: join(folder.dir, 'cluster.js'),
    });
    bundleWarnings = warnings + result.warnings.length;
    bundled = createRequire(__filename)(join(folder.dir, 'cluster.js')) as BundledCluster;
    const pki = await makeTestPki();
    caCert = pki.caCert;
    server = await startFakeApiServer(pki, healthyRoutes('v1.37.0', GENERIC_GATES));
    proxy = await startConnectProxy();
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    folder?.dispose();
  });

  it('bundles without warnings', () => {
    expect(bundleWarnings).toBe(0);
  });

  it('reads the cluster directly and through a proxy-url', async () => {
    const direct = writeKubeconfig(folder.dir, server.url, caCert, { token: 'bundle-test-token' }, { fileName: 'kc-direct' });
    const snapshot = await bundled.readCluster({ kubeconfigPath: direct, env: {} });
    expect(snapshot.reachable).toBe(true);
    expect(snapshot.apiServerGates).toEqual(GENERIC_GATES);

    const viaProxy = writeKubeconfig(folder.dir, server.url, caCert, { token: 'bundle-test-token' }, { fileName: 'kc-proxy', proxyUrl: proxy.url });
    const proxied = await bundled.readCluster({ kubeconfigPath: viaProxy, env: {} });
    expect(proxied.reachable).toBe(true);
    expect(proxy.connects.length).toBeGreaterThan(0);
  });

  it('reads an OpenAPI description', async () => {
    const kubeconfig = writeKubeconfig(folder.dir, server.url, caCert, { token: 'bundle-test-token' }, { fileName: 'kc-openapi' });
    const text = await bundled.clusterFieldDescription({ kubeconfigPath: kubeconfig }, `${TEST_GROUP}/v1`, 'Widget', 'spec.parts[].label', { env: {} });
    expect(text).toBe('Test text: the label of a part.');
  });
});
