// The shape of the generated data under schemas/ (written by `npm run generate`, read by the engine).
// The generator (scripts/generate) and the loaders (this folder) are the only code that knows file names.
//
//   schemas/k8s-<minor>.json      VersionData: kinds + struct types + enums of one Kubernetes minor
//                                 (built-in API kinds and component config kinds together)
//   schemas/gates.json            GateCatalog: every gate, stage/default/lock per version, KEP, components
//   schemas/gated-fields-<minor>.json  GatedFieldRow[]: where each gate applies (for reports, hovers, tests)
//   schemas/brief.json            BriefFacts: curated facts from ../shared/reference/brief-features.json
//
// Output is deterministic (sorted keys where order carries no meaning) so that regenerating gives the same bytes.

/** A value's type. Scalars follow the corpus rules: int-or-string (IntOrString, Quantity) accepts string or
 *  number; Time, MicroTime, Duration and []byte are `string`; `any` accepts anything and is not walked. */
export type TypeRef =
  | { s: 'string' | 'number' | 'boolean' | 'int-or-string' }
  | { any: true }
  | { ref: string }
  | { list: TypeRef }
  | { map: TypeRef };

export interface FieldDef {
  name: string;
  type: TypeRef;
  /** Explicitly required upstream (+required, +k8s:required, or +k8s:required behind a stability prefix). */
  required?: true;
  /** Explicitly optional upstream. Absent and not required = optionality unknown. */
  optional?: true;
  /** Key of VersionData.enums (only +enum API types with values). For a list: the enum of its items. */
  enum?: string;
  /** Gates from +featureGate tags and curated associations (aliases resolved to the registered gate name
   *  in `gates`, the tag's own name kept in `gateTags` when it differs). */
  gates?: string[];
  /** Present only when some tag names an alias: same length and order as `gates`, `gateTags[i]` is the name
   *  the upstream tag uses for `gates[i]` (e.g. PodCertificateProjection for PodCertificateRequest). */
  gateTags?: string[];
  /** The subset of `gates` that comes from a curated association rather than a `+featureGate` tag. */
  gatesCurated?: string[];
  /** Gates named only in the field comment. The engine uses them for config kinds only. */
  commentGates?: string[];
  /** Gates of single enum values: value → gates. */
  valueGates?: Record<string, string[]>;
  /** Values from a config-local enum (typed consts or doc comment): weak data, `value-not-recognised` only. */
  configEnum?: string[];
}

export interface TypeDef {
  /** Fields, with embedded (inline) structs already flattened in. */
  fields: FieldDef[];
  /** Gates on the type itself (kind-level gates come from KindEntry.gates). */
  gates?: string[];
  /** Gates named only in the type's comment (weak; the kind-level ones are also in KindEntry.gates). */
  commentGates?: string[];
}

export interface KindEntry {
  apiVersion: string;
  kind: string;
  group: string;
  version: string;
  /** Key of VersionData.types for the root object. */
  root: string;
  stability: 'stable' | 'beta' | 'alpha';
  /** Set for component config kinds: kubelet, kube-proxy, kube-scheduler, kind, kubeadm. */
  component?: string;
  listKind?: string;
  namespaced?: boolean | null;
  /** Marked removed in this version (not served): routed to api-not-served. */
  removed?: true;
  deprecated?: true;
  /** e.g. "admission.k8s.io/v1 AdmissionReview" */
  replacement?: string;
  deprecatedIn?: string;
  removedIn?: string;
  /** Kind-level gates (e.g. scheduling.k8s.io Workload → GenericWorkload). */
  gates?: string[];
}

export interface VersionData {
  version: string;
  kinds: KindEntry[];
  types: Record<string, TypeDef>;
  /** Enum type name → allowed values (only +enum API types with a non-empty value list). */
  enums: Record<string, string[]>;
  /** Fields that do not exist in this version but do in a later one: type name → field → first version.
   *  Drives `field-not-in-version`. */
  later: Record<string, Record<string, string>>;
  /** Every group of a built-in API in any supported version (for api-not-served routing). */
  builtinGroups: string[];
}

export type GateStage = 'Alpha' | 'Beta' | 'GA' | 'Deprecated';

export interface GateVersionState {
  /** false = not yet added or removed; null = not verified (claim nothing). */
  exists: boolean | null;
  stage?: GateStage;
  default?: boolean | null;
  locked?: boolean | null;
  /** Default changed inside a minor: first patch release of a range (e.g. "1.35.4") → default from that patch on. */
  byPatch?: Record<string, boolean>;
  /** Why the gate does not exist / is not verified in this version (reference wording, e.g. "not yet added"). */
  why?: string;
}

export interface GateEntry {
  name: string;
  /** One line in our own words. */
  summary: string;
  kep?: { number: number; title: string; url: string };
  /** Normalised binaries (lower-case, single names): kube-apiserver, kubelet, kube-scheduler, … */
  components: string[];
  byVersion: Record<string, GateVersionState>;
  /** Stage history as [{stage, default, since, until}] */
  history: { stage: GateStage; default: boolean | null; since: string; until: string | null }[];
  /** The gate that replaces this one (merged or renamed). */
  replacedBy?: string;
  /** True when the gate is a row of the v1.37 feature-gates page. */
  onPage: boolean;
}

export interface GateCatalog {
  versions: string[];
  gates: Record<string, GateEntry>;
  /** Names that are not gates: kep.yaml names of renamed gates, tag names; aliasOf = the real gate or null. */
  notGates: Record<string, { aliasOf: string | null; why: string }>;
  /** AllAlpha, AllBeta. */
  meta: string[];
}

export interface GatedFieldRow {
  apiVersion: string;
  kind: string;
  /** Structural path, `(kind)` for kind-level gates. */
  path: string;
  gate: string;
  value?: string;
  source: 'tag' | 'curated' | 'comment' | 'enum-value' | 'kind';
}

export interface BriefFacts {
  /** apiVersion/kind pairs designed for a release but not shipped in v1.37.0 (e.g. checkpoint.k8s.io/v1alpha1). */
  notShippedApis: { apiVersion: string; kind: string; kep: number; feature: string }[];
  /** Fields of the same designs (e.g. Pod spec.restoreFrom): stay unknown-field, the KEP goes in data. */
  notShippedFields: { apiVersion: string; kind: string; path: string; kep: number; feature: string }[];
  /** gate → gates it also needs (curated, limited coverage). */
  alsoRequires: Record<string, string[]>;
}
