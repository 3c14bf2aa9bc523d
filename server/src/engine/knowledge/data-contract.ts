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
 *  number (`quantity`: a Quantity, any number; else an IntOrString, integers only); `float` numbers take
 *  fractions (other numbers are Go integers; `int`: the Go integer type, whose range the decoder enforces); Time, MicroTime, Duration and []byte are `string`; `any` accepts anything and is not walked. */
export type TypeRef =
  | { s: 'string' | 'number' | 'boolean' | 'int-or-string'; float?: true; quantity?: true; int?: GoInteger }
  | { any: true }
  | { ref: string }
  | { list: TypeRef }
  | { map: TypeRef };

/** A Go integer type of a number field (upstream goType; Go's int is int64). */
export type GoInteger = 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64';

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
  /** The subset of `gates` the API server drops without an upstream marker (drop-gated-fields.tsv). */
  gatesDropped?: string[];
  /** Per dropped gate, the only places it applies (`<apiVersion> <Kind> <path>`); absent = wherever the field is. */
  dropScope?: Record<string, string[]>;
  /** Declarative validation rules from the field's `+k8s:` markers that the walk evaluates. */
  rules?: FieldRule[];
}

/** A gate condition on a rule: `+k8s:ifEnabled(Gate)=…` (enabled: true) or `+k8s:ifDisabled(Gate)=…`. */
export interface RuleCondition {
  gate: string;
  enabled: boolean;
  /** Further gates read together with `gate`: the condition is "all of them on" (enabled) or "one of them off" (not
   *  enabled), as the drop stage reads a field with several gates. Set by hand-written rules only, never by the data. */
  also?: string[];
}

/** One declarative validation rule of a field (upstream `+k8s:` marker), in data form. */
export interface FieldRule {
  rule: 'maxItems' | 'minimum' | 'maximum' | 'maxLength' | 'maxBytes' | 'unique' | 'listMapKeys' | 'format' | 'forbidden' | 'dependentRequired';
  /** Limit (numbers), format name, `set`/`map` (unique), key names (listMapKeys), field names (dependentRequired). */
  value?: number | string | string[];
  /** Applies to each map key / each map or list value instead of the field itself. */
  each?: 'key' | 'val';
  when?: RuleCondition;
  /** `+k8s:alpha(since)=` / `+k8s:beta(since)=` prefix: the declarative form's stability upstream. */
  stage?: 'alpha' | 'beta';
}

/** Fields of one struct that form a union: exactly one (`+k8s:unionMember`) or at most one (`+k8s:zeroOrOneOfMember`). */
export interface UnionRule {
  mode: 'exactlyOne' | 'atMostOne';
  members: string[];
  stage?: 'alpha' | 'beta';
}

export interface TypeDef {
  /** Fields, with embedded (inline) structs already flattened in. */
  fields: FieldDef[];
  /** Gates on the type itself (kind-level gates come from KindEntry.gates). */
  gates?: string[];
  /** Gates named only in the type's comment (weak; the kind-level ones are also in KindEntry.gates). */
  commentGates?: string[];
  /** Declarative unions over the fields of this type. */
  unions?: UnionRule[];
  /** Unknown keys are kept, not reported (custom resources: `x-kubernetes-preserve-unknown-fields` with properties). */
  open?: true;
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
  /** A webhook or discovery payload (no REST verbs): a document type, never served by the API server. */
  payload?: true;
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
  /** What kube-apiserver of this minor serves (served-group-versions.json). */
  served: ServedGroupVersions;
}

export interface ServedGroupVersions {
  byDefault: string[];
  /** Served only when `--runtime-config` enables them. */
  whenEnabled: string[];
  /** Types exist but the API server never serves them: group-version → why (own words of the reference). */
  notServed: Record<string, string>;
  /** The lists come from a development preview of the version (`npm run extract -- --preview`), not a release. */
  preview?: true;
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
  /** The state comes from a development preview of the version (`npm run extract -- --preview`), not a release. */
  preview?: true;
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
  source: 'tag' | 'curated' | 'comment' | 'enum-value' | 'kind' | 'dropped';
}

export interface BriefFacts {
  /** apiVersion/kind pairs designed for a release but not shipped in v1.37.0 (e.g. checkpoint.k8s.io/v1alpha1);
 *  `note`: why, from the gate catalog (e.g. the KEP's alpha moved to a later release). */
  notShippedApis: { apiVersion: string; kind: string; kep: number; feature: string; note?: string }[];
  /** Fields of the same designs (e.g. Pod spec.restoreFrom): stay unknown-field, the KEP goes in data. */
  notShippedFields: { apiVersion: string; kind: string; path: string; kep: number; feature: string; note?: string }[];
  /** gate → gates it also needs (curated, limited coverage). */
  alsoRequires: Record<string, string[]>;
}

/** schemas/api-objects.json: API objects kube-apiserver serves outside k8s.io/api (CustomResourceDefinition,
 *  APIService), from scripts/generate/api-objects/ (each row with its upstream file and commit). */
export interface ApiObjectsData {
  /** Served kinds (with `root`) and removed versions (`removed: true`, `removedIn`, `replacement`). */
  kinds: KindEntry[];
  types: Record<string, TypeDef>;
  /** Named value sets the rules read (schema types, formats, list types, …). */
  values: Record<string, { values: string[]; source: string }>;
  /** Numeric limits (inclusive). */
  limits: Record<string, { min?: number; max?: number; source: string }>;
  /** Rule id → the upstream file and commit it was read from. */
  rules: Record<string, { source: string }>;
}
