// Hand-written validation of kube-apiserver that the generated schema does not carry, as data: one row per
// (type key, field) with the upstream function it comes from. The walker consults the rows by the type key of
// the mapping it is in (mapping-field-rules.ts); nothing here is code per kind. Sources were read in the upstream
// repositories at the commits below (file, commit, function); descriptions are ours.

export interface UpstreamSource {
  repo: string;
  path: string;
  commit: string;
  /** The upstream function (or declaration) that holds the rule. */
  fn: string;
}

const K = 'kubernetes/kubernetes';
const CORE_VALIDATION = { repo: K, path: 'pkg/apis/core/validation/validation.go', commit: '000f26050b9be6fb3d79fae95e06b47fc96128cd' };
const CORE_DEFAULTS = { repo: K, path: 'pkg/apis/core/v1/defaults.go', commit: 'e34b0935e09e39e5e7fb74b8f6ad141107d3b90e' };
const POD_WARNINGS = { repo: K, path: 'pkg/api/pod/warnings.go', commit: '00f6e68e0a64b01450cf7ef7d533794b7ede409e' };
const APPS_VALIDATION = { repo: K, path: 'pkg/apis/apps/validation/validation.go', commit: '2dd1588c490775be7cd90d0afc59c6dcef07032a' };
const POLICY_VALIDATION = { repo: K, path: 'pkg/apis/policy/validation/validation.go', commit: '3157ff0230c990ac3e3c647a8abea360149aae32' };
const BATCH_VALIDATION = { repo: K, path: 'pkg/apis/batch/validation/validation.go', commit: '3989b18586203eb366257fa4c8e9c0d605ec41df' };
const NETWORKING_VALIDATION = { repo: K, path: 'pkg/apis/networking/validation/validation.go', commit: '1758d176899c3cef671eb4a3bb77df852280eb95' };
const UTIL_VALIDATION = { repo: K, path: 'staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go', commit: '008b3652959ca58af8be3fb5b6ecfe9ae7638282' };
export const QUANTITY_SOURCE: UpstreamSource = {
  repo: 'kubernetes/apimachinery',
  path: 'pkg/api/resource/quantity.go',
  commit: '357557a670d84c30ef3b5355f02c11d8aba5a941',
  fn: 'ParseQuantity / Quantity.UnmarshalJSON (suffixes: suffix.go suffixHandler.interpret)',
};

/** `repo path@commit fn`: the form findings carry in `data.source`. */
export function sourceText(s: UpstreamSource): string {
  return `${s.repo} ${s.path}@${s.commit.slice(0, 12)} ${s.fn}`;
}

// ── Required fields the schema does not mark ────────────────────────────────────────────────────────────

export interface RequiredRow {
  /** Type key of the mapping (VersionData.types). */
  type: string;
  field: string;
  /** Stable rule id (data.rule). */
  rule: string;
  /** `nonEmpty`: a list that must have at least one item; `nonEmptyString`: a string that must not be "". */
  kind: 'nonEmptyString' | 'nonEmpty';
  /** A format the value must have when present (formats.ts name). */
  format?: string;
  source: UpstreamSource;
}

export const REQUIRED: readonly RequiredRow[] = [
  // validateContainerCommon runs for containers, initContainers and ephemeralContainers of Pods and of every
  // pod template validated through ValidatePodTemplateSpec: name required and a DNS-1123 label, image required
  // (len == 0; a template may hold " ", Pods alone reject surrounding whitespace).
  { type: 'core.v1.Container', field: 'name', rule: 'containerName', kind: 'nonEmptyString', format: 'k8s-short-name', source: { ...CORE_VALIDATION, fn: 'validateContainerCommon' } },
  { type: 'core.v1.Container', field: 'image', rule: 'containerImage', kind: 'nonEmptyString', source: { ...CORE_VALIDATION, fn: 'validateContainerCommon' } },
  { type: 'core.v1.EphemeralContainer', field: 'name', rule: 'containerName', kind: 'nonEmptyString', format: 'k8s-short-name', source: { ...CORE_VALIDATION, fn: 'validateEphemeralContainers → validateContainerCommon' } },
  { type: 'core.v1.EphemeralContainer', field: 'image', rule: 'containerImage', kind: 'nonEmptyString', source: { ...CORE_VALIDATION, fn: 'validateEphemeralContainers → validateContainerCommon' } },
  // validateContainers: an empty (or absent) list of regular containers is "Required".
  { type: 'core.v1.PodSpec', field: 'containers', rule: 'podContainers', kind: 'nonEmpty', source: { ...CORE_VALIDATION, fn: 'validateContainers' } },
];

// ── int-or-string fields ────────────────────────────────────────────────────────────────────────────────

export interface IntOrStringRow {
  type: string;
  field: string;
  /** `port`: a number is a port number (1–65535), a string is a port name (IsValidPortName);
   *  `percent`: a number is a count (not negative), a string is a percentage `[0-9]+%` (IsValidPercent). */
  kind: 'port' | 'percent';
  /** percent: a percentage above 100% is rejected (IsNotMoreThan100Percent). */
  max100?: true;
  /** percent: zero (0 or "0%") is rejected. */
  notZero?: true;
  /** port: 0 (and "") is replaced before validation (defaulting), so it is not judged. */
  zeroDefaulted?: UpstreamSource;
  source: UpstreamSource;
}

export const INT_OR_STRING: readonly IntOrStringRow[] = [
  { type: 'core.v1.HTTPGetAction', field: 'port', kind: 'port', source: { ...CORE_VALIDATION, fn: 'validateHTTPGetAction → ValidatePortNumOrName' } },
  { type: 'core.v1.TCPSocketAction', field: 'port', kind: 'port', source: { ...CORE_VALIDATION, fn: 'validateTCPSocketAction → ValidatePortNumOrName' } },
  {
    type: 'core.v1.ServicePort',
    field: 'targetPort',
    kind: 'port',
    zeroDefaulted: { ...CORE_DEFAULTS, fn: 'SetDefaults_Service (targetPort 0 or "" becomes port)' },
    source: { ...CORE_VALIDATION, fn: 'validateServicePort → ValidatePortNumOrName' },
  },
  { type: 'networking.v1.NetworkPolicyPort', field: 'port', kind: 'port', source: { ...NETWORKING_VALIDATION, fn: 'ValidateNetworkPolicyPort (IsValidPortNum / IsValidPortName)' } },
  { type: 'apps.v1.RollingUpdateDeployment', field: 'maxUnavailable', kind: 'percent', max100: true, source: { ...APPS_VALIDATION, fn: 'ValidateRollingUpdateDeployment (ValidatePositiveIntOrPercent, IsNotMoreThan100Percent)' } },
  { type: 'apps.v1.RollingUpdateDeployment', field: 'maxSurge', kind: 'percent', source: { ...APPS_VALIDATION, fn: 'ValidateRollingUpdateDeployment (ValidatePositiveIntOrPercent)' } },
  { type: 'apps.v1.RollingUpdateDaemonSet', field: 'maxUnavailable', kind: 'percent', max100: true, source: { ...APPS_VALIDATION, fn: 'ValidateRollingUpdateDaemonSet (ValidatePositiveIntOrPercent, IsNotMoreThan100Percent)' } },
  { type: 'apps.v1.RollingUpdateDaemonSet', field: 'maxSurge', kind: 'percent', max100: true, source: { ...APPS_VALIDATION, fn: 'ValidateRollingUpdateDaemonSet (ValidatePositiveIntOrPercent, IsNotMoreThan100Percent)' } },
  { type: 'apps.v1.RollingUpdateStatefulSetStrategy', field: 'maxUnavailable', kind: 'percent', max100: true, notZero: true, source: { ...APPS_VALIDATION, fn: 'validateRollingUpdateStatefulSet (ValidatePositiveIntOrPercent, "cannot be 0", IsNotMoreThan100Percent)' } },
  { type: 'policy.v1.PodDisruptionBudgetSpec', field: 'minAvailable', kind: 'percent', max100: true, source: { ...POLICY_VALIDATION, fn: 'ValidatePodDisruptionBudgetSpec (ValidatePositiveIntOrPercent, IsNotMoreThan100Percent)' } },
  { type: 'policy.v1.PodDisruptionBudgetSpec', field: 'maxUnavailable', kind: 'percent', max100: true, source: { ...POLICY_VALIDATION, fn: 'ValidatePodDisruptionBudgetSpec (ValidatePositiveIntOrPercent, IsNotMoreThan100Percent)' } },
];

/** Two int-or-string fields of one mapping that may not both be zero (0 or "0%"), reported on the first. */
interface NotBothZeroRow {
  type: string;
  fields: [string, string];
  source: UpstreamSource;
}

export const NOT_BOTH_ZERO: readonly NotBothZeroRow[] = [
  { type: 'apps.v1.RollingUpdateDeployment', fields: ['maxUnavailable', 'maxSurge'], source: { ...APPS_VALIDATION, fn: 'ValidateRollingUpdateDeployment ("may not be 0 when `maxSurge` is 0")' } },
];

// ── String fields read by a named rule ──────────────────────────────────────────────────────────────────

/** A string field whose value upstream validation reads with a named rule (`portName`: IsValidPortName). An
 *  empty string is not judged (upstream validates the name only when it is set). */
export interface StringFieldRow {
  type: string;
  field: string;
  kind: 'portName';
  source: UpstreamSource;
}

export const STRING_FIELDS: readonly StringFieldRow[] = [
  { type: 'core.v1.ContainerPort', field: 'name', kind: 'portName', source: { ...CORE_VALIDATION, fn: 'validateContainerPorts (IsValidPortName)' } },
];

// ── Resource lists (requests and limits) ────────────────────────────────────────────────────────────────

/** A mapping holding two resource lists: every quantity must be 0 or more, and a request may not exceed the
 *  limit of the same resource. */
export interface ResourceListsRow {
  type: string;
  requests: string;
  limits: string;
  source: UpstreamSource;
}

export const RESOURCE_LISTS: readonly ResourceListsRow[] = [
  {
    type: 'core.v1.ResourceRequirements',
    requests: 'requests',
    limits: 'limits',
    source: { ...CORE_VALIDATION, fn: 'ValidateContainerResourceRequirements (ValidateResourceQuantityValue → ValidateNonnegativeQuantity; request <= limit)' },
  },
];

// ── A nested field whose allowed values are narrower than its enum ──────────────────────────────────────

/** Under `type`, the field at `path` must take one of `allowed`; when absent it is defaulted to `defaulted`, which
 *  the rule refuses. Only `defaulted` (set or defaulted) is judged here: other values outside the enum are the
 *  enum check's. */
export interface NarrowedValueRow {
  type: string;
  path: string[];
  allowed: string[];
  defaulted: string;
  rule: string;
  /** Words for the owner in messages. */
  owner: string;
  source: UpstreamSource;
  defaultsSource: UpstreamSource;
}

export const NARROWED_VALUES: readonly NarrowedValueRow[] = [
  {
    type: 'batch.v1.JobSpec',
    path: ['template', 'spec', 'restartPolicy'],
    allowed: ['OnFailure', 'Never'],
    defaulted: 'Always',
    rule: 'templateRestartPolicy',
    owner: "Job's pod template",
    source: { ...BATCH_VALIDATION, fn: 'validateJobSpec (template restartPolicy OnFailure or Never; also for CronJob jobTemplate)' },
    defaultsSource: { ...CORE_DEFAULTS, fn: 'SetDefaults_PodSpec (restartPolicy Always)' },
  },
];

export const PORT_NAME_SOURCE: UpstreamSource = { ...UTIL_VALIDATION, fn: 'IsValidPortName / IsValidPortNum' };
export const PERCENT_SOURCE: UpstreamSource = { ...UTIL_VALIDATION, fn: 'IsValidPercent' };

// ── Keys of list-map lists (listType=map in the structure data) ─────────────────────────────────────────

/** What the API server does with a create/update whose list repeats a key. Server-side apply rejects every
 *  repeated key of an associative list; a create or a client-side apply gets the outcome below. */
export interface ListKeyRow {
  type: string;
  field: string;
  /** The list's keys (structure.yaml `keys`). */
  keys: string[];
  /** Value an absent key takes after defaulting. */
  defaults?: Record<string, string>;
  verdict: 'rejected' | 'accepted-with-warning';
  /** Extra condition of the upstream rule: `envShadow` (warnings.go warns only when the later entry does not
   *  build on the earlier value), `portOverlap` (warns on equal or overlapping host ports; equal non-zero host
   *  ports are a validation error). */
  when?: 'envShadow' | 'portOverlap';
  /** Other lists of the same mapping whose entries share the key space (container names). Duplicates across
   *  them are reported on the later list. */
  sharedWith?: string[];
  /** Entries whose (single) key is absent or "" are not compared (upstream checks only names that are set). */
  skipUnset?: true;
  /** Reported at the repeated entry's key field (`hostAliases[1].ip`, `volumes[1].name`), as upstream names it, not at the entry. */
  atKey?: true;
  source: UpstreamSource;
  defaultsSource?: UpstreamSource;
}

const PORT_ROW = (type: string): ListKeyRow => ({
  type,
  field: 'ports',
  keys: ['containerPort', 'protocol'],
  defaults: { protocol: 'TCP' },
  verdict: 'accepted-with-warning',
  when: 'portOverlap',
  source: { ...POD_WARNINGS, fn: 'warningsForPodSpecAndMeta ("duplicate port definition" / "overlapping port definition")' },
  defaultsSource: { ...CORE_DEFAULTS, fn: 'SetDefaults_ContainerPort' },
});

const ENV_ROW = (type: string): ListKeyRow => ({
  type,
  field: 'env',
  keys: ['name'],
  verdict: 'accepted-with-warning',
  when: 'envShadow',
  source: { ...POD_WARNINGS, fn: 'warningsForPodSpecAndMeta ("hides previous definition")' },
});

export const LIST_KEYS: readonly ListKeyRow[] = [
  { type: 'core.v1.PodSpec', field: 'containers', keys: ['name'], verdict: 'rejected', atKey: true, source: { ...CORE_VALIDATION, fn: 'validateContainers (field.Duplicate name)' } },
  { type: 'core.v1.PodSpec', field: 'initContainers', keys: ['name'], verdict: 'rejected', atKey: true, sharedWith: ['containers'], source: { ...CORE_VALIDATION, fn: 'validateInitContainers (names unique across regular and init containers)' } },
  { type: 'core.v1.PodSpec', field: 'ephemeralContainers', keys: ['name'], verdict: 'rejected', atKey: true, sharedWith: ['containers', 'initContainers'], source: { ...CORE_VALIDATION, fn: 'validateEphemeralContainers (names unique across all container types)' } },
  { type: 'core.v1.PodSpec', field: 'volumes', keys: ['name'], verdict: 'rejected', atKey: true, source: { ...CORE_VALIDATION, fn: 'ValidateVolumes (field.Duplicate name)' } },
  { type: 'core.v1.PodSpec', field: 'resourceClaims', keys: ['name'], verdict: 'rejected', source: { ...CORE_VALIDATION, fn: 'validatePodResourceClaim (field.Duplicate name)' } },
  { type: 'core.v1.PodSpec', field: 'hostAliases', keys: ['ip'], verdict: 'accepted-with-warning', atKey: true, source: { ...POD_WARNINGS, fn: 'warningsForPodSpecAndMeta ("duplicate ip")' } },
  { type: 'core.v1.PodSpec', field: 'imagePullSecrets', keys: ['name'], verdict: 'accepted-with-warning', atKey: true, source: { ...POD_WARNINGS, fn: 'warningsForPodSpecAndMeta ("duplicate name")' } },
  { type: 'core.v1.Container', field: 'volumeMounts', keys: ['mountPath'], verdict: 'rejected', atKey: true, source: { ...CORE_VALIDATION, fn: 'ValidateVolumeMounts (mountPath "must be unique")' } },
  { type: 'core.v1.EphemeralContainer', field: 'volumeMounts', keys: ['mountPath'], verdict: 'rejected', atKey: true, source: { ...CORE_VALIDATION, fn: 'ValidateVolumeMounts (mountPath "must be unique")' } },
  { type: 'core.v1.Container', field: 'volumeDevices', keys: ['devicePath'], verdict: 'rejected', source: { ...CORE_VALIDATION, fn: 'ValidateVolumeDevices (devicePath "must be unique")' } },
  { type: 'core.v1.EphemeralContainer', field: 'volumeDevices', keys: ['devicePath'], verdict: 'rejected', source: { ...CORE_VALIDATION, fn: 'ValidateVolumeDevices (devicePath "must be unique")' } },
  ENV_ROW('core.v1.Container'),
  ENV_ROW('core.v1.EphemeralContainer'),
  PORT_ROW('core.v1.Container'),
  {
    type: 'core.v1.ServiceSpec',
    field: 'ports',
    keys: ['port', 'protocol'],
    defaults: { protocol: 'TCP' },
    verdict: 'rejected',
    source: { ...CORE_VALIDATION, fn: 'ValidateService ("Check for duplicate Ports, considering (protocol,port) pairs")' },
    defaultsSource: { ...CORE_DEFAULTS, fn: 'SetDefaults_Service' },
  },
  { type: 'core.v1.ServiceSpec', field: 'ports', keys: ['name'], skipUnset: true, verdict: 'rejected', atKey: true, source: { ...CORE_VALIDATION, fn: 'ValidateService → validateServicePort (field.Duplicate name)' } },
  { type: 'core.v1.Container', field: 'ports', keys: ['name'], skipUnset: true, verdict: 'rejected', atKey: true, source: { ...CORE_VALIDATION, fn: 'validateContainerPorts (field.Duplicate name)' } },
];
