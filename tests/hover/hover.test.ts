// Hover views on inline manifests. Which gate a field needs is read from the committed
// schemas/gated-fields-1.37.json and the gate facts a view must show from schemas/gates.json (both checked
// against ../shared by the knowledge suites); the main field view is stated whole as an inline snapshot.
// Internal imports: `hover` (the hover view of one text, without the snapshot of an open document).
import { describe, expect, it } from 'vitest';
import { Analysis } from '../../server/src/engine';
import { explainField, explainGate, hoverAt } from '../../server/src/engine/hover';
import { manifestFor } from '../gates/manifest-builder';
import {
  committedBrief,
  committedKinds,
  enumOf,
  gate as committedGate,
  gatedField,
  gatedFields,
  gatesNotOnPage,
  normalisedComponents,
  notGates,
  stageInVersion,
  type GatedField,
} from '../support/committed';
import { caret, cursor } from '../support/markers';

const V = '1.37';

const stageWord = (s: string | undefined) => (s === 'Stable' ? 'GA' : s);

/** The gate facts of schemas/gates.json that a gate view must show. */
function expectGateView(md: string, gate: string, components?: string[]) {
  const ref = committedGate(gate);
  const st = ref.by_version[V]!;
  expect(md).toContain(`\`${gate}\``);
  expect(md).toContain(`${stageWord(st.stage)}, ${st.default ? 'on' : 'off'} by default${st.locked ? ', locked to its default' : ''} in ${V}`);
  if (ref.kep) {
    expect(md).toContain(`KEP-${ref.kep}`);
    expect(md).toContain(`https://kep.k8s.io/${ref.kep}`);
    const title = ref.keps?.find((k) => k.number === ref.kep)?.title;
    if (title) expect(md).toContain(title);
  }
  for (const c of components ?? normalisedComponents(ref.components)) expect(md).toContain(c);
  for (const v of Object.keys(ref.by_version)) {
    const s = ref.by_version[v]!;
    const cell = s.exists === false ? 'absent' : s.exists === null ? 'not verified' : `${stageWord(s.stage)} / ${s.default === true ? 'on' : s.default === false ? 'off' : 'varies by patch'}`;
    expect(md).toContain(cell);
  }
  for (const h of ref.stages) expect(md).toContain(`${stageWord(h.stage)} (${h.default ? 'on' : 'off'}) ${h.since}`);
  expect(md).toContain('command-line-tools-reference/feature-gates/');
}

/** Hover on the last key of a manifest built for a gated field (tests/gates/manifest-builder.ts). */
function hoverField(r: GatedField) {
  const { text, at } = manifestFor(r.apiVersion, r.kind, r.path);
  const h = hoverAt(text, at, { version: V });
  expect(h, `hover for ${r.path}`).not.toBeNull();
  const field = r.path.split('.').pop()!.replace('[]', '');
  expect(h!.markdown).toContain(`\`${field}\``);
  return h!;
}

describe('hover views', () => {
  it('ResourceSlice skipNodeOperations: the whole field view (gate, stage, state, KEP, type, values, history)', () => {
    const { text, position, ranges } = cursor(`apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: slice-a
spec:
  driver: gpu.example.com
  pool: {name: pool-a, generation: 1, resourceSliceCount: 1}
  nodeName: node-1
  ⟦skip‸NodeOperations⟧: ["*"]
`);
    const h = hoverAt(text, position, { version: V })!;
    expect(h.range).toEqual(ranges[0]);
    expect(h.target).toEqual({ apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', path: 'spec.skipNodeOperations' });
    expect(h.markdown).toMatchInlineSnapshot(`
      "Feature gate \`DRAOptionalNodeOperations\` · Alpha, off by default in 1.37 · **off (default)** · [KEP-5945](https://kep.k8s.io/5945 "DRA Optional Node Preparation")

      **\`skipNodeOperations\`** — list of string in \`ResourceSliceSpec\` · optional  
      Allowed values: \`NodePrepareResources\`, \`NodeUnprepareResources\`, \`*\`

      ---

      While it is off: the API server silently drops \`skipNodeOperations\` when the object is created or updated, so the setting is lost.  
      Stage history: Alpha (off) 1.37+ · by version: 1.34 absent · 1.35 absent · 1.36 absent · 1.37 Alpha / off  
      Where it is on: kube-apiserver: off (default), kube-scheduler: off (default), kubelet: off (default)

      ResourceSlice spec.skipNodeOperations lets drivers declare that NodePrepareResources/NodeUnprepareResources calls can be skipped. [Feature gates reference](https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/)"
    `);
  });

  it('a gate on by default (Beta, not locked) that nothing sets: "on (default)" in the headline and per component', () => {
    const r = gatedFields(V).find((x) => {
      const st = committedGate(x.gate).by_version[V];
      return x.value === undefined && x.source === 'tag' && !x.path.includes('(kind)') && st?.stage === 'Beta' && st.default === true && !st.locked && x.kind === 'Pod';
    })!;
    expect(r, 'a Pod field gated by a Beta gate on by default').toBeDefined();
    const md = hoverField(r).markdown;
    expect(md.split('\n')[0]).toContain('· **on (default)** ·');
    const where = md.split('\n').find((l) => l.startsWith('Where it is on: '))!;
    expect(where).toMatch(/^Where it is on: ([a-z-]+: on \(default\)(, )?)+\s*$/);
    expect(md).not.toContain('unknown');
  });

  it('ResourceSlice consumesCounters compatibilityGroups', () => {
    const r = gatedField(V, 'ResourceSlice', 'spec.devices[].consumesCounters[].compatibilityGroups', 'resource.k8s.io/v1');
    expectGateView(hoverField(r).markdown, r.gate);
  });

  it('KubeletConfiguration defaultPodSysctls belongs to the kubelet only, and its own featureGates turn it on', () => {
    const r = gatedField(V, 'KubeletConfiguration', 'defaultPodSysctls');
    const h = hoverField(r);
    expectGateView(h.markdown, r.gate, ['kubelet']);
    expect(h.markdown).not.toContain('kube-apiserver');
    const { text, at } = manifestFor(r.apiVersion, 'KubeletConfiguration', r.path, `featureGates:\n  ${r.gate}: true\n`);
    const on = hoverAt(text, at, { version: V })!;
    expect(on.markdown).toMatch(/kubelet: on/);
    expect(new Analysis({ version: V }).check(text).findings.filter((f) => f.code === 'feature-gate')).toEqual([]);
  });

  it('Pod volumeMounts bindMountOptions', () => {
    const r = gatedField(V, 'Pod', 'spec.containers[].volumeMounts[].bindMountOptions', 'v1');
    expectGateView(hoverField(r).markdown, r.gate);
  });

  it('Pod probe grpc.mode shows its allowed values', () => {
    const r = gatedField(V, 'Pod', 'spec.containers[].livenessProbe.grpc.mode', 'v1');
    const h = hoverField(r);
    expectGateView(h.markdown, r.gate);
    const values = enumOf(V, 'core.v1.GRPCAction', 'mode');
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(h.markdown).toContain(`\`${v}\``);
  });

  it('Pod volumes emptyDir.mode', () => {
    const r = gatedField(V, 'Pod', 'spec.volumes[].emptyDir.mode', 'v1');
    expectGateView(hoverField(r).markdown, r.gate);
  });

  it('a Beta field that is on by default, and a GA field', () => {
    const pod = gatedFields(V)
      .filter((x) => x.apiVersion === 'v1' && x.kind === 'Pod' && x.value === undefined && x.source === 'tag')
      .sort((a, b) => a.path.length - b.path.length);
    const beta = pod.find((x) => stageInVersion(x.gate, V) === 'Beta/on')!;
    const ga = pod.find((x) => stageInVersion(x.gate, V) === 'GA/on')!;
    expect(beta).toBeDefined();
    expect(ga).toBeDefined();
    for (const r of [beta, ga]) {
      const h = hoverField(r);
      expectGateView(h.markdown, r.gate);
      // no warning for gates that are on by default
      const { text } = manifestFor('v1', 'Pod', r.path);
      expect(new Analysis({ version: V }).check(text).findings.filter((f) => f.code === 'feature-gate')).toEqual([]);
    }
  });

  it('a gate name in a kind config shows the gate view with the state the config gives', () => {
    const { text, position, ranges } = cursor(`kind: Cluster
apiVersion: kind.x-k8s.io/v1alpha4
featureGates:
  ⟦DRAOptional‸NodeOperations⟧: true
`);
    const h = hoverAt(text, position, { version: V })!;
    expect(h.range).toEqual(ranges[0]);
    expect(h.markdown).toMatchInlineSnapshot(`
      "Feature gate \`DRAOptionalNodeOperations\` · Alpha, off by default in 1.37 · **on** · [KEP-5945](https://kep.k8s.io/5945 "DRA Optional Node Preparation")

      Stage history: Alpha (off) 1.37+ · by version: 1.34 absent · 1.35 absent · 1.36 absent · 1.37 Alpha / off  
      Where it is on: kube-apiserver: on, kube-scheduler: on, kubelet: on

      - kube-apiserver: this file (kind Cluster featureGates) sets DRAOptionalNodeOperations: true for every component
      - kube-scheduler: this file (kind Cluster featureGates) sets DRAOptionalNodeOperations: true for every component
      - kubelet: this file (kind Cluster featureGates) sets DRAOptionalNodeOperations: true for every component

      ResourceSlice spec.skipNodeOperations lets drivers declare that NodePrepareResources/NodeUnprepareResources calls can be skipped. [Feature gates reference](https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/)"
    `);
    // The same gate as the ResourceSlice field of the committed data, every component on through this config.
    const gate = gatedField(V, 'ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1').gate;
    expectGateView(h.markdown, gate);
    for (const c of normalisedComponents(committedGate(gate).components)) expect(h.markdown).toContain(`${c}: on`);
  });

  it('a gate name inside a kubeadm --feature-gates value', () => {
    const gate = gatedField(V, 'ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1').gate;
    const { text, position, ranges } = cursor(`apiVersion: kubeadm.k8s.io/v1beta4
kind: ClusterConfiguration
apiServer:
  extraArgs:
  - name: feature-gates
    value: AllAlpha=false,⟦${caret(gate, 2)}⟧=true
`);
    const h = hoverAt(text, position, { version: V })!;
    expect(h.markdown).toContain(`Feature gate \`${gate}\``);
    expect(h.range).toEqual(ranges[0]);
  });

  it('unknown gates: a renamed name, a removed gate with its replacement, a name that was never a gate', () => {
    const kind = (name: string) => cursor(`kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  ${caret(name)}: true\n`);
    const hover = (name: string) => {
      const { text, position } = kind(name);
      return hoverAt(text, position, { version: V })!;
    };
    const [alias, info] = Object.entries(notGates()).find(([, v]) => v.alias_of)!;
    const renamed = hover(alias);
    expect(renamed.markdown).toContain('not a feature gate');
    expect(renamed.markdown).toContain(info.alias_of!);
    const [removed, entry] = Object.entries(gatesNotOnPage()).find(([, g]) => g.replaced_by && g.by_version[V]?.exists === false)!;
    const gone = hover(removed);
    expect(gone.markdown).toContain('removed');
    expect(gone.markdown).toContain(entry.replaced_by!);
    expect(explainGate('NoSuchGateAtAll', { version: V })).toContain('not a feature gate');
  });

  it('restoreFrom is explained as a design that was not shipped, with its KEP', () => {
    const design = committedBrief().notShippedFields.find((f) => f.kind === 'Pod')!;
    expect(design).toBeDefined();
    const { text, at } = manifestFor(design.apiVersion, 'Pod', design.path);
    const h = hoverAt(text, at, { version: V })!;
    expect(h.markdown).toContain(`KEP-${design.kep}`);
    expect(h.markdown).toContain('not shipped');
  });

  it('apiVersion/kind show the served versions of the kind', () => {
    const served = committedKinds(V)
      .filter((k) => k.kind === 'ResourceSlice' && !k.removed)
      .map((k) => k.apiVersion);
    expect(served.length).toBeGreaterThan(1);
    const { text, position } = cursor(`apiVersion: ${served[0]}\nkind: ${caret('ResourceSlice')}\n`);
    const h = hoverAt(text, position, { version: V })!;
    for (const v of served) expect(h.markdown).toContain(`\`${v}\``);
  });

  it('kubegate explain APIVERSION KIND path prints the same field view', () => {
    const r = gatedField(V, 'ResourceSlice', 'spec.devices[].consumesCounters[].compatibilityGroups', 'resource.k8s.io/v1');
    const md = explainField(r.apiVersion, 'ResourceSlice', r.path.replace(/\[\]/g, ''), { version: V })!;
    expectGateView(md, r.gate);
    expect(md).toBe(hoverField(r).markdown);
  });
});
