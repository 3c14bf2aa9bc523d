// One run, one budget: `kubegate check --cluster` reads the cluster twice (gates, then CRDs). With an exec
// credential plugin that never answers, the plugin is started once per run (not once per read), the two reads
// share one time budget, and the notes say why the cluster was not read. Asserted in plugins started.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killExecPlugins, startedExecPlugins } from '../../server/src/cluster/exec-plugin';
import { CLUSTER_TIMEOUT_ENV } from '../../server/src/cluster/read';
import { runCli } from '../../server/src/cli/main';
import { capturedIO } from '../cli/cli-process';
import { tempFolder, writeKubeconfig } from './fakeApiServer';

let folder: ReturnType<typeof tempFolder>;
beforeAll(() => {
  folder = tempFolder();
  writeFileSync(join(folder.dir, 'hung-plugin.cjs'), 'setInterval(() => {}, 1e6);\n');
});
afterAll(() => {
  killExecPlugins();
  folder.dispose();
});

describe('a hung exec credential plugin in one CLI run', () => {
  it('is started once for both cluster reads, and the run ends with notes', async () => {
    const kubeconfig = writeKubeconfig(folder.dir, 'https://127.0.0.1:9', undefined, { exec: { command: process.execPath, args: [join(folder.dir, 'hung-plugin.cjs')] } }, { fileName: 'kc-hung' });
    const manifest = join(folder.dir, 'cm.yaml');
    writeFileSync(manifest, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n');
    const saved = { KUBECONFIG: process.env.KUBECONFIG, timeout: process.env[CLUSTER_TIMEOUT_ENV] };
    process.env.KUBECONFIG = kubeconfig;
    process.env[CLUSTER_TIMEOUT_ENV] = '1500';
    const before = startedExecPlugins();
    const io = capturedIO({ cwd: () => folder.dir });
    let code: number;
    try {
      code = await runCli(['check', '--cluster', manifest], io);
    } finally {
      if (saved.KUBECONFIG === undefined) delete process.env.KUBECONFIG;
      else process.env.KUBECONFIG = saved.KUBECONFIG;
      if (saved.timeout === undefined) delete process.env[CLUSTER_TIMEOUT_ENV];
      else process.env[CLUSTER_TIMEOUT_ENV] = saved.timeout;
    }
    expect(code).toBe(0);
    expect(startedExecPlugins() - before).toBe(1);
    expect(io.stderr).toMatch(/note: .*(credential|plugin)/i);
    expect(io.stderr).toContain('note: cluster CRDs not read');
  }, 30_000);
});
