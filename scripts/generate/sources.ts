// Readers and input shapes of the generator's inputs (upstream facts + reference catalogs; see inputs.ts).
// Only the fields the generator uses are typed; everything else is ignored.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { SUPPORTED_VERSIONS } from '../../server/src/engine/base/types';
import type { Inputs } from './inputs';
import { applyReviewedGates, readReviewedGates, REVIEWED_GATES } from './reviewed-gates';

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

/** All inputs of one Kubernetes minor. */
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

/**
 * The config kinds of every index (project first): a component the project's index lists is taken from there
 * only; ../shared adds the components the extraction did not write (kubeadm). `base` is the upstream/ folder the
 * entry's dirs are relative to.
 */
export function readConfigIndex(inputs: Inputs): { entry: ConfigIndexEntry; base: string }[] {
  const out: { entry: ConfigIndexEntry; base: string }[] = [];
  const rel = path.join('upstream', 'configs', 'index.json');
  for (const root of [inputs.project, inputs.shared]) {
    const file = path.join(root, rel);
    if (!fs.existsSync(file)) continue;
    const have = new Set(out.map((e) => e.entry.component));
    const entries = readJson<{ configs: ConfigIndexEntry[] }>(file).configs.filter((e) => !have.has(e.component));
    if (root === inputs.shared && entries.length) {
      for (const c of new Set(entries.map((e) => e.component))) if (!inputs.fromShared.includes(`upstream/configs (${c})`)) inputs.fromShared.push(`upstream/configs (${c})`);
    }
    for (const entry of entries) out.push({ entry, base: path.join(root, 'upstream') });
  }
  return out;
}

export function readVersionSources(inputs: Inputs, version: string): VersionSources {
  // A minor's files come together from one place.
  const root = inputs.rootOf(path.join('upstream', `k8s-${version}`, 'fields.json'));
  if (!root) throw new Error(`no upstream/k8s-${version}/fields.json in ${inputs.project} or ${inputs.shared} (npm run extract)`);
  const vdir = path.join(root, 'upstream', `k8s-${version}`);
  const smd = new Map<string, SmdType>();
  for (const t of readSmd(path.join(vdir, 'structure.yaml'))) smd.set(t.name, t);
  const overlay = path.join(vdir, 'structure-overlay.yaml');
  if (fs.existsSync(overlay)) for (const t of readSmd(overlay)) smd.set(t.name, t);
  const cache = new Map<string, { fields: FieldsFile; kinds: KindsFile }>();
  const configs: VersionSources['configs'] = [];
  for (const { entry, base } of readConfigIndex(inputs)) {
    const rel = configDirFor(entry, version);
    if (!rel) continue;
    const dir = path.join(base, rel);
    let files = cache.get(dir);
    if (!files) {
      files = {
        fields: readJson<FieldsFile>(path.join(dir, 'fields.json')),
        kinds: readJson<KindsFile>(path.join(dir, 'kinds.json')),
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
  /** From a development preview (`npm run extract -- --preview`). */
  preview?: boolean;
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

/**
 * The gate catalog: the extracted reference/feature-gates.json with the reviewed rows applied (reviewed-gates.ts).
 * Both are the project's own; ../shared's catalog is only the test oracle.
 */
export function readGateCatalogInput(inputs: Inputs): FeatureGatesFile {
  const extracted = path.join(inputs.project, 'reference', 'feature-gates.json');
  if (!fs.existsSync(extracted)) throw new Error(`reference/feature-gates.json: not in ${inputs.project} (npm run extract with a kubernetes checkout writes it)`);
  const reviewed = inputs.reviewed ? path.join(inputs.reviewed, REVIEWED_GATES) : undefined;
  const rows = reviewed && fs.existsSync(reviewed) ? readReviewedGates(reviewed) : [];
  return applyReviewedGates(readJson<FeatureGatesFile>(extracted), rows);
}

export function readReferenceSources(inputs: Inputs): ReferenceSources {
  return {
    featureGates: readGateCatalogInput(inputs),
    keps: readJson<KepsFile>(inputs.file('reference/keps.json')),
    brief: readJson<BriefFile>(inputs.file('reference/brief-features.json')),
  };
}

// ---- upstream supplements ----

export interface ServedVersionFacts {
  servedByDefault: string[];
  servedWhenEnabled: string[];
  notServed: { groupVersion: string; why: string }[];
  /** From a development preview (`npm run extract -- --preview`). */
  preview?: boolean;
}

/** served-group-versions.json: per Kubernetes minor, what kube-apiserver serves by default, when enabled, never. */
export function readServedGroupVersions(inputs: Inputs): Record<string, ServedVersionFacts> {
  const rel = 'upstream/served-group-versions.json';
  // a minor the reviewed file does not hold (a new one) from the extraction (a kubernetes checkout with pkg/controlplane)
  const extracted = path.join(inputs.project, rel);
  const fromExtraction = fs.existsSync(extracted) ? readJson<{ versions: Record<string, ServedVersionFacts> }>(extracted).versions : {};
  const file = readJson<{ versions: Record<string, ServedVersionFacts> }>(inputs.sharedFile(rel));
  return { ...fromExtraction, ...file.versions };
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

export function readDropGatedFields(inputs: Inputs): DropGatedRow[] {
  const text = fs.readFileSync(inputs.file('upstream/drop-gated-fields.tsv'), 'utf8');
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
