// The numbers kube-apiserver uses when it estimates the cost of a CRD's CEL rules at creation (cel-cost.ts).
// One row per fact, each with the upstream file it was read from (repository:path@commit). Values only: the
// way they combine is described beside the estimator, in Kubegate's own words.

interface CelCostFact {
  value: number;
  source: string;
}

const APIEXT_VALIDATION =
  'sreeram-venkitesh/kubernetes (fork of kubernetes/kubernetes):staging/src/k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation/validation.go@b2c56fab4cd1dff9941085cb784cd359e5b5bb8a';
const CEL_LIMITS = 'kubernetes/kubernetes:staging/src/k8s.io/apiserver/pkg/cel/limits.go@0dd316a5c11261c0e5fc7928d8697754b16ad461';
const CEL_COMMON_COST = 'cel-expr/cel-go:common/cost.go@415209bc15f9fbdc7688cafad059ec493f0f8232';
const CEL_CHECKER_COST = 'google/cel-go:checker/cost.go@04a702ab0cd24a84499de9c9211275479c783146';
const DECL_SCHEMAS = 'kubernetes/kubernetes:staging/src/k8s.io/apiserver/pkg/cel/common/schemas.go@5e377f9484190488bbbcb3ac9d24cc8be55e792f';
const K8S_CEL_COST = 'kubernetes/kubernetes:staging/src/k8s.io/apiserver/pkg/cel/library/cost.go@00e63227b82c6f7444b0eff3110339ec5ce5128a';
const CARDINALITY = 'kubernetes/kubernetes:staging/src/k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation/cel_validation.go@31e1fda8317de48545aee8558cb68abc474f1aa3';

export const CEL_COST_FACTS = {
  /** Largest estimated cost of one rule (times the number of places it runs), StaticEstimatedCostLimit. */
  perRuleLimit: { value: 10_000_000, source: APIEXT_VALIDATION },
  /** Largest sum of the estimated costs of all rules of one version's schema, StaticEstimatedCRDCostLimit. */
  perCrdLimit: { value: 100_000_000, source: APIEXT_VALIDATION },
  /** A rule counts among the "most expensive" named in the per-CRD refusal when its cost is at least this share. */
  mostExpensiveShare: { value: 0.01, source: CARDINALITY },
  /** How many of the most expensive rules the per-CRD refusal names. */
  mostExpensiveCount: { value: 4, source: CARDINALITY },
  /** The request size every unbounded string, list and map is assumed to fill (MaxRequestSizeBytes, 3 MiB). */
  maxRequestSizeBytes: { value: 3 * 1024 * 1024, source: CEL_LIMITS },
  /** Serialized sizes of the smallest values (JSON text), used to bound how many fit in a request. */
  minStringSize: { value: 2, source: CEL_LIMITS },
  minBoolSize: { value: 4, source: CEL_LIMITS },
  minNumberSize: { value: 1, source: CEL_LIMITS },
  minDurationSize: { value: 3, source: CEL_LIMITS },
  minDatetimeSize: { value: 21, source: CEL_LIMITS },
  dateSize: { value: 12, source: CEL_LIMITS },
  maxDurationSize: { value: 32, source: CEL_LIMITS },
  maxDatetimeSize: { value: 32, source: CEL_LIMITS },
  /** maxLength counts characters; the estimate allows 4 bytes each. */
  bytesPerCharacter: { value: 4, source: DECL_SCHEMAS },
  /** Bytes added to each map entry's value size: the key's quotes, colon and comma (estimateMaxAdditionalPropertiesFromMinSize). */
  mapEntryOverhead: { value: 6, source: DECL_SCHEMAS },
  /** Bytes added to each required property's size: its name's quotes, colon and comma. */
  propertyOverhead: { value: 4, source: DECL_SCHEMAS },
  /** Cost units. */
  selectAndIdentCost: { value: 1, source: CEL_COMMON_COST },
  listCreateBaseCost: { value: 10, source: CEL_COMMON_COST },
  mapCreateBaseCost: { value: 30, source: CEL_COMMON_COST },
  stringTraversalCostFactor: { value: 0.1, source: CEL_COMMON_COST },
  regexStringLengthCostFactor: { value: 0.25, source: CEL_COMMON_COST },
  /** A comprehension costs its range's size times the cost of one step (costComprehension); a call costs at least
   *  the costs of its target and arguments (costCall, functionCost). */
  comprehensionRule: { value: 1, source: CEL_CHECKER_COST },
  /** lowerAscii, upperAscii, substring, trim: the target's size times the traversal factor; replace, split: twice that. */
  stringFunctionRule: { value: 1, source: K8S_CEL_COST },
} satisfies Record<string, CelCostFact>;
