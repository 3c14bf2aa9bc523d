// Data passed between the engine's stages: parse → route → walk (validate) → gate check → fixes.
// Each stage is a plain function over these values; data flows one way.
import type { Document, LineCounter } from 'yaml';
import type { Evidence, DocumentReport, Range } from '../base/types';
import type { Finding } from '../codes/finding';

/** Why a document is listed without being read: after a file's many template documents, or after its node budget
 *  ran out (parse/parseFile.ts). */
export type UnreadCause = { rule: 'template-documents'; templateDocuments: number } | { rule: 'node-budget'; nodes: number };

/** One YAML document of a file, as parsed by the `yaml` package (YAML 1.2 core, default limits). */
export interface ParsedDocument {
  index: number;
  /** The parsed document; null when the document is empty (only comments or a stray `---`). */
  doc: Document.Parsed | null;
  range: Range;
  /** Character offsets of the document in the file. */
  start: number;
  end: number;
  /** A Go/Helm template: `{{` in a key or plain scalar, or `{{` in a document that does not parse. */
  templated: boolean;
  /** Parse errors (duplicate keys and alias-limit errors included); non-empty means yaml-syntax. */
  errors: { message: string; range: Range }[];
  /** Not parsed: the file has more than `templateDocuments` documents with template markers before it
   *  (parse/parseFile.ts MAX_TEMPLATE_DOCUMENTS); `first` on the first such document, `remaining` of them. */
  unread?: { first: boolean; remaining: number } & UnreadCause;
  /** Not composed: the document nests deeper than `limit` levels of collections, first at `range`
   *  (parse/nesting.ts MAX_NESTING). */
  tooDeep?: { limit: number; range: Range };
}

export interface ParsedFile {
  text: string;
  lineCounter: LineCounter;
  documents: ParsedDocument[];
}

/** A present field, enum value or kind that the gated-field data ties to a gate. */
export interface GatedUse {
  /** The registered gate (aliases resolved). */
  gate: string;
  /** The name the upstream tag uses when it differs (e.g. PodCertificateProjection). */
  tag?: string;
  via: 'field' | 'enum-value' | 'kind';
  path: string;
  value?: string;
  range: Range;
  document: number;
  apiVersion: string;
  kind: string;
  /** Set when met inside a component config document: only that component needs the gate. */
  component?: string;
  /** The API server drops the field while the gate is off although upstream carries no marker for it. */
  dropped?: true;
  /** The key and its value (a field use): what the drop stage removes while the gate is off. */
  extent?: Range;
  /** Met inside a component config document (kubelet, kind, kubeadm, …): the component reads it, not the API server. */
  config?: true;
}

/** A gate set in a config (kind Cluster featureGates, kubeadm extraArgs feature-gates, KubeletConfiguration
 *  or KubeProxyConfiguration featureGates, a control-plane static Pod's --feature-gates flag). */
export interface GateSetting {
  gate: string;
  /** Parsed like Go's strconv.ParseBool; undefined when the raw value is not a boolean. */
  value: boolean | undefined;
  raw: string;
  /** Components this setting applies to; 'all' for kind Cluster featureGates and explicit settings. */
  components: string[] | 'all';
  origin: 'kind' | 'kubeadm' | 'kubelet' | 'kube-proxy' | 'static-pod' | 'setting' | 'cluster';
  /** Range of the gate name (for findings and quick-fixes). */
  range: Range;
  valueRange?: Range;
  document: number;
  file?: string;
}

/** `--runtime-config` style API enablement (`resource.k8s.io/v1beta2=true`, `api/alpha`, …). */
export interface RuntimeConfigEntry {
  key: string;
  value: boolean;
  /** 'kubeadm': an `apiServer.extraArgs` `runtime-config` (kubeadm file or kind kubeadmConfigPatches). */
  origin: 'kind' | 'kubeadm' | 'setting' | 'cluster';
  file?: string;
  range?: Range;
}

/** The result of walking one routed document. */
export interface DocumentAnalysis {
  report: DocumentReport;
  findings: Finding[];
  gatedUses: GatedUse[];
  gateSettings: GateSetting[];
  runtimeConfig: RuntimeConfigEntry[];
  /** Kubernetes version a config names (kubeadm kubernetesVersion, kind node image tag). */
  namedVersions: { version: string; range: Range; what: string; node?: number }[];
}

export type GateState = 'on' | 'off' | 'unknown';

/** What is known about where gates are on, with evidence. Built by engine/gates from settings, the cluster
 *  and repo configs; the file's own config documents are added on top by the engine for each check. */
export interface GateEnvironment {
  stateOf(gate: string, component: string): { state: GateState; evidence: Evidence[] };
  /** Whether a runtime-config source enables the alpha/beta API version; undefined = unknown. */
  apiEnabled(apiVersion: string): { enabled: boolean; evidence: Evidence[] } | undefined;
  /** Notes to show once (cluster unreachable, conflicting sources, …). */
  notes: string[];
}
