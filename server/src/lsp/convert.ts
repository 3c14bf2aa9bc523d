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

/** Where a finding sits: findings with the same start share one key (VS Code shows them in one hover). */
const keyOf = (f: Finding): string => `${f.range.start.line}:${f.range.start.character}`;

/**
 * The diagnostics of a file's findings. VS Code's hover lists every diagnostic under the cursor, each with its
 * related lines, above Kubegate's own view, which leads with gate · stage · state · KEP. Where a gate problem (one
 * with a KEP) shares its key with other problems (a gated field whose gate needs another, two gates of one field),
 * each of them therefore keeps its message, its link (the KEP, else the code's page) and its fix, but not the
 * detail, the verdict and the evidence: the hover below states those (state per component with what sets it,
 * what happens while the gate is off), and the KEP line stays within a few lines however many problems share the
 * key. A problem alone on its key, and keys without a gate problem (several missing fields), keep everything.
 */
export function toDiagnostics(findings: readonly Finding[], docUri: string): Diagnostic[] {
  const perKey = new Map<string, { count: number; gate: boolean }>();
  for (const f of findings) {
    const k = perKey.get(keyOf(f)) ?? { count: 0, gate: false };
    k.count++;
    k.gate ||= kepOf(f) !== undefined;
    perKey.set(keyOf(f), k);
  }
  return findings.map((f) => {
    const k = perKey.get(keyOf(f))!;
    return toDiagnostic(f, docUri, { atHover: k.count > 1 && k.gate });
  });
}

/** One diagnostic. `atHover`: the detail, verdict and evidence are left to the hover (toDiagnostics). */
export function toDiagnostic(f: Finding, docUri: string, options: { atHover?: boolean } = {}): Diagnostic {
  const d: Diagnostic = {
    range: f.range,
    severity: SEVERITY[f.severity],
    code: f.code,
    source: DIAGNOSTIC_SOURCE,
    message: f.message,
  };
  // The KEP of a gate finding, else the code's own README anchor (the registry, engine/codes/registry.ts).
  d.codeDescription = { href: kepOf(f)?.url ?? codeDocsUrl(f.code) };
  const tags = CODE_TABLE[f.code].tags;
  if (tags?.length) d.tags = tags.map((t) => TAG[t]);
  const related: DiagnosticRelatedInformation[] = [];
  // The detail and the fix of the short message, at the finding itself (VS Code lists them under the message);
  // where the hover states the detail, only the fix (toDiagnostics).
  const here = { uri: docUri, range: f.range };
  if (f.detail && !options.atHover) related.push({ location: here, message: f.detail });
  if (f.fix) related.push({ location: here, message: f.fix });
  const verdict = options.atHover ? undefined : verdictSentence(f);
  if (verdict) related.push({ location: here, message: verdict });
  for (const e of options.atHover ? [] : f.related ?? []) {
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
