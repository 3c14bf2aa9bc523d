// Findings: one per stable code, its `data` typed per code (./finding-data.ts `FindingData`), and the report
// of a checked file. Shared by every part of the engine and by its front ends.
import type { FindingData } from './finding-data';
import type { RuleData } from './rule-data';
import type { DocumentReport, Evidence, FileTaken, Range, Severity } from '../base/types';

/** Every stable finding code: the keys of `FindingData` (finding-data.ts; one registry entry each). */
export type FindingCode = keyof FindingData;

/** A finding of one code, its `data` typed per code (finding-data.ts). */
export interface FindingOf<C extends FindingCode> {
  code: C;
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
  /** Machine-readable details (gate, stage, kep, did-you-mean, …); stable keys per code (finding-data.ts FindingData). */
  data?: FindingData[C];
  /** Places that explain the finding (the config line that turns a gate off, …). */
  related?: Evidence[];
}

/** Any finding: a union discriminated by `code` (narrow on `code` to read typed `data`). */
export type Finding = { [C in FindingCode]: FindingOf<C> }[FindingCode];

export interface FileReport {
  /** What the file was taken for (check/place.ts takenOf); absent on a report made without a check (too large). */
  taken?: FileTaken;
  documents: DocumentReport[];
  /** In document order, then by position. */
  findings: Finding[];
  /** What was not reported on purpose, counted (present when any): nothing is silenced without a count. */
  silenced?: Silenced;
}

/** Findings left out of a report on purpose, and how a file was read. */
export interface Silenced {
  /** Findings dropped by `# kubegate-disable…` comments (a blanket `kubegate-disable-file` too). */
  disableComments?: number;
  /** Findings dropped by configuration (a severity override `off`). */
  configuration?: number;
  /** The file is read as a kustomize patch: its documents are fragments, not refused for a missing apiVersion/kind. */
  readAsPatch?: true;
  /** Of a patch, documents written as whole objects and checked as such (nothing they leave out excused). */
  patchesCheckedWhole?: number;
}

/** The rule keys of a finding's data (source, server field path, gate condition, whole-object judgement): present
 *  on the codes declarative and hand-written rules report (rule-data.ts RuleData), undefined for the others. */
export function ruleDataOf(f: Finding): RuleData | undefined {
  switch (f.code) {
    case 'invalid-value':
    case 'missing-field':
    case 'api-warning':
      return f.data;
    default:
      return undefined;
  }
}
