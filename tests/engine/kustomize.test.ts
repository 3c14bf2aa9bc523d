// Kustomize awareness: the facts a kustomization gives a file (engine input CheckOptions.kustomize), their effect
// on the check (bases: injected fields are not missing; patches: partial documents), and the CLI's discovery.
// Internal imports: `kustomize` (kustomization discovery and facts, which the project model calls).
import { describe, expect, it } from 'vitest';
import { isParserSyntaxError, verdictSentence, type Finding, type Range, Analysis } from '../../server/src/engine';
import { findKustomizations, kustomizeFactsFor } from '../../server/src/engine/kustomize';
import { runCli } from '../../server/src/cli/main';
import { memoryIO } from '../support/cli-io';

const V = '1.37';

const DEPLOYMENT = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  'spec:',
  '  template:',
  '    spec:',
  '      containers:',
  '      - name: web',
  '        image: nginx',
  '',
].join('\n');

function codes(findings: Finding[]): string[] {
  return findings.map((f) => `${f.code}:${f.path ?? ''}`);
}

function rangeIn(text: string, word: string): Range {
  const at = text.indexOf(word);
  const before = text.slice(0, at).split('\n');
  const line = before.length - 1;
  return { start: { line, character: before[line]!.length }, end: { line, character: before[line]!.length + word.length } };
}

describe('kustomize facts', () => {
  it('a resource of a kustomization with commonLabels or labels.includeSelectors gets its selector injected', () => {
    const withCommon = [{ path: '/repo/app/kustomization.yaml', text: 'resources:\n- deployment.yaml\ncommonLabels:\n  app: web\n' }];
    const facts = kustomizeFactsFor('/repo/app/deployment.yaml', withCommon);
    expect(facts?.role).toBe('resource');
    expect(facts?.kustomization).toBe('/repo/app/kustomization.yaml');
    expect(facts?.injected.map((i) => i.path)).toContain('spec.selector');
    const withLabels = [
      { path: '/repo/app/kustomization.yaml', text: 'resources: [deployment.yaml]\nlabels:\n- pairs: {app: web}\n  includeSelectors: true\n' },
    ];
    expect(kustomizeFactsFor('/repo/app/deployment.yaml', withLabels)?.injected.map((i) => i.path)).toContain('spec.selector');
    // labels without includeSelectors leave selectors alone: object labels only, and template labels with includeTemplates
    const plain = [{ path: '/repo/app/kustomization.yaml', text: 'resources: [deployment.yaml]\nlabels:\n- pairs: {app: web}\n' }];
    expect(kustomizeFactsFor('/repo/app/deployment.yaml', plain)).toEqual({ role: 'resource', kustomization: '/repo/app/kustomization.yaml', injected: [{ kinds: '*', path: 'metadata.labels' }] });
    const templates = [{ path: '/repo/app/kustomization.yaml', text: 'resources: [deployment.yaml]\nlabels:\n- pairs: {app: web}\n  includeTemplates: true\n' }];
    const templateFields = kustomizeFactsFor('/repo/app/deployment.yaml', templates)?.injected.map((i) => i.path);
    expect(templateFields).toContain('spec.template.metadata.labels');
    expect(templateFields).not.toContain('spec.selector');
    // labels with no pairs add nothing
    const empty = [{ path: '/repo/app/kustomization.yaml', text: 'resources: [deployment.yaml]\nlabels:\n- includeSelectors: true\n' }];
    expect(kustomizeFactsFor('/repo/app/deployment.yaml', empty)?.injected).toEqual([]);
    // a file no kustomization names
    expect(kustomizeFactsFor('/repo/app/other.yaml', withCommon)).toBeUndefined();
  });

  it('a component (and a component it includes) acts on the resources of the kustomization that includes it', () => {
    const ks = [
      { path: '/repo/app/kustomization.yaml', text: 'resources: [deployment.yaml]\ncomponents: [../comp/outer]\n' },
      { path: '/repo/comp/outer/kustomization.yaml', text: 'kind: Component\ncomponents: [../inner]\n' },
      { path: '/repo/comp/inner/kustomization.yaml', text: 'kind: Component\nlabels:\n- pairs: {app: web}\n  includeSelectors: true\nnamespace: prod\n' },
    ];
    const paths = kustomizeFactsFor('/repo/app/deployment.yaml', ks)?.injected.map((i) => i.path);
    expect(paths).toContain('spec.selector');
    expect(paths).toContain('metadata.namespace');
    // a component nobody includes acts on nothing
    expect(kustomizeFactsFor('/repo/app/deployment.yaml', [ks[0]!, ks[2]!].map((k, i) => (i === 0 ? { ...k, text: 'resources: [deployment.yaml]\n' } : k)))?.injected).toEqual([]);
  });

  it('a syntax error in a kustomization file has no API server verdict (nothing applies it); in a manifest it has', () => {
    const broken = 'resources:\n- deploy.yaml\nnamePrefix: "web-\n';
    const inKustomization = new Analysis({ version: V, file: '/repo/app/kustomization.yaml' }).check(broken).findings;
    expect(inKustomization.map((f) => [f.code, f.data?.verdict, verdictSentence(f)])).toEqual([['yaml-syntax', undefined, undefined]]);
    expect(isParserSyntaxError(inKustomization[0]!)).toBe(true);
    const inManifest = new Analysis({ version: V, file: '/repo/app/deploy.yaml' }).check(broken).findings;
    expect(inManifest.map((f) => [f.code, verdictSentence(f)])).toEqual([['yaml-syntax', expect.stringContaining('kubectl apply fails')]]);
  });

  it('an overlay that includes the base folder and sets commonLabels injects into the base resources', () => {
    const ks = [
      { path: '/repo/base/kustomization.yaml', text: 'resources:\n- deployment.yaml\n' },
      { path: '/repo/kustomization.yaml', text: 'resources:\n- base\ncommonLabels: {team: a}\nnamespace: prod\n' },
    ];
    const facts = kustomizeFactsFor('/repo/base/deployment.yaml', ks)!;
    expect(facts.injected.map((i) => i.path)).toEqual(expect.arrayContaining(['spec.selector', 'metadata.namespace']));
  });

  it('patches: patches[].path, patchesStrategicMerge files and patchesJson6902 with their targets', () => {
    const k = [
      {
        path: '/r/kustomization.yaml',
        text: [
          'resources: [deployment.yaml, https://example.com/remote.yaml]',
          'patches:',
          '- path: smp.yaml',
          '- path: ops.yaml',
          '  target: {group: apps, version: v1, kind: Deployment, name: web}',
          'patchesStrategicMerge:',
          '- old-smp.yaml',
          '- |-',
          '  apiVersion: apps/v1',
          '  kind: Deployment',
          'patchesJson6902:',
          '- target: {version: v1, kind: Service, name: web}',
          '  path: svc-ops.yaml',
          '',
        ].join('\n'),
      },
    ];
    expect(kustomizeFactsFor('/r/smp.yaml', k)).toMatchObject({ role: 'patch' });
    expect(kustomizeFactsFor('/r/old-smp.yaml', k)).toMatchObject({ role: 'patch' });
    expect(kustomizeFactsFor('/r/ops.yaml', k)).toMatchObject({ role: 'patch', target: { group: 'apps', version: 'v1', kind: 'Deployment' } });
    expect(kustomizeFactsFor('/r/svc-ops.yaml', k)).toMatchObject({ role: 'patch', target: { version: 'v1', kind: 'Service' } });
  });

  it('discovery: one kustomization per folder, nearest first, up to the root', () => {
    const files: Record<string, string> = {
      '/w/kustomization.yml': 'resources: [a]\n',
      '/w/a/Kustomization': 'resources: [x.yaml]\n',
      '/w/a/kustomization.yaml': 'resources: [y.yaml]\n',
      '/kustomization.yaml': 'resources: []\n',
    };
    const found = findKustomizations('/w/a/x.yaml', '/w', (f) => files[f]);
    expect(found.map((k) => k.path)).toEqual(['/w/a/kustomization.yaml', '/w/kustomization.yml']);
  });
});

describe('kustomize in the check', () => {
  it('a kustomize base gets no missing-field spec.selector; other findings stay', () => {
    expect(codes(new Analysis({ version: V }).check(DEPLOYMENT).findings)).toEqual(['missing-field:spec.selector']);
    const kustomize = kustomizeFactsFor('/r/deployment.yaml', [{ path: '/r/kustomization.yaml', text: 'resources: [deployment.yaml]\ncommonLabels: {app: web}\n' }]);
    expect(new Analysis({ version: V, kustomize }).check(DEPLOYMENT).findings).toEqual([]);
    const typo = DEPLOYMENT.replace('image: nginx', 'imagee: nginx');
    // The misspelt key leaves the container without an image, which the API server's validation rejects.
    expect(codes(new Analysis({ version: V, kustomize }).check(typo).findings)).toEqual([
      'missing-field:spec.template.spec.containers[].image',
      'unknown-field:spec.template.spec.containers[].imagee',
    ]);
  });

  it('a strategic-merge patch is partial: unknown fields and values still checked, nothing required, directives accepted', () => {
    const patch = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: web',
      'spec:',
      '  replicas: "3"',
      '  template:',
      '    spec:',
      '      containers:',
      '      - name: web',
      '        imagePullPolicy: Sometimes',
      '        resourcez: {}',
      '      - name: sidecar',
      '        $patch: delete',
      '  strategy: null',
      '',
    ].join('\n');
    const kustomize = kustomizeFactsFor('/r/patch.yaml', [{ path: '/r/kustomization.yaml', text: 'resources: [deployment.yaml]\npatches:\n- path: patch.yaml\n' }]);
    expect(kustomize?.role).toBe('patch');
    const without = codes(new Analysis({ version: V }).check(patch).findings);
    expect(without).toContain('missing-field:spec.selector');
    const got = codes(new Analysis({ version: V, kustomize }).check(patch).findings);
    expect(got).toEqual([
      'invalid-value:spec.replicas',
      'invalid-value:spec.template.spec.containers[].imagePullPolicy',
      'unknown-field:spec.template.spec.containers[].resourcez',
    ]);
  });

  it('a JSON6902 patch is checked against its target kind at each operation path, at exact positions', () => {
    const ops = [
      '- op: replace',
      '  path: /spec/replicas',
      '  value: "two"',
      '- op: add',
      '  path: /spec/template/spec/containers/0/imagePullPolicy',
      '  value: Always',
      '- op: add',
      '  path: /spec/templat/metadata',
      '  value: {}',
      '- op: add',
      '  path: /spec/template/spec/containers/-',
      '  value:',
      '    name: extra',
      '    imagee: busybox',
      '- op: remove',
      '  path: /spec/nothing',
      '',
    ].join('\n');
    const kustomize = kustomizeFactsFor('/r/ops.yaml', [
      { path: '/r/kustomization.yaml', text: 'resources: [d.yaml]\npatches:\n- path: ops.yaml\n  target: {group: apps, version: v1, kind: Deployment}\n' },
    ]);
    const report = new Analysis({ version: V, kustomize }).check(ops);
    expect(report.documents[0]).toMatchObject({ checked: true, apiVersion: 'apps/v1', kind: 'Deployment' });
    const byCode = Object.fromEntries(report.findings.map((f) => [`${f.code}:${f.path}`, f.range]));
    expect(Object.keys(byCode).sort()).toEqual([
      'invalid-value:spec.replicas',
      'unknown-field:spec.templat',
      'unknown-field:spec.template.spec.containers[].imagee',
    ]);
    const typo = rangeIn(ops, 'templat/metadata');
    expect(byCode['unknown-field:spec.templat']).toEqual({ start: typo.start, end: { line: typo.start.line, character: typo.start.character + 'templat'.length } });
    expect(byCode['unknown-field:spec.template.spec.containers[].imagee']).toEqual(rangeIn(ops, 'imagee'));
    expect(byCode['invalid-value:spec.replicas']).toEqual(rangeIn(ops, '"two"'));
    // without kustomize facts the operation list is not a Kubernetes object
    expect(new Analysis({ version: V }).check(ops).documents[0]).toMatchObject({ checked: false });
  });

  it('the CLI finds the kustomization beside a file (base and patch)', async () => {
    const io = memoryIO({
      '/kz/app/kustomization.yaml': 'resources:\n- deployment.yaml\npatches:\n- path: patch.yaml\ncommonLabels:\n  app: web\n',
      '/kz/app/deployment.yaml': DEPLOYMENT,
      '/kz/app/patch.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicaz: 2\n',
      '/kz/plain/deployment.yaml': DEPLOYMENT,
    });
    await runCli(['check', '--format', 'json', '/kz'], io);
    const out = JSON.parse(io.stdout) as { files: { path: string; findings: { code: string; path?: string }[] }[] };
    const of = (p: string) => out.files.find((f) => f.path === p)?.findings.map((f) => `${f.code}:${f.path ?? ''}`);
    expect(of('/kz/app/deployment.yaml')).toEqual([]);
    expect(of('/kz/app/patch.yaml')).toEqual(['unknown-field:spec.replicaz']);
    expect(of('/kz/plain/deployment.yaml')).toEqual(['missing-field:spec.selector']);
  });

  it('the CLI sees an overlay elsewhere in the repository that adds labels to a base', async () => {
    const files = {
      '/repo/.git/HEAD': 'ref: refs/heads/main\n',
      '/repo/base/kustomization.yaml': 'resources: [deployment.yaml]\n',
      '/repo/base/deployment.yaml': DEPLOYMENT,
      '/repo/overlays/prod/kustomization.yaml': 'resources: [../../base]\ncommonLabels: {env: prod}\n',
    };
    const run = async (f: Record<string, string>) => {
      const io = memoryIO(f);
      io.cwd = () => '/repo';
      await runCli(['check', '--format', 'json', '/repo/base/deployment.yaml'], io);
      return (JSON.parse(io.stdout) as { files: { findings: { code: string }[] }[] }).files[0]!.findings.map((x) => x.code);
    };
    expect(await run(files)).toEqual([]);
    const { ['/repo/overlays/prod/kustomization.yaml']: _overlay, ...withoutOverlay } = files;
    expect(await run(withoutOverlay)).toEqual(['missing-field']);
  });
});
