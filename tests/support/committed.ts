// Facts the product ships in the committed schemas/ folder, read as plain JSON (not through the engine's
// loaders), for the suites that must run in a plain clone: hover, fixes, completion, the gate model, the protocol.
// schemas/ is generated from ../shared, and the knowledge suites compare the two whenever ../shared is there; so
// these suites state the same facts with or without it, and never read ../shared themselves.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');
const cache = new Map<string, unknown>();

function schemaJson<T>(name: string): T {
  if (!cache.has(name)) cache.set(name, JSON.parse(readFileSync(path.join(repoRoot, 'schemas', name), 'utf8')));
  return cache.get(name) as T;
}

// ---- schemas/gates.json, in the shape of ../shared/reference/feature-gates.json ----

export interface ReferenceGateVersion {
  exists: boolean | null;
  stage?: string;
  default?: boolean | null;
  locked?: boolean | null;
  by_patch?: { since: string; until?: string | null; default: boolean }[];
}

export interface ReferenceGate {
  name: string;
  summary?: string;
  components?: string[] | null;
  by_version: Record<string, ReferenceGateVersion>;
  stages: { stage: string; default: boolean | null; since: string; until: string | null }[];
  kep?: number | null;
  keps?: { number: number; title: string }[];
  kep_url?: string;
  replaced_by?: string | null;
}

export interface FeatureGatesFile {
  versions: string[];
  /** Gates on the Kubernetes feature-gates page. */
  gates: ReferenceGate[];
  gates_not_on_page: Record<string, ReferenceGate>;
  names_that_are_not_gates: Record<string, { alias_of: string | null; why?: string }>;
  meta_gates: Record<string, unknown>;
}

interface CommittedCatalog {
  versions: string[];
  gates: Record<string, {
    name: string;
    summary: string;
    components: string[];
    byVersion: Record<string, { exists: boolean | null; stage?: string; default?: boolean | null; locked?: boolean | null; why?: string }>;
    history: { stage: string; default: boolean | null; since: string; until: string | null }[];
    kep?: { number: number; title: string; url: string };
    replacedBy?: string;
    onPage: boolean;
  }>;
  notGates: Record<string, { aliasOf: string | null; why: string }>;
  meta: string[];
}

let gatesFile: FeatureGatesFile | undefined;

/** schemas/gates.json in the shape of ../shared/reference/feature-gates.json (stage `GA` read as `Stable`). */
export function committedGates(): FeatureGatesFile {
  if (gatesFile) return gatesFile;
  const c = schemaJson<CommittedCatalog>('gates.json');
  const stage = (s: string | undefined) => (s === 'GA' ? 'Stable' : s);
  const gate = (g: CommittedCatalog['gates'][string]): ReferenceGate => ({
    name: g.name,
    summary: g.summary,
    components: g.components,
    by_version: Object.fromEntries(
      Object.entries(g.byVersion).map(([v, st]) => [v, { exists: st.exists, stage: stage(st.stage), default: st.default, locked: st.locked }]),
    ),
    stages: g.history.map((h) => ({ ...h, stage: stage(h.stage) as string })),
    kep: g.kep?.number ?? null,
    keps: g.kep ? [{ number: g.kep.number, title: g.kep.title }] : [],
    kep_url: g.kep?.url,
    replaced_by: g.replacedBy ?? null,
  });
  const all = Object.values(c.gates);
  gatesFile = {
    versions: c.versions,
    gates: all.filter((g) => g.onPage).map(gate),
    gates_not_on_page: Object.fromEntries(all.filter((g) => !g.onPage).map((g) => [g.name, gate(g)])),
    names_that_are_not_gates: Object.fromEntries(Object.entries(c.notGates).map(([n, v]) => [n, { alias_of: v.aliasOf, why: v.why }])),
    meta_gates: Object.fromEntries(c.meta.map((m) => [m, {}])),
  };
  return gatesFile;
}

/** Gates of the feature-gates page. */
export function pageGates(): ReferenceGate[] {
  return committedGates().gates;
}

/** Gates that are not on the page (merged, removed, renamed away). */
export function gatesNotOnPage(): Record<string, ReferenceGate> {
  return committedGates().gates_not_on_page;
}

/** Names that look like gates and are not (a KEP's name for a gate that shipped under another, …). */
export function notGates(): Record<string, { alias_of: string | null; why?: string }> {
  return committedGates().names_that_are_not_gates;
}

/** A gate (page gates first); throws when schemas/gates.json does not have it. */
export function gate(name: string): ReferenceGate {
  const g = pageGates().find((x) => x.name === name) ?? gatesNotOnPage()[name];
  if (!g) throw new Error(`${name} is not in schemas/gates.json`);
  return g;
}

/** The components of a gate as a gate view names them (lower case, one name each, `via …` notes cut). */
export function normalisedComponents(raw: string[] | null | undefined): string[] {
  const out: string[] = [];
  for (const entry of raw ?? []) {
    for (const part of entry.split(',')) {
      const name = part.trim().toLowerCase().replace(/\s+via\s.*$/, '');
      if (/^[a-z0-9-]+$/.test(name) && !out.includes(name)) out.push(name);
    }
  }
  return out;
}

// ---- schemas/gated-fields-<version>.json ----

export interface GatedField {
  apiVersion: string;
  kind: string;
  /** Structural path (`spec.devices[].taints`, `(kind)` for a kind-level gate). */
  path: string;
  gate: string;
  /** tag | comment | dropped | enum-value | kind | curated */
  source: string;
  /** The gated value of an enum (source `enum-value`). */
  value?: string;
}

/** Every gated field, value and kind of a version. */
export function gatedFields(version: string): GatedField[] {
  return schemaJson<GatedField[]>(`gated-fields-${version}.json`);
}

/** The gated field at exactly `path` of a kind (not a gated value); throws when there is none. */
export function gatedField(version: string, kind: string, fieldPath: string, apiVersion?: string): GatedField {
  const r = gatedFields(version).find((x) => x.kind === kind && x.path === fieldPath && x.value === undefined && (!apiVersion || x.apiVersion === apiVersion));
  if (!r) throw new Error(`no gated field ${apiVersion ?? ''} ${kind} ${fieldPath} in schemas/gated-fields-${version}.json`);
  return r;
}

/** `Alpha/off`, `Beta/on`, `GA/on`, … : the stage and default of a gate in a version. */
export function stageInVersion(name: string, version: string): string | undefined {
  const st = gate(name).by_version[version];
  if (!st?.exists || !st.stage) return undefined;
  return `${st.stage === 'Stable' ? 'GA' : st.stage}/${st.default ? 'on' : 'off'}`;
}

// ---- schemas/k8s-<version>.json ----

export interface CommittedKind {
  apiVersion: string;
  kind: string;
  group: string;
  version: string;
  stability: string;
  removed?: boolean;
  deprecated?: boolean;
  component?: string;
}

interface CommittedVersion {
  kinds: CommittedKind[];
  types: Record<string, { fields: { name: string; enum?: string; required?: boolean; type: Record<string, unknown> }[] }>;
  enums: Record<string, string[]>;
}

export function committedKinds(version: string): CommittedKind[] {
  return schemaJson<CommittedVersion>(`k8s-${version}.json`).kinds;
}

/** The apiVersion of a component config kind (kind `Cluster`, kubeadm `ClusterConfiguration`, …). */
export function configApiVersion(component: string, kind: string, version = '1.37'): string {
  const k = committedKinds(version).find((x) => x.component === component && x.kind === kind);
  if (!k) throw new Error(`no ${component} config kind ${kind} in schemas/k8s-${version}.json`);
  return k.apiVersion;
}

/** The allowed values of a field of a type (`resource.v1.ResourceSliceSpec`, `skipNodeOperations`). */
export function enumOf(version: string, typeName: string, field: string): string[] {
  const data = schemaJson<CommittedVersion>(`k8s-${version}.json`);
  const f = data.types[typeName]?.fields.find((x) => x.name === field);
  if (!f?.enum) throw new Error(`${typeName}.${field} has no enum in schemas/k8s-${version}.json`);
  return data.enums[f.enum] ?? [];
}

// ---- schemas/brief.json ----

export interface CommittedBrief {
  notShippedApis: { apiVersion: string; kind: string; kep: number; feature: string; note: string }[];
  notShippedFields: { apiVersion: string; kind: string; path: string; kep: number; feature: string; note: string }[];
  alsoRequires: Record<string, string[]>;
}

export function committedBrief(): CommittedBrief {
  return schemaJson<CommittedBrief>('brief.json');
}

/** A gate of the feature-gates page; throws when it is not on the page in schemas/gates.json. */
export function pageGate(name: string): ReferenceGate {
  const g = pageGates().find((x) => x.name === name);
  if (!g) throw new Error(`${name} is not a page gate in schemas/gates.json`);
  return g;
}
