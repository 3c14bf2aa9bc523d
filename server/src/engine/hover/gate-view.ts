// Markdown view of one feature gate in a target version: stage and default, stage history, components, KEP,
// the reference page, what happens while it is off, and where it is on (with evidence).
import { compareVersions, describeState, lookupGateName } from '../gates/catalog-lookup';
import { componentsFor, overallState, statesFor } from '../gates/gate-findings';
import { FEATURE_GATES_PAGE, listWords, whenOff } from '../gates/messages';
import type { BriefFacts, GateCatalog, GateEntry } from '../knowledge/format';
import type { GatedUse, GateEnvironment } from '../model';
import type { KubeVersion } from '../types';

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

function versionTable(entry: GateEntry): string[] {
  const versions = Object.keys(entry.byVersion).sort(compareVersions);
  const cells = versions.map((v) => {
    const s = entry.byVersion[v]!;
    if (s.exists === false) return 'absent';
    if (s.exists === null) return 'not verified';
    const def = s.default === true ? 'on' : s.default === false ? 'off' : 'varies by patch';
    return `${s.stage} / ${def}${s.locked ? ' (locked)' : ''}`;
  });
  return ['', `| ${versions.join(' | ')} |`, `|${versions.map(() => '---').join('|')}|`, `| ${cells.join(' | ')} |`, ''];
}

function stateLines(input: GateViewInput, gate: string, components: string[]): string[] {
  const states = statesFor(input.environment, gate, components);
  const lines = ['**Where it is on**'];
  for (const s of states) {
    const who = s.component || 'any component';
    const how = s.state === 'unknown' ? 'unknown (no setting, cluster or config says; the default applies)' : s.state;
    lines.push(`- ${who}: ${how}`);
    for (const e of s.evidence) lines.push(`  - ${e.message}`);
  }
  const overall = overallState(states);
  if (overall === 'partial') lines.push('', 'On for some components; the others cannot be seen.');
  for (const n of input.environment?.notes ?? []) lines.push(`- note: ${n}`);
  return lines;
}

/** The gate view for `name` (a gate, an alias, a removed gate or an unknown name). */
export function gateMarkdown(name: string, input: GateViewInput): string {
  const status = lookupGateName(input.catalog, name, input.version);
  const lines: string[] = [];
  if (status.kind === 'meta') {
    lines.push(`**${name}** is not a gate: components accept it to switch every ${name === 'AllAlpha' ? 'Alpha' : 'Beta'} gate at once.`);
    return lines.join('\n');
  }
  if (status.kind === 'not-a-gate') {
    lines.push(`**${name}** is not a feature gate in Kubernetes ${input.version}; components refuse to start when it is set.`);
    if (status.reason === 'renamed' && status.replacement) lines.push('', `It is another name of **${status.replacement}**: set that gate instead.`);
    if (status.reason === 'removed') {
      lines.push('', `It was removed${status.lastIn ? ` after ${status.lastIn}` : ''}.${status.replacement ? ` Its replacement is **${status.replacement}**.` : ''}`);
    }
    if (status.addedIn) lines.push('', `It is added in ${status.addedIn}.`);
    const replacement = status.replacement ? input.catalog.gates[status.replacement]?.byVersion[input.version] : undefined;
    if (replacement?.exists) lines.push('', `${status.replacement} in ${input.version}: ${describeState(replacement)}.`);
    if (status.entry) {
      lines.push('', status.entry.summary, '', ...historyLines(status.entry), ...versionTable(status.entry));
      if (status.entry.kep) lines.push(`KEP-${status.entry.kep.number}: ${status.entry.kep.title} — ${status.entry.kep.url}`);
    }
    lines.push('', `[Feature gates reference](${FEATURE_GATES_PAGE})`);
    return lines.join('\n');
  }
  const entry = status.entry;
  const state = status.kind === 'gate' ? status.state : entry.byVersion[input.version];
  lines.push(`**Feature gate \`${name}\`** — ${state ? describeState(state) : 'not verified'} in ${input.version}`);
  lines.push('', entry.summary);
  if (input.use) lines.push('', `While it is off: ${whenOff(input.use).replace(/^while the gate is off /, '')}.`);
  lines.push('', ...historyLines(entry), ...versionTable(entry));
  const components = componentsFor(input.catalog, name, input.use);
  lines.push(`Components: ${components.length ? listWords(components) : 'not known'}`);
  const also = input.brief?.alsoRequires[name];
  if (also?.length) lines.push('', `Also needs: ${also.join(', ')} (curated; dependencies between gates are known only for a few features).`);
  if (entry.kep) lines.push('', `KEP-${entry.kep.number}: ${entry.kep.title} — ${entry.kep.url}`);
  lines.push('', `[Feature gates reference](${FEATURE_GATES_PAGE})`, '', ...stateLines(input, name, components));
  return lines.join('\n');
}
