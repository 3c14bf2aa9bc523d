// Kustomize and template blocks over LSP: the server finds the kustomization beside a file like the CLI does
// (a base gets no missing-field for an injected selector, a patch is partial), and a chart whose range spans
// documents is not reported as YAML errors.
import { describe, expect, it } from 'vitest';
import { lspSessions, lspSuite } from './harness';

const { start } = lspSessions();
const SUITE = lspSuite('LSP kustomize and template blocks');

const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx\n';

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('a kustomize base and a patch beside their kustomization', async () => {
    const patch = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicaz: 2\n';
    const { ws, client } = await start({
      'app/kustomization.yaml': 'resources:\n- deployment.yaml\npatches:\n- path: patch.yaml\ncommonLabels:\n  app: web\n',
      'app/deployment.yaml': DEPLOYMENT,
      'app/patch.yaml': patch,
      'plain/deployment.yaml': DEPLOYMENT,
    });
    expect(await client.open(ws.uri('app/deployment.yaml'), DEPLOYMENT)).toEqual([]);
    expect((await client.open(ws.uri('app/patch.yaml'), patch)).map((d) => d.code)).toEqual(['unknown-field']);
    expect((await client.open(ws.uri('plain/deployment.yaml'), DEPLOYMENT)).map((d) => d.code)).toEqual(['missing-field']);
  });

  it('a Helm template whose range spans documents gives no yaml-syntax, only a note per template document', async () => {
    // the Secret is broken YAML on its own (no `{{` in it); the range opened above repeats it
    const chart =
      'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: sa\n{{- range .Values.names }}\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n  name: t\n' +
      '---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n{{- end }}\n';
    const { ws, client } = await start({ 'templates/sa.yaml': chart });
    const diagnostics = await client.open(ws.uri('templates/sa.yaml'), chart);
    expect(diagnostics.map((d) => [d.code, d.severity, d.range.start.line])).toEqual([
      ['template-not-checked', 3, 0],
      ['template-not-checked', 3, 6],
      ['template-not-checked', 3, 12],
    ]);
  });
});
