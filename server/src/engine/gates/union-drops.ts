// Unions after the drop stage. kube-apiserver drops a field whose gate is off before it validates the object
// (a strategy's PrepareForCreate, where the dropDisabled…Fields helpers run, is called before its Validate:
// kubernetes/kubernetes staging/src/k8s.io/apiserver/pkg/registry/rest/create.go
// @ 008b3652959ca58af8be3fb5b6ecfe9ae7638282, BeforeCreate), so a union
// (`+k8s:unionMember`, validate/declarative-rules.ts checkStructRules) is judged on the members left once gated-off members are
// gone: two members set, one of them dropped, is one member set; the one member set, dropped, is none set, and an
// exactly-one union then refuses the object. The walk reads no gate state: it reports a union finding with the
// struct's path (`data.unionAt`), and a candidate (`data.ifDropped`) when the one member set is gated; this pass,
// given the fields the drop stage removes, keeps, rewrites or discards them.
import type { Finding, FindingOf } from '../codes/finding';
import type { FindingData } from '../codes';
import type { DropScope } from './verdict-pass';

/** The data of a union finding: the struct's path, its members and the members set are present. */
type UnionData = FindingData['invalid-value'] & { unionAt: string; members: readonly string[]; set: readonly string[] };

function unionData(f: FindingOf<'invalid-value'>): UnionData | undefined {
  const d = f.data;
  if (d?.rule !== 'union') return undefined;
  const { unionAt, members, set } = d;
  return typeof unionAt === 'string' && Array.isArray(members) && Array.isArray(set) ? { ...d, unionAt, members, set } : undefined;
}

function memberPath(u: UnionData, member: string): string {
  return u.unionAt === '' ? member : `${u.unionAt}.${member}`;
}

/** Whether a drop scope is one of the union's own members (this pass judges those, not the verdict step). */
export function isOwnMemberScope(f: Finding, scope: DropScope): boolean {
  const u = f.code === 'invalid-value' ? unionData(f) : undefined;
  return u !== undefined && u.members.some((m) => memberPath(u, m) === scope.path);
}

const quoted = (name: string): string => `"${name}"`;

function names(list: readonly string[]): string {
  return list.length === 1 ? quoted(list[0] as string) : `${list.slice(0, -1).map(quoted).join(', ')} and ${quoted(list[list.length - 1] as string)}`;
}

/** The "none left" finding: the set members are all dropped and exactly one member must be set. */
function emptyAfterDrop(f: FindingOf<'invalid-value'>, u: UnionData, dropped: readonly DropScope[], droppedNames: readonly string[]): Finding {
  const gates = [...new Set(dropped.map((s) => s.gate))];
  const gateWords = gates.length === 1 ? `${gates[0]} is` : `${gates.join(' and ')} are`;
  const others = u.members.filter((m) => !u.set.includes(m));
  const verb = droppedNames.length === 1 ? 'is' : 'are';
  const need =
    others.length === 0
      ? `and ${droppedNames.length === 1 ? 'it is' : 'one of them is'} required`
      : others.length === 1
        ? `so ${quoted(others[0] as string)} is required`
        : `so one of the other ${others.length} fields is required`;
  const instead = others.length === 0 ? '' : `, or set ${others.length === 1 ? quoted(others[0] as string) : `one of ${others.map(quoted).join(', ')}`} instead`;
  const data: FindingData['invalid-value'] = { ...f.data, droppedMembers: [...droppedNames] };
  delete data.ifDropped;
  return {
    ...f,
    message: `${names(droppedNames)} ${verb} dropped while ${gateWords} off, ${need}`,
    fix: `Enable ${gates.join(' and ')} on kube-apiserver${instead}.`,
    detail: 'The API server drops a field whose gate is off before it validates the object; exactly one of these fields must be set and none is left, so the object is refused.',
    data,
  };
}

/** A finding as the drop stage leaves it: undefined when it does not hold, and the member's drop scope when the
 *  finding holds only while that member is kept (two members set, one of them dropped). */
export function unionAfterDrop(f: Finding, drops: readonly DropScope[]): { finding: Finding; scope?: DropScope } | undefined {
  if (f.code !== 'invalid-value') return { finding: f };
  const u = unionData(f);
  if (!u) return { finding: f };
  const droppedScopes = u.set.map((m) => drops.find((s) => s.path === memberPath(u, m)));
  const droppedNames = u.set.filter((_, i) => droppedScopes[i] !== undefined);
  const dropped = droppedScopes.filter((s): s is DropScope => s !== undefined);
  if (dropped.length === 0) return u.ifDropped ? undefined : { finding: f };
  const left = u.set.length - dropped.length;
  if (left === 0) return u.mode === 'exactlyOne' ? { finding: emptyAfterDrop(f, u, dropped, droppedNames) } : { finding: f, scope: dropped[0] };
  if (left === 1) return { finding: f, scope: dropped[0] };
  return { finding: f };
}
