// Markdown view of one feature gate in a target version: stage and default, stage history, components, KEP,
// the reference page, what happens while it is off, and where it is on (with evidence).
import { describeState, lookupGateName } from '../gates/catalog-lookup';
import { compareVersions, versionWords } from '../base/kube-version';
import { componentsFor, overallState, statesFor } from '../gates/gate-findings';
import { FEATURE_GATES_PAGE, whenOff } from '../gates/messages';
import type { BriefFacts, GateCatalog, GateEntry, GateVersionState } from '../knowledge/data-contract';
import type { GatedUse, GateEnvironment } from '../model';
import type { KubeVersion } from '../base/types';

export interface GateViewInput {
  catalog: GateCatalog;
  brief?: BriefFacts;
  version: KubeVersion;
  environment?: GateEnvironment;
  /** How the gate applies at the hovered spot (a field, an enum value, a kind); absent for a gate name. */
  use?: Pick<GatedUse, 'via' | 'path' | 'value' | 'kind' | 'apiVersion' | 'component'>;
}

function historyLines(entry: GateEntry): string[] {
  const rows = entry.history.map((h) => {
    const def = h.default === true ? 'on' : h.default === false ? 'off' : 'default varies';
    const span = h.until ? (h.until === h.since ? h.since : `${h.since}–${h.until}`) : `${h.since}+`;
    return `${h.stage} (${def}) ${span}`;
  });
  return rows.length ? [`Stage history: ${rows.join(' → ')}`] : [];
}

/** The stage per supported version on one line (`1.36 absent · 1.37 Alpha / off`). */
function versionLine(entry: GateEntry): string[] {
  const versions = Object.keys(entry.byVersion).sort(compareVersions);
  const cells = versions.map((v) => {
    const s = entry.byVersion[v]!;
    if (s.exists === false) return `${versionWords(v, s)} absent`;
    if (s.exists === null) return `${v} not verified`;
    const def = s.default === true ? 'on' : s.default === false ? 'off' : 'varies by patch';
    return `${versionWords(v, s)} ${s.stage} / ${def}${s.locked ? ' (locked)' : ''}`;
  });
  return cells.length ? [`By version: ${cells.join(' · ')}`] : [];
}

function stateLines(input: GateViewInput, gate: string, components: string[], state: GateVersionState | undefined): { head: string; list: string[]; partial: boolean } {
  const states = statesFor(input.environment, gate, components);
  // Nothing says for a component: its default in the version applies ("on (default)"), when the catalog knows it.
  const byDefault = typeof state?.default === 'boolean' ? `${state.default ? 'on' : 'off'} (default)` : undefined;
  const parts = states.map((s) => `${s.component || 'any component'}: ${s.state === 'unknown' && byDefault ? byDefault : s.state}`);
  const unsaid = states.every((s) => s.state === 'unknown') && !byDefault;
  const head = `Where it is on: ${parts.join(', ')}${unsaid ? ' (no setting, cluster or config says, and the default varies)' : ''}`;
  const list: string[] = [];
  for (const s of states) for (const e of s.evidence) list.push(`- ${s.component || 'any component'}: ${e.message}`);
  for (const n of input.environment?.notes ?? []) list.push(`- note: ${n}`);
  const overall = overallState(states);
  return { head, list, partial: overall === 'partial' };
}

/** The state word of the headline: on / off / on for some components, "(default)" when nothing says. */
function stateWord(input: GateViewInput, gate: string, state: GateVersionState | undefined, components: string[]): string {
  if (state?.locked && typeof state.default === 'boolean') return `${state.default ? 'on' : 'off'} (locked)`;
  const states = statesFor(input.environment, gate, components);
  if (states.every((s) => s.state === 'unknown')) {
    return state?.default === true ? 'on (default)' : state?.default === false ? 'off (default)' : 'state unknown';
  }
  const overall = overallState(states);
  return overall === 'partial' ? 'on for some components' : overall;
}

/** One line: gate, stage/default in the version, state, KEP link. Leads every hover that involves a gate. */
export function gateHeadline(name: string, input: GateViewInput): string {
  const status = lookupGateName(input.catalog, name, input.version);
  if (status.kind !== 'gate' && status.kind !== 'unverified') return `**${name}** is not a feature gate in Kubernetes ${versionWords(input.version, status.kind === 'not-a-gate' ? status : undefined)}`;
  const entry = status.entry;
  const state = status.kind === 'gate' ? status.state : entry.byVersion[input.version];
  const components = componentsFor(input.catalog, name, input.use);
  const bits = [
    `Feature gate \`${name}\``,
    `${state ? describeState(state) : 'not verified'} in ${versionWords(input.version, state)}`,
    `**${stateWord(input, name, state, components)}**`,
  ];
  if (entry.kep) bits.push(`[KEP-${entry.kep.number}](${entry.kep.url} "${entry.kep.title.replace(/"/g, "'")}")`);
  return bits.join(' · ');
}

/** The gate view for `name` (a gate, an alias, a removed gate or an unknown name). */
export function gateMarkdown(name: string, input: GateViewInput, options: { headline?: boolean } = {}): string {
  const status = lookupGateName(input.catalog, name, input.version);
  const lines: string[] = [];
  if (status.kind === 'meta') {
    lines.push(`**${name}** is not a gate: components accept it to switch every ${name === 'AllAlpha' ? 'Alpha' : 'Beta'} gate at once.`);
    return lines.join('\n');
  }
  if (status.kind === 'not-a-gate') {
    lines.push(`**${name}** is not a feature gate in Kubernetes ${versionWords(input.version, status)}; components refuse to start when it is set.`);
    if (status.reason === 'renamed' && status.replacement) lines.push('', `It is another name of **${status.replacement}**: set that gate instead.`);
    if (status.reason === 'removed') {
      lines.push('', `It was removed${status.lastIn ? ` after ${status.lastIn}` : ''}.${status.replacement ? ` Its replacement is **${status.replacement}**.` : ''}`);
    }
    if (status.addedIn) lines.push('', `It is added in ${status.addedIn}.`);
    const replacement = status.replacement ? input.catalog.gates[status.replacement]?.byVersion[input.version] : undefined;
    if (replacement?.exists) lines.push('', `${status.replacement} in ${input.version}: ${describeState(replacement)}.`);
    if (status.entry) {
      lines.push('', status.entry.summary, '', ...historyLines(status.entry), ...versionLine(status.entry));
      if (status.entry.kep) lines.push(`KEP-${status.entry.kep.number}: ${status.entry.kep.title} — ${status.entry.kep.url}`);
    }
    lines.push('', `[Feature gates reference](${FEATURE_GATES_PAGE})`);
    return lines.join('\n');
  }
  const entry = status.entry;
  if (options.headline !== false) lines.push(gateHeadline(name, input), '');
  const components = componentsFor(input.catalog, name, input.use);
  // Short facts, one per line (Markdown hard breaks): they fit a hover without scrolling.
  const where = stateLines(input, name, components, status.kind === 'gate' ? status.state : entry.byVersion[input.version]);
  const history = [...historyLines(entry), ...versionLine(entry).map((v) => v.replace(/^By version: /, 'by version: '))];
  const facts = [
    ...(input.use ? [`While it is off: ${whenOff(input.use).replace(/^while the gate is off /, '')}.`] : []),
    history.join(' · '),
    components.length ? where.head + (where.partial ? ' (on for some components; the others cannot be seen)' : '') : 'Components: not known',
  ];
  lines.push(facts.join('  \n'));
  if (where.list.length) lines.push('', ...where.list);
  const also = input.brief?.alsoRequires[name];
  if (also?.length) lines.push('', `Also needs: ${also.join(', ')} (curated; dependencies between gates are known only for a few features).`);
  lines.push('', `${entry.summary} [Feature gates reference](${FEATURE_GATES_PAGE})`);
  return lines.join('\n');
}
