// Our FileReport in the corpus vocabulary of ../shared/corpus/README.md:
//   code:path (unknown-field, invalid-value, missing-field), code:apiVersion/kind (unknown-kind,
//   api-not-served, api-disabled-by-default), feature-gate:<Gate>:<path>, unknown-gate:<Name>,
//   locked-gate:<Name>, yaml-syntax, and not-checked for every document (or List entry) not checked.
import type { DocumentReport, DocumentCheckStatus as DocumentStatus, Severity, FileReport, Finding } from '../../server/src/engine';
import { dataOf } from '../support/finding-data';

export interface VocabEntry {
  key: string;
  code: string;
  severity: Severity | 'not-checked';
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function findingKey(f: Finding): string {
  switch (f.code) {
    case 'yaml-syntax':
      return 'yaml-syntax';
    case 'feature-gate': {
      const gate = str(f.data?.['tag']) ?? str(f.data?.['gate']) ?? '?';
      return `feature-gate:${gate}:${f.path ?? ''}`;
    }
    case 'unknown-gate':
    case 'locked-gate':
    case 'redundant-gate':
      return `${f.code}:${f.data?.gate ?? f.path ?? ''}`;
    default:
      return f.path === undefined ? f.code : `${f.code}:${f.path}`;
  }
}

/** Statuses of documents not checked because a finding of their own says why (that finding is compared instead). */
const EXPLAINED_BY_FINDING: ReadonlySet<DocumentStatus> = new Set(['syntax-error', 'unknown-kind', 'not-served']);

function notCheckedReports(reports: readonly DocumentReport[]): DocumentReport[] {
  const out: DocumentReport[] = [];
  for (const r of reports) {
    // Corpus rule 3: a document without a string apiVersion and kind is `not-checked` (Kubegate refuses it as kubectl
    // does where it is not a fragment; that finding is beyond the corpus rules).
    if (!r.checked && !EXPLAINED_BY_FINDING.has(r.status)) out.push(r);
    if (r.items) out.push(...notCheckedReports(r.items));
  }
  return out;
}

/**
 * Findings from facts the corpus rules leave out on purpose (its README, "Limits of the rules"): fields the API
 * server drops without a marker (drop-gated-fields.tsv), runtime-config entries naming a group-version that is
 * never served, and declarative validation rules (formats, ranges, uniqueness, unions). They are not compared with
 * MANIFEST.tsv; the corpus tests list them instead.
 */
export function beyondCorpusRules(f: Finding): boolean {
  return dataOf(f, 'feature-gate')?.dropped === true || dataOf(f, 'api-not-served')?.runtimeConfig === true || typeof f.data?.rule === 'string';
}

export function vocabulary(report: FileReport): VocabEntry[] {
  const out: VocabEntry[] = report.findings
    .filter((f) => !beyondCorpusRules(f))
    .map((f) => ({ key: findingKey(f), code: f.code, severity: f.severity }));
  for (const _ of notCheckedReports(report.documents)) {
    out.push({ key: 'not-checked', code: 'not-checked', severity: 'not-checked' });
  }
  return out;
}

export function codeOfKey(key: string): string {
  const colon = key.indexOf(':');
  return colon < 0 ? key : key.slice(0, colon);
}
