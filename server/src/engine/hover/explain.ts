// `kubegate explain GATE` and `kubegate explain APIVERSION KIND [field.path]`: the hover view without a file.
import { briefFacts, gateCatalog, kindEntry, kindsNamed, loadVersion, type KnowledgeOptions } from '../knowledge';
import type { KindEntry, TypeRef, VersionData } from '../knowledge/format';
import type { GateEnvironment } from '../model';
import type { KubeVersion } from '../types';
import { fieldMarkdown } from './field-view';
import { gateMarkdown } from './gate-view';
import { kindMarkdown } from './kind-view';
import { ITEM, resolveTypePath, stepType } from '../type-path';
import type { CrdCatalog } from '../crd/catalog';
import { customFieldNote, customKindMarkdown } from '../crd/hover';
import { dataForApiVersion } from '../crd/overlay';

export interface ExplainOptions {
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
    return known ? kindMarkdown(apiVersion, kind, base) : undefined;
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
  const markdown = fieldMarkdown(resolved, { ...base, entry }, value);
  const note = options.crds && data !== builtin ? customFieldNote(apiVersion, kind, resolved.path, options.crds) : '';
  return note ? `${markdown}\n\n---\n\n${note}` : markdown;
}
