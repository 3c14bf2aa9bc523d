// The gate view per cluster: kubegate/gateReport answers, besides the merged list, one scope per set of governing
// configs (server/src/lsp/custom.ts), gates that need action first; the view renders one section per scope
// (client/src/gateReportHtml.ts). Two clusters: a kind config that turns the gate on governs `on/`, another kind
// config that does not set it governs `off/`.
import { describe, expect, it } from 'vitest';
import { GATE_REPORT_REQUEST, type GateReportResult } from '../../server/src/contract/protocol';
import { renderGateReportBody } from '../../client/src/gateReportHtml';
import { kindConfig, SLICE } from './fixtures';
import { lspSessions, lspSuite } from './harness';

const GATE = 'DRAOptionalNodeOperations';
const { create } = lspSessions();
const SUITE = lspSuite('LSP kubegate/gateReport scopes');

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('one scope per governing config set: the gate is on in one cluster and needs action in the other', async () => {
    const { ws, client } = create({
      'on/kind-config.yaml': kindConfig({ [GATE]: true }),
      'on/slice.yaml': SLICE,
      'off/kind-config.yaml': kindConfig({}),
      'off/slice.yaml': SLICE,
    });
    await client.initialize();
    const report = (await client.connection.sendRequest(GATE_REPORT_REQUEST, {})) as GateReportResult;
    expect(report.gates.find((g) => g.gate === GATE)?.state).toBe('mixed');
    const scopes = (report.scopes ?? []).map((s) => ({ configs: s.configs, label: s.label, gates: s.gates.map((g) => [g.gate, g.state, g.usedAt.map((u) => u.uri)]) }));
    expect(scopes.sort((a, b) => a.configs[0]!.localeCompare(b.configs[0]!))).toEqual([
      { configs: [ws.uri('off/kind-config.yaml')], label: 'kind-config.yaml', gates: [[GATE, 'unknown', [ws.uri('off/slice.yaml')]]] },
      { configs: [ws.uri('on/kind-config.yaml')], label: 'kind-config.yaml', gates: [[GATE, 'on', [ws.uri('on/slice.yaml')]]] },
    ]);
    const html = renderGateReportBody(report);
    expect(html.match(/<section class="scope">/g)).toHaveLength(2);
  });

  it('one scope only: no scopes, the merged list as before', async () => {
    const { client } = create({ 'a/kind-config.yaml': kindConfig({}), 'a/slice.yaml': SLICE });
    await client.initialize();
    const report = (await client.connection.sendRequest(GATE_REPORT_REQUEST, {})) as GateReportResult;
    expect(report.scopes).toBeUndefined();
    expect(report.gates.map((g) => g.gate)).toContain(GATE);
  });
});

describe('which gates need action (listed first in a scope)', () => {
  it('on, on by default or locked on: no action; off, mixed, not set and off by default: action', async () => {
    const { needsAction } = await import('../../server/src/lsp/custom');
    expect(needsAction({ state: 'on', default: false })).toBe(false);
    expect(needsAction({ state: 'unknown', default: true })).toBe(false);
    expect(needsAction({ state: 'unknown', default: false })).toBe(true);
    expect(needsAction({ state: 'unknown', default: null })).toBe(true);
    expect(needsAction({ state: 'off', default: true })).toBe(true);
    expect(needsAction({ state: 'mixed', default: false })).toBe(true);
  });
});
