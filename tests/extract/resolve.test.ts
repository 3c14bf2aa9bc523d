// What one package cannot resolve alone (fixtures written for these tests): types of other API packages and
// of k8s.io/apimachinery, enum values taken from another package's constants, gates only a doc comment names,
// enums only a doc comment lists, the overlay of later commits and the config kinds index.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeConfigIndex } from '../../scripts/extract/combine';
import { extractPackage, type ExtPackage, type ExtType } from '../../scripts/extract/go-types';
import { applyOverlay } from '../../scripts/extract/overlay';
import { readKnownTypes, resolveForeignRefs } from '../../scripts/extract/resolve-refs';
import { go, tempDir, writeTree } from './fixture-tree';

const CORE = go(
  'package v1',
  '',
  '// Protocol is made up here.',
  '// +enum',
  'type Protocol string',
  '',
  'const (',
  '\tProtocolTCP Protocol = "TCP"',
  '\tProtocolUDP Protocol = "UDP"',
  ')',
  '',
  'type ResourceList map[string]string',
);

const GADGET = go(
  'package v1',
  '',
  'import (',
  '\tcorev1 "k8s.io/api/core/v1"',
  '\tmetav1 "k8s.io/apimachinery/pkg/apis/meta/v1"',
  '\t"k8s.io/apimachinery/pkg/api/resource"',
  ')',
  '',
  '// +enum',
  'type GadgetProtocol string',
  '',
  'const (',
  '\tGadgetTCP = GadgetProtocol(corev1.ProtocolTCP)',
  '\tGadgetAny = GadgetProtocol("Any")',
  ')',
  '',
  '// Gadget is made up. Serving it needs the GadgetAPI feature gate.',
  'type Gadget struct {',
  '\tProtocol corev1.Protocol `json:"protocol"`',
  '\tLimits corev1.ResourceList `json:"limits,omitempty"`',
  '\tSeen metav1.Time `json:"seen,omitempty"`',
  '\tSize resource.Quantity `json:"size,omitempty"`',
  '\tBlob []byte `json:"blob,omitempty"`',
  '\tKind GadgetProtocol `json:"kind,omitempty"`',
  '\t// shine is honoured only with the GadgetShine feature gate.',
  '\t// +optional',
  '\tShine bool `json:"shine,omitempty"`',
  '\t// glow is alpha.',
  '\t// +optional',
  '\tGlow bool `json:"glow,omitempty"`',
  '\t// +required',
  '\tName string `json:"name"`',
  '}',
);

function packages(): { core: ExtPackage; gadget: ExtPackage } {
  const rows = [
    { type: 'io.k8s.api.gadgets.v1.Gadget', gate: 'GadgetAPI', how: 'comment' as const },
    { type: 'io.k8s.api.gadgets.v1.Gadget', field: 'shine', gate: 'GadgetShine', how: 'comment' as const },
    { type: 'io.k8s.api.gadgets.v1.Gadget', field: 'glow', gate: 'GadgetGlow', how: 'comment' as const },
    { type: 'io.k8s.api.gadgets.v1.Gadget', field: 'name', gate: 'GadgetNames', how: 'curated' as const },
  ];
  const core = extractPackage('k8s.io/api/core/v1', { 'types.go': CORE });
  const gadget = extractPackage('k8s.io/api/gadgets/v1', { 'types.go': GADGET }, 'gadgets/v1', { commentGates: rows });
  resolveForeignRefs([core, gadget], [core, gadget]);
  return { core, gadget };
}

describe('references to other packages', () => {
  const { gadget } = packages();
  const field = (n: string) => gadget.types['io.k8s.api.gadgets.v1.Gadget'].fields.find((f) => f.name === n);

  it('take the named type of another API package as that package writes it', () => {
    expect(field('protocol')).toMatchObject({ kind: 'scalar', scalar: 'string', namedType: 'io.k8s.api.core.v1.Protocol', enumType: 'io.k8s.api.core.v1.Protocol' });
    expect(field('limits')).toMatchObject({ kind: 'map', namedType: 'io.k8s.api.core.v1.ResourceList' });
  });

  it('take the apimachinery types from the reviewed table, []byte as base64 text', () => {
    expect(field('seen')).toMatchObject({ kind: 'scalar', scalar: 'string', format: 'date-time', ref: 'io.k8s.apimachinery.pkg.apis.meta.v1.Time' });
    expect(field('size')).toMatchObject({ kind: 'scalar', scalar: 'int-or-string', format: 'quantity' });
    expect(field('blob')).toMatchObject({ kind: 'scalar', scalar: 'string', format: 'byte' });
    expect(readKnownTypes().get('io.k8s.apimachinery.pkg.runtime.RawExtension')).toEqual({ kind: 'untyped' });
  });

  it('give enum values written as conversions, of a literal or of another package constant', () => {
    expect(gadget.enums['io.k8s.api.gadgets.v1.GadgetProtocol'].values.map((v) => v.value)).toEqual(['TCP', 'Any']);
  });

  it('list +required in optionalFrom, as generate reads it', () => {
    expect(field('name')).toMatchObject({ optional: false, required: true, optionalFrom: ['+required'] });
  });
});

describe('gates a doc comment names (comment-gates.tsv rows)', () => {
  const { gadget } = packages();
  const t = gadget.types['io.k8s.api.gadgets.v1.Gadget'];

  it('apply where the comment names the gate, on the type or the field', () => {
    expect(t.featureGatesFromComment).toEqual(['GadgetAPI']);
    expect(t.fields.find((f) => f.name === 'shine')?.featureGatesFromComment).toEqual(['GadgetShine']);
  });

  it('do not apply where the comment does not name it, and say so; curated rows apply as they stand', () => {
    expect(t.fields.find((f) => f.name === 'glow')?.featureGatesFromComment).toBeUndefined();
    expect(gadget.unconfirmed).toEqual(['io.k8s.api.gadgets.v1.Gadget.glow: the doc comment does not name GadgetGlow']);
    expect(t.fields.find((f) => f.name === 'name')?.featureGatesCurated).toEqual(['GadgetNames']);
  });
});

describe('config enums', () => {
  const src = go(
    'package v1alpha1',
    '',
    '// Mode is one of `fast` and `slow`.',
    'type Mode string',
    '',
    'type Level string',
    '',
    'const LevelHigh Level = "high"',
    '',
    'type Config struct {',
    '\tMode Mode `json:"mode"`',
    '\tLevel Level `json:"level"`',
    '}',
  );
  const docEnums = [{ type: 'io.k8s.tool.config.v1alpha1.Mode', values: ['fast', 'slow'] }];

  it('are typed string constants, or the values a doc-enums row lists and the comment shows', () => {
    const pkg = extractPackage('k8s.io/tool/config/v1alpha1', { 'types.go': src }, 'tool', { typedConstEnums: true, docEnums });
    expect(pkg.enums['io.k8s.tool.config.v1alpha1.Level'].values).toEqual([{ value: 'high', const: 'LevelHigh' }]);
    expect(pkg.enums['io.k8s.tool.config.v1alpha1.Mode']).toMatchObject({ enumSource: 'doc-comment', values: [{ value: 'fast' }, { value: 'slow' }] });
    const wrong = extractPackage('k8s.io/tool/config/v1alpha1', { 'types.go': src }, 'tool', { docEnums: [{ type: docEnums[0].type, values: ['fast', 'turbo'] }] });
    expect(wrong.enums['io.k8s.tool.config.v1alpha1.Mode']).toBeUndefined();
    expect(wrong.unconfirmed).toHaveLength(1);
  });
});

describe('overlay of later commits', () => {
  const file = path.join(tempDir('overlay'), 'overlay.json');
  const field = { name: 'glow', go: 'Glow', goType: 'bool', kind: 'scalar', scalar: 'boolean', optional: true, optionalFrom: ['+optional'], markers: [], featureGates: ['GadgetGlow'] };
  fs.writeFileSync(file, JSON.stringify({ '1.37': { types: {}, fields: [{ type: 'io.k8s.api.gadgets.v1.Gadget', evidence: 'test', field }, { type: 'io.k8s.api.other.v1.Thing', evidence: 'test', field }] } }));
  const base = (): Record<string, ExtType> => ({ 'io.k8s.api.gadgets.v1.Gadget': { go: 'Gadget', package: 'gadgets/v1', file: 'x', markers: [], featureGates: [], fields: [] } });

  it('adds its fields, marked, in its minor only; leaves packages the run does not hold alone', () => {
    const types = base();
    expect(applyOverlay(types, '1.37', file)).toEqual([]);
    expect(types['io.k8s.api.gadgets.v1.Gadget'].fields).toEqual([{ ...field, source: 'overlay' }]);
    const other = base();
    applyOverlay(other, '1.36', file);
    expect(other['io.k8s.api.gadgets.v1.Gadget'].fields).toEqual([]);
  });

  it('reports a row the checkout already has', () => {
    const types = base();
    types['io.k8s.api.gadgets.v1.Gadget'].fields.push({ ...field } as never);
    expect(applyOverlay(types, '1.37', file)).toEqual(['io.k8s.api.gadgets.v1.Gadget.glow']);
  });
});

describe('config index', () => {
  it('lists each config kind with the folder of every minor that declares it', () => {
    const out = tempDir('config-index');
    const kinds = (k: string[]) => JSON.stringify({ kinds: k.map((kind) => ({ apiVersion: 'tool.example.io/v1', kind, rootType: `io.k8s.tool.v1.${kind}` })) });
    writeTree(out, { 'upstream/configs/tool/k8s-1.36/kinds.json': kinds(['ToolConfig']), 'upstream/configs/tool/k8s-1.37/kinds.json': kinds(['ToolConfig', 'ToolExtra']) });
    expect(writeConfigIndex(out)).toBe(true);
    const index = JSON.parse(fs.readFileSync(path.join(out, 'upstream/configs/index.json'), 'utf8'));
    expect(index.configs).toEqual([
      { component: 'tool', apiVersion: 'tool.example.io/v1', kind: 'ToolConfig', rootType: 'io.k8s.tool.v1.ToolConfig', dirs: { 'k8s-1.36': 'configs/tool/k8s-1.36', 'k8s-1.37': 'configs/tool/k8s-1.37' } },
      { component: 'tool', apiVersion: 'tool.example.io/v1', kind: 'ToolExtra', rootType: 'io.k8s.tool.v1.ToolExtra', dirs: { 'k8s-1.37': 'configs/tool/k8s-1.37' } },
    ]);
  });
});
