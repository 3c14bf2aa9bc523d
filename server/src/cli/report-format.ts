// How `kubegate check` prints a FileReport: JSON (stable shape, 0-based positions) or text
// (`file:line:col severity code message`, 1-based for people).
import type { DocumentReport, FileReport, Finding } from '../engine/types';

export interface JsonDocument {
  index: number;
  apiVersion?: string;
  kind?: string;
  checked: boolean;
  reason?: string;
  items?: JsonDocument[];
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
  data?: Record<string, unknown>;
  related?: Finding['related'];
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
    ...(d.reason !== undefined ? { reason: d.reason } : {}),
    ...(d.items ? { items: d.items.map(jsonDocument) } : {}),
  };
}

export function jsonFinding(f: Finding): JsonFinding {
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
    ...(f.related !== undefined && f.related.length > 0 ? { related: f.related } : {}),
  };
}

export function jsonFile(path: string, report: FileReport): JsonFile {
  return { path, documents: report.documents.map(jsonDocument), findings: report.findings.map(jsonFinding) };
}

const COLORS: Record<string, string> = { error: '31', warning: '33', information: '36', hint: '90' };

function paint(text: string, code: string | undefined, color: boolean): string {
  return color && code ? `\u001b[${code}m${text}\u001b[0m` : text;
}

export function textFinding(path: string, f: Finding, color: boolean): string {
  const where = `${path}:${f.range.start.line + 1}:${f.range.start.character + 1}`;
  const lines = [`${where} ${paint(f.severity, COLORS[f.severity], color)} ${f.code} ${f.message}`];
  for (const r of f.related ?? []) lines.push(`    ${r.message}`);
  return lines.join('\n');
}

/** Documents (and List entries) that were not checked, with why, for the text output. */
export function notCheckedLines(path: string, report: FileReport): string[] {
  const out: string[] = [];
  const visit = (d: DocumentReport, label: string) => {
    if (!d.checked && d.reason) out.push(`${path}:${d.range.start.line + 1}:${d.range.start.character + 1} not checked (${label}): ${d.reason}`);
    d.items?.forEach((item) => visit(item, `${label}, item ${item.index + 1}`));
  };
  for (const d of report.documents) visit(d, `document ${d.index + 1}`);
  return out;
}
