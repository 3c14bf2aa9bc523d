// The `data` of the findings declarative and hand-written rules make (invalid-value, missing-field, api-warning;
// finding-data.ts): where the rule comes from, where the server reports it, and what it compared.
import type { CommonData } from './finding-data';
import type { RuleCondition } from '../knowledge/data-contract';

/** Keys of the findings of declarative and hand-written rules (validate/, the CRD and APIService object rules). */
export interface RuleData extends CommonData {
  /** Where the rule comes from (repository, file and commit; `; `-joined when several). */
  source?: string;
  /** The server's field path with indices (spec.containers[0].ports[1].containerPort), for hand-written rules. */
  fieldPath?: string;
  /** A rule that holds only in a gate state (judged by the gate step against the file's gate settings). */
  when?: RuleCondition;
  /** The stage of the declarative rule (alpha or beta validation). */
  ruleStage?: string;
  /** Set on the findings of the ObjectMeta checks (validate/object-meta.ts), which no JSON Schema expresses. */
  check?: 'objectMeta';
  /** Judged on the whole object: a patch that leaves fields out is not judged by the rule. */
  wholeObject?: boolean;
}

/** A value as read from a document (JSON-like). */
type DataValue = null | boolean | number | string | readonly DataValue[] | { readonly [key: string]: DataValue | undefined };

/** Keys of the rule findings that compare a value with a limit, a set or other fields (invalid-value,
 *  api-warning). */
interface ComparedData extends RuleData {
  /** The value written (as read from the document). */
  value?: DataValue;
  /** The limit the rule compares with (a bound, a length, a count; the declarative rule's value). */
  limit?: number | string | readonly string[];
  /** The keys that make list items or entries the same (list-map keys, merge keys). */
  keys?: readonly string[];
  /** The positions (1-based) of the items that clash. */
  items?: readonly number[];
  /** The annotation the rule reads. */
  annotation?: string;
  /** The resource name (cpu, memory, hugepages-…, an extended resource) the rule judges. */
  resource?: string;
  /** The length of the value in bytes. */
  bytes?: number;
}
/** `invalid-value`: the value, what the decoder or the rule expected, and what the rule compared. */
export interface InvalidValueData extends ComparedData {
  /** The field the finding is about (comma-joined when several are missing). */
  field?: string;
  /** The type, value or name expected (a decoder type such as `a string`, a CRD's name). */
  expected?: string;
  /** What was written instead: a scalar type, `null`, `mapping`, `list` or `scalar`; the number or length a CRD
   *  schema bound refuses. */
  got?: string | number;
  /** The values the field allows. */
  allowed?: readonly string[];
  /** A close allowed value or field (the did-you-mean fix writes it). */
  suggestion?: string;
  /** The lower and upper bound of a range rule. */
  min?: number;
  max?: number;
  /** A CRD schema's bound the value breaks (minimum, maximum, minLength, maxLength, minItems, maxItems,
   *  minProperties, maxProperties: the one the rule checks). */
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  /** The length of the value (characters, bytes or items). */
  length?: number;
  /** A count the rule compares (succeededCount, items). */
  count?: number;
  /** The format a string must have (a declarative or CRD schema format). */
  format?: string;
  /** The regular expression a string must match (a CRD schema's pattern), or that does not compile. */
  pattern?: string;
  /** Why a pattern or CEL expression does not compile (the compiler's words or a problem kind). */
  error?: string;
  /** The name of an undeclared CEL reference. */
  name?: string;
  /** The variables a CEL expression may read there. */
  declared?: readonly string[];
  /** The type a CEL rule gives where a boolean (or string) is needed. */
  resultType?: string;
  /** The gate whose state changes the rule (a name rule of a kind). */
  gate?: string;
  /** The CEL rule of a CRD schema that the value breaks. */
  celRule?: string;
  /** A CEL rule's estimated cost (at least), its cost with the others of the CRD, and the list sizes it assumed. */
  estimatedCostAtLeast?: number;
  estimatedTotalAtLeast?: number;
  cardinality?: number;
  /** The list type of a CRD schema list (set, map) whose items repeat, and the item the value repeats. */
  listType?: string;
  duplicateOf?: number;
  /** The number of versions a CRD stores (exactly one must have storage: true). */
  storageVersions?: number;
  /** A union (`+k8s:unionMember`): its struct's path, its members, the members set and the union's mode. */
  unionAt?: string;
  members?: readonly string[];
  set?: readonly string[];
  mode?: string;
  /** A union finding that holds only if the one member set is dropped (the union pass decides). */
  ifDropped?: boolean;
  /** The members the drop stage removed (set by the union pass). */
  droppedMembers?: readonly string[];
  /** The fields a dependentRequired rule needs beside this one. */
  requires?: readonly string[];
  /** A Job's completions, and the number of indexes its succeededIndexes lists. */
  completions?: number;
  indexes?: number;
  /** An Indexed Job's Pod hostname (the name and its highest index) that is not a DNS label. */
  hostname?: string;
  /** The request of a resource list (a quantity as written). */
  request?: string;
  /** A Deployment's minReadySeconds and progressDeadlineSeconds (the second must be above the first). */
  minReadySeconds?: number;
  progressDeadlineSeconds?: number;
  /** The Pod's terminationGracePeriodSeconds, which a lifecycle hook's sleep must not exceed. */
  terminationGracePeriodSeconds?: number;
  /** A container port and host port that clash. */
  containerPort?: number;
  hostPort?: number;
}
/** `missing-field`: the field that is absent and the type that requires it. */
export interface MissingFieldData extends RuleData {
  /** The absent field. */
  field?: string;
  /** The type that requires it. */
  type?: string;
}
/** `api-warning`: a warning header kube-apiserver sends (validate/warnings-*.ts, validate/apiserver/). */
export interface ApiWarningData extends ComparedData {
  /** The deprecated node label. */
  label?: string;
  /** The deprecated volume type. */
  volumeType?: string;
  /** The other file path of a volume that the path overlaps. */
  other?: string;
  /** A hostIP set without a hostPort. */
  hostIP?: string;
  /** The container port (`containerPort/protocol`) that repeats. */
  port?: string;
  /** The RFC 5952 form of an IPv6 address or CIDR written otherwise. */
  canonical?: string;
  /** The spelling strict IP validation accepts, for an address written in a legacy form. */
  preferred?: string;
}
