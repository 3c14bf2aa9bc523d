// The rule families of kube-apiserver's hand-written validation that this folder ports: the one list that the
// object pass (run.ts) runs and the generated coverage table (scripts/validation-coverage) reads.
import type { KindRule, PodSpecRule } from './rule-types';
import { APPS_RULES } from './apps';
import { BATCH_RULES } from './batch';
import { JOB_WARNING_RULES } from './job-warnings';
import { SERVICE_RULES } from './service';
import { SERVICE_WARNING_RULES } from './service-warnings';
import { INGRESS_WARNING_RULES } from './ingress-warnings';
import { CORE_OBJECT_RULES } from './core-objects';
import { POLICY_RBAC_RULES } from './policy-rbac';
import { NETWORKING_RULES } from './networking';
import { STORAGE_AUTOSCALING_RULES } from './storage-autoscaling';
import { HPA_METRIC_RULES } from './hpa-metrics';
import { STORAGE_OBJECT_RULES } from './storage-objects';
import { ADMISSION_RULES } from './admission';
import { RESOURCE_QUOTA_RULES } from './resource-quota';
import { RESOURCE_CLAIM_RULES } from './resource-claims';
import { RESOURCE_SLICE_RULES } from './resource-slices';
import { RESOURCE_DEVICE_RULES } from './resource-devices';
import { RESOURCE_CAPACITY_RULES } from './resource-capacity';
import { POD_SPEC_RULES } from './pod-spec';
import { VOLUME_RULES } from './volumes';
import { POD_SECURITY_RULES } from './pod-security';
import { POD_AFFINITY_RULES } from './pod-affinity';
import { POD_TOPOLOGY_SPREAD_RULES } from './pod-topology-spread';
import { POD_NAME_RULES } from './pod-names';
import { VOLUME_SOURCE_RULES } from './volume-sources';
import { VOLUME_MOUNT_RULES } from './volume-mounts';
import { VOLUME_SOURCE_DETAIL_RULES } from './volume-source-details';
import { VOLUME_SOURCE_REQUIRED_RULES } from './volume-source-required';
import { VOLUME_TRUST_BUNDLE_RULES } from './volume-trust-bundles';
import { VOLUME_POD_ONLY_RULES } from './volume-pod-only';
import { POD_ENV_RULES } from './pod-env';
import { POD_OS_RULES } from './pod-os';
import { POD_CREATE_RULES } from './pod-create';
import { POD_HANDLER_RULES } from './pod-handlers';
import { POD_RESOURCE_RULES } from './pod-resources';
import { POD_LEVEL_RESOURCE_RULES } from './pod-level-resources';

/** Rules over a whole object of a kind (by `group/Kind`). */
export const KIND_RULE_FAMILIES: readonly (readonly KindRule[])[] = [
  APPS_RULES,
  BATCH_RULES,
  JOB_WARNING_RULES,
  SERVICE_RULES,
  SERVICE_WARNING_RULES,
  CORE_OBJECT_RULES,
  POLICY_RBAC_RULES,
  NETWORKING_RULES,
  INGRESS_WARNING_RULES,
  STORAGE_AUTOSCALING_RULES,
  HPA_METRIC_RULES,
  STORAGE_OBJECT_RULES,
  ADMISSION_RULES,
  RESOURCE_QUOTA_RULES,
  RESOURCE_CLAIM_RULES,
  RESOURCE_SLICE_RULES,
  RESOURCE_DEVICE_RULES,
  RESOURCE_CAPACITY_RULES,
];

/** Rules over every pod spec, wherever a pod template lives. */
export const POD_SPEC_RULE_FAMILIES: readonly (readonly PodSpecRule[])[] = [
  POD_SPEC_RULES,
  VOLUME_RULES,
  POD_SECURITY_RULES,
  POD_AFFINITY_RULES,
  POD_TOPOLOGY_SPREAD_RULES,
  POD_NAME_RULES,
  VOLUME_SOURCE_RULES,
  VOLUME_MOUNT_RULES,
  VOLUME_SOURCE_DETAIL_RULES,
  VOLUME_SOURCE_REQUIRED_RULES,
  VOLUME_TRUST_BUNDLE_RULES,
  VOLUME_POD_ONLY_RULES,
  POD_ENV_RULES,
  POD_OS_RULES,
  POD_CREATE_RULES,
  POD_HANDLER_RULES,
  POD_RESOURCE_RULES,
  POD_LEVEL_RESOURCE_RULES,
];
