// Internal imports: `gates/discover-configs` (loadConfigFiles: config documents read from named files, which the
// project model does for the front ends; the entry point does not export it).
// Findings about gate settings (unknown-gate with its reason and replacement, locked-gate, redundant-gate),
// version-mismatch, gate-dependency and api-disabled-by-default silencing, through Analysis.check. Gate names and
// facts are read from the committed schemas/ (checked against ../shared by the knowledge suites).
import { describe, expect, it } from 'vitest';
import { buildGateEnvironment, type Finding, gateCatalog, Analysis } from '../../server/src/engine';
import { loadConfigFiles } from '../../server/src/engine/gates/discover-configs';
import { manifestFor } from './manifest-builder';
import { marked } from '../support/markers';
import { committedBrief, committedKinds, gatedFields, gatesNotOnPage, notGates, pageGates } from '../support/committed';
import { dataOf } from '../support/finding-data';

const V = '1.37';
const kindWith = (gates: Record<string, string>) =>
  `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n${Object.entries(gates).map(([g, v]) => `  ${g}: ${v}\n`).join('')}`;

function findingsOf(text: string, code: Finding['code'], version: '1.34' | '1.35' | '1.36' | '1.37' = V): Finding[] {
  return new Analysis({ version }).check(text).findings.filter((f) => f.code === code);
}

/** A finding as one line: severity, code, range (0-based line:character), message. */
const view = (f: Finding) => `${f.severity} ${f.code} ${f.range.start.line}:${f.range.start.character}-${f.range.end.line}:${f.range.end.character} ${f.message}`;

describe('the findings of a file (the diagnostic view)', () => {
  it('a gated field beside a kind config with a renamed, a locked and a redundant gate and another minor', () => {
    const { text, ranges } = marked(`apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: slice-a
spec:
  driver: gpu.example.com
  pool: {name: pool-a, generation: 1, resourceSliceCount: 1}
  nodeName: node-1
  ⟦skipNodeOperations⟧: ["*"]
---
kind: Cluster
apiVersion: kind.x-k8s.io/v1alpha4
featureGates:
  ⟦DRAOptionalNodePreparation⟧: true
  DRAPrioritizedList: ⟦false⟧
  ⟦PLEGOnDemandRelist⟧: true
nodes:
- role: control-plane
  image: ⟦kindest/node:v1.36.1⟧
`);
    const findings = new Analysis({ version: V }).check(text).findings;
    expect(findings.map((f) => f.range)).toEqual(ranges);
    expect(findings.map(view)).toMatchInlineSnapshot(`
      [
        "warning feature-gate 8:2-8:20 skipNodeOperations is dropped: gate DRAOptionalNodeOperations is off (Alpha in 1.37)",
        "error unknown-gate 13:2-13:28 This name stops components from starting: it was renamed to DRAOptionalNodeOperations",
        "error locked-gate 14:22-14:27 DRAPrioritizedList=false stops components from starting: locked to true in 1.37 (GA)",
        "information redundant-gate 15:2-15:20 Setting PLEGOnDemandRelist has no effect: GA and on by default in 1.37",
        "information version-mismatch 18:9-18:29 Gate stages may differ: this kind node image names Kubernetes 1.36.1, the check targets 1.37",
      ]
    `);
  });
});

describe('gate setting findings', () => {
  it('a renamed gate name is unknown-gate "renamed" with the real gate as replacement', () => {
    for (const [name, info] of Object.entries(notGates()).filter(([, v]) => v.alias_of)) {
      const { text, ranges } = marked(kindWith({ [`⟦${name}⟧`]: 'true' }));
      const [f] = findingsOf(text, 'unknown-gate');
      expect(f?.severity).toBe('error');
      expect(f?.data).toMatchObject({ gate: name, reason: 'renamed', replacement: info.alias_of });
      expect(f?.message).toContain(info.alias_of!);
      expect(f?.range).toEqual(ranges[0]);
    }
  });

  it('a merged gate is unknown-gate "removed" with its replacement; a removed page gate is "removed"', () => {
    const merged = Object.entries(gatesNotOnPage()).filter(([, g]) => g.replaced_by && g.by_version[V]?.exists === false);
    expect(merged.length).toBeGreaterThan(0);
    for (const [name, g] of merged) {
      const [f] = findingsOf(kindWith({ [name]: 'true' }), 'unknown-gate');
      expect(f?.data).toMatchObject({ gate: name, reason: 'removed', replacement: g.replaced_by });
    }
    const removed = pageGates().find((g) => g.by_version[V]?.exists === false && Object.values(g.by_version).some((s) => s.exists === true))!;
    expect(findingsOf(kindWith({ [removed.name]: 'true' }), 'unknown-gate')[0]?.data).toMatchObject({ reason: 'removed' });
  });

  it('a gate added after the target version is unknown there, naming the version that adds it', () => {
    const later = pageGates().find((g) => g.by_version['1.34']?.exists === false && g.by_version[V]?.exists === true && g.stages.length > 0)!;
    const [f] = findingsOf(kindWith({ [later.name]: 'true' }), 'unknown-gate', '1.34');
    const firstVersion = ['1.35', '1.36', '1.37'].find((v) => later.by_version[v]?.exists === true);
    expect(f?.data).toMatchObject({ reason: 'unknown', addedIn: firstVersion });
  });

  it('a made-up name is unknown, with did-you-mean for a near miss; AllAlpha/AllBeta and unverified gates give nothing', () => {
    const real = pageGates().find((g) => g.by_version[V]?.exists === true)!.name;
    const [typo] = findingsOf(kindWith({ [real.toLowerCase()]: 'true' }), 'unknown-gate');
    expect(typo?.data).toMatchObject({ reason: 'unknown' });
    expect(dataOf(typo, 'unknown-gate')?.didYouMean).toContain(real);
    expect(findingsOf(kindWith({ AllAlpha: 'false', AllBeta: 'false' }), 'unknown-gate')).toEqual([]);
    // A gate whose existence the reference leaves unverified in some version gets nothing there.
    const versions = ['1.34', '1.35', '1.36', '1.37'] as const;
    const unverified = Object.entries(gatesNotOnPage())
      .flatMap(([name, g]) => versions.filter((v) => g.by_version[v]?.exists === null).map((v) => ({ name, v })))[0]!;
    expect(unverified).toBeDefined();
    expect(findingsOf(kindWith({ [unverified.name]: 'true' }), 'unknown-gate', unverified.v)).toEqual([]);
  });

  it('a locked gate set against its default is locked-gate; a GA gate set to its default is redundant-gate', () => {
    const locked = pageGates().find((g) => g.by_version[V]?.locked === true && typeof g.by_version[V]?.default === 'boolean')!;
    const def = locked.by_version[V]!.default as boolean;
    const [f] = findingsOf(kindWith({ [locked.name]: String(!def) }), 'locked-gate');
    expect(f?.severity).toBe('error');
    expect(f?.data).toMatchObject({ gate: locked.name, default: def });
    expect(findingsOf(kindWith({ [locked.name]: String(def) }), 'locked-gate')).toEqual([]);
    const ga = pageGates().find((g) => g.by_version[V]?.stage === 'Stable' && g.by_version[V]?.locked !== true && g.by_version[V]?.default === true)!;
    const [r] = findingsOf(kindWith({ [ga.name]: 'true' }), 'redundant-gate');
    expect(r?.severity).toBe('information');
    expect(findingsOf(kindWith({ [ga.name]: 'false' }), 'redundant-gate')).toEqual([]);
  });

  it('Go ParseBool forms are read; other values set nothing', () => {
    const locked = pageGates().find((g) => g.by_version[V]?.locked === true && g.by_version[V]?.default === true)!;
    for (const v of ['F', '"0"', 'FALSE']) expect(findingsOf(kindWith({ [locked.name]: v }), 'locked-gate')).toHaveLength(1);
    expect(findingsOf(kindWith({ [locked.name]: 'nope' }), 'locked-gate')).toEqual([]);
  });

  it('kubeadm kubernetesVersion or a kind node image naming another minor gives version-mismatch', () => {
    const kubeadm = (v: string) => `apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\nkubernetesVersion: ${v}\n`;
    const [f] = findingsOf(kubeadm('v1.35.2'), 'version-mismatch');
    expect(f?.severity).toBe('information');
    expect(f?.data).toMatchObject({ namedMinor: '1.35', target: V });
    expect(findingsOf(kubeadm(`v${V}.1`), 'version-mismatch')).toEqual([]);
    const kind = `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n- role: control-plane\n  image: kindest/node:v1.36.1\n`;
    expect(findingsOf(kind, 'version-mismatch')[0]?.data).toMatchObject({ namedMinor: '1.36' });
  });

  it('gate-dependency: a needed gate that needs another gate which is off (curated facts only)', () => {
    const catalog = gateCatalog();
    const rows = gatedFields(V);
    let tested = 0;
    for (const [gate, required] of Object.entries(committedBrief().alsoRequires)) {
      const off = required.find((r) => {
        const s = catalog.gates[r]?.byVersion[V];
        return s?.exists === true && (s.stage === 'Alpha' || (s.stage === 'Beta' && s.default === false));
      });
      const row = rows.find(
        (r) => r.gate === gate && r.value === undefined && r.path !== '(kind)' && (r.apiVersion === 'v1' || r.apiVersion.endsWith('/v1')),
      );
      if (!off || !row) continue;
      const { text } = manifestFor(row.apiVersion, row.kind, row.path, `---\n${kindWith({ [gate]: 'true' })}`);
      const deps = findingsOf(text, 'gate-dependency');
      expect(deps.map((d) => dataOf(d, 'gate-dependency')?.requires)).toContain(off);
      expect(deps[0]?.detail).toMatch(/curated/);
      const all = Object.fromEntries([gate, ...required.filter((r) => catalog.gates[r])].map((g) => [g, 'true']));
      const both = manifestFor(row.apiVersion, row.kind, row.path, `---\n${kindWith(all)}`).text;
      expect(findingsOf(both, 'gate-dependency')).toEqual([]);
      tested++;
    }
    expect(tested).toBeGreaterThan(0);
  });

  it('api-disabled-by-default is silenced by runtime-config from the environment, not by a kind config in the same file', () => {
    const beta = committedKinds(V).find((k) => k.kind === 'ResourceSlice' && k.stability === 'beta' && !k.removed)!;
    const manifest = `apiVersion: ${beta.apiVersion}\nkind: ResourceSlice\nmetadata:\n  name: s\n`;
    expect(findingsOf(manifest, 'api-disabled-by-default')).toHaveLength(1);
    const kindRc = `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nruntimeConfig:\n  "${beta.apiVersion}": "true"\n`;
    expect(findingsOf(`${manifest}---\n${kindRc}`, 'api-disabled-by-default')).toHaveLength(1);
    const { configs } = loadConfigFiles(['/repo/kind.yaml'], { readFile: () => kindRc });
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: V, configs });
    expect(new Analysis({ version: V, environment }).check(manifest).findings.filter((f) => f.code === 'api-disabled-by-default')).toEqual([]);
    const viaSetting = buildGateEnvironment({ catalog: gateCatalog(), version: V, explicitRuntimeConfig: [{ key: 'api/beta', value: true, origin: 'setting' }] });
    expect(new Analysis({ version: V, environment: viaSetting }).check(manifest).findings.filter((f) => f.code === 'api-disabled-by-default')).toEqual([]);
  });
});
