// The verdict step of a check: every finding of a document gets its pipeline stage and verdict (codes/verdicts.ts), and
// the order of kube-apiserver's pipeline decides what a rule finding really means:
// - validation never sees a field the drop stage removed: a rule broken inside a field dropped while its gate is off
//   is `rejected-once-enabled` (decode findings there, unknown fields and wrong types, still refuse the object);
// - validation never sees `status` either, which a create resets: a rule broken there is `status`.
import type { Finding } from '../codes/finding';
import type { Range } from '../base/types';
import { isUnderStatus } from '../base/field-path';
import { comparePositions } from '../parse/ranges';
import { VERDICT_SEVERITY, verdictOf, withVerdict } from '../codes/verdicts';
import { defaultVerdict, withData } from '../codes';
import { isOwnMemberScope, unionAfterDrop } from './union-drops';

/** A field the drop stage removes: its gate, its path and the range of the key and its value. */
export interface DropScope {
  gate: string;
  path: string;
  extent: Range;
}

/** Stage and verdict of a finding from its code and data (the registry, codes/registry.ts, states them per code). */
export { defaultVerdict };

function within(inner: Range, outer: Range): boolean {
  return comparePositions(inner.start, outer.start) >= 0 && comparePositions(inner.end, outer.end) <= 0;
}

/** The innermost drop scope holding a finding (not a member of the union a union finding judges: union-drops.ts).
 *  The feature-gate finding of a dropped key never comes here: its verdict is the drop stage's, not a refusal. */
function dropScopeOf(f: Finding, scopes: readonly DropScope[]): DropScope | undefined {
  let best: DropScope | undefined;
  for (const s of scopes) {
    if (!within(f.range, s.extent)) continue;
    if (isOwnMemberScope(f, s)) continue;
    if (!best || within(s.extent, best.extent)) best = s;
  }
  return best;
}

/** Messages stay one short sentence (at most this many characters): a longer one keeps its text and the verdict
 *  goes to the detail. */
const MAX_MESSAGE = 120;

function withSuffix(f: Finding, suffix: string, sentence: string): Finding {
  const message = `${f.message} (${suffix})`;
  if (message.length <= MAX_MESSAGE) return { ...f, message };
  return { ...f, detail: f.detail ? `${sentence} ${f.detail}` : sentence };
}

/** Every finding with its stage and verdict; severities follow the verdicts (a finding that already carries a
 *  verdict keeps it; a partial gate state keeps its information severity). */
export function assignVerdicts(findings: readonly Finding[], drops: readonly DropScope[]): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const after = unionAfterDrop(f, drops);
    if (after) out.push(verdictWithDrops(after.finding, drops, after.scope));
  }
  return out;
}

/** One finding's stage and verdict; `memberScope`: the drop of a union member the finding holds only without. */
function verdictWithDrops(f: Finding, drops: readonly DropScope[], memberScope: DropScope | undefined): Finding {
  const given = verdictOf(f);
  const base = given ?? defaultVerdict(f);
  // A code without a verdict (check-failed): Kubegate says nothing about what the API server does.
  if (!base) return f;
  if (base.verdict === 'rejected' && (base.stage === 'validation' || base.stage === 'default')) {
    const scope = memberScope ?? dropScopeOf(f, drops);
    if (scope) {
      const said = withSuffix(f, `refused once ${scope.gate} is on`, `The API server drops ${scope.path} while ${scope.gate} is off, so this is refused only once the gate is on.`);
      return withVerdict(withData(said, { droppedWith: scope.path }), 'validation', 'rejected-once-enabled');
    }
    if (f.path !== undefined && isUnderStatus(f.path)) {
      return withVerdict(withSuffix(f, 'status: reset on create', 'The API server resets status when the object is created, so this rule is never checked.'), 'status', 'status');
    }
  }
  if (given && f.severity === VERDICT_SEVERITY[given.verdict]) return f;
  const keepInformation = f.code === 'feature-gate' && f.severity === 'information';
  return withVerdict(f, base.stage, base.verdict, keepInformation ? 'information' : VERDICT_SEVERITY[base.verdict]);
}
