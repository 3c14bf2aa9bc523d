// Kubegate's custom LSP messages (beyond the standard protocol), shared by the server and the VS Code client.
// Method names, plain JSON shapes and typed message declarations (vscode-jsonrpc's RequestType, which both
// sides already use); no import of the engine or anything that runs, so the client pulls in no server code. Positions are LSP positions
// (0-based line, UTF-16 character); URIs are strings.

import { NotificationType, RequestType } from 'vscode-jsonrpc';

export interface LspPosition {
  line: number;
  character: number;
}
export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}
export interface LspLocation {
  uri: string;
  range: LspRange;
}

// ---------------------------------------------------------------- initialize: initializationOptions

/** What a client may send as `initializationOptions` (every field optional; other editors send nothing). */
export interface InitializationOptions {
  /** False: the server reads no kubeconfig and contacts no cluster, whatever the settings say. */
  workspaceTrusted?: boolean;
  /** True: files live in a virtual file system; the server reads open documents only, never the disk. */
  virtualWorkspace?: boolean;
  /** Client command that changes a setting (arguments: key, value, document URI): a gate name and a boolean set
   *  kubegate.featureGates[gate] = value; `kubernetesVersion` and a version string set kubegate.kubernetesVersion.
   *  When given, the quick fixes that change a setting ("enable in settings", "set the target version") are
   *  offered with it. */
  settingCommand?: string;
  /** Files longer than this many characters get YAML syntax checks only (default 5,000,000). */
  maxFileChars?: number;
  /** Files of this many characters or more are checked in the server's check thread, off the path of edits and
   *  requests (default 500,000). */
  backgroundCheckChars?: number;
  /** Who is asking, for the server log. */
  client?: string;
  /** False: the client brings its own snippets (e.g. a snippets file), so the server offers no snippet
   *  completions; default true. The VS Code extension uses the server's (they are offered only where a whole
   *  document fits). */
  serverSnippets?: boolean;
  /** True: Red Hat's YAML extension is installed with its validation on, so it reports YAML syntax errors; the
   *  server then leaves the plain ones (what the YAML parser refuses) out of its diagnostics, so that none is
   *  shown twice. The client says when this changes with kubegate/yamlExtension. The CLI always reports them. */
  yamlExtensionActive?: boolean;
}

// ---------------------------------------------------------------- kubegate/yamlExtension (client → server notification)

export const YAML_EXTENSION_NOTIFICATION = 'kubegate/yamlExtension';

export interface YamlExtensionParams {
  /** As InitializationOptions.yamlExtensionActive. */
  active: boolean;
}

// ---------------------------------------------------------------- kubegate/status (server → client notification)

/** The `source` of every diagnostic the server publishes; code actions act only on these. */
export const DIAGNOSTIC_SOURCE = 'kubegate';

export const STATUS_NOTIFICATION = 'kubegate/status';

export type ClusterState = 'disabled' | 'reading' | 'connected' | 'unreachable';

export interface ClusterStatus {
  state: ClusterState;
  context?: string;
  /** API server URL (never credentials). */
  server?: string;
  /** e.g. "v1.37.2" */
  gitVersion?: string;
  /** Number of API server gates read from metrics, when connected. */
  gatesRead?: number;
  notes: string[];
}

/** Where gate states come from for the workspace, strongest first. */
export interface GateSourceStatus {
  kind: 'setting' | 'cluster' | 'config';
  /** The setting name, the kubeconfig context, or the config file URI. */
  name: string;
  /** Gates this source sets (name → value). */
  gates: Record<string, boolean>;
}

export interface StatusParams {
  /** Version the workspace targets (settings, or the cluster's when `kubernetesVersion` is "cluster"). */
  kubernetesVersion: string;
  versionSource: 'setting' | 'cluster' | 'default';
  gateSources: GateSourceStatus[];
  cluster: ClusterStatus;
  /** Problems with the settings and other notes to show once. */
  notes: string[];
  /** Settings that cannot be used as given (e.g. an invalid glob in kubegate.files): the client shows them in the
   *  status item and once as a notification. Absent or empty: none. */
  settingErrors?: string[];
  /** Per open document: the configs that govern it (URIs, a subset of the `config` gate sources) and its target
   *  version when the server knows it (its version comment, else the workspace's). A client shows the entry of
   *  the active editor; documents without an entry (or older servers) get the workspace-wide line. */
  documents?: DocumentStatus[];
}

export interface DocumentStatus {
  uri: string;
  /** URIs of the repo configs that govern the document (kind, kubeadm, kubelet configs), strongest first. */
  configs: string[];
  kubernetesVersion?: string;
  /** YAML documents of the file not checked because they are Go/Helm templates (`{{ … }}`), from its last check;
   *  absent when none (a client says so beside the version, so that "not checked" never looks like "fine"). */
  templates?: number;
  /** What the file was taken for, from its last check, when it is not plain Kubernetes objects (a chart's file, a
   *  kustomization, a component config, …): in words, and whether any of it is checked as objects. */
  taken?: { what: string; checked: boolean; chart?: { name: string; templates?: number } };
}

// ---------------------------------------------------------------- kubegate/gateReport (client → server request)

export const GATE_REPORT_REQUEST = 'kubegate/gateReport';

export interface GateReportParams {
  /** Limit the report to these documents; default: every document the server knows (open + workspace YAML). */
  uris?: string[];
}

export interface GateReportEntry {
  gate: string;
  stage?: string;
  default?: boolean | null;
  kep?: { number: number; title: string; url: string };
  components: string[];
  /** Where the workspace uses a field, value or kind that needs the gate. */
  usedAt: (LspLocation & { path: string })[];
  /** Where the gate is set, with its value. */
  setAt: { source: string; value: boolean | undefined; location?: LspLocation }[];
  /** Summary state for the uses: on / off / unknown / mixed. */
  state: 'on' | 'off' | 'unknown' | 'mixed';
  /** True when the gate is locked to its default in the version (GA or deprecated and locked): nobody can
   *  change it, so `state` is its default. */
  locked?: boolean;
  /** The state per component the uses need (over every use; `mixed` when uses disagree), with the sources
   *  that say so. Explains a `mixed` summary. */
  componentStates?: { component: string; state: 'on' | 'off' | 'unknown' | 'mixed'; sources: string[] }[];
  /** Gates the workspace uses that need this one (curated dependencies); with no `usedAt` of its own when only
   *  they need it. */
  neededBy?: string[];
}

export interface GateReportResult {
  kubernetesVersion: string;
  gates: GateReportEntry[];
  /** The same report per governing config scope (the documents one set of cluster configs governs: one cluster),
   *  gates that need action first (off, mixed, or not set and off by default). Present when the documents fall
   *  under more than one scope; a client shows one section per scope. */
  scopes?: GateReportScope[];
}

export interface GateReportScope {
  /** URIs of the configs that govern the scope's documents (empty: no cluster config, settings and defaults). */
  configs: string[];
  /** e.g. `kind-config.yaml`, `kubeadm-config.yaml + kubelet.yaml`, `no cluster config`. */
  label: string;
  gates: GateReportEntry[];
}

// ---------------------------------------------------------------- kubegate/explain (client → server request)

export const EXPLAIN_REQUEST = 'kubegate/explain';

export interface ExplainParams {
  textDocument: { uri: string };
  position: LspPosition;
}

/** The hover view of the position, as Markdown; null when there is nothing to explain there. */
export type ExplainResult = { markdown: string } | null;

// ---------------------------------------------------------------- kubegate/refreshCluster (client → server request)

export const REFRESH_CLUSTER_REQUEST = 'kubegate/refreshCluster';

export type RefreshClusterParams = Record<string, never>;

/** The cluster state after a new read; `state: "disabled"` when kubegate.cluster.enabled is off. */
export type RefreshClusterResult = ClusterStatus;

// ---------------------------------------------------------------- kubegate/kindConfigForWorkspace (client → server)

export const KIND_CONFIG_REQUEST = 'kubegate/kindConfigForWorkspace';

export interface KindConfigParams {
  /** Limit to the gates these documents need; default: every document the server knows. */
  uris?: string[];
}

export interface KindConfigResult {
  /** A complete kind `Cluster` document (YAML text) whose featureGates turn on every needed gate. */
  text: string;
  /** The gates it enables, sorted. */
  gates: string[];
}

// ---------------------------------------------------------------- kubegate/schema (client → server request)

export const SCHEMA_REQUEST = 'kubegate/schema';

/** A document (its kinds, its version comment or the settings' version, the gates on for it: settings, cluster,
 *  repo configs and its own config documents), or apiVersion + kind (settings' version and gates). */
export interface SchemaParams {
  textDocument?: { uri: string };
  apiVersion?: string;
  kind?: string;
  /** Closed objects, and no field, enum value or kind whose gate is off (default false: they stay, annotated). */
  strict?: boolean;
  /** With textDocument: the schema to contribute to another YAML language server (Red Hat's YAML extension).
   *  null unless Kubegate checks a built-in kind of the document with its full rules (none for a kustomize patch
   *  or base, a fragment, a kustomization, a Helm template); no gate sentences, no key proposals (Kubegate's
   *  hover and completion give them); `name` and a `title` in the schema. `strict` is ignored. */
  contribute?: boolean;
}

/** A JSON Schema (draft-07): for a document, one that routes each document of the file on apiVersion and kind;
 *  null when the version does not serve apiVersion + kind (or the document cannot be read). `name` (for
 *  `contribute`): a file name for the schema URI, e.g. `pod-v1.json`. */
export type SchemaResult = { kubernetesVersion: string; schema: Record<string, unknown>; name?: string } | null;

// ---------------------------------------------------------------- kubegate/workspaceStats (client → server)

export const WORKSPACE_STATS_REQUEST = 'kubegate/workspaceStats';

/** Counters of the server's workspace index since it started: how much disk and parsing work was done
 *  (a keystroke in one document should add none of it for its siblings). For tests and bug reports. */
export interface WorkspaceStatsResult {
  /** Files read from disk (open buffers are not counted). */
  diskReads: number;
  /** Folder listings read from disk. */
  listings: number;
  /** Files parsed for gate configs. */
  configParses: number;
  /** Walks of open documents (a whole text or one YAML document of it): a change of gate state elsewhere adds
   *  none, the gate step alone runs again. */
  walks: number;
  /** Characters of disk text the index holds now (small files only: a large one is read again when needed). */
  keptTextChars: number;
  /** Disk files not read because, links followed, they lie outside their workspace folder. */
  refusedOutside?: number;
  /** Checks of large documents the check thread finished, those a newer version cancelled, and the YAML documents
   *  the thread walked for them (an edit walks again only the documents that changed). */
  threadChecks: { done: number; cancelled: number; walks: number };
}

// ---------------------------------------------------------------- typed declarations (one per method)
// Both sides use these: the server registers handlers with them and the client sends with them, so a change
// of a parameter or result type shows on both sides at compile time.

export const StatusNotification = new NotificationType<StatusParams>(STATUS_NOTIFICATION);
export const YamlExtensionNotification = new NotificationType<YamlExtensionParams>(YAML_EXTENSION_NOTIFICATION);
export const GateReportRequest = new RequestType<GateReportParams | undefined, GateReportResult, void>(GATE_REPORT_REQUEST);
export const ExplainRequest = new RequestType<ExplainParams, ExplainResult, void>(EXPLAIN_REQUEST);
export const RefreshClusterRequest = new RequestType<RefreshClusterParams | undefined, RefreshClusterResult, void>(REFRESH_CLUSTER_REQUEST);
export const KindConfigRequest = new RequestType<KindConfigParams | undefined, KindConfigResult, void>(KIND_CONFIG_REQUEST);
export const SchemaRequest = new RequestType<SchemaParams | undefined, SchemaResult, void>(SCHEMA_REQUEST);
export const WorkspaceStatsRequest = new RequestType<Record<string, never> | undefined, WorkspaceStatsResult, void>(WORKSPACE_STATS_REQUEST);

/** Every custom method, for documentation and tests. */
export const CUSTOM_METHODS = {
  [WORKSPACE_STATS_REQUEST]: 'request: disk reads, folder listings and config parses of the workspace index so far',
  [STATUS_NOTIFICATION]: 'notification (server → client): target version, gate sources in use, cluster state',
  [GATE_REPORT_REQUEST]: 'request: gates the workspace needs, with stage, default, where used and where set',
  [EXPLAIN_REQUEST]: 'request: the explanation (hover view) of a position, as Markdown',
  [REFRESH_CLUSTER_REQUEST]: 'request: read the cluster again; answers the new cluster state',
  [KIND_CONFIG_REQUEST]: 'request: a kind Cluster config enabling every gate the workspace needs',
  [SCHEMA_REQUEST]: 'request: the gate-aware JSON Schema of a document (or of apiVersion + kind)',
  [YAML_EXTENSION_NOTIFICATION]: "notification (client → server): whether Red Hat's YAML extension reports YAML syntax errors",
} as const;
