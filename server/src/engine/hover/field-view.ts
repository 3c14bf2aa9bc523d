// Markdown for a field: type, allowed values, optionality, and the gate view of each gate it carries.
import type { BriefFacts, FieldDef, GateCatalog, KindEntry, VersionData } from '../knowledge/data-contract';
import type { GateEnvironment } from '../model';
import type { KubeVersion } from '../base/types';
import { gateHeadline, gateMarkdown, type GateViewInput } from './gate-view';
import { shortType, typeLabel } from './resolve';
import type { TypePathResult } from '../knowledge/type-path';

export interface FieldViewInput {
  data: VersionData;
  catalog: GateCatalog;
  brief?: BriefFacts;
  version: KubeVersion;
  environment?: GateEnvironment;
  entry: KindEntry;
}

function allowedValues(data: VersionData, f: FieldDef): string[] {
  const lines: string[] = [];
  const values = f.enum ? data.enums[f.enum] : undefined;
  if (values?.length) lines.push(`Allowed values: ${values.map((v) => `\`${v}\``).join(', ')}`);
  else if (f.configEnum?.length) lines.push(`Values named by the component (not enforced here): ${f.configEnum.map((v) => `\`${v}\``).join(', ')}`);
  return lines;
}

function optionality(f: FieldDef): string {
  if (f.required) return 'Required.';
  if (f.optional) return 'Optional.';
  return 'Optionality not marked upstream.';
}

/** Gates that apply to the field as the engine applies them (comment-derived gates for config kinds only). */
function fieldGates(f: FieldDef, entry: KindEntry): string[] {
  return [...(f.gates ?? []), ...(entry.component ? (f.commentGates ?? []) : [])].filter((g, i, all) => all.indexOf(g) === i);
}

export function fieldMarkdown(resolved: TypePathResult, input: FieldViewInput, hoveredValue?: string): string {
  const f = resolved.field!;
  const where = resolved.owner ? ` in \`${shortType(resolved.owner)}\`` : '';
  const component = input.entry.component;
  const use = { path: resolved.path, kind: input.entry.kind, apiVersion: input.entry.apiVersion, ...(component ? { component } : {}) };
  const gateInput = { catalog: input.catalog, brief: input.brief, version: input.version, environment: input.environment };
  // The gates that apply here: the hovered value's gates first, then the field's.
  const gated: { gate: string; input: GateViewInput }[] = [];
  if (hoveredValue !== undefined && f.valueGates?.[hoveredValue]) {
    for (const g of f.valueGates[hoveredValue]!) {
      gated.push({ gate: g, input: { ...gateInput, use: { ...use, via: 'enum-value', path: `${resolved.path}=${hoveredValue}`, value: hoveredValue } } });
    }
  }
  for (const g of fieldGates(f, input.entry)) gated.push({ gate: g, input: { ...gateInput, use: { ...use, via: 'field' } } });
  // One line per gate first (gate, stage/default, state, KEP), then the field's type and values, then the rest.
  const lines: string[] = [];
  for (const g of gated) lines.push(gateHeadline(g.gate, g.input), '');
  const head = [
    `**\`${f.name}\`** — ${typeLabel(f.type)}${where} · ${optionality(f).replace(/\.$/, '').toLowerCase()}`,
    // The path is shown when no gate leads the view (a gated view stays short enough not to scroll).
    ...(gated.length ? [] : [`\`${input.entry.apiVersion}\` ${input.entry.kind}: \`${resolved.path}\``]),
    ...allowedValues(input.data, f),
  ];
  const valueGates = Object.entries(f.valueGates ?? {});
  if (valueGates.length) head.push(`Gated values: ${valueGates.map(([v, gs]) => `\`${v}\` needs ${gs.join(', ')}`).join('; ')}`);
  lines.push(head.join('  \n'));
  for (const g of gated) lines.push('', '---', '', gateMarkdown(g.gate, g.input, { headline: false }));
  return lines.join('\n');
}
