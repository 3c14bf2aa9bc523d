// Where each config kind keeps its feature gates: one table for the config readers, the fixes that turn a gate
// on, hover, completion and the CLI's generated configs.
//   kind Cluster, KubeletConfiguration, KubeProxyConfiguration: a root `featureGates: {Name: true}` map;
//   kubeadm: a `feature-gates` argument in a component's argument list (v1beta4 `[{name, value}]`, v1beta3 map);
//   control-plane static Pods: a `--feature-gates` item in a container's `command` or `args`.
import { groupOf } from '../base/api-version';

/** Key of the gate map. */
export const FEATURE_GATES_KEY = 'featureGates';
/** Name of the command-line flag whose value lists gates (`A=true,B=false`). */
export const FEATURE_GATES_FLAG = 'feature-gates';

export type ConfigKindName = 'kind' | 'kubeadm' | 'kubelet' | 'kube-proxy' | 'static-pod';

/** A config kind whose root holds a gate map. */
export interface GateMapConfig {
  configKind: 'kind' | 'kubelet' | 'kube-proxy';
  group: string;
  kind: string;
  /** The apiVersion written in a new document (and assumed for a kind patch that names none). */
  apiVersion: string;
  /** Components the map's settings apply to. */
  components: 'all' | string[];
}

export const GATE_MAP_CONFIGS: readonly GateMapConfig[] = [
  { configKind: 'kind', group: 'kind.x-k8s.io', kind: 'Cluster', apiVersion: 'kind.x-k8s.io/v1alpha4', components: 'all' },
  { configKind: 'kubelet', group: 'kubelet.config.k8s.io', kind: 'KubeletConfiguration', apiVersion: 'kubelet.config.k8s.io/v1beta1', components: ['kubelet'] },
  { configKind: 'kube-proxy', group: 'kubeproxy.config.k8s.io', kind: 'KubeProxyConfiguration', apiVersion: 'kubeproxy.config.k8s.io/v1alpha1', components: ['kube-proxy'] },
];

export const KUBEADM_GROUP = 'kubeadm.k8s.io';
/** The kubeadm apiVersion written in a new document (and assumed for a kind patch that names none). */
export const KUBEADM_API_VERSION = 'kubeadm.k8s.io/v1beta4';

const CONTROL_PLANE = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'] as const;

/** A kubeadm argument list that carries one component's `feature-gates`: `root[section][args]`. */
interface KubeadmArgsPlace {
  /** kubeadm kinds that hold it. */
  kinds: readonly string[];
  section: string;
  args: string;
  component: string;
  /** 'document': the document describes the component's whole gate set even without the section (a gate it does
   *  not enable is off); 'section': only when the section is there. */
  covers: 'document' | 'section';
}

export const KUBEADM_ARG_PLACES: readonly KubeadmArgsPlace[] = [
  { kinds: ['ClusterConfiguration'], section: 'apiServer', args: 'extraArgs', component: 'kube-apiserver', covers: 'document' },
  { kinds: ['ClusterConfiguration'], section: 'controllerManager', args: 'extraArgs', component: 'kube-controller-manager', covers: 'document' },
  { kinds: ['ClusterConfiguration'], section: 'scheduler', args: 'extraArgs', component: 'kube-scheduler', covers: 'document' },
  { kinds: ['InitConfiguration', 'JoinConfiguration'], section: 'nodeRegistration', args: 'kubeletExtraArgs', component: 'kubelet', covers: 'section' },
];

/** Control-plane static Pods: `v1` Pods whose containers run a control-plane binary, flags in these lists. */
export const STATIC_POD = { apiVersion: 'v1', kind: 'Pod', argLists: ['command', 'args'] } as const;

/** How evidence names each place. */
export const PLACE_LABELS: Readonly<Record<ConfigKindName, string>> = {
  kind: 'kind Cluster featureGates',
  kubeadm: 'kubeadm extraArgs feature-gates',
  kubelet: 'KubeletConfiguration featureGates',
  'kube-proxy': 'KubeProxyConfiguration featureGates',
  'static-pod': 'static Pod --feature-gates',
};

/** The gate-map config of an apiVersion and kind, if it is one. */
export function gateMapConfig(apiVersion: string | undefined, kind: string | undefined): GateMapConfig | undefined {
  const group = apiVersion ? groupOf(apiVersion) : '';
  return GATE_MAP_CONFIGS.find((c) => c.group === group && c.kind === kind);
}

/** The kubeadm argument lists a kubeadm kind holds, in table order. */
export function kubeadmArgPlaces(kind: string): KubeadmArgsPlace[] {
  return KUBEADM_ARG_PLACES.filter((p) => p.kinds.includes(kind));
}

/** The kubeadm argument list of a component (`apiServer.extraArgs` for kube-apiserver). */
export function kubeadmArgPlaceOf(component: string): KubeadmArgsPlace | undefined {
  return KUBEADM_ARG_PLACES.find((p) => p.component === component);
}

const CONTROL_PLANE_NAME = new RegExp(`(?:^|[/\\s])(${CONTROL_PLANE.join('|')})(?=$|[\\s:@])`);

/** The control-plane binary a container's first command word or image names (`registry/kube-apiserver:v1.37`). */
export function controlPlaneBinaryIn(text: string): (typeof CONTROL_PLANE)[number] | undefined {
  return CONTROL_PLANE_NAME.exec(text)?.[1] as (typeof CONTROL_PLANE)[number] | undefined;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const GATE_CONFIG_TEXT = new RegExp([...GATE_MAP_CONFIGS.map((c) => c.group), KUBEADM_GROUP].map(escapeRegExp).join('|') + `|--${FEATURE_GATES_FLAG}`);

/** Quick text test before parsing a file during discovery: does it name a gate-setting config? */
export function mayHoldGateConfig(text: string): boolean {
  return GATE_CONFIG_TEXT.test(text);
}
