// The union pass of the drop stage (engine/gates/union-drops.ts) on shapes the shipped kinds do not have: more
// members left or dropped than the Workload union, a union at the root of the object, a union that is not
// exactly-one, malformed union data, and which drop scopes count as a union's own members.
// Internal imports: `gates/union-drops` (the pass alone; tests/engine/union-drops.test.ts drives it through a Workload).
import { describe, expect, it } from 'vitest';
import { isOwnMemberScope, unionAfterDrop } from '../../server/src/engine/gates/union-drops';
import type { Finding } from '../../server/src/engine';
import { UNION_RANGE, unionFinding as union } from '../support/union-finding';

const drop = (path: string, gate = 'G') => ({ gate, path, extent: UNION_RANGE });

describe('unions after the drop stage', () => {
  it('none left of several set, one gate, one other member: it is required, or set it instead', () => {
    const after = unionAfterDrop(union(['a', 'b', 'c'], ['a', 'b']), [drop('spec.a'), drop('spec.b')]);
    expect([after?.finding.message, after?.finding.fix]).toEqual([
      '"a" and "b" are dropped while G is off, so "c" is required',
      'Enable G on kube-apiserver, or set "c" instead.',
    ]);
    expect(after?.finding.data).toMatchObject({ droppedMembers: ['a', 'b'] });
  });

  it('none left, several other members: one of them is required', () => {
    const after = unionAfterDrop(union(['a', 'b', 'c', 'd'], ['a']), [drop('spec.a')]);
    expect([after?.finding.message, after?.finding.fix]).toEqual([
      '"a" is dropped while G is off, so one of the other 3 fields is required',
      'Enable G on kube-apiserver, or set one of "b", "c", "d" instead.',
    ]);
    expect(after?.finding.detail).toBe(
      'The API server drops a field whose gate is off before it validates the object; exactly one of these fields must be set and none is left, so the object is refused.',
    );
  });

  it('none left of two set with no other member: one of them is required', () => {
    const after = unionAfterDrop(union(['a', 'b'], ['a', 'b']), [drop('spec.a', 'G1'), drop('spec.b', 'G1')]);
    expect(after?.finding.message).toBe('"a" and "b" are dropped while G1 is off, and one of them is required');
    expect(after?.finding.fix).toBe('Enable G1 on kube-apiserver.');
  });

  it('a union that is not exactly-one: with every member set dropped it holds only while they are kept', () => {
    const f = union(['a', 'b'], ['a', 'b'], { mode: 'atMostOne' });
    expect(unionAfterDrop(f, [drop('spec.a'), drop('spec.b', 'H')])).toEqual({ finding: f, scope: drop('spec.a') });
  });

  it('two set, one dropped: holds only while that member is kept', () => {
    const f = union(['a', 'b'], ['a', 'b']);
    expect(unionAfterDrop(f, [drop('spec.b', 'H'), drop('spec.x')])).toEqual({ finding: f, scope: drop('spec.b', 'H') });
  });

  it('a union at the root: member paths without a prefix', () => {
    const f = union(['a', 'b'], ['a'], { unionAt: '' });
    expect(unionAfterDrop(f, [drop('a')])?.finding.message).toBe('"a" is dropped while G is off, so "b" is required');
    expect(unionAfterDrop(f, [drop('spec.a')])).toEqual({ finding: f });
  });

  it('findings that are not union data pass unchanged', () => {
    for (const data of [
      { rule: 'union', members: ['a'], set: ['a'] },
      { rule: 'union', members: 'a', set: ['a'], unionAt: 'spec' },
      { rule: 'union', members: ['a'], set: 'a', unionAt: 'spec' },
    ]) {
      const f = { ...union(['a'], ['a']), data } as Finding;
      expect(unionAfterDrop(f, [drop('spec.a'), drop('a')])).toEqual({ finding: f });
      expect(isOwnMemberScope(f, drop('spec.a'))).toBe(false);
    }
    const missing = { ...union(['a'], ['a']), code: 'missing-field' } as Finding;
    expect(unionAfterDrop(missing, [drop('spec.a')])).toEqual({ finding: missing });
  });

  it("a drop scope is a union's own member by its full path", () => {
    const f = union(['a', 'b'], ['a']);
    expect(isOwnMemberScope(f, drop('spec.b'))).toBe(true);
    expect(isOwnMemberScope(f, drop('spec.c'))).toBe(false);
    expect(isOwnMemberScope(f, drop('b'))).toBe(false);
  });
});
