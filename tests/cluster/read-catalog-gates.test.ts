// The loopback cluster reporting real gate names taken from the committed schemas/gates.json, among them
// DRAOptionalNodeOperations switched on, with the stage label derived from the catalog's 1.37 row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCluster } from '../../server/src/cluster/read';
import { makeTestPki, startFakeApiServer, tempFolder, writeKubeconfig, type FakeApiServer } from './fakeApiServer';
import { committedGates, type ReferenceGate } from '../support/committed';
import { healthyRoutes, type FixtureGate } from './fixtures';

/** The metric's stage label for a catalog stage: upper case, GA reported as "". */
function metricStage(stage: string): string {
  return stage === 'Stable' ? '' : stage.toUpperCase();
}

describe('readCluster with gate names from the gate catalog', () => {
  let server: FakeApiServer;
  let folder: ReturnType<typeof tempFolder>;
  let kubeconfig: string;
  let reported: FixtureGate[];

  beforeAll(async () => {
    const catalog = committedGates();
    const in137 = catalog.gates.filter((g) => g.by_version['1.37']?.exists === true && typeof g.by_version['1.37'].stage === 'string');
    const target = in137.find((g) => g.name === 'DRAOptionalNodeOperations');
    if (!target) throw new Error('DRAOptionalNodeOperations is not a 1.37 gate in schemas/gates.json');
    // One gate of each other stage, reported at its 1.37 default.
    const others = ['Beta', 'Stable', 'Deprecated']
      .map((stage) => in137.find((g) => g.by_version['1.37'].stage === stage))
      .filter((g): g is ReferenceGate => g !== undefined);
    reported = [
      { name: target.name, stage: metricStage(target.by_version['1.37'].stage ?? ''), enabled: true },
      ...others.map((g) => ({ name: g.name, stage: metricStage(g.by_version['1.37'].stage ?? ''), enabled: g.by_version['1.37'].default === true })),
    ];
    const pki = await makeTestPki();
    folder = tempFolder();
    server = await startFakeApiServer(pki, healthyRoutes('v1.37.0', reported));
    kubeconfig = writeKubeconfig(folder.dir, server.url, pki.caCert, { token: 'shared-gates-test-token' });
  });
  afterAll(async () => {
    await server?.close();
    folder?.dispose();
  });

  it('reports DRAOptionalNodeOperations on for the API server, with its catalog stage', async () => {
    const snapshot = await readCluster({ kubeconfigPath: kubeconfig, env: {} });
    expect(snapshot.reachable).toBe(true);
    expect(snapshot.targetVersion).toBe('1.37');
    expect(snapshot.apiServerGates).toEqual(reported);
    const gate = snapshot.apiServerGates?.find((g) => g.name === 'DRAOptionalNodeOperations');
    expect(gate).toEqual({ name: 'DRAOptionalNodeOperations', enabled: true, stage: 'ALPHA' });
  });
});
