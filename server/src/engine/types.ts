// Plain data types shared by every part of the engine and by its front ends
// (CLI, language server, tests). No LSP or VS Code import may appear in server/src/engine.

/** 0-based line and UTF-16 character offset, like LSP. */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** Every stable finding code. The README's table lists them with their default severity. */
export type FindingCode =
  | 'yaml-syntax'
  | 'unknown-field'
  | 'invalid-value'
  | 'missing-field'
  | 'unknown-kind'
  | 'api-not-served'
  | 'api-disabled-by-default'
  | 'api-deprecated'
  | 'api-warning'
  | 'yaml11-scalar'
  | 'value-not-recognised'
  | 'feature-gate'
  | 'field-not-in-version'
  | 'gate-dependency'
  | 'unknown-gate'
  | 'locked-gate'
  | 'redundant-gate'
  | 'version-mismatch'
  | 'file-too-large'
  | 'too-many-findings'
  | 'experimental-channel'
  | 'disable-comment'
  | 'template-not-checked';

/** Where a fact about a gate's state comes from. */
export type EvidenceSource =
  | { type: 'setting'; name: string } // editor setting or CLI flag, e.g. "--feature-gates"
  | { type: 'file'; file: string; range: Range; what: string } // a repo config (kind, kubeadm, kubelet, static Pod)
  | { type: 'cluster'; context: string; endpoint: string }
  | { type: 'default'; version: string }; // the gate is locked to its default in that Kubernetes version

export interface Evidence {
  source: EvidenceSource;
  /** One sentence a user can read, e.g. "kind.yaml sets DRAOptionalNodeOperations: true for every component". */
  message: string;
}

export interface Finding {
  code: FindingCode;
  severity: Severity;
  /** One short sentence, consequence first, no Markdown (≤ 120 characters for the common codes). */
  message: string;
  /** What to do, in one sentence (the CLI prints it on a second line; LSP: relatedInformation). */
  fix?: string;
  /** The longer explanation (components and their state, why), for relatedInformation, hover and explain. */
  detail?: string;
  /** Structural path as in ../shared/upstream: `spec.devices[].consumesCounters[].compatibilityGroups`,
   *  `.*` for a map value, `spec.tolerations[].operator=Gt` for a gated enum value, `(kind)` for a kind gate. */
  path?: string;
  /** Exact range of the key or value the finding is about. */
  range: Range;
  /** Index of the YAML document in the file (0-based), when the finding belongs to one. */
  document?: number;
  /** Machine-readable details (gate, stage, kep, did-you-mean, …); stable keys per code. */
  data?: Record<string, unknown>;
  /** Places that explain the finding (the config line that turns a gate off, …). */
  related?: Evidence[];
}

export interface DocumentReport {
  index: number;
  apiVersion?: string;
  kind?: string;
  checked: boolean;
  /** Why a document was not checked (template, CRD, unknown group, syntax error, …). */
  reason?: string;
  range: Range;
  /** Entries of a `v1` `List` or a typed list, each routed on its own (index = position in `items`). */
  items?: DocumentReport[];
}

export interface FileReport {
  documents: DocumentReport[];
  /** In document order, then by position. */
  findings: Finding[];
}

export const SUPPORTED_VERSIONS = ['1.34', '1.35', '1.36', '1.37'] as const;
export type KubeVersion = (typeof SUPPORTED_VERSIONS)[number];
export const DEFAULT_VERSION: KubeVersion = '1.37';
