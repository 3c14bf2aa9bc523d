// The shape of each finding code's `data` (FindingData): every key the engine writes, with its type and what it
// holds. Keys any finding may carry are in CommonData; those of declarative and hand-written rules in RuleData, which
// the data of the codes those rules report extend (./rule-data.ts); the rest in the code's own interface. The
// finding-code registry (./registry.ts) states everything else about a code.
import type { Stage, Verdict } from './verdicts';
import type { ApiWarningData, InvalidValueData, MissingFieldData } from './rule-data';
import type { SettingsRelaxedData } from './settings-relaxed-data';

/** Keys any finding may carry in `data`: what the verdict step sets, and the rule that made the finding. */
export interface CommonData {
  /** The kube-apiserver pipeline stage (set by the verdict step, verdicts.ts). */
  pipelineStage?: Stage;
  /** What happens to the object at that stage (set with the stage). */
  verdict?: Verdict;
  /** The rule that made the finding (a finding beyond the corpus rules names it: tests/corpus/vocabulary.ts). */
  rule?: string;
  /** The path of the gated field whose drop holds the finding (set by the verdict step). */
  droppedWith?: string;
}

/** The state of one component for a gate finding. */
interface ComponentGateState {
  /** The component (kube-apiserver, kubelet, …). */
  component: string;
  /** The gate's state there. */
  state: 'on' | 'off' | 'unknown';
  /** Why: the settings and configs that say so. */
  evidence: string[];
}

interface YamlSyntaxData extends CommonData {
  /** The JSON input does not parse (the file is not checked further). */
  json?: boolean;
  /** In a kustomization file, which kustomize reads and nothing applies (no API server verdict). */
  kustomization?: boolean;
  /** The control character kubectl's YAML reader refuses, as `U+0007`. */
  codePoint?: string;
}
interface UnknownFieldData extends CommonData {
  /** The unknown key. */
  field?: string;
  /** The type it was read in (e.g. core.v1.Container). */
  type?: string;
  /** A close field name of that type (the rename fix writes it). */
  suggestion?: string;
  /** A field of a KEP's design that the version does not ship: the KEP. */
  kep?: number;
  /** The feature of that design. */
  feature?: string;
}
interface ApiData extends CommonData {
  /** The apiVersion as written (or the --runtime-config entry's group-version). */
  apiVersion?: string;
  /** The kind as written. */
  kind?: string;
  /** The CRD (or pack) the kind comes from, for custom resources. */
  source?: string;
}
interface UnknownKindData extends ApiData {
  /** A close kind name of that apiVersion. */
  suggestion?: string;
}
interface ApiNotServedData extends ApiData {
  /** The served apiVersions of the kind (`group/version`). */
  servedAs?: string[];
  /** A --runtime-config entry's group-versions of the same group that the API server serves. */
  served?: string[];
  /** A group-version the API server never serves (whatever its flags). */
  neverServed?: boolean;
  /** The version that removed the apiVersion. */
  removedIn?: string;
  /** A kind of a KEP's design that the version does not ship: the KEP and its feature. */
  kep?: number;
  feature?: string;
  /** A CRD version: the CRD release that last served it. */
  servedUpTo?: string;
  /** A CRD version: the fields that differ in the served version. */
  moved?: string[];
  /** A `--runtime-config` entry naming a group-version never served (the API server refuses to start). */
  runtimeConfig?: boolean;
}
interface ApiDisabledData extends ApiData {
  /** The stability of the group-version (alpha or beta). */
  stability?: string;
  /** A webhook payload the API server never serves. */
  payload?: boolean;
}
interface ApiDeprecatedData extends ApiData {
  /** A CRD version: the fields that differ in the version to move to. */
  moved?: string[];
  /** The version that deprecated it. */
  deprecatedIn?: string;
  /** The version that removes it. */
  removedIn?: string;
  /** The apiVersion (and kind) to move to. */
  replacement?: string;
}
interface Yaml11ScalarData extends CommonData {
  /** The scalar as written. */
  source?: string;
  /** What kubectl reads it as. */
  kubectl?: string;
}
interface ValueNotRecognisedData extends CommonData {
  /** The value written. */
  value?: string;
  /** The values the component config documents. */
  known?: string[];
}
interface FeatureGateData extends CommonData {
  /** The feature gate the field, value or kind needs. */
  gate: string;
  /** The name of the upstream tag when it differs from the gate. */
  tag?: string;
  /** The gate's stage in the target version (Alpha, Beta, …). */
  stage?: string;
  /** The gate's default in the target version (null: not known). */
  default?: boolean | null;
  /** The gate's KEP: its number, title and address. */
  kep?: number;
  kepTitle?: string;
  kepUrl?: string;
  /** The components that read the gate. */
  components?: string[];
  /** What needs the gate: a field, an enum value or a kind. */
  via?: 'field' | 'enum-value' | 'kind';
  /** The API server drops the field while the gate is off. */
  dropped?: boolean;
  /** Met inside a component config: the component reads it at start-up. */
  config?: boolean;
  /** The gated enum value. */
  value?: string;
  /** The gate's state per component, with the evidence for it. */
  state?: ComponentGateState[];
  /** Notes of the gate environment (e.g. a cluster that could not be read). */
  notes?: string[];
  /** Controller gates (a CRD project's controller): the controller and the `kubegate.featureGates` key. */
  component?: string;
  setting?: string;
  /** Controller gates: the project release and its documentation page. */
  release?: string;
  docs?: string;
}
interface FieldNotInVersionData extends CommonData {
  /** The field, and the type it belongs to. */
  field?: string;
  type?: string;
  /** The target version, and the first version that has the field. */
  version?: string;
  since?: string;
}
interface GateDependencyData extends CommonData {
  /** The gate the manifest needs. */
  gate: string;
  /** The gate it requires (one per finding). */
  requires: string;
  /** The required gate's stage and default in the target version. */
  stage?: string;
  default?: boolean | null;
  /** How complete the curated dependency facts are (`limited`). */
  coverage?: string;
}
interface UnknownGateData extends CommonData {
  /** The gate name as set. */
  gate: string;
  /** Why the target version does not have it: unknown, removed or renamed. */
  reason?: string;
  /** The gate that replaces it. */
  replacement?: string;
  /** The first version that has it (a gate newer than the target), and the last one that had it (a removed gate). */
  addedIn?: string;
  lastIn?: string;
  /** Gates of the target version with a close name. */
  didYouMean?: string[];
}
interface GateSettingData extends CommonData {
  /** The gate set. */
  gate: string;
  /** Its stage, default and lock in the target version (null: not known). */
  stage?: string;
  default?: boolean | null;
  locked?: boolean | null;
  /** Its KEP. */
  kep?: number;
}
interface VersionMismatchData extends CommonData {
  /** The Kubernetes version the config names. */
  named?: string;
  /** The supported minor version the config names (the target-version fix sets it). */
  namedMinor?: string;
  /** The version the check targets. */
  target?: string;
  /** What names it (a kubeadm kubernetesVersion, a kind node image). */
  what?: string;
  /** The kind config's nodes (1-based) whose image names the other version. */
  nodes?: number[];
}
/** `file-too-large`: the size guard that stopped the check and what it left unread. */
interface FileTooLargeData extends CommonData {
  /** The file's length in characters, and its number of lines. */
  size?: number;
  lines?: number;
  /** The guard's limit (characters, nesting levels, YAML nodes or template documents, by `rule`). */
  limit?: number;
  /** The number of documents left unread. */
  unread?: number;
  /** A CRD schema over the depth or node bounds the engine reads. */
  maxDepth?: number;
  maxNodes?: number;
}
/** `experimental-channel`: a Gateway API kind, version, field or value of one channel only. */
interface ExperimentalChannelData extends ApiData {
  /** The channel in use, the channel that has it, and the Gateway API release. */
  channel?: string;
  needs?: string;
  release?: string;
  /** What differs (a kind, a version, a field or an enum value: the channel row's kind of difference). */
  difference?: string;
  /** The field or the value only the other channel has. */
  field?: string;
  value?: string;
}
interface TooManyFindingsData extends CommonData {
  /** The findings of the document left out. */
  more: number;
  /** The limit of findings per document. */
  limit: number;
}
interface DisableCommentData extends CommonData {
  /** A name that is no finding code, or a comment (or a code it names) that silences nothing. */
  reason: 'unknown-code' | 'unused';
  /** The name the comment gives. */
  name?: string;
  /** A finding code close to the unknown name. */
  suggestion?: string;
}
interface CheckFailedData extends CommonData {
  /** The first line of the error. */
  error: string;
}

/** The `data` shape of each finding code; the keys of this map are the finding codes. */
export interface FindingData {
  'yaml-syntax': YamlSyntaxData;
  'unknown-field': UnknownFieldData;
  'invalid-value': InvalidValueData;
  'missing-field': MissingFieldData;
  'unknown-kind': UnknownKindData;
  'api-not-served': ApiNotServedData;
  'api-disabled-by-default': ApiDisabledData;
  'api-deprecated': ApiDeprecatedData;
  'api-warning': ApiWarningData;
  'yaml11-scalar': Yaml11ScalarData;
  'value-not-recognised': ValueNotRecognisedData;
  'feature-gate': FeatureGateData;
  'field-not-in-version': FieldNotInVersionData;
  'gate-dependency': GateDependencyData;
  'unknown-gate': UnknownGateData;
  'locked-gate': GateSettingData;
  'redundant-gate': GateSettingData;
  'version-mismatch': VersionMismatchData;
  'file-too-large': FileTooLargeData;
  'too-many-findings': TooManyFindingsData;
  'experimental-channel': ExperimentalChannelData;
  'disable-comment': DisableCommentData;
  'check-failed': CheckFailedData;
  'template-not-checked': CommonData;
  'settings-relaxed': SettingsRelaxedData;
}
