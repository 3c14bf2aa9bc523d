// Readers and input shapes of ../shared (upstream facts + reference catalogs).
// Only the fields the generator uses are typed; everything else is ignored.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { SUPPORTED_VERSIONS } from '../../server/src/engine/base/types';

/** The versions generated: the engine's supported versions (one list, server/src/engine/base/types.ts). */
export const GENERATED_VERSIONS = SUPPORTED_VERSIONS;

/** An element type in fields.json (list item or map value), same shape as a field without the field facts. */
export interface UpElem {
  kind: 'scalar' | 'object' | 'list' | 'map' | 'untyped';
  scalar?: string;
  ref?: string;
  namedType?: string;
  enumType?: string;
  /** e.g. `quantity` for resource.Quantity values. */
  format?: string;
  elem?: UpElem;
}

export interface UpField extends UpElem {
  name?: string;
  go: string;
  goType: string;
  inline?: boolean;
  optional?: boolean;
  optionalFrom?: string[];
  markers?: string[];
  featureGates?: string[];
  featureGatesFromComment?: string[];
  featureGatesCurated?: string[];
  featureGatesFromCommentForValues?: Record<string, string[]>;
}

export interface UpType {
  apiVersion?: string;
  fields: UpField[];
  featureGates?: string[];
  featureGatesFromComment?: string[];
}

export interface UpEnumValue {
  value: string;
  featureGates?: string[];
  featureGatesFromComment?: string[];
}

export interface UpEnum {
  scalar?: string;
  enumSource?: string;
  values: UpEnumValue[];
}

export interface FieldsFile {
  types: Record<string, UpType>;
  enums: Record<string, UpEnum>;
}

export interface UpKind {
  apiVersion: string;
  group: string;
  version: string;
  kind: string;
  rootType: string;
  namespaced?: boolean | null;
  stability?: 'stable' | 'beta' | 'alpha';
  listKind?: string;
  lifecycle?: { introduced?: string; deprecated?: string; removed?: string; replacement?: string };
  removedIn?: string;
  deprecatedInThisVersion?: boolean;
  removedInThisVersion?: boolean;
  featureGates?: string[];
  /** false for request/response bodies that have no REST storage (AdmissionReview, APIGroupDiscovery). */
  resource?: boolean;
  genclient?: string[];
}

export interface KindsFile {
  kinds: UpKind[];
}

export interface ConfigIndexEntry {
  component: string;
  apiVersion: string;
  kind: string;
  rootType: string;
  dirs: Record<string, string>;
}

/** structured-merge-diff schema (structure.yaml). */
export interface SmdTypeRef {
  scalar?: string;
  namedType?: string;
  list?: { elementType: SmdTypeRef; elementRelationship?: string };
  map?: { elementType?: SmdTypeRef; fields?: SmdField[]; elementRelationship?: string };
}

export interface SmdField {
  name: string;
  type: SmdTypeRef;
}

export interface SmdType extends SmdTypeRef {
  name: string;
}

export function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

export function readSmd(file: string): SmdType[] {
  const doc = parseYaml(fs.readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as { types?: SmdType[] };
  return doc.types ?? [];
}

/** All inputs of one Kubernetes minor, as read from ../shared/upstream. */
export interface VersionSources {
  version: string;
  fields: FieldsFile;
  kinds: KindsFile;
  /** structure.yaml with the overlay applied (an overlay type replaces the same-named type). */
  smd: Map<string, SmdType>;
  configs: { entry: ConfigIndexEntry; dir: string; fields: FieldsFile; kinds: KindsFile }[];
}

export function configDirFor(entry: ConfigIndexEntry, version: string): string | undefined {
  const own = entry.dirs[`k8s-${version}`];
  if (own) return own;
  // kind and kubeadm have one extracted version used for every Kubernetes minor.
  const labels = Object.keys(entry.dirs);
  if (labels.length === 1 && !labels[0].startsWith('k8s-')) return entry.dirs[labels[0]];
  return undefined;
}

export function readVersionSources(sharedDir: string, version: string): VersionSources {
  const up = path.join(sharedDir, 'upstream');
  const vdir = path.join(up, `k8s-${version}`);
  const smd = new Map<string, SmdType>();
  for (const t of readSmd(path.join(vdir, 'structure.yaml'))) smd.set(t.name, t);
  const overlay = path.join(vdir, 'structure-overlay.yaml');
  if (fs.existsSync(overlay)) for (const t of readSmd(overlay)) smd.set(t.name, t);
  const index = readJson<{ configs: ConfigIndexEntry[] }>(path.join(up, 'configs', 'index.json'));
  const cache = new Map<string, { fields: FieldsFile; kinds: KindsFile }>();
  const configs: VersionSources['configs'] = [];
  for (const entry of index.configs) {
    const dir = configDirFor(entry, version);
    if (!dir) continue;
    let files = cache.get(dir);
    if (!files) {
      files = {
        fields: readJson<FieldsFile>(path.join(up, dir, 'fields.json')),
        kinds: readJson<KindsFile>(path.join(up, dir, 'kinds.json')),
      };
      cache.set(dir, files);
    }
    configs.push({ entry, dir, ...files });
  }
  return {
    version,
    fields: readJson<FieldsFile>(path.join(vdir, 'fields.json')),
    kinds: readJson<KindsFile>(path.join(vdir, 'kinds.json')),
    smd,
    configs,
  };
}

// ---- reference/ ----

export interface RefVersionState {
  exists: boolean | null;
  stage?: string;
  default?: boolean | null;
  locked?: boolean | null;
  by_patch?: { since: string; until: string | null; default: boolean }[];
  why?: string;
}

export interface RefStage {
  stage: string;
  default: boolean | null;
  since: string;
  until: string | null;
}

export interface RefGate {
  name: string;
  summary: string;
  kep: number | null;
  components?: string[] | null;
  stages: RefStage[];
  by_version: Record<string, RefVersionState>;
  replaced_by?: string;
}

export interface FeatureGatesFile {
  versions: string[];
  gates: RefGate[];
  gates_not_on_page: Record<string, RefGate>;
  names_that_are_not_gates: Record<string, { alias_of: string | null; why: string }>;
  meta_gates: Record<string, unknown>;
}

export interface RefKep {
  number: number;
  title: string;
  url: string;
  feature_gates?: { name: string }[];
}

export interface KepsFile {
  keps: RefKep[];
}

export interface BriefSurface {
  kind: string;
  apiVersion?: string;
  object?: string;
  path?: string;
}

export interface BriefFeature {
  id: string;
  name: string;
  kep?: { number: number } | null;
  gate?: { as_shipped?: string | null; in_kep_yaml?: string | null } | null;
  shipped_in_v1_37_0: string;
  surfaces: BriefSurface[];
  also_requires_gates?: string[];
}

export interface BriefFile {
  features: BriefFeature[];
}

export interface ReferenceSources {
  featureGates: FeatureGatesFile;
  keps: KepsFile;
  brief: BriefFile;
}

export function readReferenceSources(sharedDir: string): ReferenceSources {
  const ref = path.join(sharedDir, 'reference');
  return {
    featureGates: readJson<FeatureGatesFile>(path.join(ref, 'feature-gates.json')),
    keps: readJson<KepsFile>(path.join(ref, 'keps.json')),
    brief: readJson<BriefFile>(path.join(ref, 'brief-features.json')),
  };
}

// ---- upstream supplements ----

export interface ServedVersionFacts {
  servedByDefault: string[];
  servedWhenEnabled: string[];
  notServed: { groupVersion: string; why: string }[];
}

/** served-group-versions.json: per Kubernetes minor, what kube-apiserver serves by default, when enabled, never. */
export function readServedGroupVersions(sharedDir: string): Record<string, ServedVersionFacts> {
  const file = readJson<{ versions: Record<string, ServedVersionFacts> }>(
    path.join(sharedDir, 'upstream', 'served-group-versions.json'),
  );
  return file.versions;
}

/** One row of drop-gated-fields.tsv: a field the API server drops while `gate` is off (no marker upstream). */
export interface DropGatedRow {
  versionFrom: string;
  /** e.g. `core.v1.Container.restartPolicy`: declaring type (without `io.k8s.api.`) and json field. */
  declaredIn: string;
  gate: string;
  kindOrType: string;
  jsonPath: string;
  evidence: string;
  /** A Pod spec field, dropped the same way in every pod template. */
  podTemplates: boolean;
}

export function readDropGatedFields(sharedDir: string): DropGatedRow[] {
  const text = fs.readFileSync(path.join(sharedDir, 'upstream', 'drop-gated-fields.tsv'), 'utf8');
  const [header, ...lines] = text.split('\n').filter((l) => l.trim() !== '');
  const cols = (header ?? '').split('\t');
  const at = (row: string[], name: string): string => {
    const i = cols.indexOf(name);
    if (i < 0) throw new Error(`drop-gated-fields.tsv has no column ${name}`);
    return row[i] ?? '';
  };
  return lines.map((line) => {
    const row = line.split('\t');
    return {
      versionFrom: at(row, 'version_from'),
      declaredIn: at(row, 'declared_in'),
      gate: at(row, 'gate'),
      kindOrType: at(row, 'kind_or_type'),
      jsonPath: at(row, 'json_path'),
      evidence: at(row, 'evidence'),
      podTemplates: at(row, 'applies_to_pod_templates') === 'yes',
    };
  });
}
