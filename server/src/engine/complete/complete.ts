// Completion items for a position in a YAML file: keys valid at the cursor for the document's kind and
// version (minus those present), enum and boolean values, apiVersion/kind pairs served in the version,
// gate names in featureGates maps and --feature-gates values, and whole-document snippets.
import type { FieldDef, GateCatalog, VersionData } from '../knowledge/data-contract';
import { kindsNamed, kindsOfApiVersion } from '../knowledge/version-index';
import type { Position, Range } from '../base/types';
import { documentWindow } from './document-window';
import { FEATURE_GATES_FLAG, FEATURE_GATES_KEY } from '../gates/gate-places';
import { cursorContext, type CursorContext } from './context';
import { gateLabel, resolvePath, servedKindOf, structFields, typeLabel } from './resolve';
import type { CompletionEntry, CompletionInputs } from './types';
import { fieldShapeSnippet } from './field-shape';
import { gateFlagEntries, gateMapEntries } from './gate-names';

const FLAG_VALUE = new RegExp(`--${FEATURE_GATES_FLAG}(?:=|\\s+)["']?([^\\s"']*)$`);

/** `lineStart`: where the cursor's line starts, when the caller knows (a kept line table). */
export function completeAt(text: string, pos: Position, inputs: CompletionInputs, lineStart?: number): CompletionEntry[] {
  // Only the cursor's YAML document is read, never the whole text.
  const window = documentWindow(text, pos.line, lineStart);
  const lineText = window?.lines[pos.line - window.first] ?? '';
  const before = lineText.slice(0, pos.character);
  const flag = FLAG_VALUE.exec(before);
  if (flag) return gateFlagEntries(flag[1], pos, inputs);

  const ctx = cursorContext(text, pos, window);
  if (!ctx) return [];
  const range: Range = { start: ctx.replaceStart, end: ctx.replaceEnd };
  // The value of apiVersion or kind itself may become any kind's: every known kind is offered there.
  const key = ctx.path.length === 1 ? (ctx.path[0] as { key?: string }).key : undefined;
  const anyKind = ctx.mode === 'value' && (key === 'apiVersion' || key === 'kind');
  const forDocument = inputs.dataFor ? { ...inputs, data: inputs.dataFor(anyKind ? undefined : ctx.apiVersion) } : inputs;
  if (ctx.mode === 'value') return valueEntries(ctx, range, forDocument);
  return keyEntries(ctx, range, forDocument);
}

function keyEntries(ctx: CursorContext, range: Range, inputs: CompletionInputs): CompletionEntry[] {
  const { data } = inputs;
  if (ctx.path.length === 0 && !ctx.kind) return documentStartEntries(ctx, range, inputs);
  const entry = servedKindOf(data, ctx.apiVersion, ctx.kind);
  if (!entry) return [];
  const spot = resolvePath(data, entry, ctx.path);
  if (!spot || !spot.type) return [];
  if ('map' in spot.type && spot.lastKey === FEATURE_GATES_KEY) return gateMapEntries(ctx, range, inputs);
  if (ctx.startsItem && 's' in spot.type) {
    // `- ` in a list of scalars: offer the list's values.
    const listSpot = resolvePath(data, entry, ctx.path.slice(0, -1));
    return listSpot?.field ? enumEntries(listSpot.field, data, range, inputs) : [];
  }
  const fields = structFields(data, spot);
  if (!fields) return [];
  const present = new Set(ctx.siblings);
  return fields.filter((f) => !present.has(f.name)).map((f) => fieldEntry(f, ctx, range, inputs));
}

function fieldEntry(f: FieldDef, ctx: CursorContext, range: Range, inputs: CompletionInputs): CompletionEntry {
  const gateParts = (f.gates ?? []).map((g) => gateLabel(inputs.gates, inputs.version, g) ?? g);
  if (inputs.gateState) {
    for (let i = 0; i < gateParts.length; i++) {
      const state = inputs.gateState(f.gates![i]);
      if (state !== 'unknown') gateParts[i] += ` · ${state}`;
    }
  }
  const detail = [typeLabel(f.type), f.required ? 'required' : '', ...gateParts.map((g) => `gate ${g}`)]
    .filter(Boolean)
    .join(' · ');
  const shape = ctx.keyHasColon ? undefined : fieldShapeSnippet(f, inputs.data, ctx.keyColumn);
  const insertText = ctx.keyHasColon ? f.name : (shape ?? `${f.name}: `);
  const snippet = shape !== undefined;
  const documentation = f.gates?.length
    ? `Needs the feature gate${f.gates.length > 1 ? 's' : ''} ${f.gates.map((g) => `\`${g}\``).join(', ')}` +
      kepLinks(inputs.gates, f.gates)
    : undefined;
  const badge = gateBadge(f.gates ?? [], inputs);
  return {
    label: f.name,
    kind: 'field',
    detail,
    documentation,
    insertText,
    snippet,
    range,
    sortText: `${f.required ? '0' : f.gates?.length ? '2' : '1'}${f.name}`,
    ...(badge ? { labelDescription: badge.text, ...(badge.absent ? { deprecated: true } : {}) } : {}),
  };
}

/** "Alpha · off" for the first non-GA gate of a field ("not in 1.36" when the gate does not exist there). */
function gateBadge(gates: string[], inputs: CompletionInputs): { text: string; absent: boolean } | undefined {
  for (const g of gates) {
    const v = inputs.gates.gates[g]?.byVersion[inputs.version];
    if (!v) continue;
    if (v.exists === false) return { text: `${g} not in ${inputs.version}`, absent: true };
    if (!v.stage || v.stage === 'GA') continue;
    const known = inputs.gateState?.(g) ?? 'unknown';
    const state = known !== 'unknown' ? known : v.default === true ? 'on by default' : v.default === false ? 'off' : 'default unknown';
    return { text: `${v.stage} · ${state}`, absent: false };
  }
  return undefined;
}

function kepLinks(gates: GateCatalog, names: string[]): string {
  const links = names
    .map((g) => gates.gates[g]?.kep)
    .filter((k): k is NonNullable<typeof k> => !!k)
    .map((k) => `[KEP-${k.number}](${k.url}) ${k.title}`);
  return links.length ? ` (${links.join('; ')}).` : '.';
}

function valueEntries(ctx: CursorContext, range: Range, inputs: CompletionInputs): CompletionEntry[] {
  const { data } = inputs;
  const key = ctx.path.length ? (ctx.path[ctx.path.length - 1] as { key?: string }).key : undefined;
  if (ctx.path.length === 1 && key === 'apiVersion') return apiVersionEntries(ctx, range, data);
  if (ctx.path.length === 1 && key === 'kind') return kindEntries(ctx, range, data);
  // kubeadm argument lists: the v1beta4 `{name: feature-gates, value}` item, the v1beta3 `feature-gates:` key.
  if (key === 'value' && ctx.siblingValues.name === FEATURE_GATES_FLAG) return gateFlagEntries(ctx.prefix, range.end, inputs);
  if (key === FEATURE_GATES_FLAG) return gateFlagEntries(ctx.prefix, range.end, inputs);
  const entry = servedKindOf(data, ctx.apiVersion, ctx.kind);
  if (!entry) return [];
  const spot = resolvePath(data, entry, ctx.path);
  if (!spot?.type) return [];
  if (spot.field) return enumEntries(spot.field, data, range, inputs);
  if ('s' in spot.type && spot.type.s === 'boolean') return booleanEntries(range);
  return [];
}

function enumEntries(f: FieldDef, data: VersionData, range: Range, inputs: CompletionInputs): CompletionEntry[] {
  const scalar = 'list' in f.type ? f.type.list : f.type;
  if ('s' in scalar && scalar.s === 'boolean') return booleanEntries(range);
  const values = (f.enum ? data.enums[f.enum] : undefined) ?? f.configEnum ?? [];
  return values.map((v, i) => {
    const gates = f.valueGates?.[v] ?? [];
    const labels = gates.map((g) => gateLabel(inputs.gates, inputs.version, g) ?? g);
    return {
      label: v,
      kind: 'enum' as const,
      detail: labels.length ? `gate ${labels.join(', ')}` : f.enum ? `${f.enum.replace(/^.*[./]/, '')} value` : 'value',
      insertText: v,
      range,
      sortText: `${gates.length ? '1' : '0'}${String(i).padStart(3, '0')}`,
    };
  });
}

function booleanEntries(range: Range): CompletionEntry[] {
  return ['true', 'false'].map((v) => ({ label: v, kind: 'value' as const, insertText: v, range }));
}

function served(data: VersionData) {
  return data.kinds.filter((k) => !k.removed);
}

function stabilityNote(k: { stability: string; component?: string; deprecated?: true }): string {
  if (k.component) return `${k.component} config`;
  const parts: string[] = [];
  if (k.stability !== 'stable') parts.push(`${k.stability} API, off unless --runtime-config enables it`);
  if (k.deprecated) parts.push('deprecated');
  return parts.join(' · ');
}

function apiVersionEntries(ctx: CursorContext, range: Range, data: VersionData): CompletionEntry[] {
  const kinds = (ctx.kind ? kindsNamed(data, ctx.kind) : data.kinds).filter((k) => !k.removed);
  const seen = new Map<string, (typeof kinds)[number]>();
  for (const k of kinds) if (!seen.has(k.apiVersion)) seen.set(k.apiVersion, k);
  return [...seen.values()].map((k) => ({
    label: k.apiVersion,
    kind: 'apiVersion' as const,
    detail: ctx.kind ? [ctx.kind, stabilityNote(k)].filter(Boolean).join(' · ') : k.component ? `${k.component} config` : undefined,
    insertText: k.apiVersion,
    range,
    sortText: `${k.stability === 'stable' ? '0' : '1'}${k.apiVersion}`,
    ...(k.deprecated ? { deprecated: true } : {}),
  }));
}

function kindEntries(ctx: CursorContext, range: Range, data: VersionData): CompletionEntry[] {
  const kinds = (ctx.apiVersion ? kindsOfApiVersion(data, ctx.apiVersion) : data.kinds).filter((k) => !k.removed);
  const seen = new Set<string>();
  const out: CompletionEntry[] = [];
  for (const k of kinds) {
    if (seen.has(k.kind)) continue;
    seen.add(k.kind);
    out.push({
      label: k.kind,
      kind: 'kind',
      detail: [k.apiVersion, stabilityNote(k)].filter(Boolean).join(' · '),
      insertText: k.kind,
      range,
      ...(k.deprecated ? { deprecated: true } : {}),
    });
  }
  return out;
}

/** At the top of a document without a kind: apiVersion/kind pairs and whole-document snippets. */
function documentStartEntries(ctx: CursorContext, range: Range, inputs: CompletionInputs): CompletionEntry[] {
  if (ctx.keyColumn !== 0) return [];
  const out: CompletionEntry[] = [];
  if (!ctx.apiVersion && !ctx.siblings.includes('apiVersion')) {
    for (const k of served(inputs.data)) {
      out.push({
        label: `${k.kind} (${k.apiVersion})`,
        kind: 'kind',
        detail: stabilityNote(k) || undefined,
        insertText: `apiVersion: ${k.apiVersion}\nkind: ${k.kind}\n`,
        filterText: k.kind,
        range,
        sortText: `1${k.stability === 'stable' ? '0' : '1'}${k.kind}`,
      });
    }
  } else if (!ctx.siblings.includes('kind')) {
    out.push({ label: 'kind', kind: 'field', insertText: 'kind: ', range, sortText: '0kind' });
  }
  if (!ctx.siblings.includes('apiVersion') && ctx.apiVersion === undefined) {
    out.push({ label: 'apiVersion', kind: 'field', insertText: 'apiVersion: ', range, sortText: '0apiVersion' });
  }
  if (ctx.emptyDocument) {
    for (const s of inputs.snippets ?? []) {
      out.push({
        label: s.prefix,
        kind: 'snippet',
        detail: s.name,
        documentation: s.description,
        insertText: s.body,
        snippet: true,
        filterText: s.prefix,
        range,
        sortText: `2${s.prefix}`,
      });
    }
  }
  return out;
}
