// The other upstream formats on inputs written for the test: the versioned feature list, kep.yaml, the
// default resource configuration, a dropDisabled function.
import { describe, expect, it } from 'vitest';
import { readApiTree } from '../../scripts/extract/api-packages';
import { extractDropRows } from '../../scripts/extract/drop-disabled';
import { kindLoaderKinds } from '../../scripts/extract/extract';
import { gatesAt, parseFeatureList, stateAt } from '../../scripts/extract/feature-list';
import { isPlaceholderTitle, parseKep, readmeTitle } from '../../scripts/extract/keps';
import { parseResourceConfig, servedAt } from '../../scripts/extract/served';
import { smdSchemaOf } from '../../scripts/extract/smd-schema';
import { extensionGroupVersions, groupVersionResolver } from '../../scripts/extract/served-sources';
import { gateKepsOf, kepOfComment, readGateKeps } from '../../scripts/extract/feature-sources';
import { fixtureTree } from './fixture-tree';
import { CORE_REGISTER, CORE_TYPES, DROP_DISABLED, EXTENSION_SERVER, FEATURE_GATES_GO, gadgetPackage, KIND_LOADER_GO, SMD_GO, SMD_SCHEMA, FEATURE_LIST_136, KEP_README, KEP_TEMPLATE_TITLE, KEP_YAML, RESOURCE_CONFIG, WIDGET_LIFECYCLE, WIDGET_REGISTER, WIDGET_TYPES } from './fixtures';

describe('versioned feature list', () => {
  const list = parseFeatureList(FEATURE_LIST_136);

  it('takes the last spec at or before the minor', () => {
    const api = list.find((g) => g.name === 'WidgetAPI');
    expect(api && stateAt(api, '1.34')).toEqual({ exists: false });
    expect(api && stateAt(api, '1.35')).toEqual({ exists: true, stage: 'Alpha', default: false, locked: false, since: '1.35' });
    expect(api && stateAt(api, '1.36')).toEqual({ exists: true, stage: 'Beta', default: true, locked: false, since: '1.36' });
  });

  it('lists the gates that exist at a minor, GA with its lock', () => {
    const at = gatesAt(list, '1.35');
    expect(Object.keys(at)).toEqual(['WidgetAPI', 'WidgetOld']);
    expect(at.WidgetOld).toMatchObject({ stage: 'GA', default: true, locked: true });
  });

  it('refuses a list it cannot read', () => {
    expect(() => parseFeatureList('name: x')).toThrow(/not a list/);
    // A stage it does not know is read as written; only asking a state of it fails, naming the stage.
    expect(parseFeatureList('- name: X\n  versionedSpecs:\n  - preRelease: Gamma\n    version: "1.1"\n')).toEqual([
      { name: 'X', specs: [{ version: '1.1', preRelease: 'Gamma', default: false, lockToDefault: false }] },
    ]);
    expect(() => stateAt(parseFeatureList('- name: X\n  versionedSpecs:\n  - preRelease: Gamma\n    version: "1.1"\n')[0], '1.2')).toThrow(/Gamma/);
  });
});

describe('kep.yaml', () => {
  it('reads number, title, sig, milestone and the gates with their components', () => {
    expect(parseKep('keps/sig-widgets/9001-widgets/kep.yaml', KEP_YAML)).toEqual({
      number: 9001,
      title: 'Widgets for everyone',
      sig: 'sig-widgets',
      status: 'implementable',
      stage: 'beta',
      latest_milestone: 'v1.36',
      feature_gates: [
        { name: 'WidgetAPI', components: ['kube-apiserver', 'kube-controller-manager'] },
        { name: 'WidgetShine', components: ['kubelet'] },
      ],
      url: 'https://kep.k8s.io/9001',
      kep_yaml: 'keps/sig-widgets/9001-widgets/kep.yaml',
    });
  });

  it('takes the number from the folder when kep-number is missing, and reports broken files', () => {
    expect(parseKep('keps/sig-x/77-thing/kep.yaml', 'title: T\n')).toMatchObject({ number: 77, title: 'T' });
    expect(parseKep('keps/sig-x/NNNN-template/kep.yaml', 'title: T\n')).toEqual({ problem: 'keps/sig-x/NNNN-template/kep.yaml: no kep-number' });
    expect(parseKep('keps/sig-x/1-a/kep.yaml', 'title: [\n')).toHaveProperty('problem');
  });

  it('replaces a template title with the README heading', () => {
    const k = parseKep('keps/sig-widgets/9002-slow/kep.yaml', KEP_TEMPLATE_TITLE);
    expect('title' in k && isPlaceholderTitle(k.title)).toBe(true);
    expect(readmeTitle(KEP_README)).toBe('Slow widgets');
  });
});

describe('default resource configuration', () => {
  const api = readApiTree(
    fixtureTree('kubernetes/api', {
      'widgets/v1beta1/types.go': WIDGET_TYPES,
      'widgets/v1beta1/register.go': WIDGET_REGISTER,
      'widgets/v1beta1/zz_generated.prerelease-lifecycle.go': WIDGET_LIFECYCLE,
      'core/v1/register.go': CORE_REGISTER,
      'core/v1/types.go': CORE_TYPES,
    }),
    '',
  );
  const lists = parseResourceConfig(RESOURCE_CONFIG);

  it('reads the stable, beta and alpha lists with the import path of each entry', () => {
    expect(lists.map((l) => [l.list, l.entries.map((e) => e.importPath)])).toEqual([
      ['stable', ['k8s.io/api/core/v1']],
      ['legacyBetaResources', []],
      ['beta', ['k8s.io/api/widgets/v1beta1']],
      ['alpha', []],
    ]);
  });

  it('serves a listed group-version until the lifecycle removes its last REST kind', () => {
    const resolve = groupVersionResolver(undefined, api);
    expect(servedAt('1.36', lists, api, resolve)).toEqual({
      servedByDefault: ['v1'],
      servedWhenEnabled: ['widgets.example.io/v1beta1'],
      notServed: [],
    });
    expect(servedAt('1.37', lists, api, resolve)).toEqual({
      servedByDefault: ['v1'],
      servedWhenEnabled: [],
      notServed: [{ groupVersion: 'widgets.example.io/v1beta1', why: 'listed (beta) but every REST kind is removed by 1.37' }],
    });
  });

  it('lists group-versions with types that no list names as not served', () => {
    const onlyCore = parseResourceConfig(RESOURCE_CONFIG.replace('\t\twidgetsv1beta1.SchemeGroupVersion, // off unless enabled\n', ''));
    expect(servedAt('1.36', onlyCore, api, groupVersionResolver(undefined, api)).notServed).toEqual([
      { groupVersion: 'widgets.example.io/v1beta1', why: 'not in the default resource configuration' },
    ]);
  });
});

describe('extension servers', () => {
  it('serve their own group-versions, each while a REST kind survives its lifecycle', () => {
    const files: Record<string, string> = { 'staging/src/k8s.io/gadgets-apiserver/pkg/apiserver/apiserver.go': EXTENSION_SERVER };
    for (const v of ['v1', 'v1beta1']) {
      for (const [f, text] of Object.entries(gadgetPackage(v))) files[`staging/src/k8s.io/gadgets-apiserver/pkg/apis/gadgets/${v}/${f}`] = text;
    }
    const tree = fixtureTree('kubernetes/kubernetes', files);
    const lists = parseResourceConfig(EXTENSION_SERVER);
    expect(lists.map((l) => [l.list, l.entries.length])).toEqual([['stable', 2]]);
    const known = extensionGroupVersions(tree, lists);
    expect(known.map((g) => g.groupVersion)).toEqual(['gadgets.example.io/v1beta1', 'gadgets.example.io/v1']);
    expect(servedAt('1.37', lists, known, groupVersionResolver(tree, known))).toEqual({
      servedByDefault: ['gadgets.example.io/v1'],
      servedWhenEnabled: [],
      notServed: [{ groupVersion: 'gadgets.example.io/v1beta1', why: 'listed (stable) but every REST kind is removed by 1.37' }],
    });
  });
});

describe('dropDisabled functions', () => {
  it('gives one row per field cleared under a negated gate check, only in dropDisabled* functions', () => {
    expect(extractDropRows('pkg/api/widget/util.go', DROP_DISABLED)).toEqual([
      { file: 'pkg/api/widget/util.go', function: 'dropDisabledFields', gate: 'WidgetShine', target: 'spec.Shine', field: 'Shine', line: 5 },
      { file: 'pkg/api/widget/util.go', function: 'dropDisabledFields', gate: 'WidgetShine', target: 'spec.Ports[].Protocol', field: 'Protocol', line: 7 },
    ]);
  });
});

describe('gate declarations', () => {
  it('reads the KEP of each gate from its kep: link, in each link form', () => {
    expect(gateKepsOf(FEATURE_GATES_GO)).toEqual({ WidgetShine: 9003, WidgetAPI: 9001, WidgetSlowMode: 9002 });
    expect(kepOfComment('kep: http://kep.k8s.io/5945')).toBe(5945);
    expect(kepOfComment('owner: @x')).toBeUndefined();
  });

  it('reads pkg/features and every staging pkg/features folder', () => {
    const tree = fixtureTree('kubernetes/kubernetes', {
      'pkg/features/kube_features.go': FEATURE_GATES_GO,
      'staging/src/k8s.io/apiserver/pkg/features/kube_features.go': FEATURE_GATES_GO.replace(/Widget/g, 'Server'),
      'staging/src/k8s.io/apiserver/pkg/features/kube_features_test.go': FEATURE_GATES_GO.replace(/Widget/g, 'Test'),
    });
    const r = readGateKeps(tree);
    expect(r.files).toEqual(['pkg/features/kube_features.go', 'staging/src/k8s.io/apiserver/pkg/features/kube_features.go']);
    expect(r.keps).toMatchObject({ ServerShine: 9003, WidgetShine: 9003 });
    expect(r.keps).not.toHaveProperty('TestShine');
  });
});

describe('kind config loader', () => {
  it('gives the apiVersion and kind each Go type is decoded from', () => {
    expect(kindLoaderKinds(KIND_LOADER_GO)).toEqual([{ apiVersion: 'kind.example.io/v1alpha9', kind: 'Cluster', goType: 'Cluster' }]);
  });
});

describe('structured-merge-diff schema', () => {
  it('is the raw string of internal.go, byte for byte', () => {
    expect(smdSchemaOf(SMD_GO)).toBe(SMD_SCHEMA);
    expect(smdSchemaOf('package internal\n')).toBeUndefined();
  });
});
