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

/**
 * What a document was taken for, decided before any rule runs (engine/route/analyze-document.ts), the same in the
 * CLI and the editor. Only `checked` is judged as an object; the rest say why not:
 *   `template`       Go/Helm template text, or a template of another tool (`${VAR}` placeholders shaping YAML);
 *   `fragment`       no apiVersion and kind and not refused for it (values, a snippet, a kustomize patch);
 *   `type-meta`      an object without a string apiVersion or kind: refused by a finding;
 *   `syntax-error`, `unknown-kind`, `not-served`: a finding says why;
 *   `not-read`       beyond what the engine reads (template cap, nesting depth);
 *   `too-large`      the file is larger than the editor's size limit;
 *   `no-schema`      an API Kubegate has no schema for (a custom resource without its CRD, an unknown group);
 *   `kustomization`  a kustomize input (Kustomization, Component): a tool's file, not an object to apply;
 *   `chart-file`     a Helm chart's metadata or values (Chart.yaml, values*.yaml);
 *   `not-kubernetes` no Kubernetes object (a golden file or a tool's config that merely has a `kind` key);
 *   `empty`          a null List entry.
 */
export type DocumentStatus =
  | 'checked'
  | 'template'
  | 'fragment'
  | 'type-meta'
  | 'syntax-error'
  | 'unknown-kind'
  | 'not-served'
  | 'not-read'
  | 'too-large'
  | 'no-schema'
  | 'kustomization'
  | 'chart-file'
  | 'not-kubernetes'
  | 'empty';

/** Where a file stands, from its path and the folders around it (engine/check/place.ts). */
export interface ChartRef {
  /** The chart's `name` in its Chart.yaml (else its folder's name). */
  name: string;
  /** The chart's folder. */
  dir: string;
  /** Manifest templates in its `templates/` folder (YAML and JSON files, `_*` helpers left out; counted up to
   *  MAX_CHART_TEMPLATES), when the project counted them. */
  templates?: number;
}

export type FilePlace =
  | { as: 'chart-template' | 'chart-metadata' | 'chart-values'; chart: ChartRef }
  | { as: 'kustomization' }
  | { as: 'kustomize-unused'; kustomization: string };

/** What a file was taken for, on its report: decided once from its place and its documents' statuses. */
export type FileClass =
  | 'manifest'
  | 'kustomize-resource'
  | 'kustomize-patch'
  | 'kustomize-unused'
  | 'kustomization'
  | 'chart-template'
  | 'chart-metadata'
  | 'chart-values'
  | 'template'
  | 'component-config'
  | 'not-kubernetes';

export interface FileTaken {
  as: FileClass;
  /** For a chart's file, the chart. */
  chart?: ChartRef;
  /** For a kustomize file, the kustomization that names it (or, unused, the one owning its folder). */
  kustomization?: string;
}

export interface DocumentReport {
  index: number;
  apiVersion?: string;
  kind?: string;
  checked: boolean;
  /** What the document was taken for (`checked` exactly when `checked` is true). */
  status: DocumentStatus;
  /** A component's config (kind, kubeadm, kubelet, …), checked as a config. */
  config?: true;
  /** Why a document was not checked, in words for people (template, CRD, unknown group, syntax error, …). */
  reason?: string;
  range: Range;
  /** Entries of a `v1` `List` or a typed list, each routed on its own (index = position in `items`). */
  items?: DocumentReport[];
  /** A document of a kustomize patch that sets every field its kind requires in its first two levels: checked as a
   *  whole object, nothing it leaves out excused (kustomize/apply.ts). */
  wholeObject?: true;
}

export const SUPPORTED_VERSIONS = ['1.34', '1.35', '1.36', '1.37'] as const;
export type KubeVersion = (typeof SUPPORTED_VERSIONS)[number];
export const DEFAULT_VERSION: KubeVersion = '1.37';
