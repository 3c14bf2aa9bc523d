// The data of the custom-resource engine: CRDs reduced to what checking needs (no descriptions), from any
// source (the connected cluster, CRD documents in the workspace, the bundled ecosystem pack), and the shape
// of the generated pack schemas/crds-pack.json (written by scripts/generate/crds-pack.ts).

/** An OpenAPI v3 schema node of a CRD version, as upstream writes it minus `description`. */
export interface CrdSchema {
  type?: string;
  format?: string;
  properties?: Record<string, CrdSchema>;
  additionalProperties?: CrdSchema | boolean;
  items?: CrdSchema;
  required?: string[];
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  pattern?: string;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: string;
  'x-kubernetes-validations'?: CrdRule[];
  [other: string]: unknown;
}

/** The schema of a property by name, own properties only: a property named `__proto__`, `constructor` or
 *  `toString` is a property like any other, and a key of that name in an object is none where none is declared. */
export function propertyOf(schema: CrdSchema | undefined, name: string): CrdSchema | undefined {
  const props = schema?.properties;
  return props && Object.hasOwn(props, name) ? props[name] : undefined;
}

export interface CrdRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  fieldPath?: string;
  reason?: string;
  optionalOldSelf?: boolean;
}

export interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  /** Index into CrdPack.schemas in the pack; the schema itself elsewhere. */
  schema?: CrdSchema;
}

/** Where a CRD came from, strongest first: cluster → workspace → pack. */
export type CrdSourceKind = 'cluster' | 'workspace' | 'pack';

export interface CrdDefinition {
  group: string;
  kind: string;
  plural?: string;
  listKind?: string;
  scope?: 'Namespaced' | 'Cluster';
  versions: CrdVersion[];
  /** Gateway API: the `gateway.networking.k8s.io/channel` annotation (standard / experimental). */
  channel?: string;
  /** Gateway API: the `gateway.networking.k8s.io/bundle-version` annotation. */
  bundleVersion?: string;
  /** `shown`: how a workspace file is named to the user (below its project's root), where a project read it. */
  source: { kind: CrdSourceKind; name: string; file?: string; shown?: string; range?: import('../base/types').Range };
}

// ── The generated pack ───────────────────────────────────────────────────────────────────────────────

interface PackVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: true;
  deprecationWarning?: string;
  /** Key of CrdPack.schemas (schemas are shared between releases when identical). */
  schema?: string;
}

export interface PackCrd {
  group: string;
  kind: string;
  plural: string;
  listKind?: string;
  scope: 'Namespaced' | 'Cluster';
  versions: PackVersion[];
}

/** One difference between the Gateway API standard and experimental CRDs (from channel-fields.tsv). */
export interface ChannelRow {
  group: string;
  kind: string;
  /** Empty for kind rows. */
  version: string;
  /** Structural path, `(version)` or `(kind)`. */
  path: string;
  difference: 'field' | 'enum-value' | 'cel-rule' | 'pattern' | 'kind-only-in-channel' | 'version-served-only-in-channel' | 'version-only-in-channel';
  /** enum-value: the value; cel-rule: the rule; pattern: the pattern. */
  value?: string;
  onlyIn: 'standard' | 'experimental';
}

export interface PackRelease {
  tag: string;
  date: string;
  /** Without channels (most projects): the CRDs of the release. */
  crds?: PackCrd[];
  /** Gateway API: the CRDs of the experimental channel (a superset; `channelRows` say what standard lacks). */
  channels?: Record<string, PackCrd[]>;
  /** Gateway API: differences between the channels (fields, enum values, kinds, versions). */
  channelRows?: ChannelRow[];
}

export interface PackProject {
  repo: string;
  /** Newest first. */
  releases: PackRelease[];
}

export interface ControllerGateFact {
  name: string;
  controller: string;
  project: string;
  /** Release tag → stage/default; only released tags. */
  byRelease: Record<string, { stage?: string; default?: boolean; exists?: false }>;
  /** Stage from the project's documentation when byRelease has none. */
  stage?: string;
  governsKinds: { group: string; version?: string; kind: string }[];
  governsFields: { group: string; version: string; kind: string; path: string; value?: string }[];
  /** Where the gate is documented (repository file at the release). */
  docs: string;
  gateFlag: string;
}

export interface CrdPack {
  schema: 'crds-pack/1';
  projects: Record<string, PackProject>;
  schemas: Record<string, CrdSchema>;
  controllerGates: ControllerGateFact[];
}
