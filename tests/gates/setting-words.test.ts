// The words and places of the findings about gate settings in a config document (engine/gates/setting-findings.ts):
// locked-gate at the value with the locked default and stage, unknown-gate with did-you-mean, version-mismatch once
// per named version with the kind nodes that name it. Stages, defaults and locks come from schemas/gates.json.
import { describe, expect, it } from 'vitest';
import { type Finding, Analysis } from '../../server/src/engine';
import { dataOf } from '../support/finding-data';

const kindWith = (gates: Record<string, string>) =>
  `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n${Object.entries(gates).map(([g, v]) => `  ${g}: ${v}\n`).join('')}`;
const at = (f: Finding) => `${f.range.start.line}:${f.range.start.character}-${f.range.end.line}:${f.range.end.character}`;
const check = (text: string) => new Analysis({ version: '1.37', file: '/repo/kind.yaml' }).check(text).findings;

describe('settings against the catalog', () => {
  it('a locked gate set against its default: at the value, with the locked default and the stage', () => {
    // GitRepoVolumeDriver is locked off (Deprecated) in 1.37, RelaxedServiceNameValidation locked on (GA).
    const findings = check(kindWith({ GitRepoVolumeDriver: 'true', RelaxedServiceNameValidation: 'false' }));
    expect(findings.map((f) => [f.code, f.severity, at(f), f.message])).toEqual([
      ['locked-gate', 'error', '3:23-3:27', 'GitRepoVolumeDriver=true stops components from starting: locked to false in 1.37 (Deprecated)'],
      ['locked-gate', 'error', '4:32-4:37', 'RelaxedServiceNameValidation=false stops components from starting: locked to true in 1.37 (GA)'],
    ]);
    expect(findings[0]).toMatchObject({
      fix: 'Remove the setting.',
      detail: 'GitRepoVolumeDriver is locked to its default (false) in Kubernetes 1.37; components refuse any other value.',
      data: { gate: 'GitRepoVolumeDriver', stage: 'Deprecated', default: false, locked: true },
    });
    expect(dataOf(findings[0], 'locked-gate')?.kep).toEqual(expect.any(Number));
  });

  it('AllAlpha and a value that is not a boolean give no setting finding', () => {
    expect(check(kindWith({ AllAlpha: 'true', RelaxedServiceNameValidation: 'maybe' })).map((f) => f.code)).toEqual(['invalid-value']);
  });

  it('a near miss of a gate name: unknown, at the name, with the gate it may mean', () => {
    const [f] = check(kindWith({ EvictionRequestAP: 'true' }));
    expect([f?.code, at(f!), f?.message, f?.fix]).toEqual([
      'unknown-gate',
      '3:2-3:19',
      'EvictionRequestAP stops components from starting: not a gate in 1.37',
      'Did you mean EvictionRequestAPI? Otherwise remove the setting.',
    ]);
    expect(f?.data).toMatchObject({ gate: 'EvictionRequestAP', reason: 'unknown', didYouMean: ['EvictionRequestAPI'] });
    expect(f?.data).not.toHaveProperty('replacement');
    expect(f?.data).not.toHaveProperty('addedIn');
  });
});

describe('version-mismatch', () => {
  const node = (image: string) => `- role: worker\n  image: ${image}\n`;
  const kind = (...images: string[]) => `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n${images.map(node).join('')}`;
  const mismatches = (text: string) => check(text).filter((f) => f.code === 'version-mismatch');

  it('one finding per named version, at its first node, counting the nodes from 1', () => {
    const found = mismatches(kind('kindest/node:v1.35.0', 'kindest/node:v1.35.0', 'kindest/node:v1.35.0', 'kindest/node:v1.36.0', 'kindest/node:v1.37.2'));
    expect(found.map((f) => [at(f), f.message, f.data?.['nodes']])).toEqual([
      ['4:9-4:29', 'Gate stages may differ: the kind node images of nodes 1, 2 and 3 name Kubernetes 1.35.0, the check targets 1.37', [1, 2, 3]],
      ['10:9-10:29', 'Gate stages may differ: this kind node image names Kubernetes 1.36.0, the check targets 1.37', [4]],
    ]);
    expect(found[0]?.fix).toBe('Set the target version to 1.35 (e.g. --kubernetes-version 1.35) if that is the cluster you run.');
    expect(found[0]?.data).toMatchObject({ named: '1.35.0', namedMinor: '1.35', target: '1.37', what: 'kind node image' });
    expect(found[1]?.document).toBe(0);
  });

  it('two nodes', () => {
    const [f] = mismatches(kind('kindest/node:v1.35.0', 'kindest/node:v1.37.0', 'kindest/node:v1.35.0'));
    expect(f?.message).toBe('Gate stages may differ: the kind node images of nodes 1 and 3 name Kubernetes 1.35.0, the check targets 1.37');
  });

  it('a kubeadm kubernetesVersion has no node; the document of the config is the finding\'s', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n---\napiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\nkubernetesVersion: v1.36.3\n`;
    const [f] = mismatches(text);
    expect(f?.message).toBe('Gate stages may differ: this kubeadm kubernetesVersion names Kubernetes 1.36.3, the check targets 1.37');
    expect(f?.document).toBe(1);
    expect(f?.data).not.toHaveProperty('nodes');
  });
});
