// Code actions: the engine's quick fixes (engine/fixes) for the diagnostics in the request, turned into
// LSP WorkspaceEdits. Fixes that change a setting become a client command when the client offers one.
import { lstatSync } from 'node:fs';
import * as path from 'node:path';
import {
  readGateConfigsFromText,
  type Fix,
  type FileReport,
  type Finding,
  type OpenDocument,
  sameRange,
} from '../engine';
import {
  CodeActionKind,
  type CodeAction,
  type Diagnostic,
  type TextDocumentEdit,
  type CreateFile as LspCreateFile,
  type TextEdit as LspTextEdit,
  type WorkspaceEdit,
  type TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentContext } from './document-context';
import { DIAGNOSTIC_SOURCE } from '../contract/protocol';
import { toUri, type WorkspaceFiles } from './workspace';

export interface ActionOptions {
  /** Client command that changes a setting (arguments: key, value, URI; see InitializationOptions.settingCommand). */
  settingCommand?: string;
  /** The client can create files through documentChanges. */
  canCreateFiles: boolean;
}

/** The findings of the report that the request's diagnostics stand for. */
export function findingsFor(diagnostics: Diagnostic[], report: FileReport): Finding[] {
  const out: Finding[] = [];
  for (const d of diagnostics) {
    if (d.source !== DIAGNOSTIC_SOURCE) continue;
    const f = report.findings.find((x) => x.code === d.code && sameRange(d.range, x.range) && x.message === d.message);
    if (f) out.push(f);
  }
  return out;
}

function toWorkspaceEdit(fix: Fix, documents: TextDocuments<TextDocument>, opts: ActionOptions): WorkspaceEdit | undefined {
  const byFile = new Map<string, LspTextEdit[]>();
  const creates: { uri: string; text: string }[] = [];
  for (const e of fix.edits) {
    if ('create' in e) creates.push({ uri: toUri(e.file), text: e.text });
    else {
      const uri = toUri(e.file);
      const list = byFile.get(uri) ?? [];
      list.push({ range: e.range, newText: e.newText });
      byFile.set(uri, list);
    }
  }
  if (creates.length === 0) {
    const changes: Record<string, LspTextEdit[]> = {};
    for (const [uri, edits] of byFile) changes[uri] = edits;
    return { changes };
  }
  if (!opts.canCreateFiles) return undefined;
  const documentChanges: (TextDocumentEdit | LspCreateFile)[] = [];
  for (const c of creates) {
    // Only ever a new file: if one appeared meanwhile, the client refuses the edit instead of writing into it.
    documentChanges.push({ kind: 'create', uri: c.uri, options: { overwrite: false, ignoreIfExists: false } });
    documentChanges.push({
      textDocument: { uri: c.uri, version: null },
      edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: c.text }],
    });
  }
  for (const [uri, edits] of byFile) {
    documentChanges.push({ textDocument: { uri, version: documents.get(uri)?.version ?? null }, edits });
  }
  return { documentChanges };
}

export function codeActions(
  doc: TextDocument,
  diagnostics: Diagnostic[],
  report: FileReport,
  ctx: DocumentContext,
  ws: WorkspaceFiles,
  documents: TextDocuments<TextDocument>,
  opts: ActionOptions,
  /** The document's engine document: the fixes read what its check kept of the text. */
  open?: OpenDocument,
): CodeAction[] {
  const text = doc.getText();
  const configFiles = [...new Set(ctx.configs.map((c) => c.file).filter((f): f is string => !!f))]
    .map((p) => ({ path: p, text: ws.read(p) }))
    .filter((c): c is { path: string; text: string } => c.text !== undefined);
  const folder = ws.folders.folderOf(ctx.file) ?? path.dirname(ctx.file);
  const newKindConfigPath = kindConfigTarget(path.join(folder, 'kind-config.yaml'), configFiles, ws);
  const out: CodeAction[] = [];
  const diagsByFinding = new Map<Finding, Diagnostic>();
  const findings = findingsFor(diagnostics, report);
  for (const d of diagnostics) {
    const f = findings.find((x) => x.code === d.code && sameRange(d.range, x.range));
    if (f) diagsByFinding.set(f, d);
  }
  const fixes = ctx.analysis.fixes(text, report, findings, { configFiles, newKindConfigPath, offerSetting: !!opts.settingCommand }, open);
  for (const [finding, list] of fixes) {
    for (const fix of list) {
      const action: CodeAction = { title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagsByFinding.get(finding)!] };
      if (fix.isPreferred) action.isPreferred = true;
      if (fix.edits.length > 0) {
        const edit = toWorkspaceEdit(fix, documents, opts);
        if (!edit) continue;
        action.edit = edit;
      }
      if (fix.setting) {
        if (!opts.settingCommand) continue;
        action.command = { title: fix.title, command: opts.settingCommand, arguments: [fix.setting.key, fix.setting.value, doc.uri] };
      }
      if (!action.edit && !action.command) continue;
      out.push(action);
    }
  }
  return out;
}


/** Where a "Create kind-config.yaml" fix may create its file: only when nothing has that name (open buffer or
 *  disk). An existing kind config of that name joins `configFiles` instead (its gates are edited in place); an
 *  existing file of that name that is no kind config is left alone (no fix creates or edits it). */
function kindConfigTarget(file: string, configFiles: { path: string; text: string }[], ws: WorkspaceFiles): string | undefined {
  if (configFiles.length > 0) return undefined;
  const text = ws.read(file);
  if (text === undefined && !existsOnDisk(file)) return file;
  if (text !== undefined && readGateConfigsFromText(text, file).some((c) => c.configKind === 'kind')) configFiles.push({ path: file, text });
  return undefined;
}

function existsOnDisk(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
