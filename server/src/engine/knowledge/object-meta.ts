// The ObjectMeta validation facts (schemas/object-meta.json, from scripts/generate/handwritten/*.tsv): the name
// rule of each built-in kind, the extra label maps each kind validates, and the limits of the generic checks.
// Every row carries the upstream source (repository, path@commit, function) it was read from.
import { loadSchemaFile } from './load-json';
import type { KnowledgeOptions } from './data-reader';

/** How kube-apiserver validates a metadata.name (the name function a kind passes to ValidateObjectMeta). */
export type NameRule = 'dns1123Subdomain' | 'dns1123Label' | 'dns1035Label' | 'pathSegmentName' | 'none';

export interface ObjectNameRow {
  rule: NameRule;
  /** core: pkg/apis/core/validation ValidateObjectMeta (adds the unqualified-finalizer rule); apimachinery: the generic one. */
  meta: 'core' | 'apimachinery';
  source: string;
  /** While this kube-apiserver gate is on, `gateRule` applies instead of `rule`. */
  gate?: string;
  gateRule?: NameRule;
  /** The gate's default per Kubernetes minor (from the gate catalog), for when no setting says. */
  gateDefault?: Record<string, boolean>;
}

/** A label map inside an object that the kind's validation checks like metadata.labels. */
export interface LabelMapRow {
  /** Structural path from the object root (`spec.template.metadata.labels`). */
  path: string;
  /** labels: keys and values; annotations: keys and size; selector: a LabelSelector (matchLabels + matchExpressions keys). */
  what: 'labels' | 'annotations' | 'selector';
  source: string;
}

export interface ObjectMetaLimits {
  dns1123SubdomainMaxLength: number;
  dns1123LabelMaxLength: number;
  dns1035LabelMaxLength: number;
  qualifiedNameMaxLength: number;
  labelValueMaxLength: number;
  annotationsTotalMaxBytes: number;
  pathSegmentForbiddenNames: string[];
  pathSegmentForbiddenSubstrings: string[];
  standardFinalizers: string[];
  conflictingFinalizers: string[];
}

export interface ObjectMetaFacts {
  /** `group/Kind` (core group: `/Pod`) → the kind's name rule. */
  kinds: Record<string, ObjectNameRow>;
  /** The rule of a kind without a row (the generic create check). */
  default: ObjectNameRow;
  /** `group/Kind` → label maps beyond metadata. */
  labelMaps: Record<string, LabelMapRow[]>;
  limits: ObjectMetaLimits;
  /** Limit or generic rule name → its upstream source. */
  sources: Record<string, string>;
}

export function objectMetaFacts(opts: KnowledgeOptions = {}): ObjectMetaFacts {
  return loadSchemaFile<ObjectMetaFacts>('object-meta.json', opts);
}

export function objectKindKey(group: string, kind: string): string {
  return `${group}/${kind}`;
}
