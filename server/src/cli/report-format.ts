// The JSON shape of a FileReport in `kubegate check --format json` (stable keys, 0-based positions); the
// writers under format/ print it (and the text, SARIF and GitHub forms).
import { verdictSentence, type DocumentReport, type FileReport, type Finding } from '../engine';
import type { FileFix } from './check-file';

export interface JsonDocument {
  index: number;
  apiVersion?: string;
  kind?: string;
  checked: boolean;
  /** What an unchecked document was taken for (engine DocumentReport.status). */
  status?: string;
  reason?: string;
  items?: JsonDocument[];
  /** A kustomize patch document written as a whole object and checked as one (engine DocumentReport.wholeObject). */
  wholeObject?: true;
}

export interface JsonFinding {
  code: string;
  severity: string;
  message: string;
  fix?: string;
  detail?: string;
  path?: string;
  range: Finding['range'];
  document?: number;
  /** The finding's data: keys per code (engine codes/finding-data.ts FindingData). */
  data?: Finding['data'];
  /** What kube-apiserver (or the component) does, in words; `data.pipelineStage` and `data.verdict` carry it as codes. */
  verdict?: string;
  related?: Finding['related'];
  /** Fixes that edit only this file: the preferred one first, disable comments last (`kubegate check --fix`
   *  applies the preferred one when it is no disable comment). */
  fixes?: FileFix[];
}

export interface JsonFile {
  path: string;
  documents: JsonDocument[];
  findings: JsonFinding[];
  /** Set when the file could not be read. */
  error?: string;
}

export function jsonDocument(d: DocumentReport): JsonDocument {
  return {
    index: d.index,
    ...(d.apiVersion !== undefined ? { apiVersion: d.apiVersion } : {}),
    ...(d.kind !== undefined ? { kind: d.kind } : {}),
    checked: d.checked,
    ...(d.checked ? {} : { status: d.status }),
    ...(d.reason !== undefined ? { reason: d.reason } : {}),
    ...(d.items ? { items: d.items.map(jsonDocument) } : {}),
    ...(d.wholeObject ? { wholeObject: true as const } : {}),
  };
}

export function jsonFinding(f: Finding, fixes?: readonly FileFix[]): JsonFinding {
  return {
    code: f.code,
    severity: f.severity,
    message: f.message,
    ...(f.path !== undefined ? { path: f.path } : {}),
    ...(f.fix !== undefined ? { fix: f.fix } : {}),
    ...(f.detail !== undefined ? { detail: f.detail } : {}),
    range: f.range,
    ...(f.document !== undefined ? { document: f.document } : {}),
    ...(f.data !== undefined ? { data: f.data } : {}),
    ...(verdictSentence(f) !== undefined ? { verdict: verdictSentence(f) } : {}),
    ...(f.related !== undefined && f.related.length > 0 ? { related: f.related } : {}),
    ...(fixes && fixes.length > 0 ? { fixes: [...fixes] } : {}),
  };
}

export function jsonFile(path: string, report: FileReport): JsonFile {
  return { path, documents: report.documents.map(jsonDocument), findings: report.findings.map((f) => jsonFinding(f)) };
}
