// Gate-name completion: keys of a featureGates map, and names inside a --feature-gates value
// (`A=true,B=false`), from the gate catalog of the target version.
import type { GateCatalog, GateEntry } from '../knowledge/data-contract';
import type { KubeVersion, Position, Range } from '../base/types';
import type { CursorContext } from './context';
import { gateLabel } from './resolve';
import type { CompletionEntry, CompletionInputs } from './types';

/** Gates that exist (or may exist) in the version, plus the meta keys, with their detail line. */
function gatesOf(gates: GateCatalog, version: KubeVersion): { name: string; detail: string; entry?: GateEntry }[] {
  const out: { name: string; detail: string; entry?: GateEntry }[] = [];
  for (const entry of Object.values(gates.gates)) {
    const v = entry.byVersion[version];
    if (!v || v.exists === false) continue;
    out.push({ name: entry.name, detail: gateLabel(gates, version, entry.name) ?? entry.name, entry });
  }
  for (const meta of gates.meta) out.push({ name: meta, detail: 'meta key: sets every gate of that stage' });
  return out;
}

function sortKey(entry: GateEntry | undefined, version: KubeVersion): string {
  const stage = entry?.byVersion[version]?.stage;
  const rank = stage === 'Alpha' ? '0' : stage === 'Beta' ? '1' : stage === 'GA' ? '2' : '3';
  return rank;
}

function documentation(entry: GateEntry | undefined): string | undefined {
  if (!entry) return undefined;
  const kep = entry.kep ? `\n\n[KEP-${entry.kep.number}](${entry.kep.url}): ${entry.kep.title}` : '';
  const comps = entry.components.length ? `\n\nComponents: ${entry.components.join(', ')}` : '';
  return `${entry.summary}${kep}${comps}`;
}

/** A completion entry per gate of the version not in `skip`, replacing `range` with `insert(name)`. */
function gateEntries(inputs: CompletionInputs, skip: ReadonlySet<string>, range: Range, insert: (name: string) => string): CompletionEntry[] {
  return gatesOf(inputs.gates, inputs.version)
    .filter((g) => !skip.has(g.name))
    .map((g) => ({
      label: g.name,
      kind: 'gate' as const,
      detail: g.detail,
      documentation: documentation(g.entry),
      insertText: insert(g.name),
      range,
      sortText: `${sortKey(g.entry, inputs.version)}${g.name}`,
    }));
}

/** Keys of a featureGates map (`Gate: true`), minus gates already set there. */
export function gateMapEntries(ctx: CursorContext, range: Range, inputs: CompletionInputs): CompletionEntry[] {
  const present = new Set(ctx.siblings);
  return gateEntries(inputs, present, range, (name) => (ctx.keyHasColon ? name : `${name}: true`));
}

/** Inside a --feature-gates value: `typed` is the value text before the cursor (`A=true,Dra`). */
export function gateFlagEntries(typed: string, cursor: Position, inputs: CompletionInputs): CompletionEntry[] {
  const segStart = typed.lastIndexOf(',') + 1;
  const segment = typed.slice(segStart);
  const eq = segment.indexOf('=');
  if (eq >= 0) {
    const valueText = segment.slice(eq + 1);
    const range: Range = { start: { line: cursor.line, character: cursor.character - valueText.length }, end: cursor };
    return ['true', 'false'].map((v) => ({ label: v, kind: 'value' as const, insertText: v, range }));
  }
  const already = new Set(
    typed
      .slice(0, segStart)
      .split(',')
      .map((p) => p.split('=')[0].trim())
      .filter(Boolean),
  );
  const range: Range = { start: { line: cursor.line, character: cursor.character - segment.length }, end: cursor };
  return gateEntries(inputs, already, range, (name) => `${name}=true`);
}
