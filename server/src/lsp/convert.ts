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
import { CODE_TABLE, codeDocsUrl, type CompletionEntry, type DiagnosticTagName, expandDefaults, type Finding, kepOf, type Severity, verdictOf, verdictSentence } from '../engine';
import { toUri } from './workspace';
import { DIAGNOSTIC_SOURCE } from '../contract/protocol';


const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

const TAG: Record<DiagnosticTagName, DiagnosticTag> = { unnecessary: DiagnosticTag.Unnecessary, deprecated: DiagnosticTag.Deprecated };

export function toDiagnostic(f: Finding, docUri: string): Diagnostic {
  const d: Diagnostic = {
    range: f.range,
    severity: SEVERITY[f.severity],
    code: f.code,
    source: DIAGNOSTIC_SOURCE,
    message: f.message,
  };
  // The KEP of a gate finding, else the code's own README anchor (the registry, engine/codes.ts).
  d.codeDescription = { href: kepOf(f)?.url ?? codeDocsUrl(f.code) };
  const tags = CODE_TABLE[f.code].tags;
  if (tags?.length) d.tags = tags.map((t) => TAG[t]);
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
