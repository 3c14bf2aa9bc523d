// Workspace trust in a real VS Code: with workspace trust on and the folder not trusted, Kubegate still checks
// the manifests but never contacts the cluster of the kubeconfig, even when the user settings turn cluster
// access on. A fake API server on 127.0.0.1 counts every request it gets; a trusted launch with the same
// settings is the control that shows the fake cluster would be reached.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCodeServer, type RunningCodeServer } from './harness/codeServer';
import { subjectFacts } from './harness/facts';
import { e2eTools } from './harness/tools';
import { Workbench } from './harness/workbench';

const tools = e2eTools();
const facts = subjectFacts();
const fixture = join(__dirname, 'fixtures', 'workspace');

describe('Kubegate in VS Code: workspace trust keeps the cluster out of reach', () => {
  let api: Server;
  let requests: string[] = [];
  let kubeconfig: string;

  beforeAll(async () => {
    mkdirSync(tools.artifacts, { recursive: true });
    api = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const addr = api.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const dir = mkdtempSync(join(tmpdir(), 'kg-kubeconfig-'));
    kubeconfig = join(dir, 'config');
    writeFileSync(
      kubeconfig,
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters:',
        '  - name: fake',
        `    cluster: { server: "http://127.0.0.1:${port}", insecure-skip-tls-verify: true }`,
        'users:',
        '  - name: fake',
        '    user: { token: not-a-secret }',
        'contexts:',
        '  - name: fake',
        '    context: { cluster: fake, user: fake }',
        'current-context: fake',
        '',
      ].join('\n'),
    );
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => api.close(() => resolve()));
    if (kubeconfig) rmSync(dirname(kubeconfig), { recursive: true, force: true });
  });

  async function launch(trusted: boolean): Promise<{ server: RunningCodeServer; wb: Workbench }> {
    const server = await startCodeServer(tools, {
      fixture,
      trusted,
      settings: { 'kubegate.cluster.enabled': true },
      env: { KUBECONFIG: kubeconfig },
    });
    try {
      const wb = await Workbench.open(tools, server.url, tools.artifacts);
      return { server, wb };
    } catch (err) {
      await server.stop();
      server.remove();
      throw err;
    }
  }

  it('untrusted: manifests are checked, the cluster gets no request, the refresh command explains why', async () => {
    requests = [];
    const { server, wb } = await launch(false);
    try {
      await wb.openFile('resourceslice.yaml');
      const panel = await wb.openProblems();
      await panel.getByText(facts.gate).first().waitFor({ timeout: 60_000 });
      await wb.runCommand('Kubegate: Connect to Cluster / Refresh Gate State');
      await wb.page.locator('.notifications-toasts').getByText('untrusted workspace').first().waitFor({ timeout: 20_000 });
      await wb.screenshot('trust-untrusted');
      expect(requests).toEqual([]);
    } finally {
      await wb.close();
      await server.stop();
      copyFileSync(server.log, join(tools.artifacts, 'code-server-untrusted.log'));
      server.remove();
    }
  });

  it('control: trusted with the same settings, the fake cluster is contacted', async () => {
    requests = [];
    const { server, wb } = await launch(true);
    try {
      await wb.openFile('resourceslice.yaml');
      const panel = await wb.openProblems();
      await panel.getByText(facts.gate).first().waitFor({ timeout: 60_000 });
      await wb.runCommand('Kubegate: Connect to Cluster / Refresh Gate State');
      await wb.page.locator('.notifications-toasts').getByText('Kubegate:').first().waitFor({ timeout: 30_000 });
      await wb.screenshot('trust-trusted');
      expect(requests.length).toBeGreaterThan(0);
    } finally {
      await wb.close();
      await server.stop();
      server.remove();
    }
  });
});
