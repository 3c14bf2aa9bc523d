// Unions judged after the drop stage (gates/union-drops.ts): a Workload's podGroupTemplates /
// compositePodGroupTemplates (`+k8s:unionMember`, exactly one; compositePodGroupTemplates is gated by
// CompositePodGroup, alpha and off by default in 1.37), with the gate off (default) and on (explicit settings, as
// `--feature-gates` gives them).
// Internal imports: `gates/union-drops` (unionAfterDrop: the drop stage of a union finding alone).
import { describe, expect, it } from 'vitest';
import { buildGateEnvironment, explicitSettings, gateCatalog, type Finding, Analysis } from '../../server/src/engine';
import { unionAfterDrop } from '../../server/src/engine/gates/union-drops';
import { marked } from '../support/markers';
import { UNION_RANGE, unionFinding as union } from '../support/union-finding';

const ON = ['CompositePodGroup=true', 'GenericWorkload=true', 'TopologyAwareWorkloadScheduling=true'];

function unions(source: string, gates: string[] = []) {
  const { text, ranges } = marked(source);
  const environment = gates.length ? buildGateEnvironment({ catalog: gateCatalog(), version: '1.37', explicit: explicitSettings(gates) }) : undefined;
  const report = new Analysis({ version: '1.37', environment }).check(text);
  return { found: report.findings.filter((f) => f.code === 'invalid-value' && f.data?.['rule'] === 'union'), ranges };
}

const workload = (spec: string) => `apiVersion: scheduling.k8s.io/v1alpha3
kind: Workload
metadata:
  name: w
spec:
${spec}`;

const plain = (key = 'podGroupTemplates') => `  ${key}:
  - name: a
    schedulingPolicy:
      basic: {}
`;
const composite = (key = 'compositePodGroupTemplates') => `  ${key}:
  - name: b
    schedulingPolicy:
      basic: {}
`;

describe('a union judged on what the drop stage leaves', () => {
  it('both set, gate on: refused as "both set"', () => {
    const { found, ranges } = unions(workload(plain() + composite('⟦compositePodGroupTemplates⟧')), ON);
    expect(found.map((f) => [f.range, f.data?.verdict, f.severity])).toEqual([[ranges[0], 'rejected', 'error']]);
    expect(found[0]!.message).toMatch(/are both set/);
  });

  it('both set, gate off: the gated member is dropped, so only once the gate is on is it refused (either order)', () => {
    for (const spec of [plain() + composite('⟦compositePodGroupTemplates⟧'), composite() + plain('⟦podGroupTemplates⟧')]) {
      const { found, ranges } = unions(workload(spec));
      expect(found.map((f) => [f.range, f.data?.verdict, f.severity, f.data?.droppedWith])).toEqual([
        [ranges[0], 'rejected-once-enabled', 'warning', 'spec.compositePodGroupTemplates'],
      ]);
    }
  });

  it('only the gated member set, gate off: none is left, the object is refused; says what to set or enable', () => {
    const { found, ranges } = unions(workload(composite('⟦compositePodGroupTemplates⟧')));
    expect(found.map((f) => [f.range, f.path, f.data?.verdict, f.severity])).toEqual([
      [ranges[0], 'spec.compositePodGroupTemplates', 'rejected', 'error'],
    ]);
    expect(found[0]!.message).toBe('"compositePodGroupTemplates" is dropped while CompositePodGroup is off, so "podGroupTemplates" is required');
    expect(found[0]!.fix).toBe('Enable CompositePodGroup on kube-apiserver, or set "podGroupTemplates" instead.');
    expect(found[0]!.data).toMatchObject({ droppedMembers: ['compositePodGroupTemplates'] });
    expect(found[0]!.data).not.toHaveProperty('ifDropped');
  });

  it('only the gated member set, gate on: valid', () => {
    expect(unions(workload(composite()), ON).found).toEqual([]);
  });

  it('only the ungated member set: valid with the gate off or on', () => {
    expect(unions(workload(plain())).found).toEqual([]);
    expect(unions(workload(plain()), ON).found).toEqual([]);
  });

  it('neither set: "set exactly one" whatever the gate', () => {
    for (const gates of [[], ON]) {
      const { found } = unions(workload('  controllerRef: {apiGroup: apps, kind: Deployment, name: d}\n'), gates);
      expect(found.map((f) => [f.message, f.data?.verdict])).toEqual([['Set exactly one of "podGroupTemplates", "compositePodGroupTemplates"', 'rejected']]);
    }
  });
});

describe('the union pass on its own (shapes no shipped kind has today)', () => {
  const drop = (name: string, gate = 'G') => ({ gate, path: `spec.${name}`, extent: UNION_RANGE });

  it('a one-member union whose member is dropped: required, enable the gate', () => {
    const after = unionAfterDrop(union(['a'], ['a'], { ifDropped: true }), [drop('a')]);
    expect([after?.finding.message, after?.finding.fix]).toEqual(['"a" is dropped while G is off, and it is required', 'Enable G on kube-apiserver.']);
  });

  it('every member set is dropped, by two gates: both named', () => {
    const after = unionAfterDrop(union(['a', 'b', 'c'], ['a', 'b']), [drop('a', 'G1'), drop('b', 'G2')]);
    expect(after?.finding.message).toBe('"a" and "b" are dropped while G1 and G2 are off, so "c" is required');
    expect(after?.scope).toBeUndefined();
  });

  it('three set, one dropped: still more than one, refused (no member scope)', () => {
    const after = unionAfterDrop(union(['a', 'b', 'c'], ['a', 'b', 'c']), [drop('b')]);
    expect(after).toEqual({ finding: union(['a', 'b', 'c'], ['a', 'b', 'c']) });
  });

  it('a candidate whose member is kept is no finding; a finding of another rule passes unchanged', () => {
    expect(unionAfterDrop(union(['a', 'b'], ['a'], { ifDropped: true }), [])).toBeUndefined();
    const other = { ...union(['a'], ['a']), data: { rule: 'format' } } as Finding;
    expect(unionAfterDrop(other, [drop('a')])).toEqual({ finding: other });
  });
});
