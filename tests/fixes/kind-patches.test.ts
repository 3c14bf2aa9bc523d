// The enable-gate quick fix on a kind config that uses kubeadmConfigPatches: the gate goes into featureGates,
// the patches are left as they are, and a patch that sets the gate false is flipped in place.
import { describe, expect, it } from 'vitest';
import { apply, check, configApiVersion, context, expectOnlyChanged, feature, fixTitled, fixesFor, only, resourceSliceText, type Files } from './helpers';

describe('enable-gate fix with kind kubeadmConfigPatches', () => {
  const skip = feature('dra-optional-node-operations');
  const field = skip.path[skip.path.length - 1];
  const kindApi = configApiVersion('kind', 'Cluster');
  const manifest = resourceSliceText({ apiVersion: skip.apiVersion, kind: skip.kind, spec: [`  ${field}:`, '  - "*"'] });
  const gateFindings = (files: Files) =>
    check('slice.yaml', files, { configs: ['kind.yaml'] }).findings.filter((f) => f.code === 'feature-gate' && f.data?.gate === skip.gate);

  const kindWith = (patchValue: string) =>
    [
      'kind: Cluster',
      `apiVersion: ${kindApi}`,
      'kubeadmConfigPatches:',
      '- |',
      '  kind: ClusterConfiguration',
      '  apiServer:',
      '    extraArgs:',
      `      feature-gates: "${skip.gate}=${patchValue}"`,
      'nodes:',
      '- role: control-plane',
      '  kubeadmConfigPatches:',
      '  - |',
      '    kind: InitConfiguration',
      '    nodeRegistration:',
      '      kubeletExtraArgs:',
      '        v: "5"',
      '',
    ].join('\n');

  it('adds the gate to featureGates; the patches stay byte for byte', () => {
    const kind = kindWith('true');
    const files: Files = { 'slice.yaml': manifest, 'kind.yaml': kind };
    const finding = only(check('slice.yaml', files, { configs: ['kind.yaml'] }), 'feature-gate');
    const after = apply(files, fixTitled(fixesFor(finding, context('slice.yaml', files)), /in kind\.yaml/));
    expectOnlyChanged(kind, after['kind.yaml'], [['        v: "5"\n', `        v: "5"\nfeatureGates:\n  ${skip.gate}: true\n`]]);
    expect(gateFindings(after)).toEqual([]);
  });

  it('flips a false setting of the gate inside a patch', () => {
    const kind = kindWith('false');
    const files: Files = { 'slice.yaml': manifest, 'kind.yaml': kind };
    const finding = only(check('slice.yaml', files, { configs: ['kind.yaml'] }), 'feature-gate');
    const after = apply(files, fixTitled(fixesFor(finding, context('slice.yaml', files)), /in kind\.yaml/));
    expect(after['kind.yaml']).toContain(`feature-gates: "${skip.gate}=true"`);
    expect(gateFindings(after)).toEqual([]);
  });
});
