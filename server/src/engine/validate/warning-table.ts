// The API server's warning headers that the manifest alone decides (kube-apiserver stores the object and answers
// with a warning): the data the generic check in warnings-from-table.ts consults, one row per warning, each with the
// upstream place it was read from. Messages are Kubegate's own words.
//
// Read: kubernetes/kubernetes pkg/api/pod/warnings.go (warningsForPodSpecAndMeta, commit below) and the label list
// it calls, pkg/api/node/util.go (deprecatedNodeLabels). Left out on purpose: warnings that depend on the old object
// (updates), on a gate (the AppArmor annotation: AppArmorFields), on other objects, the ephemeral volume claim
// template's PVC warnings beyond fractional storage, and the rows the hand-written
// table already covers (duplicate env names, ports, hostAliases IPs, imagePullSecrets names).
import type { UpstreamSource } from './field-rule-table';

const K = 'kubernetes/kubernetes';
const POD_WARNINGS = { repo: K, path: 'pkg/api/pod/warnings.go', commit: '00f6e68e0a64b01450cf7ef7d533794b7ede409e' };
const NODE_UTIL = { repo: K, path: 'pkg/api/node/util.go', commit: '008b3652959ca58af8be3fb5b6ecfe9ae7638282' };

/** A volume source the API server warns about (a field of core.v1.Volume). */
interface VolumeWarningRow {
  field: string;
  deprecatedIn: string;
  /** The version from which the plugin no longer works (undefined: deprecated only). */
  nonFunctionalIn?: string;
  source: UpstreamSource;
}

const vol = (field: string, deprecatedIn: string, nonFunctionalIn?: string): VolumeWarningRow => ({
  field,
  deprecatedIn,
  ...(nonFunctionalIn ? { nonFunctionalIn } : {}),
  source: { ...POD_WARNINGS, fn: `warningsForPodSpecAndMeta (volumes[].${field})` },
});

export const VOLUME_WARNINGS: readonly VolumeWarningRow[] = [
  vol('photonPersistentDisk', '1.11', '1.16'),
  vol('gitRepo', '1.11'),
  vol('scaleIO', '1.16', '1.22'),
  vol('flocker', '1.22', '1.25'),
  vol('storageOS', '1.22', '1.25'),
  vol('quobyte', '1.22', '1.25'),
  vol('glusterfs', '1.25', '1.26'),
  vol('cephfs', '1.28', '1.31'),
  vol('rbd', '1.28', '1.31'),
];

/** A node label the API server calls deprecated when a pod spec selects or spreads on it. */
interface NodeLabelWarningRow {
  label: string;
  deprecatedIn?: string;
  /** The label to use instead, or what to use instead in words. */
  instead?: string;
  source: UpstreamSource;
}

const label = (name: string, deprecatedIn: string | undefined, instead: string | undefined): NodeLabelWarningRow => ({
  label: name,
  ...(deprecatedIn ? { deprecatedIn } : {}),
  ...(instead ? { instead } : {}),
  source: { ...NODE_UTIL, fn: 'deprecatedNodeLabels (GetNodeLabelDeprecatedMessage, called from warnings.go)' },
});

export const NODE_LABEL_WARNINGS: readonly NodeLabelWarningRow[] = [
  label('beta.kubernetes.io/arch', '1.14', 'kubernetes.io/arch'),
  label('beta.kubernetes.io/os', '1.14', 'kubernetes.io/os'),
  label('failure-domain.beta.kubernetes.io/region', '1.17', 'topology.kubernetes.io/region'),
  label('failure-domain.beta.kubernetes.io/zone', '1.17', 'topology.kubernetes.io/zone'),
  label('beta.kubernetes.io/instance-type', '1.17', 'node.kubernetes.io/instance-type'),
  label('app.kubernetes.io/created-by', '1.9', undefined),
  label('scheduler.alpha.kubernetes.io/preferAvoidPods', '1.22', 'taints and tolerations'),
  label('node-role.kubernetes.io/master', undefined, 'node-role.kubernetes.io/control-plane'),
];

/** A pod (template) annotation the API server warns about. */
interface AnnotationWarningRow {
  key: string;
  nonFunctionalIn: string;
  /** The field that replaces it. */
  instead: string;
  source: UpstreamSource;
}

const ANNOTATIONS_FN = 'deprecatedAnnotations (warningsForPodSpecAndMeta)';

export const ANNOTATION_WARNINGS: readonly AnnotationWarningRow[] = [
  { key: 'scheduler.alpha.kubernetes.io/critical-pod', nonFunctionalIn: '1.16', instead: 'priorityClassName', source: { ...POD_WARNINGS, fn: ANNOTATIONS_FN } },
  { key: 'security.alpha.kubernetes.io/sysctls', nonFunctionalIn: '1.11', instead: 'securityContext.sysctls', source: { ...POD_WARNINGS, fn: ANNOTATIONS_FN } },
  { key: 'security.alpha.kubernetes.io/unsafe-sysctls', nonFunctionalIn: '1.11', instead: 'securityContext.sysctls', source: { ...POD_WARNINGS, fn: ANNOTATIONS_FN } },
];

const ANNOTATION_KEYS = { repo: K, path: 'pkg/apis/core/annotation_key_constants.go', commit: '0722eeb0b11955b8cd2793c956436c0c5b7a1ec2' };

/** The seccomp annotations, warned on pod templates when the matching seccompProfile field is absent (`pod`: the
 *  exact key against spec.securityContext; `container`: the prefix followed by a container name, against that
 *  container's securityContext). Not on Pods: the Pod strategy may copy the annotation into the field before the
 *  warnings are computed (pkg/registry/core/pod/strategy.go applySeccompVersionSkew), so Kubegate stays silent. */
export const SECCOMP_ANNOTATIONS: readonly { key: string; where: 'pod' | 'container'; nonFunctionalIn: string; source: UpstreamSource }[] = [
  { key: 'seccomp.security.alpha.kubernetes.io/pod', where: 'pod', nonFunctionalIn: '1.27', source: { ...POD_WARNINGS, fn: `warningsForPodSpecAndMeta (pod seccomp annotation without the field); key: ${ANNOTATION_KEYS.path}@${ANNOTATION_KEYS.commit.slice(0, 12)} SeccompPodAnnotationKey` } },
  { key: 'container.seccomp.security.alpha.kubernetes.io/', where: 'container', nonFunctionalIn: '1.27', source: { ...POD_WARNINGS, fn: `warningsForPodSpecAndMeta (container seccomp annotation without the field); key: ${ANNOTATION_KEYS.path}@${ANNOTATION_KEYS.commit.slice(0, 12)} SeccompContainerAnnotationKeyPrefix` } },
];

/** Resource names whose quantities are byte counts: a fraction of a byte is accepted with a warning. */
export const BYTE_RESOURCES: readonly string[] = ['memory', 'ephemeral-storage'];
export const FRACTIONAL_BYTES_SOURCE: UpstreamSource = {
  ...POD_WARNINGS,
  fn: 'warningsForPodSpecAndMeta ("fractional byte value": resources limits/requests of every container, overhead)',
};

/** The claim template of an ephemeral volume: a fractional storage request or limit warns the same way. */
export const CLAIM_BYTE_RESOURCES: readonly string[] = ['storage'];
export const CLAIM_FRACTIONAL_BYTES_SOURCE: UpstreamSource = {
  ...POD_WARNINGS,
  fn: 'warningsForPodSpecAndMeta (volumes[].ephemeral.volumeClaimTemplate) → pkg/api/persistentvolumeclaim/util.go@008ef699a50a GetWarningsForPersistentVolumeClaimSpec',
};

/** Places where a null labelSelector matches no pod (relative to the pod spec; `[]` = each list item). */
export const NULL_SELECTOR_WARNINGS: readonly { path: string; source: UpstreamSource }[] = [
  { path: 'topologySpreadConstraints[]', source: { ...POD_WARNINGS, fn: 'warningsForPodSpecAndMeta (topologySpreadConstraints[].labelSelector)' } },
  { path: 'affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[]', source: { ...POD_WARNINGS, fn: 'warningsForPodAffinityTerms' } },
  { path: 'affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[].podAffinityTerm', source: { ...POD_WARNINGS, fn: 'warningsForWeightedPodAffinityTerms' } },
  { path: 'affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[]', source: { ...POD_WARNINGS, fn: 'warningsForPodAffinityTerms' } },
  { path: 'affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[].podAffinityTerm', source: { ...POD_WARNINGS, fn: 'warningsForWeightedPodAffinityTerms' } },
];

/** Where node label keys are read (relative to the pod spec): map keys (`.*`) or scalar values. */
export const NODE_LABEL_PLACES: readonly { path: string; source: UpstreamSource }[] = [
  { path: 'nodeSelector.*', source: { ...POD_WARNINGS, fn: 'warningsForPodSpecAndMeta (nodeSelector keys)' } },
  { path: 'affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[].matchExpressions[].key', source: { ...NODE_UTIL, fn: 'GetWarningsForNodeSelectorTerm (required terms)' } },
  { path: 'affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[].preference.matchExpressions[].key', source: { ...NODE_UTIL, fn: 'GetWarningsForNodeSelectorTerm (preferred terms)' } },
  { path: 'topologySpreadConstraints[].topologyKey', source: { ...POD_WARNINGS, fn: 'warningsForPodSpecAndMeta (topologySpreadConstraints[].topologyKey)' } },
];

/** A container port with hostIP but no hostPort. Under hostNetwork the defaulting copies containerPort into
 *  hostPort first (SetDefaults_PodSpec), so no warning there. */
export const HOST_IP_SOURCE: UpstreamSource = { ...POD_WARNINGS, fn: 'warningsForPodSpecAndMeta ("hostIP set without hostPort")' };
export const HOST_NETWORK_DEFAULTS_SOURCE: UpstreamSource = {
  repo: K,
  path: 'pkg/apis/core/v1/defaults.go',
  commit: 'e34b0935e09e39e5e7fb74b8f6ad141107d3b90e',
  fn: 'SetDefaults_PodSpec (defaultHostNetworkPorts for containers and init containers)',
};

/** Projected volume sources whose file paths may not repeat a serviceAccountToken path of any projected volume of
 *  the pod (relative to one entry of projected.sources). */
/** The file paths of one volume whose overlap the API server warns about (warningsForOverlappingVirtualPaths):
 *  per volume source, the places of its paths; a projected volume's sources are compared with each other too. */
export const VIRTUAL_PATH_SOURCES: readonly { field: string; paths: string }[] = [
  { field: 'configMap', paths: 'items[].path' },
  { field: 'secret', paths: 'items[].path' },
  { field: 'downwardAPI', paths: 'items[].path' },
];
export const PROJECTED_VIRTUAL_PATH_SOURCES: readonly { field: string; paths: string }[] = [
  ...VIRTUAL_PATH_SOURCES,
  { field: 'serviceAccountToken', paths: 'path' },
  { field: 'clusterTrustBundle', paths: 'path' },
];
/** Read at a newer commit than POD_WARNINGS: the overlap check replaced the service-account-token path check. */
const POD_WARNINGS_NOW = { repo: K, path: 'pkg/api/pod/warnings.go', commit: '1853742da6212a55cfe41328d8d463efe7c0bd93' };
export const OVERLAPPING_PATHS_SOURCE: UpstreamSource = { ...POD_WARNINGS_NOW, fn: 'warningsForOverlappingVirtualPaths (checkVolumeMappingForOverlap, checkForOverlap)' };
export const EMPTY_PROJECTION_SOURCE: UpstreamSource = { ...POD_WARNINGS_NOW, fn: 'warningsForOverlappingVirtualPaths ("has no sources provided")' };
export const PORTS_ACROSS_CONTAINERS_SOURCE: UpstreamSource = {
  ...POD_WARNINGS_NOW,
  fn: 'warningsForPodSpecAndMeta (ports accumulated across all containers: "duplicate", "overlapping", "dangerously ambiguous port definition")',
};

export const NEGATIVE_GRACE_SOURCE: UpstreamSource = { ...POD_WARNINGS, fn: 'warningsForPodSpecAndMeta (negative terminationGracePeriodSeconds)' };
export const EMPTY_PULL_SECRET_SOURCE: UpstreamSource = { ...POD_WARNINGS, fn: 'warningsForPodSpecAndMeta (imagePullSecrets with empty name)' };

/** Custom resources only: a finalizer without '/' that is not one of the standard names (schemas/object-meta.json
 *  standardFinalizers) is stored with a warning (a built-in object is refused instead: object-meta.ts). Read in a
 *  downstream copy (kcp) of the file; the upstream path and commit are as the index lists them. */
export const CR_FINALIZER_SOURCE: UpstreamSource = {
  repo: K,
  path: 'staging/src/k8s.io/apiextensions-apiserver/pkg/registry/customresource/validator.go',
  commit: 'de4be7261d44a687b02abd4407273d0b29cf8e17',
  fn: 'validateKubeFinalizerName (warnings of customResourceValidator)',
};

/** The data.rule ids of the findings warnings-from-table.ts produces. */
export const API_WARNING_RULE_IDS: ReadonlySet<string> = new Set([
  'deprecatedVolume',
  'deprecatedNodeLabel',
  'deprecatedAnnotation',
  'fractionalBytes',
  'nullLabelSelector',
  'negativeGracePeriod',
  'emptyPullSecretName',
  'overlappingPaths',
  'emptyProjection',
  'portAcrossContainers',
  'unqualifiedFinalizer',
  'hostIpWithoutHostPort',
  'seccompAnnotation',
]);
