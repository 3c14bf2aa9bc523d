// The editor features: hover, completion, code actions, document symbols and inlay hints. Each answers nothing
// (or the size message, for hover) over the size guard, and nothing when its engine call throws. Each hands the
// engine the document's snapshot holder (lsp/snapshots.ts), whose check already split, parsed and walked the text.
import type { Connection } from 'vscode-languageserver/node';
import type { OpenDocument } from '../../engine';
import { codeActions } from '../actions';
import { shouldCheck } from '../document-context';
import { toCompletionItem } from '../convert';
import { overLimit, tooLargeMessage } from '../guard';
import { inlayHints } from '../inlay';
import { safe, safeAsync } from '../safe';
import type { Session } from '../session';
import { symbolsOf } from '../symbols';
import { uriToPath } from '../workspace';

/** The engine's document of an open document: hover, completion, code actions and inlay hints read what its
 *  check kept of the text (the engine decides whether that is of the request's text). */
export function openDocument(session: Session, uri: string): OpenDocument | undefined {
  return session.documents.get(uri) ? session.snapshots.peek(uri)?.engine : undefined;
}

export function registerFeatures(connection: Connection, session: Session): void {
  const { documents } = session;

  connection.onHover(async (params, token) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || token.isCancellationRequested) return null;
    const ctx = await session.checks.contextFor(doc.uri);
    const { maxChars } = session.client;
    if (token.isCancellationRequested || !ctx.settings.enable || !ctx.settings.hover.enable) return null;
    if (overLimit(doc.getText(), maxChars)) return { contents: { kind: 'markdown', value: tooLargeMessage(doc.getText().length, maxChars) } };
    const view = await safeAsync(connection, async () => ctx.analysis.hover(doc.getText(), params.position, await session.clusterReads.describerFor(ctx), openDocument(session, doc.uri)));
    return view ? { contents: { kind: 'markdown', value: view.markdown }, range: view.range } : null;
  });

  connection.onCompletion(async (params, token) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || token.isCancellationRequested) return null;
    const ctx = await session.checks.contextFor(doc.uri);
    if (token.isCancellationRequested) return null;
    if (!ctx.settings.enable || !ctx.settings.completion.enable) return null;
    const { maxChars, serverSnippets, snippetSupport } = session.client;
    if (overLimit(doc.getText(), maxChars)) return { isIncomplete: false, items: [] };
    const entries = (safe(connection, () => ctx.analysis.complete(doc.getText(), params.position, openDocument(session, doc.uri))) ?? []).filter((e) => serverSnippets || e.kind !== 'snippet');
    return { isIncomplete: false, items: entries.map((e) => toCompletionItem(e, snippetSupport)) };
  });

  connection.onCodeAction(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    const checked = session.validator.last(params.textDocument.uri);
    if (!doc || !checked || overLimit(doc.getText(), session.client.maxChars)) return [];
    const ctx = await session.checks.contextFor(doc.uri);
    return safe(connection, () => codeActions(doc, params.context.diagnostics, checked.report, ctx, session.ws, documents, session.client.actionOptions, openDocument(session, doc.uri))) ?? [];
  });

  connection.onDocumentSymbol((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || overLimit(doc.getText(), session.client.maxChars)) return [];
    const cache = session.snapshots.of(doc.uri).outline;
    return safe(connection, () => symbolsOf(doc.getText(), cache)) ?? [];
  });

  connection.languages.inlayHint.on(async (params, token) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || token.isCancellationRequested) return [];
    const text = doc.getText();
    if (text.length > session.client.maxChars) return [];
    const { settings: s } = await session.settings.get(doc.uri);
    if (!s.enable || !s.inlayHints.enable) return [];
    if (!shouldCheck(uriToPath(doc.uri), s, session.ws)) return [];
    const ctx = await session.checks.contextFor(doc.uri);
    return safe(connection, () => inlayHints(text, params.range, ctx, openDocument(session, doc.uri))) ?? [];
  });
}
