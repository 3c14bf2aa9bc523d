// The verdict step of a check: every finding of a document gets its pipeline stage and verdict (verdicts.ts), and
// the order of kube-apiserver's pipeline decides what a rule finding really means:
// - validation never sees a field the drop stage removed: a rule broken inside a field dropped while its gate is off
//   is `rejected-once-enabled` (decode findings there, unknown fields and wrong types, still refuse the object);
// - validation never sees `status` either, which a create resets: a rule broken there is `status`.
import type { Finding, Range } from './types';
import { isUnderStatus } from './validate/context';
import { comparePositions } from './parse/ranges';
import { VERDICT_SEVERITY, verdictOf, withVerdict, type Stage, type Verdict, type VerdictData } from './verdicts';

/** A field the drop stage removes: its gate, its path and the range of the key and its value. */
export interface DropScope {
  gate: string;
  path: string;
  extent: Range;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function gateKnownOff(f: Finding): boolean {
  const states = f.data?.['state'];
  return Array.isArray(states) && states.some((s) => (s as { state?: unknown }).state === 'off');
}

/** Stage and verdict of a finding from its code and data (the stage the fact belongs to, the server's answer). */
export function defaultVerdict(f: Finding): VerdictData {
  const v = (stage: Stage, verdict: Verdict): VerdictData => ({ stage, verdict });
  const data = f.data ?? {};
  switch (f.code) {
    // Unknown fields refuse the object: kubectl's --validate defaults to "strict", which asks the API server for
    // strict field validation (kubernetes/kubernetes staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go
    // @ 01aa0f3f6052c9866dcb69054d8924fa8c96e3cb, GetValidationDirective).
    case 'yaml-syntax':
    case 'unknown-field':
    case 'field-not-in-version':
    case 'unknown-kind':
      return v('decode', 'rejected');
    case 'api-not-served':
      return data['runtimeConfig'] === true ? v('startup', 'rejected') : v('decode', 'rejected');
    case 'invalid-value':
      // A value of the wrong JSON type fails decoding; a value outside an enum, a broken rule or a null on a
      // required field fails validation.
      return data['expected'] !== undefined && data['got'] !== undefined && data['got'] !== 'null' && data['rule'] === undefined
        ? v('decode', 'rejected')
        : v('validation', 'rejected');
    case 'missing-field':
      return v('validation', 'rejected');
    case 'api-disabled-by-default':
      return data['payload'] === true ? v('decode', 'rejected') : v('decode', 'rejected-unless-enabled');
    case 'api-deprecated':
    case 'api-warning':
      return v('warning', 'accepted-with-warning');
    case 'feature-gate': {
      if (data['config'] === true) return v('startup', 'ignored');
      const via = str(data['via']);
      if (via === 'field') return v('drop', 'dropped');
      return v(via === 'kind' ? 'decode' : 'validation', gateKnownOff(f) ? 'rejected' : 'rejected-unless-enabled');
    }
    case 'gate-dependency':
      return v('startup', 'ignored');
    case 'unknown-gate':
    case 'locked-gate':
      return v('startup', 'rejected');
    case 'experimental-channel':
      return v('decode', 'rejected-unless-enabled');
    case 'yaml11-scalar':
      return v('decode', 'note');
    case 'value-not-recognised':
    case 'redundant-gate':
    case 'version-mismatch':
      return v('startup', 'note');
    case 'file-too-large':
    case 'too-many-findings':
      return v('decode', 'note');
    case 'disable-comment':
      // A comment kubectl drops when it reads the YAML: the disable comment itself silences nothing.
      return v('decode', 'ignored');
    case 'template-not-checked':
      // kubectl cannot read a template; what reaches the API server is the rendered output.
      return v('decode', 'note');
  }
}

function within(inner: Range, outer: Range): boolean {
  return comparePositions(inner.start, outer.start) >= 0 && comparePositions(inner.end, outer.end) <= 0;
}

/** The innermost drop scope holding a finding (not the gated key itself). */
function dropScopeOf(f: Finding, scopes: readonly DropScope[]): DropScope | undefined {
  let best: DropScope | undefined;
  for (const s of scopes) {
    if (!within(f.range, s.extent)) continue;
    if (f.code === 'feature-gate' && f.path === s.path) continue;
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
  return findings.map((f) => {
    const given = verdictOf(f);
    const base = given ?? defaultVerdict(f);
    if (base.verdict === 'rejected' && (base.stage === 'validation' || base.stage === 'default')) {
      const scope = dropScopeOf(f, drops);
      if (scope) {
        const said = withSuffix(f, `refused once ${scope.gate} is on`, `The API server drops ${scope.path} while ${scope.gate} is off, so this is refused only once the gate is on.`);
        return withVerdict({ ...said, data: { ...f.data, droppedWith: scope.path } }, 'validation', 'rejected-once-enabled');
      }
      if (f.path !== undefined && isUnderStatus(f.path)) {
        return withVerdict(withSuffix(f, 'status: reset on create', 'The API server resets status when the object is created, so this rule is never checked.'), 'status', 'status');
      }
    }
    if (given && f.severity === VERDICT_SEVERITY[given.verdict]) return f;
    const keepInformation = f.code === 'feature-gate' && f.severity === 'information';
    return withVerdict(f, base.stage, base.verdict, keepInformation ? 'information' : VERDICT_SEVERITY[base.verdict]);
  });
}
