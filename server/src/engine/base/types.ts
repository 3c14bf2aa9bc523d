// Plain data types shared by every part of the engine and by its front ends (CLI, language server, tests):
// positions, severities, evidence, document reports and the supported Kubernetes versions. Findings, typed by
// the code registry: ../codes/finding.ts. No LSP or VS Code import may appear in server/src/engine.

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

/** Where a fact about a gate's state comes from. */
type EvidenceSource =
  | { type: 'setting'; name: string } // editor setting or CLI flag, e.g. "--feature-gates"
  | { type: 'file'; file: string; range: Range; what: string } // a repo config (kind, kubeadm, kubelet, static Pod)
  | { type: 'cluster'; context: string; endpoint: string }
  | { type: 'default'; version: string }; // the gate is locked to its default in that Kubernetes version

export interface Evidence {
  source: EvidenceSource;
  /** One sentence a user can read, e.g. "kind.yaml sets DRAOptionalNodeOperations: true for every component". */
  message: string;
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

export const SUPPORTED_VERSIONS = ['1.34', '1.35', '1.36', '1.37'] as const;
export type KubeVersion = (typeof SUPPORTED_VERSIONS)[number];
export const DEFAULT_VERSION: KubeVersion = '1.37';
