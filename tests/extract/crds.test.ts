// Ecosystem CRD extraction on small hand-written checkouts: project detection, CRD rows and schemas, the
// standard/experimental channel comparison, controller gates from code joined with reviewed rows, and merging
// releases run by run.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { controllerGates, extractCrds, gitReleaseOf, projectOf, readCrdIndex, type CrdIndex } from '../../scripts/extract/crds';
import { channelDifferences } from '../../scripts/extract/crd-channels';
import { featureGateSpecs, flagDefaultGates, readReviewedGates } from '../../scripts/extract/controller-gates';
import { buildCrdPack } from '../../scripts/generate/crds-pack';
import { fixtureTree, go, tempDir, writeTree } from './fixture-tree';

/** A CRD file: versions as [name, served, storage, schema properties of spec]. */
function crd(group: string, kind: string, versions: [string, boolean, boolean, Record<string, unknown>][], annotations: Record<string, string> = {}): string {
  const doc = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${kind.toLowerCase()}s.${group}`, annotations },
    spec: {
      group,
      names: { kind, plural: `${kind.toLowerCase()}s`, listKind: `${kind}List` },
      scope: 'Namespaced',
      versions: versions.map(([name, served, storage, spec]) => ({ name, served, storage, schema: { openAPIV3Schema: { type: 'object', description: 'dropped', properties: { spec: { type: 'object', properties: spec } } } } })),
    },
  };
  return JSON.stringify(doc); // JSON is YAML
}

const ref = (tag: string) => () => ({ tag, commit: 'a'.repeat(40), commitDate: '2026-01-02T03:04:05+05:30' });

describe('CRD checkouts', () => {
  it('tells the project by the CRD files of its CRD directory (the AWS provider before karpenter)', () => {
    expect(projectOf(fixtureTree('x/a', { 'pkg/apis/crds/karpenter.sh_nodepools.yaml': '{}' }))?.project).toBe('karpenter');
    expect(projectOf(fixtureTree('x/b', { 'pkg/apis/crds/karpenter.sh_nodepools.yaml': '{}', 'pkg/apis/crds/karpenter.k8s.aws_ec2nodeclasses.yaml': '{}' }))?.project).toBe('karpenter-provider-aws');
    expect(projectOf(fixtureTree('x/c', { 'config/crd/standard/gateway.networking.k8s.io_gateways.yaml': '{}' }))?.project).toBe('gateway-api');
    expect(projectOf(fixtureTree('x/d', { 'config/crd/example.io_gizmos.yaml': '{}' }))).toBeUndefined();
  });

  it('reads the release tag (the vX.Y.Z one), commit and commit date of a git checkout', () => {
    const dir = tempDir('crd-git');
    const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env: { ...process.env, GIT_COMMITTER_DATE: '2026-03-14T01:53:39+05:30', GIT_AUTHOR_DATE: '2026-03-14T01:53:39+05:30' } }).trim();
    git('init', '-q');
    writeTree(dir, { 'a.txt': 'a\n' });
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'one');
    git('tag', 'conformance/v1.5.1');
    git('tag', 'v1.5.1');
    expect(gitReleaseOf(dir)).toEqual({ tag: 'v1.5.1', commit: git('rev-parse', 'HEAD'), commitDate: '2026-03-14T01:53:39+05:30' });
    expect(gitReleaseOf(tempDir('crd-nogit'))).toBeUndefined();
  });

  it('writes each CRD with its provenance, versions and description-free schemas, and merges releases run by run', () => {
    const out = tempDir('crd-out');
    const v1 = fixtureTree('x/snap1', {
      'client/config/crd/snapshot.storage.k8s.io_volumesnapshots.yaml': crd('snapshot.storage.k8s.io', 'VolumeSnapshot', [['v1', true, true, { source: { type: 'string' } }], ['v1beta1', false, false, { source: { type: 'string' } }]]),
      'client/config/crd/kustomization.yaml': 'resources: []\n',
    });
    const r = extractCrds([v1, fixtureTree('x/none', { 'README.md': 'x' })], out, ref('v8.6.0'));
    expect(r.read.map((x) => `${x.project} ${x.tag} ${x.crds}`)).toEqual(['external-snapshotter v8.6.0 1']);
    expect(r.problems).toHaveLength(1);
    const index = readCrdIndex(out) as CrdIndex;
    expect(index.files).toHaveLength(1);
    const f = index.files[0];
    expect({ ...f, versions: f.versions.map((v) => ({ ...v, schema: typeof v.schema })) }).toMatchObject({
      project: 'external-snapshotter',
      repo: 'kubernetes-csi/external-snapshotter',
      tag: 'v8.6.0',
      commit: 'a'.repeat(40),
      path: 'client/config/crd/snapshot.storage.k8s.io_volumesnapshots.yaml',
      kind: 'VolumeSnapshot',
      plural: 'volumesnapshots',
      versions: [
        { name: 'v1', served: true, storage: true, schema: 'string' },
        { name: 'v1beta1', served: false, storage: false, schema: 'string' },
      ],
    });
    // identical schemas are stored once, without descriptions
    expect(f.versions[0].schema).toBe(f.versions[1].schema);
    const schemas = JSON.parse(fs.readFileSync(path.join(out, 'upstream/crds/schemas.json'), 'utf8')).schemas;
    expect(Object.keys(schemas)).toEqual([f.versions[0].schema]);
    expect(JSON.stringify(schemas)).not.toContain('dropped');

    // a second run with another release keeps the first; the pack lists both, newest first
    const older = fixtureTree('x/snap0', { 'client/config/crd/snapshot.storage.k8s.io_volumesnapshots.yaml': crd('snapshot.storage.k8s.io', 'VolumeSnapshot', [['v1', true, true, {}]]) });
    extractCrds([older], out, ref('v8.3.0'));
    const both = readCrdIndex(out) as CrdIndex;
    expect(both.releases.map((x) => x.tag)).toEqual(['v8.6.0', 'v8.3.0']);
    const pack = buildCrdPack(out);
    expect(pack?.projects['external-snapshotter'].releases.map((x) => `${x.tag} ${x.date} ${x.crds?.length}`)).toEqual(['v8.6.0 2026-01-02 1', 'v8.3.0 2026-01-02 1']);
    // rerunning the same release gives the same bytes
    const before = fs.readFileSync(path.join(out, 'upstream/crds/index.json'), 'utf8');
    extractCrds([older], out, ref('v8.3.0'));
    expect(fs.readFileSync(path.join(out, 'upstream/crds/index.json'), 'utf8')).toBe(before);
  });
});

describe('Gateway API channels', () => {
  const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
  const std = obj({ spec: obj({ rules: { type: 'array', items: obj({ type: { type: 'string', enum: ['A'] }, value: { type: 'string' } }) }, labels: { type: 'object', additionalProperties: obj({ a: { type: 'string' } }) } }, { 'x-kubernetes-validations': [{ rule: 'self.x', message: 'm' }] }) });
  const exp = obj({
    spec: obj(
      {
        rules: { type: 'array', items: obj({ type: { type: 'string', enum: ['A', 'B'] }, value: { type: 'string', pattern: '^v$' }, retry: obj({ n: { type: 'integer' } }) }) },
        labels: { type: 'object', additionalProperties: obj({ a: { type: 'string' }, b: { type: 'string' } }) },
      },
      { 'x-kubernetes-validations': [{ rule: 'self.y', message: 'n' }, { rule: 'self.x', message: 'm' }] },
    ),
  });

  it('lists kinds, versions, fields, enum values, rules and patterns of one channel only, in a fixed order', () => {
    const rows = channelDifferences({
      standard: [{ group: 'g.io', kind: 'Route', versions: [{ name: 'v1', served: true, storage: true, schema: std }, { name: 'v1alpha2', served: false, storage: false }] }],
      experimental: [
        { group: 'g.io', kind: 'Route', versions: [{ name: 'v1', served: true, storage: true, schema: exp }, { name: 'v1alpha2', served: true, storage: false }, { name: 'v1alpha3', served: true, storage: false }] },
        { group: 'x.g.io', kind: 'XMesh', versions: [{ name: 'v1alpha1', served: true, storage: true }] },
      ],
    });
    expect(rows.map((r) => [r.kind, r.version, r.path, r.difference, r.onlyIn, r.value ?? ''].join(' ').trim())).toEqual([
      'Route v1 spec.labels.*.b field experimental',
      'Route v1 spec.rules[].retry field experimental',
      'Route v1 spec cel-rule experimental self.y',
      'Route v1 spec.rules[].type enum-value experimental B',
      'Route v1 spec.rules[].value pattern experimental ^v$',
      'Route v1alpha2 (version) version-served-only-in-channel experimental',
      'Route v1alpha3 (version) version-only-in-channel experimental',
      'XMesh v1alpha1 (kind) kind-only-in-channel experimental',
    ]);
  });

  it('keeps the channel rows of a release and only the experimental CRDs in the pack', () => {
    const out = tempDir('crd-gw');
    const annotated = (channel: string) => ({ 'gateway.networking.k8s.io/channel': channel, 'gateway.networking.k8s.io/bundle-version': 'v1.6.1' });
    extractCrds(
      [
        fixtureTree('x/gw', {
          'config/crd/standard/gateway.networking.k8s.io_routes.yaml': crd('gateway.networking.k8s.io', 'Route', [['v1', true, true, { a: { type: 'string' } }]], annotated('standard')),
          'config/crd/experimental/gateway.networking.k8s.io_routes.yaml': crd('gateway.networking.k8s.io', 'Route', [['v1', true, true, { a: { type: 'string' }, b: { type: 'string' } }]], annotated('experimental')),
        }),
      ],
      out,
      ref('v1.6.1'),
    );
    const release = buildCrdPack(out)?.projects['gateway-api'].releases[0];
    expect(release?.crds).toBeUndefined();
    expect(release?.channels?.experimental.map((c) => c.kind)).toEqual(['Route']);
    expect(release?.channelRows).toEqual([{ group: 'gateway.networking.k8s.io', kind: 'Route', version: 'v1', path: 'spec.b', difference: 'field', onlyIn: 'experimental' }]);
  });
});

describe('controller gates', () => {
  it('reads featuregate specs with their stage and the line of each', () => {
    const src = go(
      'package features',
      '',
      'const (',
      '\tWidgets featuregate.Feature = "WidgetGate"',
      '\tGadgets featuregate.Feature = "GadgetGate"',
      ')',
      '',
      'var defaults = map[featuregate.Feature]featuregate.FeatureSpec{',
      '\tWidgets: {Default: false, PreRelease: featuregate.Beta},',
      '\tGadgets: {Default: true, PreRelease: featuregate.GA},',
      '}',
    );
    expect(featureGateSpecs(src)).toEqual([
      { name: 'WidgetGate', default: false, stage: 'Beta', line: 9 },
      { name: 'GadgetGate', default: true, stage: 'GA', line: 10 },
    ]);
  });

  it('reads the defaults of a --feature-gates flag string', () => {
    const src = go('package options', '', 'func (o *Options) AddFlags(fs *FlagSet) {', '\tfs.StringVar(&o.s, "feature-gates", env.WithDefaultString("FEATURE_GATES", "Alpha=false,Beta=true"), "help")', '}');
    expect(flagDefaultGates(src)).toEqual([
      { name: 'Alpha', default: false, line: 4 },
      { name: 'Beta', default: true, line: 4 },
    ]);
    expect(flagDefaultGates('package options\n')).toEqual([]);
  });

  it('joins code states per release with the reviewed stage and governed kinds and fields, in the reviewed order', () => {
    const dir = tempDir('crd-reviewed');
    const c = '0'.repeat(40);
    writeTree(dir, {
      'gates.tsv': [
        '# controller\tgate\tfact\tvalue\tevidence',
        `karpenter\tBeta\tstage\tAlpha\towner/repo docs.md@${c} line 3: table`,
        `karpenter\tBeta\tfield\tkarpenter.sh/v1 NodePool spec.replicas\towner/repo a.go@${c} line 9: check`,
        `karpenter\tBeta\tkind\tkarpenter.sh/v1alpha1 NodeOverlay\towner/repo a.go@${c} line 10: check`,
        '',
      ].join('\n'),
      'bad.tsv': 'karpenter\tBeta\tstage\tAlpha\tsee the docs\n',
    });
    const reviewed = readReviewedGates(path.join(dir, 'gates.tsv'));
    expect(() => readReviewedGates(path.join(dir, 'bad.tsv'))).toThrow(/evidence/);
    const index: CrdIndex = {
      schema: 'crds-extracted/1',
      projects: {},
      releases: ['v1.13.0', 'v1.14.1'].map((tag) => ({ project: 'karpenter', repo: 'kubernetes-sigs/karpenter', tag, commit: c, commitDate: '' })),
      files: [],
      channelRows: [],
      codeGates: [
        { project: 'karpenter', tag: 'v1.14.1', controller: 'karpenter', name: 'Alpha', default: false, at: 'o.go:4' },
        { project: 'karpenter', tag: 'v1.14.1', controller: 'karpenter', name: 'Beta', default: true, at: 'o.go:4' },
        { project: 'karpenter', tag: 'v1.13.0', controller: 'karpenter', name: 'Alpha', default: false, at: 'o.go:3' },
      ],
    };
    const gates = controllerGates(index, reviewed);
    expect(gates.map((g) => g.name)).toEqual(['Beta', 'Alpha']);
    expect(gates[0]).toMatchObject({
      stage: 'Alpha',
      byRelease: { 'v1.13.0': { exists: false }, 'v1.14.1': { default: true, at: 'o.go:4' } },
      governs: { kinds: [{ group: 'karpenter.sh', version: 'v1alpha1', kind: 'NodeOverlay' }], fields: [{ group: 'karpenter.sh', version: 'v1', kind: 'NodePool', path: 'spec.replicas' }] },
    });
    expect(gates[1].stage).toBeUndefined();
  });
});
