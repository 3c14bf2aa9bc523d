// Large documents are checked off the path of edits and requests (lsp/background-checks.ts): over the protocol, a
// request on another document is answered while the check runs, the main thread walks nothing of the large
// document, a newer version cancels the stale check (its diagnostics are never published), and a document over the
// engine's bounds gets its "Not checked" note from the thread as the CLI's check gives it. Asserted on events and
// on the server's counters of work done, never on time.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompletionRequest, HoverRequest, PublishDiagnosticsNotification, type Hover, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { WORKSPACE_STATS_REQUEST, type WorkspaceStatsResult } from '../../server/src/contract/protocol';
import { Analysis } from '../../server/src/engine';
import { cursor } from '../support/markers';
import { SLICE } from './fixtures';
import { lspSessions, lspSuite, repoRoot, type LspClient } from './harness';

const { defer, start } = lspSessions();
const SUITE = lspSuite('LSP check thread');

/** Documents of 1,000 characters or more go to the check thread in these tests. */
const THREAD_FROM = 1000;

/** A ConfigMap of many short flow lists (each an invalid value): a check of a second or more. */
function costly(keys: number): string {
  const lines = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: many', 'data:'];
  for (let i = 0; i < keys; i++) lines.push(`  k${i}: [a, b]`);
  return `${lines.join('\n')}\n`;
}

function stats(client: LspClient): Promise<WorkspaceStatsResult> {
  return client.connection.sendRequest<WorkspaceStatsResult>(WORKSPACE_STATS_REQUEST, {});
}

/** The diagnostics pushes received so far for `uri`. */
function pushesOf(client: LspClient, uri: string): PublishDiagnosticsParams[] {
  return client.notifications.filter((n) => n.method === PublishDiagnosticsNotification.method).map((n) => n.params as PublishDiagnosticsParams).filter((p) => p.uri === uri);
}

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 180_000 }, () => {
  it('a hover on a small document is answered while a large one is checked in the thread; the main thread walks none of it', async () => {
    const { ws, client } = await start({}, { initializationOptions: { backgroundCheckChars: THREAD_FROM } });
    const small = ws.uri('small.yaml');
    const { text, position } = cursor(SLICE.replace('kind: ResourceSlice', 'kind: Resource‸Slice'));
    await client.open(small, text);
    const before = await stats(client);
    const big = ws.uri('big.yaml');
    const bigText = costly(15_000);
    const bigDiagnostics = client.open(big, bigText);
    const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: small }, position })) as Hover | null;
    expect(hover).not.toBeNull();
    // Answered before the large document's check was done: nothing of it published yet.
    expect(pushesOf(client, big)).toEqual([]);
    const diags = await bigDiagnostics;
    expect(diags.map((d) => d.code)).toEqual(new Analysis({ version: '1.37' }).check(bigText).findings.map((f) => f.code));
    const after = await stats(client);
    expect(after.walks).toBe(before.walks);
    expect(after.threadChecks).toMatchObject({ done: 1, cancelled: 0 });
  });

  it('a newer version cancels the check of the stale one: only the newest version is published', async () => {
    const { ws, client } = await start({}, { initializationOptions: { backgroundCheckChars: THREAD_FROM } });
    const uri = ws.uri('big.yaml');
    const text = costly(15_000);
    const first = client.open(uri, text);
    const second = await client.change(uri, [{ range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } }, newText: 'extra: 1\n' }]);
    expect(second.some((d) => d.code === 'unknown-field')).toBe(true);
    expect(pushesOf(client, uri).map((p) => p.version)).toEqual([2]);
    // The first version's check never finished: cancelled while it waited or ran.
    expect((await stats(client)).threadChecks.done).toBe(1);
    void first;
  });

  it('an edit of a large document checked in the thread walks again only the YAML document that changed', async () => {
    const { ws, client } = await start({}, { initializationOptions: { backgroundCheckChars: THREAD_FROM } });
    const uri = ws.uri('many.yaml');
    // 20 ConfigMaps of 6 lines each, a `---` line between: document i starts on line 7 * i.
    const docs = Array.from({ length: 20 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-${i}\ndata:\n  k: v${'x'.repeat(40)}\n`);
    const text = docs.join('---\n');
    expect(text.length).toBeGreaterThanOrEqual(THREAD_FROM);
    expect(await client.open(uri, text)).toEqual([]);
    const opened = await stats(client);
    expect(opened.threadChecks).toMatchObject({ done: 1, cancelled: 0 });
    const line = 7 * 10;
    const diags = await client.change(uri, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: 'extra: 1\n' }]);
    expect(diags.map((d) => [d.code, d.range.start.line])).toEqual([['unknown-field', line]]);
    const edited = await stats(client);
    expect(edited.threadChecks.done).toBe(2);
    expect(edited.threadChecks.walks - opened.threadChecks.walks).toBe(1);
    expect(opened.threadChecks.walks).toBeGreaterThanOrEqual(20);
    // The main thread walked none of it, either time.
    expect(edited.walks).toBe(opened.walks);
  });

  it('a document over the nesting bound checked in the thread: its "Not checked" note as the CLI gives it; hover and completion answered', async () => {
    const { ws, client } = await start({}, { initializationOptions: { backgroundCheckChars: THREAD_FROM } });
    const uri = ws.uri('deep.yaml');
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspc: {}\n';
    const { text, position } = cursor(`${pod}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  k: [‸${'['.repeat(3000)}${']'.repeat(3001)}\n`);
    const diags = await client.open(uri, text);
    expect(diags.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([
      ['unknown-field', 4, 0],
      ['file-too-large', 11, 259],
    ]);
    expect(diags[1]!.message).toMatch(/^Not checked/);
    expect(diags.map((d) => d.code)).toEqual(new Analysis({ version: '1.37' }).check(text).findings.map((f) => f.code));
    expect((await stats(client)).threadChecks.done).toBe(1);
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
    expect(hover).toBeNull();
    // Answered, with nothing to offer inside a document too deep to compose.
    expect(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })).toEqual({ isIncomplete: false, items: [] });
  });

  it('a check that fails in the thread (a damaged data file) says the file was not checked, never shows it clean', async () => {
    const schemas = mkdtempSync(path.join(os.tmpdir(), 'kubegate-damaged-'));
    defer(() => rmSync(schemas, { recursive: true, force: true }));
    cpSync(path.join(repoRoot, 'schemas'), schemas, { recursive: true });
    writeFileSync(path.join(schemas, 'k8s-1.37.json'), '{"kinds": [');
    const { ws, client } = await start({}, { env: { KUBEGATE_SCHEMAS: schemas }, initializationOptions: { backgroundCheckChars: THREAD_FROM } });
    const text = `# kubegate: version=1.37\n${SLICE}${'# padding\n'.repeat(100)}`;
    const diagnostics = await client.open(ws.uri('slice.yaml'), text);
    expect(diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['check-failed', 0]]);
    expect(diagnostics[0]!.message).toMatch(/^Not checked: Kubegate failed on this file \(.+\)$/);
    expect((await stats(client)).threadChecks.done).toBe(1);
  });
});
