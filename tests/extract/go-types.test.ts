// The Go types extractor on a types.go and register.go written for the test: fields, markers, enums, kinds.
import { describe, expect, it } from 'vitest';
import { readApiTree } from '../../scripts/extract/api-packages';
import { commentLines, goImports, tokenizeGo } from '../../scripts/extract/go-tokens';
import { extractPackage } from '../../scripts/extract/go-types';
import { fixtureTree } from './fixture-tree';
import { referencedStagingTypes } from '../../scripts/extract/extract';
import { CONFIG_TYPES, CORE_REGISTER, CORE_TYPES, LOGS_TYPES, WIDGET_LIFECYCLE, WIDGET_REGISTER, WIDGET_TYPES } from './fixtures';

describe('Go tokenizer', () => {
  it('keeps comments, strings of the three forms and line numbers', () => {
    const toks = tokenizeGo('// +optional\nA string `json:"a"` /* x\ny */ "q\\"r" \'c\'\n');
    expect(toks.map((t) => [t.kind, t.line])).toEqual([
      ['comment', 1],
      ['ident', 2],
      ['ident', 2],
      ['string', 2],
      ['comment', 2],
      ['string', 3],
      ['rune', 3],
    ]);
    expect(toks[3].value).toBe('json:"a"');
    expect(toks[5].value).toBe('q"r');
    expect(commentLines(toks[4])).toEqual(['x', 'y']);
  });

  it('reads grouped and single imports with their names', () => {
    const imports = goImports(tokenizeGo('package p\nimport "k8s.io/a/b"\nimport (\n\tx "k8s.io/c/d" // note\n\t"k8s.io/e/v1"\n)\n'));
    expect([...imports]).toEqual([
      ['b', 'k8s.io/a/b'],
      ['x', 'k8s.io/c/d'],
      ['v1', 'k8s.io/e/v1'],
    ]);
  });
});

describe('API types', () => {
  const pkg = extractPackage('k8s.io/api/widgets/v1beta1', { 'types.go': WIDGET_TYPES }, 'widgets/v1beta1');
  const spec = pkg.types['io.k8s.api.widgets.v1beta1.WidgetSpec'];
  const field = (name: string) => spec.fields.find((f) => f.name === name);

  it('gives every field its json name, Go type, kind and references', () => {
    expect(spec.fields.map((f) => f.name)).toEqual(['mode', 'ports', 'shine', 'owner', 'template', 'labels']);
    expect(field('template')).toMatchObject({ kind: 'object', ref: 'io.k8s.api.core.v1.PodTemplateSpec', goType: 'corev1.PodTemplateSpec' });
    expect(field('labels')).toMatchObject({ kind: 'map', elem: { kind: 'scalar', scalar: 'string' } });
    expect(field('ports')).toMatchObject({ kind: 'list', elem: { kind: 'object', ref: 'io.k8s.api.widgets.v1beta1.WidgetPort' } });
    expect(field('shine')).toMatchObject({ kind: 'scalar', scalar: 'numeric', pointer: true });
  });

  it('reads optional, required (also behind a +k8s:alpha prefix), list types and keys, gates', () => {
    expect(field('mode')).toMatchObject({ optional: true, optionalFrom: ['+optional', 'omitempty'], featureGates: [] });
    expect(field('ports')).toMatchObject({ listType: 'map', listMapKeys: ['name', 'protocol'] });
    expect(field('shine')?.featureGates).toEqual(['WidgetShine']);
    expect(field('owner')).toMatchObject({ required: true, optional: false, markers: ['+k8s:alpha(since: "1.36")=+k8s:required'] });
    expect(field('template')).toMatchObject({ required: true });
  });

  it('takes enums from +enum types and their typed consts, with value gates', () => {
    expect(field('mode')).toMatchObject({ kind: 'scalar', scalar: 'string', enumType: 'io.k8s.api.widgets.v1beta1.WidgetMode' });
    expect(pkg.enums['io.k8s.api.widgets.v1beta1.WidgetMode'].values).toEqual([
      { value: 'Fast', const: 'WidgetModeFast' },
      { value: 'Slow', const: 'WidgetModeSlow', featureGates: ['WidgetSlowMode'] },
    ]);
  });

  it('inlines embedded structs and reads type markers from both comment blocks', () => {
    const widget = pkg.types['io.k8s.api.widgets.v1beta1.Widget'];
    expect(widget.fields[0]).toMatchObject({ name: '', inline: true, ref: 'io.k8s.apimachinery.pkg.apis.meta.v1.TypeMeta' });
    expect(widget.fields[1]).toMatchObject({ name: 'metadata', optional: true });
    expect(widget.featureGates).toEqual(['WidgetAPI']);
    expect(widget.markers).toContain('+genclient:nonNamespaced');
  });

  it('ignores a trailing comment on the line before and json:"-" fields', () => {
    expect(field('mode')?.featureGates).toEqual([]);
    expect(spec.fields.some((f) => f.go === 'Internal')).toBe(false);
  });
});

describe('API tree', () => {
  const tree = fixtureTree('kubernetes/api', {
    'widgets/v1beta1/types.go': WIDGET_TYPES,
    'widgets/v1beta1/register.go': WIDGET_REGISTER,
    'widgets/v1beta1/zz_generated.prerelease-lifecycle.go': WIDGET_LIFECYCLE,
    'core/v1/register.go': CORE_REGISTER,
    'core/v1/types.go': CORE_TYPES,
  });
  const groups = readApiTree(tree, '');

  it('gives each group-version its registered kinds (List kinds left out), scope, gates and lifecycle', () => {
    expect(groups.map((g) => g.groupVersion)).toEqual(['v1', 'widgets.example.io/v1beta1']);
    expect(groups[0].kinds.map((k) => k.kind)).toEqual(['Pod']);
    expect(groups[1].kinds).toEqual([
      {
        apiVersion: 'widgets.example.io/v1beta1',
        group: 'widgets.example.io',
        version: 'v1beta1',
        kind: 'Widget',
        rootType: 'io.k8s.api.widgets.v1beta1.Widget',
        namespaced: false,
        stability: 'beta',
        resource: true,
        listKind: 'WidgetList',
        lifecycle: { introduced: '1.35', deprecated: '1.36', removed: '1.37' },
        removedIn: '1.37',
        featureGates: ['WidgetAPI'],
      },
    ]);
    const at137 = readApiTree(tree, '', 'k8s.io/api', '1.37')[1].kinds[0];
    expect(at137).toMatchObject({ deprecatedInThisVersion: true, removedInThisVersion: true });
    expect(readApiTree(tree, '', 'k8s.io/api', '1.35')[1].kinds[0]).toMatchObject({ deprecatedInThisVersion: false, removedInThisVersion: false });
    expect(groups[0].kinds[0]).toMatchObject({ namespaced: true, stability: 'stable' });
  });
});

describe('component config packages', () => {
  it('bring the component-base types they reach, and only those', () => {
    const tree = fixtureTree('kubernetes/kubernetes', { 'staging/src/k8s.io/component-base/logs/api/v1/types.go': LOGS_TYPES });
    const pkg = extractPackage('k8s.io/kubelet/config/v1beta1', { 'types.go': CONFIG_TYPES }, 'kubelet/v1beta1');
    const read: string[] = [];
    const refs = referencedStagingTypes(tree, pkg, (d) => read.push(d));
    expect(read).toEqual(['staging/src/k8s.io/component-base/logs/api/v1']);
    expect(refs.map((p) => Object.keys(p.types))).toEqual([['io.k8s.component-base.logs.api.v1.LoggingConfiguration', 'io.k8s.component-base.logs.api.v1.FormatOptions']]);
    expect(refs[0].types['io.k8s.component-base.logs.api.v1.LoggingConfiguration'].fields[0].featureGates).toEqual(['LoggingAlphaOptions']);
  });

  it('bring kubeadm-side packages from the kubernetes checkout, and leave k8s.io/api types as references', () => {
    const types = CONFIG_TYPES.replace('import logsapi "k8s.io/component-base/logs/api/v1"', 'import (\n\tlogsapi "k8s.io/kubernetes/cmd/tool/apis/logs/v1"\n\tcorev1 "k8s.io/api/core/v1"\n)').replace('\t// +optional\n\tLogging', '\tTaints []corev1.Taint `json:"taints"`\n\t// +optional\n\tLogging');
    const tree = fixtureTree('kubernetes/kubernetes', { 'cmd/tool/apis/logs/v1/types.go': LOGS_TYPES });
    const pkg = extractPackage('k8s.io/kubernetes/cmd/tool/apis/config/v1', { 'types.go': types }, 'tool/v1');
    const refs = referencedStagingTypes(tree, pkg, () => undefined);
    expect(refs.map((p) => p.keyPrefix)).toEqual(['io.k8s.kubernetes.cmd.tool.apis.logs.v1']);
    expect(pkg.types['io.k8s.kubernetes.cmd.tool.apis.config.v1.WidgetletConfiguration'].fields[1]).toMatchObject({ name: 'taints', elem: { ref: 'io.k8s.api.core.v1.Taint' } });
  });
});
