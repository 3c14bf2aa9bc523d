// Inputs and outputs of completion. The caller passes the knowledge it loaded (no module state here).
import type { GateCatalog, VersionData } from '../knowledge/data-contract';
import type { KubeVersion, Range } from '../base/types';

/** A snippet usable as a completion (the same set as snippets/*.code-snippets). */
export interface SnippetDef {
  name: string;
  prefix: string;
  /** VS Code / LSP snippet syntax (`${1:default}`, `$0`), lines joined with \n. */
  body: string;
  description?: string;
}

export interface CompletionInputs {
  version: KubeVersion;
  data: VersionData;
  /** The data for a document of this apiVersion (undefined: any), when custom resources are known: replaces
   *  `data` once the cursor's document is known. */
  dataFor?: (apiVersion: string | undefined) => VersionData;
  gates: GateCatalog;
  /** Whole-document snippets offered in an empty YAML document. */
  snippets?: SnippetDef[];
  /** Current state of a gate for the file (for details such as "· off"); optional. */
  gateState?: (gate: string) => 'on' | 'off' | 'unknown';
}

type CompletionEntryKind = 'field' | 'value' | 'enum' | 'kind' | 'apiVersion' | 'gate' | 'snippet';

export interface CompletionEntry {
  label: string;
  kind: CompletionEntryKind;
  /** Short line: type, stage and gate. */
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** Text replacing `range`; in snippet syntax when `snippet` is set. */
  insertText: string;
  snippet?: boolean;
  range: Range;
  /** Sorts before others of the same list when smaller. */
  sortText?: string;
  filterText?: string;
  deprecated?: boolean;
  /** Shown beside the label (LSP labelDetails.description): stage and state of a gated field, e.g. "Alpha · off". */
  labelDescription?: string;
}
