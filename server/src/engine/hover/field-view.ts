// Markdown for a field: type, allowed values, optionality, and the gate view of each gate it carries.
import type { BriefFacts, FieldDef, GateCatalog, KindEntry, VersionData } from '../knowledge/format';
import type { GateEnvironment } from '../model';
import type { KubeVersion } from '../types';
import { gateMarkdown } from './gate-view';
import { shortType, typeLabel, type ResolvedField } from './resolve';

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
export function fieldGates(f: FieldDef, entry: KindEntry): string[] {
  return [...(f.gates ?? []), ...(entry.component ? (f.commentGates ?? []) : [])].filter((g, i, all) => all.indexOf(g) === i);
}

export function fieldMarkdown(resolved: ResolvedField, input: FieldViewInput, hoveredValue?: string): string {
  const f = resolved.field!;
  const where = resolved.owner ? ` in \`${shortType(resolved.owner)}\`` : '';
  const lines = [
    `**\`${f.name}\`** — ${typeLabel(f.type)}${where}`,
    '',
    `\`${input.entry.apiVersion}\` ${input.entry.kind}: \`${resolved.path}\``,
    '',
    optionality(f),
    ...allowedValues(input.data, f),
  ];
  const component = input.entry.component;
  const use = { path: resolved.path, kind: input.entry.kind, apiVersion: input.entry.apiVersion, ...(component ? { component } : {}) };
  const valueGates = Object.entries(f.valueGates ?? {});
  if (valueGates.length) {
    lines.push('', `Gated values: ${valueGates.map(([v, gs]) => `\`${v}\` needs ${gs.join(', ')}`).join('; ')}`);
  }
  const gateInput = { catalog: input.catalog, brief: input.brief, version: input.version, environment: input.environment };
  if (hoveredValue !== undefined && f.valueGates?.[hoveredValue]) {
    for (const g of f.valueGates[hoveredValue]!) {
      lines.push('', '---', '', gateMarkdown(g, { ...gateInput, use: { ...use, via: 'enum-value', path: `${resolved.path}=${hoveredValue}`, value: hoveredValue } }));
    }
  }
  for (const g of fieldGates(f, input.entry)) {
    lines.push('', '---', '', gateMarkdown(g, { ...gateInput, use: { ...use, via: 'field' } }));
  }
  return lines.join('\n');
}
