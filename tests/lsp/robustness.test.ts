// The server never crashes on bad input: odd texts, positions outside the text, unknown requests; and it
// speaks over Node IPC (--node-ipc) as the VS Code client starts it.
import { fork } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMessageConnection, IPCMessageReader, IPCMessageWriter } from 'vscode-jsonrpc/node';
import {
  CompletionRequest,
  DocumentSymbolRequest,
  HoverRequest,
  InitializeRequest,
  InlayHintRequest,
  ShutdownRequest,
  ExitNotification,
  type InitializeResult,
} from 'vscode-languageserver-protocol';
import { SLICE } from './fixtures';
import { suite } from '../support/shared';
import { lspSessions, repoRoot, SERVER, serverJs } from './harness';

const { start, defer } = lspSessions();

const ODD_TEXTS: Record<string, string> = {
  empty: '',
  onlyDashes: '---\n---\n---\n',
  tabs: 'apiVersion: v1\nkind: Pod\nspec:\n\tcontainers: []\n',
  template: 'apiVersion: v1\nkind: {{ .Values.kind }}\nmetadata:\n  name: {{ include "x" . }}\n',
  deepFlow: `apiVersion: v1\nkind: ConfigMap\ndata: ${'['.repeat(3000)}\n`,
  nul: 'apiVersion: v1\nkind: Pod\u0000\nspec: {}\n',
  crlf: SLICE.replace(/\n/g, '\r\n'),
  unicode: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "😀-名前"\ndata:\n  ключ: значение\n',
  aliases: 'apiVersion: v1\nkind: ConfigMap\ndata: &a\n  x: *a\n',
  scalarDoc: 'just a string\n',
};

const SUITE = suite('LSP robustness', SERVER);

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('answers every request on odd texts and on positions past the end', async () => {
    const { ws, client } = await start();
    for (const [name, text] of Object.entries(ODD_TEXTS)) {
      const uri = ws.uri(`${name}.yaml`);
      const diags = await client.open(uri, text);
      expect(Array.isArray(diags)).toBe(true);
      for (const position of [
        { line: 0, character: 0 },
        { line: 2, character: 3 },
        { line: 999, character: 999 },
      ]) {
        await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
        await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
      }
      await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
      await client.connection.sendRequest(InlayHintRequest.type, {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } },
      });
    }
    // Requests about documents the server never saw.
    const ghost = ws.uri('ghost.yaml');
    expect(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: ghost }, position: { line: 0, character: 0 } })).toBeNull();
    // Still alive and checking, and no handler failed on the way.
    const after = await client.open(ws.uri('after.yaml'), SLICE);
    expect(after.some((d) => d.code === 'feature-gate')).toBe(true);
    const failures = client.notifications.filter((n) => n.method === 'window/logMessage' && (n.params as { type: number }).type === 1);
    expect(failures.map((n) => (n.params as { message: string }).message)).toEqual([]);
  });

  it('says a file was not checked when the check fails (a damaged data file), instead of showing it clean', async () => {
    const schemas = mkdtempSync(path.join(os.tmpdir(), 'kubegate-damaged-'));
    defer(() => rmSync(schemas, { recursive: true, force: true }));
    cpSync(path.join(repoRoot, 'schemas'), schemas, { recursive: true });
    writeFileSync(path.join(schemas, 'k8s-1.37.json'), '{"kinds": [');
    const { ws, client } = await start({}, { env: { KUBEGATE_SCHEMAS: schemas } });
    const diagnostics = await client.open(ws.uri('slice.yaml'), `# kubegate: version=1.37\n${SLICE}`);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'check-failed', severity: 2, range: { start: { line: 0, character: 0 } } });
    expect(diagnostics[0]!.message).toMatch(/^Not checked: Kubegate failed on this file \(.+\)$/);
  });

  it('speaks over Node IPC (--node-ipc)', async () => {
    const child = fork(serverJs, ['--node-ipc'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    const connection = createMessageConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    connection.listen();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    defer(async () => {
      await exited;
      connection.dispose();
    });
    const result = (await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
    })) as InitializeResult;
    expect(result.serverInfo?.name).toBe('kubegate-language-server');
    expect(result.capabilities.hoverProvider).toBe(true);
    await connection.sendRequest(ShutdownRequest.type);
    await connection.sendNotification(ExitNotification.type);
  });
});
