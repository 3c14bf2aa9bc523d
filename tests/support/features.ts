// Features of the brief that the fix, hover and protocol tests write manifests for: the gate as shipped, the
// gate name of the KEP's kep.yaml, the KEP, and where a user writes the field. Typed here, as fixtures; the suite
// tests/knowledge/fixture-facts.test.ts checks them against ../shared/reference/brief-features.json and the
// committed schemas/ (so a fact that changes upstream fails there, not as a puzzling fix test).

export interface FeatureFacts {
  gate: string;
  /** The gate name in the KEP's kep.yaml (differs when the gate was renamed before it shipped). */
  kepYamlGate: string;
  kep: number;
  apiVersion: string;
  kind: string;
  /** Path segments of the field a user writes, `[]` left out (spec, devices, consumesCounters, compatibilityGroups). */
  path: string[];
  /** The Go name of the field (what blog posts copy from the Go structs), when a test needs it. */
  goName?: string;
  /** false for a design that did not ship in 1.37 (nothing a user can write is served). */
  shipped: boolean;
}

export const FEATURES = {
  'dra-optional-node-operations': {
    gate: 'DRAOptionalNodeOperations',
    kepYamlGate: 'DRAOptionalNodePreparation',
    kep: 5945,
    apiVersion: 'resource.k8s.io/v1',
    kind: 'ResourceSlice',
    path: ['spec', 'skipNodeOperations'],
    goName: 'SkipNodeOperations',
    shipped: true,
  },
  'dra-device-compatibility-groups': {
    gate: 'DRADeviceCompatibilityGroups',
    kepYamlGate: 'DRADeviceCompatibilityGroups',
    kep: 5963,
    apiVersion: 'resource.k8s.io/v1',
    kind: 'ResourceSlice',
    path: ['spec', 'devices', 'consumesCounters', 'compatibilityGroups'],
    shipped: true,
  },
  'default-pod-sysctls': {
    gate: 'DefaultPodSysctls',
    kepYamlGate: 'DefaultPodSysctls',
    kep: 5996,
    apiVersion: 'kubelet.config.k8s.io/v1beta1',
    kind: 'KubeletConfiguration',
    path: ['defaultPodSysctls'],
    goName: 'DefaultPodSysctls',
    shipped: true,
  },
  'grpc-probe-tls': {
    gate: 'GRPCContainerProbeTLS',
    kepYamlGate: 'GRPCContainerProbeTLS',
    kep: 4939,
    apiVersion: 'v1',
    kind: 'Pod',
    path: ['spec', 'containers', 'livenessProbe', 'grpc', 'mode'],
    shipped: true,
  },
  'volume-bind-mount-options': {
    gate: 'VolumeBindMountOptions',
    kepYamlGate: 'VolumeBindMountOptions',
    kep: 5855,
    apiVersion: 'v1',
    kind: 'Pod',
    path: ['spec', 'containers', 'volumeMounts', 'bindMountOptions'],
    shipped: true,
  },
  'pod-level-checkpoint-restore': {
    gate: 'PodLevelCheckpointRestore',
    kepYamlGate: 'PodLevelCheckpointRestore',
    kep: 5823,
    apiVersion: 'checkpoint.k8s.io/v1alpha1',
    kind: 'PodCheckpoint',
    path: ['spec', 'sourcePodName'],
    shipped: false,
  },
} as const satisfies Record<string, FeatureFacts>;

export type FeatureId = keyof typeof FEATURES;

export function feature(id: FeatureId): FeatureFacts {
  const f: FeatureFacts = FEATURES[id];
  return { ...f, path: [...f.path] };
}
