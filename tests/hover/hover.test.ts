// Hover views checked against the facts in ../shared (every expected fact is read from there, not typed).
import { describe, expect, it } from 'vitest';
import { sharedTitle } from '../support/shared';
import { checkText } from '../../server/src/engine/check';
import { explainField, explainGate, hoverAt } from '../../server/src/engine/hover';
import { manifestFor } from '../gates/manifest-builder';
import {
  gatedFieldRows,
  hasShared,
  normalisedComponents,
  readShared,
  referenceGate,
  referenceGatesNotOnPage,
  referenceNotGates,
} from '../gates/shared-data';

const V = '1.37';

function row(kindOrType: string, pathEnd: string, apiVersion?: string): Record<string, string> {
  const r = gatedFieldRows(V).find(
    (x) => x['kindOrType'] === kindOrType && x['path']!.endsWith(pathEnd) && (!apiVersion || x['apiVersion'] === apiVersion) && !x['enumValue'],
  );
  if (!r) throw new Error(`no gated-field row for ${kindOrType} ${pathEnd}`);
  return r;
}

const stageWord = (s: string | undefined) => (s === 'Stable' ? 'GA' : s);

/** The gate facts of feature-gates.json that a gate view must show. */
function expectGateView(md: string, gate: string, components?: string[]) {
  const ref = referenceGate(gate)!;
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

function hoverField(r: Record<string, string>, kind = r['kindOrType']!) {
  const { text, at } = manifestFor(r['apiVersion']!, kind, r['path']!);
  const h = hoverAt(text, at, { version: V });
  expect(h, `hover for ${r['path']}`).not.toBeNull();
  const field = r['path']!.split('.').pop()!.replace('[]', '');
  expect(h!.markdown).toContain(`\`${field}\``);
  return h!;
}

describe.skipIf(!hasShared)(sharedTitle('hover views (facts read from ../shared)'), () => {
  it('ResourceSlice skipNodeOperations: gate, stage history, default, components, KEP, state', () => {
    const r = row('ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1');
    const h = hoverField(r);
    expectGateView(h.markdown, r['gate']!);
    expect(h.markdown).toContain('unknown');
    expect(h.range.start.line).toBe(manifestFor(r['apiVersion']!, 'ResourceSlice', r['path']!).at.line);
  });

  it('ResourceSlice consumesCounters compatibilityGroups', () => {
    const r = row('ResourceSlice', 'consumesCounters[].compatibilityGroups', 'resource.k8s.io/v1');
    expectGateView(hoverField(r).markdown, r['gate']!);
  });

  it('KubeletConfiguration defaultPodSysctls belongs to the kubelet only, and its own featureGates turn it on', () => {
    const r = row('KubeletConfiguration', 'defaultPodSysctls');
    const h = hoverField(r);
    expectGateView(h.markdown, r['gate']!, ['kubelet']);
    const { text, at } = manifestFor(r['apiVersion']!, 'KubeletConfiguration', r['path']!, `featureGates:\n  ${r['gate']}: true\n`);
    const on = hoverAt(text, at, { version: V })!;
    expect(on.markdown).toMatch(/kubelet: on/);
    expect(checkText(text, { version: V }).findings.filter((f) => f.code === 'feature-gate')).toEqual([]);
  });

  it('Pod volumeMounts bindMountOptions', () => {
    const r = row('Pod', 'spec.containers[].volumeMounts[].bindMountOptions', 'v1');
    expectGateView(hoverField(r).markdown, r['gate']!);
  });

  it('Pod probe grpc.mode shows its allowed values', () => {
    const r = row('Pod', 'spec.containers[].livenessProbe.grpc.mode', 'v1');
    const h = hoverField(r);
    expectGateView(h.markdown, r['gate']!);
    const fields = readShared<{ types: Record<string, { fields: { name: string; enum?: string[] }[] }> }>('upstream/k8s-1.37/fields.json');
    const mode = fields.types['io.k8s.api.core.v1.GRPCAction']!.fields.find((f) => f.name === 'mode')!;
    expect(mode.enum?.length).toBeGreaterThan(0);
    for (const v of mode.enum!) expect(h.markdown).toContain(`\`${v}\``);
  });

  it('Pod volumes emptyDir.mode', () => {
    const r = row('Pod', 'spec.volumes[].emptyDir.mode', 'v1');
    expectGateView(hoverField(r).markdown, r['gate']!);
  });

  it('a Beta field that is on by default, and a GA field', () => {
    const pod = gatedFieldRows(V)
      .filter((x) => x['apiVersion'] === 'v1' && x['kindOrType'] === 'Pod' && !x['enumValue'] && x['gateSource'] === 'tag')
      .sort((a, b) => a['path']!.length - b['path']!.length);
    const beta = pod.find((x) => x['stageInVersion'] === 'Beta/on')!;
    const ga = pod.find((x) => x['stageInVersion'] === 'GA/on')!;
    for (const r of [beta, ga]) {
      const h = hoverField(r, 'Pod');
      expectGateView(h.markdown, r['gate']!);
      // no warning for gates that are on by default
      const { text } = manifestFor('v1', 'Pod', r['path']!);
      expect(checkText(text, { version: V }).findings.filter((f) => f.code === 'feature-gate')).toEqual([]);
    }
  });

  it('a gate name in a kind config shows the gate view with the state the config gives', () => {
    const gate = row('ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1')['gate']!;
    const text = `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  ${gate}: true\n`;
    const h = hoverAt(text, { line: 3, character: 4 }, { version: V })!;
    expectGateView(h.markdown, gate);
    expect(h.range).toEqual({ start: { line: 3, character: 2 }, end: { line: 3, character: 2 + gate.length } });
    for (const c of normalisedComponents(referenceGate(gate)!.components)) expect(h.markdown).toContain(`${c}: on`);
  });

  it('a gate name inside a kubeadm --feature-gates value', () => {
    const gate = row('ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1')['gate']!;
    const value = `AllAlpha=false,${gate}=true`;
    const text = `apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n  - name: feature-gates\n    value: ${value}\n`;
    const col = '    value: '.length + value.indexOf(gate) + 2;
    const h = hoverAt(text, { line: 5, character: col }, { version: V })!;
    expect(h.markdown).toContain(`Feature gate \`${gate}\``);
    expect(h.range.start.character).toBe('    value: '.length + value.indexOf(gate));
  });

  it('unknown gates: a renamed name, a removed gate with its replacement, a name that was never a gate', () => {
    const [alias, info] = Object.entries(referenceNotGates()).find(([, v]) => v.alias_of)!;
    const kind = (name: string) => `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  ${name}: true\n`;
    const renamed = hoverAt(kind(alias), { line: 3, character: 3 }, { version: V })!;
    expect(renamed.markdown).toContain('not a feature gate');
    expect(renamed.markdown).toContain(info.alias_of!);
    const [removed, entry] = Object.entries(referenceGatesNotOnPage()).find(([, g]) => g.replaced_by && g.by_version[V]?.exists === false)!;
    const gone = hoverAt(kind(removed), { line: 3, character: 3 }, { version: V })!;
    expect(gone.markdown).toContain('removed');
    expect(gone.markdown).toContain(entry.replaced_by!);
    expect(explainGate('NoSuchGateAtAll', { version: V })).toContain('not a feature gate');
  });

  it('restoreFrom is explained as a design that was not shipped, with its KEP', () => {
    const brief = readShared<{ features: { kep?: { number: number }; shipped_in_v1_37_0: string; surfaces: { kind: string; apiVersion?: string; object?: string; path?: string }[] }[] }>(
      'reference/brief-features.json',
    );
    const feature = brief.features.find((f) => f.surfaces.some((s) => s.kind.startsWith('designed') && s.object === 'Pod'))!;
    const surface = feature.surfaces.find((s) => s.object === 'Pod')!;
    expect(feature.shipped_in_v1_37_0.startsWith('no')).toBe(true);
    const { text, at } = manifestFor(surface.apiVersion!, 'Pod', surface.path!);
    const h = hoverAt(text, at, { version: V })!;
    expect(h.markdown).toContain(`KEP-${feature.kep!.number}`);
    expect(h.markdown).toContain('not shipped');
  });

  it('apiVersion/kind show the served versions of the kind', () => {
    const kinds = readShared<{ kinds: { apiVersion: string; kind: string; removedInThisVersion: boolean }[] }>('upstream/k8s-1.37/kinds.json');
    const served = kinds.kinds.filter((k) => k.kind === 'ResourceSlice' && !k.removedInThisVersion).map((k) => k.apiVersion);
    expect(served.length).toBeGreaterThan(1);
    const h = hoverAt(`apiVersion: ${served[0]}\nkind: ResourceSlice\n`, { line: 1, character: 7 }, { version: V })!;
    for (const v of served) expect(h.markdown).toContain(`\`${v}\``);
  });

  it('kubegate explain APIVERSION KIND path prints the same field view', () => {
    const r = row('ResourceSlice', 'consumesCounters[].compatibilityGroups', 'resource.k8s.io/v1');
    const md = explainField(r['apiVersion']!, 'ResourceSlice', r['path']!.replace(/\[\]/g, ''), { version: V })!;
    expectGateView(md, r['gate']!);
  });
});
