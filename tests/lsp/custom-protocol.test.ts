// Kubegate's custom messages: kubegate/status, kubegate/gateReport, kubegate/kindConfigForWorkspace,
// kubegate/refreshCluster (cluster disabled: no network).
import { describe, expect, it } from 'vitest';
import {
  GATE_REPORT_REQUEST,
  KIND_CONFIG_REQUEST,
  REFRESH_CLUSTER_REQUEST,
  STATUS_NOTIFICATION,
  type ClusterStatus,
  type GateReportResult,
  type KindConfigResult,
  type StatusParams,
} from '../../server/src/contract/protocol';
import { DEFAULT_VERSION } from '../../server/src/engine';
import { SLICE } from './fixtures';
import { lspSessions, lspSuite, pageGate } from './harness';

const GATE = 'DRAOptionalNodeOperations';

const { create } = lspSessions();

const SUITE = lspSuite('LSP custom protocol');

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('sends status, reports the gates the workspace needs and writes a kind config for them', async () => {
    const { ws, client } = create({ 'm/slice.yaml': SLICE });
    const statusSeen = new Promise<StatusParams>((resolve) => {
      client.connection.onNotification(STATUS_NOTIFICATION, (p: StatusParams) => resolve(p));
    });
    await client.initialize();
    const status = await statusSeen;
    expect(status.kubernetesVersion).toBe(DEFAULT_VERSION);
    expect(status.cluster.state).toBe('disabled');

    const report = (await client.connection.sendRequest(GATE_REPORT_REQUEST, {})) as GateReportResult;
    const entry = report.gates.find((g) => g.gate === GATE);
    expect(entry, JSON.stringify(report)).toBeDefined();
    const ref = pageGate(GATE);
    expect(entry!.stage).toBe(ref.by_version[DEFAULT_VERSION].stage);
    expect(entry!.kep?.number).toBe(ref.kep);
    expect(entry!.usedAt.map((u) => u.uri)).toContain(ws.uri('m/slice.yaml'));
    expect(entry!.state).not.toBe('on');

    const kind = (await client.connection.sendRequest(KIND_CONFIG_REQUEST, {})) as KindConfigResult;
    expect(kind.gates).toContain(GATE);
    expect(kind.text).toMatch(new RegExp(`^\\s+${GATE}: true$`, 'm'));

    const cluster = (await client.connection.sendRequest(REFRESH_CLUSTER_REQUEST, {})) as ClusterStatus;
    expect(cluster.state).toBe('disabled');
  });

  it('a kind config for a new cluster still lists gates that an existing config already enables', async () => {
    const existing = `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  ${GATE}: true\n`;
    const { client } = create({ 'm/slice.yaml': SLICE, 'm/kind.yaml': existing });
    await client.initialize();
    const report = (await client.connection.sendRequest(GATE_REPORT_REQUEST, {})) as GateReportResult;
    expect(report.gates.find((g) => g.gate === GATE)?.state).toBe('on');
    const kind = (await client.connection.sendRequest(KIND_CONFIG_REQUEST, {})) as KindConfigResult;
    expect(kind.gates).toContain(GATE);
  });
});
