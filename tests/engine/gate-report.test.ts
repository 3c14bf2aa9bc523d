// The gates a set of files needs (engine/gates/gate-report.ts): where each gate is used and set, its state
// per component and over all uses; the gates a new cluster must turn on; the gates a file's findings ask for.
// Internal imports: `features/gate-report` (the gates a new cluster needs, the CLI gates report's unit).
// Also `fixes/needed-gates` (gatesNeededBy: the gates of a set of findings), `gates/use-states` (gateOnOff: one gate
// over its components), `features/gated-uses` (gatedUsesWithState: the uses the report counts), `knowledge`
// (briefFacts: the brief's feature facts the test compares with; not public).
import { describe, expect, it } from 'vitest';
import { gatesNeededBy } from '../../server/src/engine/fixes/needed-gates';
import {
  buildGateEnvironment,
  explicitSettings,
  readGateConfigsFromText,
  gateCatalog,
  Analysis,
  gateUsageReport,
  kindConfigForReport,
} from '../../server/src/engine';
import { gateOnOff } from '../../server/src/engine/gates/use-states';
import { gatedUsesWithState } from '../../server/src/engine/features/gated-uses';
import { gatesForNewCluster } from '../../server/src/engine/features/gate-report';
import { briefFacts } from '../../server/src/engine/knowledge';
import { gatedFields as gatedFieldRowsFor } from '../support/committed';
import { manifestFor } from '../gates/manifest-builder';
import { V } from './helpers';

const SLICE = `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: slice-a
spec:
  driver: gpu.example.com
  nodeName: node-1
  skipNodeOperations: ["*"]
`;
const GATE = gatedUsesWithState(SLICE, { version: V }).uses[0]!.use.gate;
const kindConfig = (on: boolean) => `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  ${GATE}: ${on}\n`;

describe('gate usage report', () => {
  it('lists where a gate is used; unknown without any source', () => {
    const report = gateUsageReport([{ id: 'a', text: SLICE, context: { version: V } }], V);
    expect(report.kubernetesVersion).toBe(V);
    const entry = report.gates.find((g) => g.gate === GATE)!;
    expect(entry.usedAt).toEqual([{ id: 'a', range: expect.anything(), path: expect.stringContaining('skipNodeOperations') }]);
    expect(entry.usedAt[0]!.range.start.line).toBe(7);
    expect(entry.components).toEqual(gateCatalog().gates[GATE]!.components);
    expect(entry.state).toBe('unknown');
    expect(entry.setAt).toEqual([]);
  });

  it('takes the state from the file, with where it is set; mixed when uses disagree', () => {
    const on = `${SLICE}---\n${kindConfig(true)}`;
    const off = `${SLICE}---\n${kindConfig(false)}`;
    const report = gateUsageReport(
      [
        { id: 'on', text: on, context: { version: V, file: '/w/on.yaml' } },
        { id: 'off', text: off, context: { version: V, file: '/w/off.yaml' } },
      ],
      V,
    );
    const entry = report.gates.find((g) => g.gate === GATE)!;
    expect(entry.usedAt.map((u) => u.id)).toEqual(['on', 'off']);
    expect(entry.state).toBe('mixed');
    expect(entry.setAt.map((s) => [s.source, s.value, s.location?.file, s.location?.range.start.line])).toEqual([
      ['/w/on.yaml', true, '/w/on.yaml', 12],
      ['/w/off.yaml', false, '/w/off.yaml', 12],
    ]);
    expect(entry.componentStates?.every((c) => c.state === 'mixed' && c.sources.length === 2)).toBe(true);
    const single = gateUsageReport([{ id: 'on', text: on, context: { version: V, file: '/w/on.yaml' } }], V);
    expect(single.gates.find((g) => g.gate === GATE)!.state).toBe('on');
  });

  it('names the gates a new cluster must turn on, and a kind config enabling them', () => {
    const report = gateUsageReport([{ id: 'a', text: SLICE, context: { version: V } }], V);
    const needed = gatesForNewCluster(report);
    expect(needed).toEqual(report.gates.filter((g) => g.default !== true).map((g) => g.gate));
    const kind = kindConfigForReport(report, V);
    expect(kind.gates).toEqual([...new Set(needed)].sort());
    for (const g of kind.gates) expect(kind.text).toContain(`  ${g}: true`);
  });
});

describe('gate state for completion and the gates findings ask for', () => {
  it('gateOnOff: on, off, unknown over the components that need the gate', () => {
    const catalog = gateCatalog();
    const env = (v: boolean) => buildGateEnvironment({ catalog, version: V, explicit: explicitSettings([`${GATE}=${v}`], 'test') });
    expect(gateOnOff(env(true), catalog, GATE)).toBe('on');
    expect(gateOnOff(env(false), catalog, GATE)).toBe('off');
    expect(gateOnOff(undefined, catalog, GATE)).toBe('unknown');
  });

  it('gateOnOff: off when one component is off though others are on or unknown; unknown when none is off', () => {
    const catalog = gateCatalog();
    const gate = 'DRAOptionalNodeOperations'; // kube-apiserver, kube-scheduler and kubelet need it
    const kubeadm = (schedulerToo: boolean) =>
      buildGateEnvironment({
        catalog,
        version: V,
        configs: readGateConfigsFromText(
          `apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n  - name: feature-gates\n    value: ${gate}=true\n` +
            (schedulerToo ? `scheduler:\n  extraArgs:\n  - name: feature-gates\n    value: ${gate}=true\n` : ''),
          '/w/kubeadm.yaml',
        ),
      });
    // kubeadm configures the scheduler: without the gate there it is off, so the gate is off over its components.
    expect(gateOnOff(kubeadm(false), catalog, gate)).toBe('off');
    // On for the API server and the scheduler, unknown for the kubelet (no kubelet configuration): unknown.
    expect(gateOnOff(kubeadm(true), catalog, gate)).toBe('unknown');
  });

  it('gatesNeededBy: the gates of feature-gate findings, sorted, once each', () => {
    const findings = new Analysis({ version: V }).check(`${SLICE}---\n${SLICE}`).findings;
    const gates = findings.filter((f) => f.code === 'feature-gate').map((f) => f.data?.gate);
    expect(gatesNeededBy(findings)).toEqual([...new Set(gates)].sort());
    expect(gatesNeededBy([])).toEqual([]);
  });
});

const gatedFieldRows = () => gatedFieldRowsFor(V);

describe('gate usage report: dependency gates', () => {
  it('lists the gate a used gate needs (curated), with no use of its own and the gate that needs it', () => {
    const deps = briefFacts().alsoRequires;
    const offByDefault = (g: string) => gateCatalog().gates[g]?.byVersion[V]?.exists === true && gateCatalog().gates[g]?.byVersion[V]?.default === false;
    // A field of a GA kind (no kind gate) gated by a gate with a curated dependency off by default.
    const row = gatedFieldRows().find(
      (r) => r.value === undefined && !r.path.includes('(kind)') && /\/v\d+$/.test(r.apiVersion) && (deps[r.gate] ?? []).some(offByDefault),
    )!;
    expect(row, 'a field gated by a gate with a dependency').toBeDefined();
    const gate = row.gate;
    const required = deps[gate]!.find(offByDefault)!;
    const { text } = manifestFor(row.apiVersion, row.kind, row.path);
    const report = gateUsageReport([{ id: 'a', text, context: { version: V } }], V);
    const dep = report.gates.find((g) => g.gate === required)!;
    expect(dep).toMatchObject({ usedAt: [], neededBy: [gate], state: 'unknown', default: false });
    expect(report.gates.find((g) => g.gate === gate)?.neededBy).toBeUndefined();
    expect(gatesForNewCluster(report)).toContain(required);
  });
});
