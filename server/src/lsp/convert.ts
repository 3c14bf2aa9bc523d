// Conversions between engine values and LSP values. Nothing here decides anything about Kubernetes.
import {
  CompletionItemKind,
  DiagnosticSeverity,
  DiagnosticTag,
  InsertTextFormat,
  InsertTextMode,
  MarkupKind,
  type CompletionItem,
  type Diagnostic,
  type DiagnosticRelatedInformation,
} from 'vscode-languageserver/node';
import { type CompletionEntry, expandDefaults, type Finding, type Severity, verdictOf, verdictSentence } from '../engine';
import { toUri } from './workspace';
import { DIAGNOSTIC_SOURCE } from '../contract/protocol';


const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The KEP link of a finding: `data.kepUrl`, else `data.kep` as a number, `{url}` or `{number}`; undefined when none. */
export function kepHref(data: Record<string, unknown> | undefined): string | undefined {
  if (typeof data?.kepUrl === 'string') return data.kepUrl;
  const kep = data?.kep;
  if (typeof kep === 'number') return `https://kep.k8s.io/${kep}`;
  if (typeof kep === 'string' && /^\d+$/.test(kep)) return `https://kep.k8s.io/${kep}`;
  if (kep && typeof kep === 'object') {
    const k = kep as { url?: unknown; number?: unknown };
    if (typeof k.url === 'string') return k.url;
    if (typeof k.number === 'number') return `https://kep.k8s.io/${k.number}`;
  }
  return undefined;
}

/** The diagnostic of a check that failed (an internal error, damaged data files): a file that could not be
 *  checked must not look clean. At the start of the file; the log has the stack. */
export function checkFailedDiagnostic(error: unknown): Diagnostic {
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 200);
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Warning,
    code: 'check-failed',
    source: DIAGNOSTIC_SOURCE,
    message: `Not checked: Kubegate failed on this file (${reason}). The Kubegate output has the details.`,
  };
}

export function toDiagnostic(f: Finding, docUri: string): Diagnostic {
  const d: Diagnostic = {
    range: f.range,
    severity: SEVERITY[f.severity],
    code: f.code,
    source: DIAGNOSTIC_SOURCE,
    message: f.message,
  };
  const href = kepHref(f.data);
  if (href) d.codeDescription = { href };
  if (f.code === 'redundant-gate') d.tags = [DiagnosticTag.Unnecessary];
  if (f.code === 'api-deprecated') d.tags = [DiagnosticTag.Deprecated];
  const related: DiagnosticRelatedInformation[] = [];
  // The detail and the fix of the short message, at the finding itself (VS Code lists them under the message).
  const here = { uri: docUri, range: f.range };
  if (f.detail) related.push({ location: here, message: f.detail });
  if (f.fix) related.push({ location: here, message: f.fix });
  const verdict = verdictSentence(f);
  if (verdict) related.push({ location: here, message: verdict });
  for (const e of f.related ?? []) {
    if (e.source.type !== 'file') continue;
    related.push({ location: { uri: e.source.file ? toUri(e.source.file) : docUri, range: e.source.range }, message: e.message });
  }
  if (related.length) d.relatedInformation = related;
  const v = verdictOf(f);
  d.data = { code: f.code, path: f.path, document: f.document, ...(v ? { pipelineStage: v.stage, verdict: v.verdict } : {}) };
  return d;
}

const ITEM_KIND: Record<CompletionEntry['kind'], CompletionItemKind> = {
  field: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  enum: CompletionItemKind.EnumMember,
  kind: CompletionItemKind.Class,
  apiVersion: CompletionItemKind.Module,
  gate: CompletionItemKind.Constant,
  snippet: CompletionItemKind.Snippet,
};

export function toCompletionItem(e: CompletionEntry, snippetSupport: boolean): CompletionItem {
  const useSnippet = !!e.snippet && snippetSupport;
  const newText = e.snippet && !snippetSupport ? expandDefaults(e.insertText) : e.insertText;
  const item: CompletionItem = {
    label: e.label,
    kind: ITEM_KIND[e.kind],
    detail: e.detail,
    textEdit: { range: e.range, newText },
    insertTextFormat: useSnippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    insertTextMode: InsertTextMode.asIs,
  };
  if (e.documentation) item.documentation = { kind: MarkupKind.Markdown, value: e.documentation };
  if (e.sortText) item.sortText = e.sortText;
  if (e.filterText) item.filterText = e.filterText;
  if (e.deprecated) item.tags = [1];
  if (e.labelDescription) item.labelDetails = { description: e.labelDescription };
  return item;
}
