// A config's own problems stay published while other files are fixed and saved: a quick fix in a manifest that
// edits the governing kind config, then "Save All" (didSave of both, the files written, watched-file events).
// Every re-publication of the config after that still carries its error. Two orders: the config open in a tab
// before the fix; and the config not open, opened by the editor to apply the fix, with the watcher's events
// arriving before the saves.
import { describe, expect, it } from 'vitest';
import {
  CodeActionRequest,
  DidChangeWatchedFilesNotification,
  DidSaveTextDocumentNotification,
  FileChangeType,
  type FileEvent,
  PublishDiagnosticsNotification,
  type CodeAction,
  type Diagnostic,
  type PublishDiagnosticsParams,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { kindConfig, SLICE } from './fixtures';
import { lspSessions, lspSuite } from './harness';

const { start } = lspSessions();
const SUITE = lspSuite('diagnostics of open files survive fixes and saves elsewhere');

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it("a kind config's unknown gate stays published after a quick fix in the manifest and Save All", async () => {
    const config = kindConfig({ NoSuchGateAtAll: true });
    const { ws, client } = await start({ 'a/slice.yaml': SLICE, 'a/kind-config.yaml': config });
    const slice = ws.uri('a/slice.yaml');
    const cfg = ws.uri('a/kind-config.yaml');
    const own = await client.open(cfg, config);
    expect(own.map((d) => d.code)).toContain('unknown-gate');
    const warning = (await client.open(slice, SLICE)).find((d) => d.code === 'feature-gate')!;
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri: slice }, range: warning.range, context: { diagnostics: [warning] } })) as CodeAction[];
    const fix = actions.find((a) => a.edit?.changes?.[cfg]);
    expect(fix, actions.map((a) => a.title).join(' | ')).toBeDefined();
    await client.change(cfg, fix!.edit!.changes![cfg] as TextEdit[]);
    await client.diagnosticsUntil(slice, (d) => !d.some((x) => x.code === 'feature-gate'));

    // Save All: both documents saved, their files written, the watcher reports them.
    const configPushes = (): Diagnostic[][] =>
      client.notifications
        .filter((n) => n.method === PublishDiagnosticsNotification.method && (n.params as PublishDiagnosticsParams).uri === cfg)
        .map((n) => (n.params as PublishDiagnosticsParams).diagnostics);
    const before = configPushes().length;
    ws.write('a/kind-config.yaml', client.text(cfg)!);
    for (const uri of [slice, cfg]) await client.connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
    const next = client.diagnostics(cfg);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [slice, cfg].map((uri): FileEvent => ({ uri, type: FileChangeType.Changed })),
    });
    // The watched-file event re-checks every open document: the config is published again, error included.
    expect((await next).map((d) => d.code)).toContain('unknown-gate');
    await client.diagnosticsUntil(slice, (d) => !d.some((x) => x.code === 'feature-gate'));
    const after = configPushes().slice(before);
    expect(after.length).toBeGreaterThan(0);
    for (const pushed of after) expect(pushed.map((d) => d.code)).toContain('unknown-gate');
  });

  it('a config opened by the editor only to apply the fix keeps its error through the watcher events and saves', async () => {
    const config = kindConfig({ NoSuchGateAtAll: true });
    const { ws, client } = await start({ 'a/slice.yaml': SLICE, 'a/kind-config.yaml': config });
    const slice = ws.uri('a/slice.yaml');
    const cfg = ws.uri('a/kind-config.yaml');
    const warning = (await client.open(slice, SLICE)).find((d) => d.code === 'feature-gate')!;
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri: slice }, range: warning.range, context: { diagnostics: [warning] } })) as CodeAction[];
    const fix = actions.find((a) => a.edit?.changes?.[cfg])!;
    expect(fix, actions.map((a) => a.title).join(' | ')).toBeDefined();
    // The editor opens the config (no tab) to apply the edit.
    expect((await client.open(cfg, config)).map((d) => d.code)).toContain('unknown-gate');
    const configPushes = (): Diagnostic[][] =>
      client.notifications
        .filter((n) => n.method === PublishDiagnosticsNotification.method && (n.params as PublishDiagnosticsParams).uri === cfg)
        .map((n) => (n.params as PublishDiagnosticsParams).diagnostics);
    const before = configPushes().length;
    expect((await client.change(cfg, fix.edit!.changes![cfg] as TextEdit[])).map((d) => d.code)).toContain('unknown-gate');
    await client.diagnosticsUntil(slice, (d) => !d.some((x) => x.code === 'feature-gate'));

    // Save All: the files written, the watcher's events first, then the saves.
    ws.write('a/kind-config.yaml', client.text(cfg)!);
    const next = client.diagnostics(cfg);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [slice, cfg].map((uri): FileEvent => ({ uri, type: FileChangeType.Changed })),
    });
    expect((await next).map((d) => d.code)).toContain('unknown-gate');
    const again = client.diagnostics(slice);
    for (const uri of [slice, cfg]) await client.connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
    // Saving the config re-checks the documents that read it: the manifest is published again, still clean.
    expect((await again).map((d) => d.code)).not.toContain('feature-gate');
    const after = configPushes().slice(before);
    expect(after.length).toBeGreaterThan(1);
    for (const pushed of after) expect(pushed.map((d) => d.code)).toContain('unknown-gate');
  });
});
