// The gate view per cluster: kubegate/gateReport answers, besides the merged list, one scope per set of governing
// configs (server/src/lsp/custom.ts), gates that need action first; the view renders one section per scope
// (client/src/gateReportHtml.ts). Two clusters: a kind config that turns the gate on governs `on/`, another kind
// config that does not set it governs `off/`.
import { describe, expect, it } from 'vitest';
import { GATE_REPORT_REQUEST, type GateReportEntry, type GateReportResult } from '../../server/src/contract/protocol';
import { renderGateReportBody } from '../../client/src/gateReportHtml';
import { needsAction } from '../../server/src/lsp/custom';
import { DEFAULT_VERSION } from '../../server/src/engine';
import { manifestFor } from '../gates/manifest-builder';
import { committedBrief, gate, gatedFields } from '../support/committed';
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

  it('per cluster: gates that need action first, and the gate a used gate depends on, with what needs it', async () => {
    // A field of a GA kind gated by a gate with a curated dependency that is off by default (committed facts).
    const deps = committedBrief().alsoRequires;
    const offByDefault = (g: string) => gate(g).by_version[DEFAULT_VERSION]?.exists === true && gate(g).by_version[DEFAULT_VERSION]?.default === false;
    const row = gatedFields(DEFAULT_VERSION).find(
      (r) => r.value === undefined && !r.path.includes('(kind)') && /\/v\d+$/.test(r.apiVersion) && r.gate !== GATE && (deps[r.gate] ?? []).some(offByDefault),
    )!;
    expect(row, 'a field gated by a gate with a dependency').toBeDefined();
    const required = deps[row.gate]!.find(offByDefault)!;
    const { text: dependent } = manifestFor(row.apiVersion, row.kind, row.path);
    const { ws, client } = create({
      'on/kind-config.yaml': kindConfig({ [GATE]: true }),
      'on/slice.yaml': SLICE,
      'on/dependent.yaml': dependent,
      'off/kind-config.yaml': kindConfig({}),
      'off/slice.yaml': SLICE,
    });
    await client.initialize();
    const report = (await client.connection.sendRequest(GATE_REPORT_REQUEST, {})) as GateReportResult;
    const scope = (config: string) => report.scopes!.find((s) => s.configs.includes(ws.uri(config)))!;
    const on = scope('on/kind-config.yaml');
    const off = scope('off/kind-config.yaml');
    expect(report.scopes).toHaveLength(2);

    // Each scope: every gate that needs action comes before every gate that does not.
    const ordered = (gates: GateReportEntry[]) => {
      const firstDone = gates.findIndex((g) => !needsAction(g));
      return firstDone < 0 || gates.slice(firstDone).every((g) => !needsAction(g));
    };
    expect(ordered(on.gates), on.gates.map((g) => `${g.gate}:${g.state}`).join(' ')).toBe(true);
    expect(ordered(off.gates)).toBe(true);
    // The gate the kind config turns on is listed last in its cluster, after the dependency that is off.
    const names = on.gates.map((g) => g.gate);
    expect(on.gates.find((g) => g.gate === GATE)).toMatchObject({ state: 'on' });
    expect(names.indexOf(required)).toBeLessThan(names.indexOf(GATE));
    // The dependency: no use of its own, listed with the gate that needs it, in the cluster that uses that gate only.
    expect(on.gates.find((g) => g.gate === required)).toMatchObject({ usedAt: [], neededBy: [row.gate], default: false });
    expect(on.gates.find((g) => g.gate === row.gate)?.usedAt.map((u) => u.uri)).toEqual([ws.uri('on/dependent.yaml')]);
    expect(off.gates.map((g) => g.gate)).toEqual([GATE]);
    expect(off.gates[0]).toMatchObject({ state: 'unknown' });

    // The view: one section per cluster, the dependency row says what needs it.
    const html = renderGateReportBody(report);
    expect(html.match(/<section class="scope">/g)).toHaveLength(2);
    expect(html).toContain(`needed by <strong>${row.gate}</strong>`);
    const onSection = html.split('<section class="scope">').find((s) => s.includes('dependent.yaml'))!;
    expect(onSection.indexOf(`data-gate="${required}"`)).toBeLessThan(onSection.indexOf(`data-gate="${GATE}"`));
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
