// The bundled CRD pack is read only when a document needs it: checking, hovering and completing built-in
// kinds leave it unread (it is the largest data file), a custom resource of a pack group reads it once.
import { describe, expect, it } from 'vitest';
import { Analysis, type DataReader, buildCrdCatalog } from '../../server/src/engine';
import { nodeDataReader } from '../../server/src/host/data-files';
import { cursor } from '../support/markers';

function countingCatalog() {
  const reads: string[] = [];
  const node = nodeDataReader();
  const readData: DataReader = (folder, name) => {
    reads.push(name);
    return node(folder, name);
  };
  return { reads, crds: buildCrdCatalog({ knowledge: { readData } }) };
}

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: nginx}]
`;

describe('the bundled CRD pack on demand', () => {
  it('is not read for a built-in manifest: check, hover and completion', async () => {
    const { reads, crds } = countingCatalog();
    const analysis = new Analysis({ version: '1.37', crds });
    expect(analysis.check(DEPLOYMENT).findings).toEqual([]);
    const hover = cursor(DEPLOYMENT.replace('  replicas:', '  repl‸icas:'));
    expect((await analysis.hover(hover.text, hover.position))?.markdown).toContain('replicas');
    const inSpec = cursor(DEPLOYMENT.replace('  replicas: 2\n', '  replicas: 2\n  ‸\n'));
    expect(analysis.complete(inSpec.text, inSpec.position).map((c) => c.label)).toContain('strategy');
    expect(reads).not.toContain('crds-pack.json');
  });

  it('is read once for a custom resource of a bundled project, which is then checked', () => {
    const { reads, crds } = countingCatalog();
    const analysis = new Analysis({ version: '1.37', crds });
    const route = `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: r
spec:
  parentRefs: [{name: gw}]
  hostnamez: [example.com]
`;
    const report = analysis.check(route);
    expect(report.findings.map((f) => `${f.code}:${f.path}`)).toEqual(['unknown-field:spec.hostnamez']);
    analysis.check(DEPLOYMENT);
    expect(reads.filter((r) => r === 'crds-pack.json')).toEqual(['crds-pack.json']);
  });

  it('offers the pack kinds where a document starts', () => {
    const { crds } = countingCatalog();
    const { text, position } = cursor('apiVersion: gateway.networking.k8s.io/v1\nkind: ‸\n');
    const kinds = new Analysis({ version: '1.37', crds }).complete(text, position).map((c) => c.label);
    expect(kinds).toContain('HTTPRoute');
  });
});
