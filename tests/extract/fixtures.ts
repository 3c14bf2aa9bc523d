// The fixture inputs of the extractor tests, one per upstream format. All are written for these tests: a
// made-up API group `widgets.example.io` and made-up gates, in the shapes upstream uses.
import { go } from './fixture-tree';

export const WIDGET_TYPES = go(
  'package v1beta1',
  '',
  'import (',
  '\tcorev1 "k8s.io/api/core/v1"',
  '\tmetav1 "k8s.io/apimachinery/pkg/apis/meta/v1"',
  ')',
  '',
  '// +genclient',
  '// +genclient:nonNamespaced',
  '// +k8s:prerelease-lifecycle-gen:introduced=1.35',
  '',
  '// Widget is a made-up kind.',
  '// +featureGate=WidgetAPI',
  'type Widget struct {',
  '\tmetav1.TypeMeta `json:",inline"`',
  '\t// +optional',
  '\tmetav1.ObjectMeta `json:"metadata,omitempty"`',
  '',
  '\t// spec says what the widget does.',
  '\tSpec WidgetSpec `json:"spec"`',
  '}',
  '',
  '// WidgetSpec is the spec.',
  'type WidgetSpec struct {',
  '\t// mode picks the mode.',
  '\t// +optional',
  '\tMode WidgetMode `json:"mode,omitempty"` // trailing comment: +featureGate=NotThisOne',
  '',
  '\t// ports are keyed by name.',
  '\t// +listType=map',
  '\t// +listMapKey=name',
  '\t// +listMapKey=protocol',
  '\t// +optional',
  '\tPorts []WidgetPort `json:"ports,omitempty"`',
  '',
  '\t// shine is new.',
  '\t// +featureGate=WidgetShine',
  '\t// +optional',
  '\tShine *int32 `json:"shine,omitempty"`',
  '',
  '\t// owner must be set.',
  '\t// +k8s:alpha(since: "1.36")=+k8s:required',
  '\tOwner string `json:"owner"`',
  '',
  '\t// +required',
  '\tTemplate corev1.PodTemplateSpec `json:"template"`',
  '',
  '\tLabels map[string]string `json:"labels,omitempty"`',
  '',
  '\tInternal string `json:"-"`',
  '}',
  '',
  '// WidgetPort is one port.',
  'type WidgetPort struct {',
  '\tName string `json:"name"`',
  '\tProtocol string `json:"protocol"`',
  '}',
  '',
  '// WidgetMode says how a widget runs.',
  '// +enum',
  'type WidgetMode string',
  '',
  'const (',
  '\t// WidgetModeFast is fast.',
  '\tWidgetModeFast WidgetMode = "Fast"',
  '\t// WidgetModeSlow is slow.',
  '\t// +featureGate=WidgetSlowMode',
  '\tWidgetModeSlow WidgetMode = "Slow"',
  ')',
  '',
  '/* Old is a block-commented',
  '   type. */',
  'type Old = WidgetSpec',
);

export const WIDGET_REGISTER = go(
  'package v1beta1',
  '',
  'import "k8s.io/apimachinery/pkg/runtime/schema"',
  '',
  'const GroupName = "widgets.example.io"',
  '',
  'var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1beta1"}',
  '',
  'func addKnownTypes(scheme *runtime.Scheme) error {',
  '\tscheme.AddKnownTypes(SchemeGroupVersion,',
  '\t\t&Widget{},',
  '\t\t&WidgetList{},',
  '\t)',
  '\treturn nil',
  '}',
);

export const WIDGET_LIFECYCLE = go(
  'package v1beta1',
  '',
  'func (in *Widget) APILifecycleIntroduced() (major, minor int) {',
  '\treturn 1, 35',
  '}',
  '',
  'func (in *Widget) APILifecycleDeprecated() (major, minor int) {',
  '\treturn 1, 36',
  '}',
  '',
  'func (in *Widget) APILifecycleRemoved() (major, minor int) {',
  '\treturn 1, 37',
  '}',
);

export const CORE_REGISTER = go(
  'package v1',
  '',
  'const GroupName = ""',
  '',
  'var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1"}',
  '',
  'func addKnownTypes(scheme *runtime.Scheme) error {',
  '\tscheme.AddKnownTypes(SchemeGroupVersion,',
  '\t\t&Pod{},',
  '\t\t&PodList{},',
  '\t\t&List{},',
  '\t)',
  '\treturn nil',
  '}',
);

export const CORE_TYPES = go(
  'package v1',
  '',
  '// +genclient',
  '// Pod is a made-up pod.',
  'type Pod struct {',
  '\t// +optional',
  '\tHostname string `json:"hostname,omitempty"`',
  '}',
);

/** A default resource configuration in the shape of pkg/controlplane/instance.go. */
export const RESOURCE_CONFIG = go(
  'package controlplane',
  '',
  'import (',
  '\tapiv1 "k8s.io/api/core/v1"',
  '\twidgetsv1beta1 "k8s.io/api/widgets/v1beta1"',
  '\tserverstorage "k8s.io/apiserver/pkg/server/storage"',
  ')',
  '',
  'var (',
  '\t// stable versions of the generic control plane, on by default',
  '\tgenericStableAPIGroupVersionsEnabledByDefault = []schema.GroupVersion{',
  '\t\tapiv1.SchemeGroupVersion,',
  '\t}',
  '',
  '\tlegacyBetaEnabledByDefaultResources = []schema.GroupVersionResource{}',
  '',
  '\tbetaAPIGroupVersionsDisabledByDefault = []schema.GroupVersion{',
  '\t\twidgetsv1beta1.SchemeGroupVersion, // off unless enabled',
  '\t}',
  '',
  '\talphaAPIGroupVersionsDisabledByDefault = []schema.GroupVersion{}',
  ')',
  '',
  'func DefaultAPIResourceConfigSource() *serverstorage.ResourceConfig {',
  '\tret := serverstorage.NewResourceConfig()',
  '\tret.EnableVersions(genericStableAPIGroupVersionsEnabledByDefault...)',
  '\treturn ret',
  '}',
);

/** A pkg/api/<group>/util.go in upstream's shape. */
export const DROP_DISABLED = go(
  'package widget',
  '',
  'func dropDisabledFields(spec, oldSpec *widgets.WidgetSpec) {',
  '\tif !utilfeature.DefaultFeatureGate.Enabled(features.WidgetShine) && !shineInUse(oldSpec) {',
  '\t\tspec.Shine = nil',
  '\t\tfor i := range spec.Ports {',
  '\t\t\tspec.Ports[i].Protocol = ""',
  '\t\t}',
  '\t}',
  '\tif utilfeature.DefaultFeatureGate.Enabled(features.WidgetAPI) {',
  '\t\tspec.Mode = "Fast"',
  '\t}',
  '}',
  '',
  'func shineInUse(spec *widgets.WidgetSpec) bool {',
  '\tif !utilfeature.DefaultFeatureGate.Enabled(features.WidgetShine) {',
  '\t\tspec.Owner = ""',
  '\t}',
  '\treturn spec != nil && spec.Shine != nil',
  '}',
);

/** One versioned spec of a feature list entry. */
function spec(preRelease: string, version: string, on: boolean, locked = false): string {
  return `  - default: ${on}\n    lockToDefault: ${locked}\n    preRelease: ${preRelease}\n    version: "${version}"\n`;
}

function gate(name: string, ...specs: string[]): string {
  return `- name: ${name}\n  versionedSpecs:\n${specs.join('')}`;
}

const WIDGET_API_136 = [spec('Alpha', '1.35', false), spec('Beta', '1.36', true)];
const WIDGET_SHINE = gate('WidgetShine', spec('Alpha', '1.36', false));

/** Versioned feature lists (test/compatibility_lifecycle/reference/versioned_feature_list.yaml) of two minors. */
export const FEATURE_LIST_136 = `# generated\n${gate('WidgetAPI', ...WIDGET_API_136)}${WIDGET_SHINE}${gate('WidgetOld', spec('GA', '1.30', true, true))}`;

export const FEATURE_LIST_137 = gate('WidgetAPI', ...WIDGET_API_136, spec('GA', '1.37', true, true)) + WIDGET_SHINE + gate('WidgetSlowMode', spec('Alpha', '1.37', false));

export const KEP_YAML = `title: Widgets for everyone
kep-number: 9001
authors:
  - "@someone"
owning-sig: sig-widgets
status: implementable
stage: beta
latest-milestone: "v1.36"
feature-gates:
  - name: WidgetAPI
    components:
      - kube-apiserver
      - kube-controller-manager
  - name: WidgetShine
    components:
      - kubelet
`;

export const KEP_TEMPLATE_TITLE = `title: KEP Template
kep-number: 9002
owning-sig: sig-widgets
feature-gates:
  - name: WidgetSlowMode
    components: [kube-apiserver]
latest-milestone: "v1.37"
`;

export const KEP_README = '# KEP-9002: Slow widgets\n\n## Summary\n';

/** Gate declarations in the shape of pkg/features/kube_features.go. */
export const FEATURE_GATES_GO = go(
  'package features',
  '',
  'import "k8s.io/component-base/featuregate"',
  '',
  'const (',
  '\t// owner: @someone',
  '\t// kep: https://kep.k8s.io/9003',
  '\t//',
  '\t// Lets widgets shine.',
  '\tWidgetShine featuregate.Feature = "WidgetShine"',
  '',
  '\t// owner: @else',
  '\t// kep: https://github.com/kubernetes/enhancements/issues/9001',
  '\tWidgetAPI featuregate.Feature = "WidgetAPI"',
  '',
  '\t// kep: https://github.com/kubernetes/enhancements/tree/master/keps/sig-widgets/9002-slow',
  '\tWidgetSlowMode featuregate.Feature = "WidgetSlowMode"',
  '',
  '\t// no link here',
  '\tWidgetOld featuregate.Feature = "WidgetOld"',
  ')',
);

/** kind's config loader shape (pkg/internal/apis/config/encoding/load.go). */
export const KIND_LOADER_GO = go(
  'package encoding',
  '',
  'func Parse(raw []byte) (*config.Cluster, error) {',
  '\tswitch tm.APIVersion {',
  '\tcase "kind.example.io/v1alpha9":',
  '\t\tif tm.Kind != "Cluster" {',
  '\t\t\treturn nil, errors.Errorf("unknown kind")',
  '\t\t}',
  '\t\tcfg := &v1alpha9.Cluster{}',
  '\t\treturn convert(cfg), nil',
  '\t}',
  '\treturn nil, errors.Errorf("unknown apiVersion")',
  '}',
);

/** A component config package (staging/src/k8s.io/kubelet/config/v1beta1 shape) using a component-base type. */
export const CONFIG_TYPES = go(
  'package v1beta1',
  '',
  'import logsapi "k8s.io/component-base/logs/api/v1"',
  '',
  '// WidgetletConfiguration configures the widgetlet.',
  'type WidgetletConfiguration struct {',
  '\tmetav1.TypeMeta `json:",inline"`',
  '\t// +optional',
  '\tLogging logsapi.LoggingConfiguration `json:"logging,omitempty"`',
  '}',
);

export const LOGS_TYPES = go(
  'package v1',
  '',
  'type LoggingConfiguration struct {',
  '\t// +featureGate=LoggingAlphaOptions',
  '\t// +optional',
  '\tOptions FormatOptions `json:"options,omitempty"`',
  '}',
  '',
  'type FormatOptions struct {',
  '\tJSON string `json:"json,omitempty"`',
  '}',
  '',
  'type Unused struct {',
  '\tX string `json:"x"`',
  '}',
);

/** An extension server's resource configuration (the apiextensions-apiserver / kube-aggregator shape). */
export const EXTENSION_SERVER = go(
  'package apiserver',
  '',
  'import (',
  '\tv1 "k8s.io/gadgets-apiserver/pkg/apis/gadgets/v1"',
  '\t"k8s.io/gadgets-apiserver/pkg/apis/gadgets/v1beta1"',
  ')',
  '',
  'func DefaultAPIResourceConfigSource() *serverstorage.ResourceConfig {',
  '\tret := serverstorage.NewResourceConfig()',
  '\tret.EnableVersions(',
  '\t\tv1beta1.SchemeGroupVersion,',
  '\t\tv1.SchemeGroupVersion,',
  '\t)',
  '\treturn ret',
  '}',
);

export function gadgetPackage(version: string): Record<string, string> {
  return {
    'register.go': go(`package ${version}`, '', 'const GroupName = "gadgets.example.io"', '', `var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "${version}"}`, '', 'func addKnownTypes(scheme *runtime.Scheme) error {', '\tscheme.AddKnownTypes(SchemeGroupVersion, &Gadget{}, &GadgetList{})', '\treturn nil', '}'),
    'types.go': go(`package ${version}`, '', '// +genclient', '// +genclient:nonNamespaced', '', '// Gadget is made up.', 'type Gadget struct {', '\tName string `json:"name"`', '}'),
    ...(version === 'v1beta1' ? { 'zz_generated.prerelease-lifecycle.go': go(`package ${version}`, '', 'func (in *Gadget) APILifecycleRemoved() (major, minor int) {', '\treturn 1, 22', '}') } : {}),
  };
}

/** The structured-merge-diff schema string, in the shape of client-go applyconfigurations/internal/internal.go. */
export const SMD_SCHEMA = 'types:\n- name: io.k8s.api.widgets.v1beta1.Widget\n  map:\n    fields:\n    - name: spec\n      type:\n        namedType: io.k8s.api.widgets.v1beta1.WidgetSpec\n- name: io.k8s.api.widgets.v1beta1.WidgetSpec\n  map:\n    fields:\n    - name: mode\n      type:\n        scalar: string\n';

export const SMD_GO = go('package internal', '', 'func Parser() *typed.Parser { return nil }', '', 'var schemaYAML = typed.YAMLObject(`' + SMD_SCHEMA + '`)');
