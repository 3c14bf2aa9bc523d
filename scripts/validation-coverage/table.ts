// The coverage table of kube-apiserver's hand-written validation, defaulting and warnings for the kinds Kubegate
// checks: per upstream function, ported / partly / not, with why. Ported rows come from the rule modules
// themselves (server/src/engine/validate/apiserver/*.ts and the tables of field-rule-table.ts / warning-table.ts:
// each row's upstream function); partly and not rows are written here, with the reason. `npm run contributes`
// writes the README's "Coverage" section from it (between the markers); tests/rules/coverage.test.ts fails when
// that section is stale.
import { KIND_RULE_FAMILIES, POD_SPEC_RULE_FAMILIES } from '../../server/src/engine/validate/apiserver/families';
import { DEFAULTING_SOURCES } from '../../server/src/engine/validate/apiserver/defaults';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { INT_OR_STRING, LIST_KEYS, NARROWED_VALUES, NOT_BOTH_ZERO, REQUIRED, RESOURCE_LISTS, STRING_FIELDS, type UpstreamSource } from '../../server/src/engine/validate/field-rule-table';
import {
  VOLUME_WARNINGS,
  NODE_LABEL_WARNINGS,
  ANNOTATION_WARNINGS,
  EMPTY_PROJECTION_SOURCE,
  OVERLAPPING_PATHS_SOURCE,
  PORTS_ACROSS_CONTAINERS_SOURCE,
} from '../../server/src/engine/validate/warning-table';

export const COVERAGE_BEGIN = '<!-- coverage:begin (generated from the rule modules and scripts/validation-coverage/table.ts by `npm run contributes`; do not edit) -->';
export const COVERAGE_END = '<!-- coverage:end -->';

type Status = 'ported' | 'partly' | 'not';

interface Row {
  family: string;
  file: string;
  fn: string;
  status: Status;
  /** Rule ids (ported), or what is left out and why (partly, not). */
  note: string;
}

const FAMILY_OF: Record<string, string> = {
  'pkg/apis/core/validation/validation.go': 'core',
  'pkg/apis/apps/validation/validation.go': 'apps',
  'pkg/apis/batch/validation/validation.go': 'batch',
  'pkg/apis/policy/validation/validation.go': 'policy',
  'pkg/apis/networking/validation/validation.go': 'networking',
  'pkg/api/pod/warnings.go': 'warnings',
  'pkg/api/node/util.go': 'warnings',
  'pkg/api/service/warnings.go': 'warnings',
  'pkg/api/job/warnings.go': 'warnings',
  'pkg/registry/batch/job/strategy.go': 'warnings',
  'pkg/registry/networking/ingress/strategy.go': 'warnings',
  'pkg/apis/core/v1/defaults.go': 'defaults',
  'pkg/apis/apps/v1/defaults.go': 'defaults',
  'pkg/apis/batch/v1/defaults.go': 'defaults',
  'pkg/apis/autoscaling/v2/defaults.go': 'defaults',
  // robfig/cron's parser.go (CronJob schedules).
  'parser.go': 'batch',
  'pkg/apis/rbac/v1/defaults.go': 'defaults',
  'pkg/apis/rbac/validation/validation.go': 'rbac',
  'pkg/apis/scheduling/validation/validation.go': 'scheduling',
  'pkg/apis/admissionregistration/validation/validation.go': 'admissionregistration',
  'staging/src/k8s.io/apiserver/pkg/util/webhook/validation.go': 'admissionregistration',
  'pkg/apis/resource/validation/validation.go': 'resource',
  'pkg/apis/resource/v1/defaults.go': 'defaults',
  'pkg/apis/core/helper/helpers.go': 'core',
  'pkg/apis/core/v1/validation/validation.go': 'core',
  'pkg/apis/core/validation/names.go': 'core',
  'pkg/api/persistentvolumeclaim/util.go': 'core',
  'staging/src/k8s.io/component-helpers/resource/helpers.go': 'core',
  // Go's net.SplitHostPort (a Quobyte registry).
  'src/net/ipsock.go': 'core',
  'staging/src/k8s.io/api/storage/v1/types.go': 'storage',
  'pkg/apis/storage/validation/validation.go': 'storage',
  'pkg/apis/storage/validation/validation_test.go': 'storage',
  'pkg/apis/autoscaling/validation/validation.go': 'autoscaling',
  'pkg/apis/autoscaling/v1/conversion.go': 'autoscaling',
  'staging/src/k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting/validation.go': 'apiextensions',
};

/** The upstream function name of a source row (its first word). */
function fnName(s: UpstreamSource): string[] {
  return s.fn.split(/\s*\/\s*|\s*;\s*/).map((part) => part.replace(/\s*\(.*$/, '').split(/\s*→\s*/)[0]!.trim()).filter((n) => /^[A-Za-z_]\w*$/.test(n));
}

function portedRows(): Row[] {
  const byFn = new Map<string, Row>();
  const add = (source: UpstreamSource | UpstreamSource[], rule: string) => {
    for (const s of Array.isArray(source) ? source : [source]) {
      const family = FAMILY_OF[s.path] ?? s.path;
      for (const fn of fnName(s)) {
        const key = `${s.path}\u0000${fn}`;
        // A file read outside kubernetes/kubernetes (a fork's copy, a library) names its repository.
        const repo = s.repo === 'kubernetes/kubernetes' ? '' : `${s.repo} `;
        const row = byFn.get(key) ?? { family, file: `${repo}${s.path}@${s.commit.slice(0, 12)}`, fn, status: 'ported' as Status, note: '' };
        const rules = new Set(row.note === '' ? [] : row.note.split(', '));
        rules.add(rule);
        row.note = [...rules].sort().join(', ');
        byFn.set(key, row);
      }
    }
  };
  for (const r of [...KIND_RULE_FAMILIES.flat(), ...POD_SPEC_RULE_FAMILIES.flat()]) add(r.source, r.rule);
  for (const r of REQUIRED) add(r.source, r.rule);
  for (const r of INT_OR_STRING) add(r.source, r.kind === 'port' ? 'portNumber, portName' : 'percent');
  for (const r of NOT_BOTH_ZERO) add(r.source, 'percent');
  for (const r of STRING_FIELDS) add(r.source, 'portName');
  for (const r of RESOURCE_LISTS) add(r.source, 'quantityRange');
  for (const r of NARROWED_VALUES) add(r.source, r.rule);
  for (const r of LIST_KEYS) add(r.source, 'duplicateListKey');
  for (const r of VOLUME_WARNINGS) add(r.source, 'deprecatedVolume');
  for (const r of NODE_LABEL_WARNINGS) add(r.source, 'deprecatedNodeLabel');
  for (const r of ANNOTATION_WARNINGS) add(r.source, 'deprecatedAnnotation');
  add(OVERLAPPING_PATHS_SOURCE, 'overlappingPaths');
  add(EMPTY_PROJECTION_SOURCE, 'emptyProjection');
  add(PORTS_ACROSS_CONTAINERS_SOURCE, 'portAcrossContainers');
  for (const s of DEFAULTING_SOURCES) add(s, 'applied before the rules');
  // CRD document rules ported from a function's whole (their sources: scripts/generate/api-objects/facts.json).
  for (const [rule, fn] of CRD_RULE_FUNCTIONS) {
    const m = /^([\w.-]+\/[\w.-]+):([^@]+)@([0-9a-f]{40})$/.exec(API_OBJECT_FACTS.rules[rule]?.source ?? '');
    if (m) add({ repo: m[1]!, path: m[2]!, commit: m[3]!, fn }, rule);
  }
  return [...byFn.values()];
}

const CORE = 'pkg/apis/core/validation/validation.go';
const ADMISSION = 'pkg/apis/admissionregistration/validation/validation.go';
const RESOURCE = 'pkg/apis/resource/validation/validation.go';

const API_OBJECT_FACTS = JSON.parse(readFileSync(path.join(__dirname, '..', 'generate', 'api-objects', 'facts.json'), 'utf8')) as { rules: Record<string, { source: string }> };
/** CRD document rules listed in the table: rule → the upstream function it ports. */
const CRD_RULE_FUNCTIONS: readonly [string, string][] = [['schema-default', 'ValidateDefaults / validate']];

/** Functions not (or only partly) ported, and why. A ported row of the same function is replaced by these. */
const GAPS: readonly Row[] = [
  { family: 'core', file: CORE, fn: 'ValidatePodSpec', status: 'partly', note: 'not yet: pod-level requests against the containers\' aggregate requests (AggregateContainerRequests over the requests SetDefaults_Pod fills in, pod-level ones too); a pod affinity term\'s matchLabelKeys key that is also in its labelSelector (upstream judges it only after the pod\'s labels are merged into the selector); hostProcess pods against the cluster\'s privileged policy (a kube-apiserver flag, not in the manifest)' },
  { family: 'core', file: CORE, fn: 'validateVolumeSource', status: 'partly', note: 'not yet: podCertificate projected sources (PodCertificateRequest, GA in 1.37 per gates.json), which validateProjectionSources at 000f26050b9b does not have; the index holds no newer commit of it' },
  { family: 'core', file: CORE, fn: 'ValidateService', status: 'partly', note: 'internalTrafficPolicy values are the schema enum (Cluster, Local), which refuses what validateServiceInternalTrafficFieldsValue refuses at the same path (spec.internalTrafficPolicy); its Required case (no policy on a ClusterIP, NodePort or LoadBalancer Service) is not judged: SetDefaults_Service fills it, but the stored core/v1 defaults.go (e34b0935e09e) predates that default, so it is not applied here; clusterIPs and ipFamilies are the ValidateServiceClusterIPsRelatedFields row' },
  { family: 'core', file: CORE, fn: 'ValidateSecurityContext', status: 'partly', note: 'not yet: privileged against the cluster\'s privileged policy (a kube-apiserver flag); procMount values are the schema enum' },
  { family: 'core', file: CORE, fn: 'ValidatePersistentVolumeClaim', status: 'partly', note: 'the spec is ported (ValidatePersistentVolumeClaimSpec, with dataSourceRef); the generated drop data mark dataSourceRef dropped whenever CrossNamespaceVolumeDataSource is off, but DropDisabledFields (pkg/api/persistentvolumeclaim/util.go@008ef699a50a) drops it only when it names a namespace, so its refusals show as rejected once enabled; the dataSource that EnforceDataSourceBackwardsCompatibility drops (not a PVC or VolumeSnapshot, no dataSourceRef) is still judged: the index holds no commit of the strategy that calls it' },
  { family: 'core', file: CORE, fn: 'ValidateLimitRange / ValidateResourceQuota / ValidateEndpoints / ValidateNamespace / ValidateServiceAccount', status: 'partly', note: 'ResourceQuota scope names are left to the schema enum (IsStandardResourceQuotaScope at 78fc8e44052f lists no VolumeAttributesClass, which the API enum holds)' },
  { family: 'batch', file: 'pkg/apis/batch/validation/validation.go', fn: 'validateTimeZone', status: 'partly', note: 'a well-formed name is not looked up, so an unknown zone such as Mars/Base passes. The server asks time.LoadLocation, which reads the host zone files (ZONEINFO, /usr/share/zoneinfo) before any copy embedded with time/tzdata; KEP-3140 (kubernetes/enhancements keps/sig-apps/3140-TimeZone-support-in-CronJob/README.md@ff618193a929) plans the embedded Go database, but no stored kubernetes code shows the time/tzdata import (none in batch validation.go@2dd1588c4907, cmd/kube-apiserver/apiserver.go@ab4c172fb0ec, cmd/kube-apiserver/app/server.go@4b936928938f), nor the Go and IANA release of the 1.34-1.37 binaries; a name list (the npm or Debian tzdata packages) can be generated only once that release is known. Node\'s Intl.supportedValuesOf("timeZone") lists canonical ICU names only (no UTC, Etc/UTC, US/Pacific), so it cannot stand in' },
  { family: 'apps', file: 'pkg/apis/apps/validation/validation.go', fn: 'ValidateStatefulSetSpec (podManagementPolicy)', status: 'ported', note: 'podManagementPolicy is the schema enum (OrderedReady, Parallel in 1.34-1.37), which refuses the same values at the same path (spec.podManagementPolicy); an empty value is defaulted to OrderedReady (SetDefaults_StatefulSet), so the Required case is never reached on create (fixtures: apps/statefulset-pod-management-*)' },
  { family: 'rbac', file: 'pkg/apis/rbac/validation/validation.go', fn: 'validatePolicyRule', status: 'partly', note: 'the old check that resource names cannot apply to several resources is not in validatePolicyRule at 1dc8b4f20f8c, so it is not ported' },
  { family: 'autoscaling', file: 'pkg/apis/autoscaling/validation/validation.go', fn: 'ValidateHorizontalPodAutoscaler', status: 'partly', note: 'min/max replicas and scaleTargetRef are ported (hpaReplicas, hpaScaleTargetRef), metrics and behavior in their own rows (read at 0fec7b0f7e2d), the ContainerResource resource name (hpaMetricSource) and autoscaling/v1 targetCPUUtilizationPercentage as its converted CPU metric (hpaV1TargetCpu); not yet: the value of a scaling rule tolerance (the field is dropped while HPAConfigurableTolerance is off, which the gate step reports; no stored validation.go has its check, the newest, 0fec7b0f7e2d, predates it), the metrics an autoscaling/v1 object keeps in its autoscaling.alpha.kubernetes.io/metrics annotation' },
  { family: 'storage', file: 'pkg/apis/storage/validation/validation.go', fn: 'ValidateCSIDriver / ValidateVolumeAttachment', status: 'partly', note: 'the index holds no kubernetes/kubernetes commit of validation.go with these functions: volumeAttachmentSource and csiDriverTokenAudiences follow the test tables, volumeAttachmentNames and csiDriverSpec a copy in a fork (darshansreenivas/kubernetes@956bae7ad2b5); not yet: status sizes (written by controllers, not in manifests); attachRequired, podInfoOnMount, storageCapacity and seLinuxMount, which upstream requires, are filled in by defaulting (not ported), so their absence is not judged' },
  { family: 'admissionregistration', file: ADMISSION, fn: 'validateMatchConditions', status: 'partly', note: 'each expression is compiled (syntax, declared variables, request and namespaceObject fields, bool result); calls of the Kubernetes CEL libraries and values of type dyn are not type-checked' },
  { family: 'admissionregistration', file: ADMISSION, fn: 'validateValidation', status: 'partly', note: 'expression and messageExpression are compiled (syntax, declared variables and fields, bool / string result); calls of the Kubernetes CEL libraries and values of type dyn are not type-checked' },
  { family: 'admissionregistration', file: ADMISSION, fn: 'validateVariable', status: 'partly', note: 'compiled in order, each seeing the variables before it; calls of the Kubernetes CEL libraries and values of type dyn are not type-checked' },
  { family: 'admissionregistration', file: ADMISSION, fn: 'validateAuditAnnotation', status: 'partly', note: 'valueExpression is compiled (string or null result); calls of the Kubernetes CEL libraries and values of type dyn are not type-checked' },
  { family: 'admissionregistration', file: 'staging/src/k8s.io/apiserver/pkg/admission/plugin/cel/compile.go', fn: 'CompileCELExpression', status: 'partly', note: 'a lower bound of the type checker: syntax, undeclared variables, fields of the declared types and a known wrong result type; calls of the Kubernetes CEL libraries and values of type dyn are not type-checked' },
  { family: 'resource', file: 'staging/src/k8s.io/dynamic-resource-allocation/cel/compile.go', fn: 'CompileCELExpression', status: 'partly', note: 'a lower bound of the type checker (as the admission one); the estimated cost is not computed' },
  { family: 'admissionregistration', file: ADMISSION, fn: 'ValidateMutatingAdmissionPolicy', status: 'not', note: 'no readable upstream: the index holds validation.go only at 03d48b76 and afd5df58, neither with the MutatingAdmissionPolicy functions' },
  { family: 'resource', file: RESOURCE, fn: 'validateResourceSliceSpec', status: 'partly', note: 'a slice holding only sharedCounters is refused upstream for naming no node selection, but told so here only once DRAPartitionableDevices drops sharedCounters: while the gate is on it is not, as the KEP 4815 and 5963 examples in the corpus leave the selection out and the corpus expects them valid; with 65 to 128 devices using advanced features of different gates (taints, counters, list attributes) only the first feature\'s gate decides the 64-device limit' },
  { family: 'resource', file: 'pkg/apis/resource/validation/validation.go', fn: 'validateDeviceClassSpec', status: 'partly', note: 'the opaque driver and parameters are not judged; the CEL selectors are validateCELSelector\'s row' },
  { family: 'resource', file: 'pkg/apis/resource/validation/validation.go', fn: 'validateCELSelector', status: 'partly', note: 'selectors of classes, requests and subrequests are compiled (syntax, the device variable and its fields, bool result); the estimated cost against CELSelectorExpressionMaxCost is not computed; calls of the Kubernetes CEL libraries and values of type dyn are not type-checked' },
  { family: 'apiextensions', file: 'staging/src/k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting/validation.go', fn: 'validate (defaults inside metadata; CEL rules)', status: 'partly', note: 'defaults under the metadata, apiVersion and kind of the root or of an embedded resource are judged as object metadata (objectmeta/validation.go@7fc9c57df507 Validate, in crd-meta-defaults.ts) but for apiVersion\'s group/version parse and the owner references and managed fields of a metadata default; CEL rules are not run against defaults' },
  { family: 'warnings', file: 'pkg/api/pod/warnings.go', fn: 'warningsForOverlappingVirtualPaths', status: 'partly', note: 'upstream\'s checkForOverlap stops at an empty path in whatever order Go walks the set, so with an empty path among others its answer varies (an empty path overlaps nothing here); warnings it repeats word for word after a source without items are given once (it replaced the older service-account-token path warning, which is dropped)' },
  { family: 'resource', file: RESOURCE, fn: 'validateDeviceAttribute', status: 'partly', note: 'in 1.34, whose data has no union marker on DeviceAttribute, exactly one value per attribute is not judged (1.35 on: the declarative union)' },
  { family: 'resource', file: RESOURCE, fn: 'validateValidRequestValues', status: 'partly', note: 'not yet: the number of valid values (CapacityRequestPolicyDiscreteMaxOptions, an internal constant not read), and the step arithmetic of a range with a fractional value (DRAFractionalCapacityRange picks milli-value or rounded integer arithmetic)' },
  { family: 'resource', file: RESOURCE, fn: 'validateNodeAllocatableResources', status: 'partly', note: 'whether the name is a node allocatable resource (core helper IsNodeAllocatableResourceName) is not judged: the stored helpers.go predates that function' },
];

export function coverageRows(): Row[] {
  const key = (file: string, fn: string) => `${file.replace(/@.*$/, '')}\u0000${fn.split(' ')[0]}`;
  const all = portedRows();
  const portedBy = new Map(all.map((r) => [key(r.file, r.fn), r]));
  // A function that is partly ported keeps its gap row, which names the rules that are ported.
  const gaps = GAPS.map((g) => {
    const done = portedBy.get(key(g.file, g.fn));
    return done ? { ...g, file: done.file, note: `ported: ${done.note}; ${g.note}` } : g;
  });
  const gapKeys = new Set(GAPS.map((g) => key(g.file, g.fn)));
  const ported = all.filter((r) => !gapKeys.has(key(r.file, r.fn)));
  const order: Record<Status, number> = { ported: 0, partly: 1, not: 2 };
  return [...ported, ...gaps].sort((a, b) => a.family.localeCompare(b.family) || order[a.status] - order[b.status] || a.fn.localeCompare(b.fn));
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export function coverageMarkdown(): string {
  const rows = coverageRows();
  const count = (s: Status) => rows.filter((r) => r.status === s).length;
  return [
    `${count('ported')} upstream functions ported, ${count('partly')} partly, ${count('not')} not (kube-apiserver's hand-written`,
    'validation, defaulting and warnings of the kinds in scope; rule ids are `data.rule`, fixtures in `tests/rules/`).',
    '',
    '| Family | Upstream function | File@commit | Status | Rules, or what is left out and why |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.family} | \`${cell(r.fn)}\` | ${cell(r.file)} | ${r.status} | ${cell(r.note)} |`),
  ].join('\n');
}

/** `readme` with the coverage section replaced by the generated one. */
export function withCoverageSection(readme: string): string {
  const begin = readme.indexOf(COVERAGE_BEGIN);
  const end = readme.indexOf(COVERAGE_END);
  if (begin < 0 || end < begin) throw new Error('README: coverage markers missing');
  return `${readme.slice(0, begin + COVERAGE_BEGIN.length)}\n${coverageMarkdown()}\n${readme.slice(end)}`;
}
