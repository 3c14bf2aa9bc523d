// The facts typed as fixtures in tests/support/features.ts (gates, KEPs, where a field is written, Go names) and
// the committed schemas/ the fixture suites read agree with each other, and with ../shared when it is there.
import { describe, expect, it } from 'vitest';
import { committedBrief, committedKinds, configApiVersion, gate, gatedFields, notGates } from '../support/committed';
import { FEATURES, type FeatureFacts } from '../support/features';
import { hasShared, readShared, sharedTitle } from '../support/shared';

const V = '1.37';
const all = Object.entries(FEATURES) as [string, FeatureFacts][];

describe('fixture features agree with the committed schemas/', () => {
  it.each(all.filter(([, f]) => f.shipped))('%s: the gated field, its gate and KEP', (_id, f) => {
    const row = gatedFields(V).find(
      (r) => r.apiVersion === f.apiVersion && r.kind === f.kind && r.value === undefined && r.path.replace(/\[\]/g, '') === f.path.join('.'),
    );
    expect(row?.gate, `${f.apiVersion} ${f.kind} ${f.path.join('.')}`).toBe(f.gate);
    expect(gate(f.gate).kep).toBe(f.kep);
    if (f.kepYamlGate !== f.gate) expect(notGates()[f.kepYamlGate]?.alias_of).toBe(f.gate);
  });

  it.each(all.filter(([, f]) => !f.shipped))('%s: a design that is not served, with its KEP', (_id, f) => {
    expect(committedBrief().notShippedApis.find((a) => a.apiVersion === f.apiVersion && a.kind === f.kind)?.kep).toBe(f.kep);
    expect(committedKinds(V).some((k) => k.apiVersion === f.apiVersion && k.kind === f.kind)).toBe(false);
    expect(gate(f.gate).by_version[V]?.exists).toBe(false);
  });
});

interface BriefFeature {
  id: string;
  gate: { as_shipped: string; in_kep_yaml: string } | null;
  kep?: { number: number } | null;
  surfaces: { kind: string; apiVersion?: string; object?: string; path?: string }[];
}

describe.skipIf(!hasShared)(sharedTitle('fixture features agree with ../shared'), () => {
  it.each(all)('%s: gate, kep.yaml name, KEP and surface as brief-features.json says', (id, f) => {
    const brief = readShared<{ features: BriefFeature[] }>('reference', 'brief-features.json').features.find((x) => x.id === id);
    expect(brief, id).toBeDefined();
    expect(brief!.gate?.as_shipped).toBe(f.gate);
    expect(brief!.gate?.in_kep_yaml).toBe(f.kepYamlGate);
    expect(brief!.kep?.number).toBe(f.kep);
    const surface = brief!.surfaces.find(
      (s) => s.apiVersion?.split(',')[0]!.trim() === f.apiVersion && s.object?.startsWith(f.kind) && s.path,
    );
    expect(surface, JSON.stringify(brief!.surfaces)).toBeDefined();
    // Brief paths may name several places at once ({livenessProbe,readinessProbe}, several fields): the fixture
    // writes the first of each.
    const written = surface!.path!.replace(/\{([^,}]+)[^}]*\}/g, '$1').split(',')[0]!.replace(/\[\]/g, '');
    expect(written.split('.').map((s) => s.trim())).toEqual(f.path);
    expect(brief!.surfaces.some((s) => s.kind.startsWith('designed'))).toBe(!f.shipped);
  });

  it.each(all.filter(([, f]) => f.goName))('%s: the Go name of the field in the upstream type data', (_id, f) => {
    const file = f.kind === 'KubeletConfiguration' ? ['configs', 'kubelet', 'k8s-1.37', 'fields.json'] : ['k8s-1.37', 'fields.json'];
    const data = readShared<{ types: Record<string, { fields: { name?: string; go?: string }[] }> }>('upstream', ...file);
    const field = f.path[f.path.length - 1];
    const goNames = Object.values(data.types).flatMap((t) => t.fields.filter((x) => x.name === field && x.go).map((x) => x.go));
    expect(goNames).toContain(f.goName);
  });

  it('config apiVersions of the committed kinds match upstream/configs/index.json', () => {
    const idx = readShared<{ configs: { component: string; apiVersion: string; kind: string }[] }>('upstream', 'configs', 'index.json');
    for (const [component, kind] of [
      ['kind', 'Cluster'],
      ['kubeadm', 'ClusterConfiguration'],
      ['kubeadm', 'InitConfiguration'],
      ['kubelet', 'KubeletConfiguration'],
    ]) {
      expect(configApiVersion(component!, kind!), `${component} ${kind}`).toBe(idx.configs.find((c) => c.component === component && c.kind === kind)?.apiVersion);
    }
  });
});
