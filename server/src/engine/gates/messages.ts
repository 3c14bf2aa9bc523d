// Own-words sentences for gate findings and hovers: what happens while a gate is off, keyed on how it applies.
import type { GatedUse } from '../model';
import { groupOf } from '../base/api-version';
import type { GateNameStatus } from './catalog-lookup';
import { versionWords } from '../base/kube-version';
import { GATE_MAP_CONFIGS, KUBEADM_GROUP } from './gate-places';

/** Groups of config files (not served by an API server): those that hold gates, and the scheduler's. */
const CONFIG_GROUPS = [...GATE_MAP_CONFIGS.map((c) => c.group), KUBEADM_GROUP, 'kubescheduler.config.k8s.io'];

export function isConfigApiVersion(apiVersion: string): boolean {
  return CONFIG_GROUPS.includes(groupOf(apiVersion));
}

export const FEATURE_GATES_PAGE = 'https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/';

/** The last segment of a structural path, for messages (`spec.devices[].x` → `x`). */
export function fieldName(path: string): string {
  const clean = path.replace(/=.*$/, '').replace(/\[\]/g, '').replace(/\.\*/g, '');
  const parts = clean.split('.');
  return parts[parts.length - 1] || path;
}

/** What goes wrong while the gate is off, for this use. */
export function whenOff(use: Pick<GatedUse, 'via' | 'path' | 'value' | 'kind' | 'apiVersion' | 'component'>): string {
  if (use.via === 'kind') {
    return `while the gate is off the API server does not serve ${use.kind} in ${use.apiVersion}, so applying it fails`;
  }
  if (use.via === 'enum-value') {
    return `while the gate is off the API server's validation rejects the value ${use.value ?? ''} for \`${use.path.replace(/=.*$/, '')}\``;
  }
  if (use.component || isConfigApiVersion(use.apiVersion)) {
    const who = use.component ?? 'the component reading this configuration';
    return `while the gate is off ${who} ignores \`${fieldName(use.path)}\` or refuses to start with it`;
  }
  return `while the gate is off the API server silently drops \`${fieldName(use.path)}\` when the object is created or updated, so the setting is lost`;
}

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The consequence of a gated use while its gate is off, as the head of a short message
 *  (`skipNodeOperations is dropped`, `value X of f is rejected`, `K is not served`, `x is ignored`). The component
 *  that ignores a config field is left to the detail: with it the message could not stay within 120 characters. */
export function offConsequence(use: Pick<GatedUse, 'via' | 'path' | 'value' | 'kind' | 'apiVersion' | 'component'>, maybe = false): string {
  const is = maybe ? 'may be' : 'is';
  if (use.via === 'kind') return `${use.kind} ${maybe ? 'may not be' : 'is not'} served`;
  if (use.via === 'enum-value') return `value ${use.value ?? ''} of ${fieldName(use.path)} ${is} rejected`;
  if (use.component || isConfigApiVersion(use.apiVersion)) {
    return `${fieldName(use.path)} ${is} ignored`;
  }
  return `${fieldName(use.path)} ${is} dropped`;
}

/** Words of a finding: the short message (≤ 120 characters), what to do, the longer explanation. */
interface FindingWords {
  message: string;
  fix: string;
  detail: string;
}

// The templates below name one gate at most (the catalog's longest name has 52 characters): with two names, a
// component list or the stage history they ran past the bound. The other names go in the detail
// (tests/gates/message-length.test.ts fills them with every name of the catalog, and produces the feature-gate
// message for every gated use of the catalog in every gate state).

/** `unknown-gate`: a setting names something that is not a gate of `version`. A renamed gate's message names the
 *  gate to use; the old name is the one under the finding's range (and in the detail). */
export function unknownGateWords(
  gate: string,
  status: Pick<Extract<GateNameStatus, { kind: 'not-a-gate' }>, 'reason' | 'replacement' | 'why' | 'addedIn' | 'lastIn' | 'preview'>,
  release: string,
  didYouMean: string[],
): FindingWords {
  const version = versionWords(release, status);
  // status.why also records where the catalog's answer comes from (lists, release notes, commits): only its plain
  // part goes into the message.
  const why = plainReason(status.why);
  const detail = `Kubernetes components refuse to start when a feature-gate setting names a gate they do not know.${why ? ` ${why}` : ''}`;
  const stops = `${gate} stops components from starting`;
  if (status.reason === 'renamed' && status.replacement) {
    return {
      message: `This name stops components from starting: it was renamed to ${status.replacement}`,
      fix: `Use ${status.replacement} instead.`,
      detail: `${gate} is not a gate in ${version}: it is another name of ${status.replacement}. ${detail}`,
    };
  }
  if (status.reason === 'removed') {
    return {
      message: status.lastIn ? `${stops}: removed after ${status.lastIn}` : `${stops}: not a gate in ${version} (removed)`,
      fix: status.replacement ? `Use ${status.replacement} instead.` : 'Remove the setting.',
      detail,
    };
  }
  if (status.addedIn) {
    return { message: `${stops}: not a gate before ${status.addedIn}`, fix: `Remove the setting or target ${status.addedIn}.`, detail };
  }
  const fix = didYouMean.length ? `Did you mean ${didYouMean.join(' or ')}? Otherwise remove the setting.` : 'Remove the setting.';
  return { message: `${stops}: not a gate in ${version}`, fix, detail };
}

/** How the gate of a gated use stands over the components that need it (gate-findings.ts featureGateFinding). */
interface GateUseState {
  /** Alpha, or Beta and off by default, in the version; otherwise the gate is on by default and switched off. */
  offByDefault: boolean;
  stage: string | undefined;
  /** partial = on for some components, none off, the rest unknown; off = otherwise. */
  overall: 'partial' | 'off';
  /** The components that need the gate (none known: empty), and those where it is on, off, unknown. */
  components: string[];
  on: string[];
  off: string[];
  unknown: string[];
}

/** `feature-gate`: a field, value or kind needs `use.gate`, which is not on everywhere it must be. The message says
 *  what happens and names the gate, in one of three forms (≤ 120 characters for every gated use of the catalog in
 *  every gate state, tests/gates/message-length.test.ts): `X is dropped: gate G is off (Alpha in 1.37)` while a gate
 *  off by default is not known to be on; `X is dropped: gate G is switched off` when a setting switches off a gate on by
 *  default; `X may be dropped: gate G may be off for kubelet` when it is on for some components and not known to be on
 *  for the others. What the message leaves out goes in the detail (the stage and default, the components, the tag) and
 *  the evidence (where the gate is switched off, the finding's related information); what to do is the fix. */
export function featureGateWords(
  use: Pick<GatedUse, 'gate' | 'tag' | 'via' | 'path' | 'value' | 'kind' | 'apiVersion' | 'component'>,
  s: GateUseState,
  version: string,
): FindingWords {
  const gate = use.gate;
  const stage = s.offByDefault
    ? `${s.stage ?? 'stage unknown'}${s.stage === 'Beta' ? ', off by default' : ''} in ${version}`
    : `${s.stage ?? 'stage unknown'} and on by default in ${version}`;
  const partial = s.overall === 'partial';
  const state = partial
    ? `may be off for ${s.unknown.length === 1 ? s.unknown[0] : `${s.unknown.length} components`}`
    : s.offByDefault
      ? `is off (${s.stage ?? 'stage unknown'} in ${version})`
      : 'is switched off';
  const message = `${offConsequence(use, partial)}: gate ${gate} ${state}`;

  const detail: string[] = use.tag && use.tag !== gate ? [`The field is tagged with gate ${use.tag}, which is ${gate}.`] : [];
  if (partial || (s.offByDefault && s.stage !== 'Alpha')) detail.push(`${gate} is ${stage}.`);
  else if (!s.offByDefault) detail.push(`${gate} is ${stage}, and switched off where the evidence says.`);
  if (s.components.length === 0) detail.push('The components that need it are not known.');
  else {
    const bits: string[] = [];
    if (s.on.length) bits.push(`on for ${listWords(s.on)}`);
    if (s.off.length) bits.push(`off for ${listWords(s.off)}`);
    if (s.unknown.length) bits.push(`${partial ? 'cannot be seen for' : 'not known to be on for'} ${listWords(s.unknown)}`);
    detail.push(`${gate} is ${listWords(bits)}.`);
  }
  const removeWhat = use.via === 'kind' ? 'object' : use.via === 'enum-value' ? 'value' : 'field';
  const fix =
    s.components.length === 0
      ? `Enable ${gate}=true where the feature runs, or remove the ${removeWhat}.`
      : partial
        ? `Make sure ${gate} is enabled on ${listWords(s.unknown)} too.`
        : `Enable ${gate}=true on ${listWords([...s.off, ...s.unknown])}, or remove the ${removeWhat}.`;
  return { message, fix, detail: detail.join(' ') };
}

/** `gate-dependency`: the feature of `use.gate` also needs gate `required`, which is off for `offFor` (components
 *  whose state is known), else off by default (`stage` in `version`). The message names the needed gate only. */
export function gateDependencyWords(
  use: Pick<GatedUse, 'gate' | 'via'>,
  required: string,
  offFor: string[],
  stage: string | undefined,
  version: string,
): FindingWords {
  const what = use.via === 'kind' ? 'object' : use.via === 'enum-value' ? 'value' : 'field';
  const off = offFor.length > 0 ? `off for ${listWords(offFor)}` : `off (${stage ?? 'stage unknown'} in ${version})`;
  return {
    message: `This ${what} does not work while gate ${required} is off: enable it too`,
    fix: `Enable ${required} as well.`,
    detail: `${use.gate} also needs feature gate ${required}, which is ${off}. Gate dependencies are known only for a few curated features.`,
  };
}

/**
 * The plain part of a catalog reason (`why`, a not-shipped note): what happened, without where the catalog read it
 * (lists, release notes, pull requests, commits). The text before the first parenthesis or semicolon, as a
 * sentence; undefined when that part still names a source (a list row, a file, a PR or commit) or is empty.
 * E.g. `not a 1.37 gate: KEP-5823 moved its alpha to 1.38 (kubernetes/enhancements #6384) and …` →
 * `Not a 1.37 gate: KEP-5823 moved its alpha to 1.38.`
 */
export function plainReason(why: string | undefined): string | undefined {
  if (!why) return undefined;
  const head = why.split(' (')[0]!.split(';')[0]!.trim().replace(/[.:,]+$/, '');
  if (head.length < 4 || /\b(row|rows|list|lists|commit|spec)\b|\.ya?ml\b|#\d|@[0-9a-f]{6,}|\b[0-9a-f]{8,}\b/i.test(head)) return undefined;
  return `${head[0]!.toUpperCase()}${head.slice(1)}.`;
}
