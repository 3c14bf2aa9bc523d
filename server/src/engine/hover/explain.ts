// `kubegate explain GATE` and `kubegate explain APIVERSION KIND [field.path]`: the hover view without a file.
import { wrapText } from '../base/wrap-text';
import { briefFacts, gateCatalog, kindEntry, kindsNamed, loadVersion, type KnowledgeOptions } from '../knowledge';
import type { GateCatalog, KindEntry, TypeRef, VersionData } from '../knowledge/data-contract';
import { typeLabel } from './resolve';
import type { GateEnvironment } from '../model';
import type { KubeVersion } from '../base/types';
import { fieldMarkdown } from './field-view';
import { gateMarkdown } from './gate-view';
import { kindMarkdown } from './kind-view';
import { ITEM, resolveTypePath, stepType } from '../knowledge/type-path';
import type { CrdCatalog } from '../api-extensions/catalog';
import { customFieldNote, customKindMarkdown } from '../api-extensions/hover';
import { dataForApiVersion } from '../api-extensions/overlay';
import { defaultedInOutline, defaultedMarkdown } from './defaulted';

interface ExplainOptions {
  version: KubeVersion;
  environment?: GateEnvironment;
  knowledge?: KnowledgeOptions;
  /** CRDs for custom resources (engine/crd). */
  crds?: CrdCatalog;
}

export function explainGate(name: string, options: ExplainOptions): string {
  const knowledge = options.knowledge ?? {};
  return gateMarkdown(name, {
    catalog: gateCatalog(knowledge),
    brief: briefFacts(knowledge),
    version: options.version,
    environment: options.environment,
  });
}

/** Key chain for a user path: `spec.devices.consumesCounters` and `spec.devices[].consumesCounters` both work. */
function segmentsFor(data: VersionData, entry: KindEntry, path: string): string[] | undefined {
  const keys = path.replace(/=.*$/, '').split('.').map((k) => k.replace(/\[\]$/, '')).filter(Boolean);
  const segs: string[] = [];
  let type: TypeRef = { ref: entry.root };
  for (const key of keys) {
    while ('list' in type) {
      segs.push(ITEM);
      type = type.list;
    }
    if (!('map' in type) && !('ref' in type)) return undefined;
    segs.push(key);
    const next = stepType(data, type, key);
    if (!next) return segs;
    type = next.type;
  }
  return segs;
}

/** Width of the fields listing inside its fence (the terminal rendering indents a fence by 4: 80 columns). */
const FIELDS_WIDTH = 76;

/**
 * The children of a struct type as `kubectl explain` lists them: name, type, required, allowed values and the
 * gates each needs (stage in the target version), in a fenced block within 80 columns. Undefined when the type
 * (through lists and maps) is not a struct with fields.
 */
function fieldsMarkdown(data: VersionData, type: TypeRef | undefined, catalog: GateCatalog, version: KubeVersion): string | undefined {
  let t = type;
  while (t && ('list' in t || 'map' in t)) t = 'list' in t ? t.list : t.map;
  const fields = t && 'ref' in t ? data.types[t.ref]?.fields : undefined;
  if (!fields || fields.length === 0) return undefined;
  const column = Math.min(28, Math.max(...fields.map((f) => f.name.length))) + 2;
  const rest = FIELDS_WIDTH - column;
  const lines: string[] = [];
  for (const f of fields) {
    const parts = [typeLabel(f.type) + (f.required ? ' · required' : '')];
    const values = f.enum ? data.enums[f.enum] : f.configEnum;
    if (values && values.length > 0) parts.push(`one of: ${values.join(', ')}`);
    const gates = f.gates ?? [];
    if (gates.length > 0) {
      parts.push(`gate${gates.length > 1 ? 's' : ''}: ${gates.map((g) => {
        const state = catalog.gates[g]?.byVersion[version];
        return state?.stage ? `${g} (${state.stage})` : g;
      }).join(', ')}`);
    }
    const body = parts.flatMap((p) => wrapText(p, rest));
    const head = f.name.length + 2 <= column ? f.name.padEnd(column) : undefined;
    if (head === undefined) lines.push(f.name);
    body.forEach((b, i) => lines.push(`${i === 0 && head !== undefined ? head : ' '.repeat(column)}${b}`));
  }
  return `**Fields** (${fields.length}):\n\n\`\`\`\n${lines.join('\n')}\n\`\`\``;
}

/** What a field holds, for its defaults: an object, a list of objects, or a value. */
function holds(type: TypeRef | undefined): 'object' | 'list' | 'value' {
  if (type && 'ref' in type) return 'object';
  return type && 'list' in type && 'ref' in type.list ? 'list' : 'value';
}

/** The kind view (no path) or the field view; undefined when the kind or the path is unknown. */
export function explainField(apiVersion: string, kind: string, path: string | undefined, options: ExplainOptions): string | undefined {
  const knowledge = options.knowledge ?? {};
  const builtin = loadVersion(options.version, knowledge).data;
  const data = dataForApiVersion(builtin, options.crds, apiVersion);
  const catalog = gateCatalog(knowledge);
  const brief = briefFacts(knowledge);
  const base = { data, catalog, brief, version: options.version, environment: options.environment };
  const custom = options.crds && !path ? customKindMarkdown(apiVersion, kind, data, options.crds) : undefined;
  if (custom) return custom;
  if (!path) {
    // A kind no version of any group has, and no unshipped design names: unknown, as documented above.
    const known = kindsNamed(data, kind).length > 0 || brief.notShippedApis.some((a) => a.apiVersion === apiVersion);
    if (!known) return undefined;
    const view = kindMarkdown(apiVersion, kind, base);
    const entry = kindEntry(data, apiVersion, kind);
    const fields = entry ? fieldsMarkdown(data, { ref: entry.root }, catalog, options.version) : undefined;
    return fields ? `${view}\n\n${fields}` : view;
  }
  const entry = kindEntry(data, apiVersion, kind);
  if (!entry) return undefined;
  const segs = segmentsFor(data, entry, path);
  const resolved = segs ? resolveTypePath(data, entry, segs) : undefined;
  if (!resolved) return undefined;
  if (resolved.unknownKey) {
    const notShipped = brief.notShippedFields.find((f) => f.apiVersion === apiVersion && f.kind === kind && f.path === resolved.path);
    if (notShipped) {
      return `**\`${resolved.unknownKey.name}\`** is not a field in Kubernetes ${options.version}: it belongs to the design “${notShipped.feature}” (KEP-${notShipped.kep}, https://kep.k8s.io/${notShipped.kep}), which was not shipped in v1.37.0.`;
    }
    if (resolved.unknownKey.addedIn) return `**\`${resolved.unknownKey.name}\`** is added in Kubernetes ${resolved.unknownKey.addedIn}; it is not a field in ${options.version}.`;
    return undefined;
  }
  if (!resolved.field) return undefined;
  const value = /=(.*)$/.exec(path)?.[1];
  const view = fieldMarkdown(resolved, { ...base, entry }, value);
  const fields = fieldsMarkdown(data, resolved.type, catalog, options.version);
  const defaults = data === builtin ? defaultedMarkdown(defaultedInOutline(entry, segs!, holds(resolved.type)), resolved.field.name) : '';
  const markdown = [view, fields, defaults].filter(Boolean).join('\n\n');
  const note = options.crds && data !== builtin ? customFieldNote(apiVersion, kind, resolved.path, options.crds) : '';
  return note ? `${markdown}\n\n---\n\n${note}` : markdown;
}
