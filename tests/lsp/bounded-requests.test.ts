// Robustness over the protocol: every request bounded by the one size guard, URIs the server is
// asked to read never block it (FIFO), invalid glob settings are shown (not silently fatal), a BOM file is
// checked, "Create kind-config.yaml" never writes into an existing file, and diagnostics never wait for the cluster.
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CodeActionRequest,
  CompletionRequest,
  DocumentSymbolRequest,
  HoverRequest,
  InlayHintRequest,
  type CodeAction,
  type CreateFile,
  type Hover,
  type MarkupContent,
} from 'vscode-languageserver-protocol';
import { EXPLAIN_REQUEST, GATE_REPORT_REQUEST, STATUS_NOTIFICATION, type StatusParams } from '../../server/src/contract/protocol';
import { Analysis } from '../../server/src/engine';
import { makeTestPki, startFakeApiServer, tempFolder, writeKubeconfig } from '../cluster/fakeApiServer';
import { SLICE, kindConfig } from './fixtures';
import { cursor } from '../support/markers';
import { lspSessions, lspSuite, type LspClient, type Workspace } from './harness';

const { start, create, defer } = lspSessions();
const SUITE = lspSuite('LSP requests are bounded');
const posix = process.platform !== 'win32';

/** Opens a/slice.yaml (SLICE), expects feature-gate diagnostics, and asks for the code actions at the first of
 *  them with all of them as the context. */
async function gateActions(ws: Workspace, client: LspClient): Promise<CodeAction[]> {
  const uri = ws.uri('a/slice.yaml');
  const diags = await client.open(uri, SLICE);
  const gate = diags.filter((d) => d.code === 'feature-gate');
  expect(gate.length, JSON.stringify(diags)).toBeGreaterThan(0);
  return (await client.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: gate[0].range,
    context: { diagnostics: gate },
  })) as CodeAction[];
}

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('a file over the size guard: hover and explain say so; symbols, completion, code actions and inlay hints answer nothing', async () => {
    const { ws, client } = await start({}, { initializationOptions: { maxFileChars: 300 } });
    const uri = ws.uri('big.yaml');
    const { text, position } = cursor(`${SLICE}# pa‸dding\n${'# padding\n'.repeat(39)}`);
    const diags = await client.open(uri, text);
    expect(diags.map((d) => d.code)).toEqual(['file-too-large']);
    const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position })) as Hover;
    expect((hover.contents as MarkupContent).value).toMatch(/more than the 300 Kubegate reads/);
    const explained = (await client.connection.sendRequest(EXPLAIN_REQUEST, { textDocument: { uri }, position })) as { markdown: string };
    expect(explained.markdown).toMatch(/Split the file/);
    expect(await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })).toEqual([]);
    expect(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })).toEqual({ isIncomplete: false, items: [] });
    expect(await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: diags } })).toEqual([]);
    expect(await client.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } } })).toEqual([]);
  });

  it('a file over four times the size guard is not parsed at all: one file-too-large, no syntax findings', async () => {
    const { ws, client } = await start({}, { initializationOptions: { maxFileChars: 300 } });
    const text = `${SLICE}x: [\n${'# padding\n'.repeat(200)}`;
    const diags = await client.open(ws.uri('huge.yaml'), text);
    expect(diags.map((d) => d.code)).toEqual(['file-too-large']);
    expect(diags[0].message).toMatch(/^Not checked/);
  });

  it.skipIf(!posix)('kubegate/explain and gateReport on a FIFO URI answer without blocking the server', async () => {
    const { ws, client } = await start({ 'ok.yaml': SLICE });
    const fifo = ws.path('pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    const uri = ws.uri('pipe.yaml');
    expect(await client.connection.sendRequest(EXPLAIN_REQUEST, { textDocument: { uri }, position: { line: 0, character: 0 } })).toBeNull();
    const report = (await client.connection.sendRequest(GATE_REPORT_REQUEST, { uris: [uri] })) as { gates: unknown[] };
    expect(report.gates).toEqual([]);
    // A committed symlink to /dev/zero would stream forever: refused the same way.
    if (existsSync('/dev/zero')) {
      symlinkSync('/dev/zero', ws.path('zero.yaml'));
      const zero = ws.uri('zero.yaml');
      expect(await client.connection.sendRequest(EXPLAIN_REQUEST, { textDocument: { uri: zero }, position: { line: 0, character: 0 } })).toBeNull();
      expect(((await client.connection.sendRequest(GATE_REPORT_REQUEST, { uris: [zero] })) as { gates: unknown[] }).gates).toEqual([]);
    }
    // Still serving: a workspace-wide report walks past the FIFO and reads the regular file.
    const all = (await client.connection.sendRequest(GATE_REPORT_REQUEST, {})) as { gates: { gate: string }[] };
    expect(all.gates.length).toBeGreaterThan(0);
  });

  it('a file starting with a byte order mark is checked like the CLI checks it', async () => {
    const { ws, client } = await start();
    const text = `\uFEFF${SLICE}`;
    const diags = await client.open(ws.uri('bom.yaml'), text);
    const engine = new Analysis({ version: '1.37' }).check(text).findings;
    expect(engine.length).toBeGreaterThan(0);
    expect(diags.map((d) => d.code)).toEqual(engine.map((f) => f.code));
  });

  it('a document nested deeper than the engine reads: one note where it goes too deep, the other documents checked, every request answered', async () => {
    const { ws, client } = await start();
    const uri = ws.uri('deep.yaml');
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspc: {}\n';
    const { text, position } = cursor(`${pod}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  k: [‸${'['.repeat(3000)}${']'.repeat(3001)}\n`);
    const diags = await client.open(uri, text);
    const summary = (ds: typeof diags) => ds.map((d) => [d.code, d.range.start.line, d.range.start.character]);
    // The same as the CLI's (one engine): the 257th level is the 255th `[` of line 11.
    expect(summary(diags)).toEqual([['unknown-field', 4, 0], ['file-too-large', 11, 259]]);
    expect(diags.map((d) => d.code)).toEqual(new Analysis({ version: '1.37' }).check(text).findings.map((f) => f.code));
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
    expect(hover).toBeNull(); // inside a document too deep to compose, as the check thread's test says
    // Answered, with nothing to offer inside a document too deep to compose.
    expect(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })).toEqual({ isIncomplete: false, items: [] });
    expect(await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })).toBeInstanceOf(Array);
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: diags[1]!.range, context: { diagnostics: [diags[1]!] } })) as CodeAction[];
    expect(actions.map((a) => a.title)).toContain('Disable file-too-large on this line');
    // An edit in the Pod (a document walked on its own): its new finding, the same note.
    const edited = await client.change(uri, [{ range: { start: { line: 4, character: 0 }, end: { line: 4, character: 3 } }, newText: 'spec' }]);
    expect(summary(edited)).toEqual([['missing-field', 4, 0], ['file-too-large', 11, 259]]);
  });

  it('an invalid glob in kubegate.files is a setting error in the status; checking goes on with the default selection', async () => {
    const settings = { files: ['{a,b', `${'*a'.repeat(60)}*b`] };
    const { ws, client } = create({}, { settings: () => settings });
    const status = new Promise<StatusParams>((resolve) => {
      client.connection.onNotification(STATUS_NOTIFICATION, (p: StatusParams) => {
        if ((p.settingErrors ?? []).length > 0) resolve(p);
      });
    });
    await client.initialize();
    const diags = await client.open(ws.uri('slice.yaml'), SLICE);
    // The valid (if odd) pattern does not match slice.yaml: nothing is checked, and the server answered at once.
    expect(diags).toEqual([]);
    const s = await status;
    expect(s.settingErrors).toEqual(['kubegate.files: "{a,b" is not a valid glob (an unclosed {); it is ignored.']);
  });

  it('in an untrusted workspace kubegate.files is not used: the default selection applies', async () => {
    const settings = () => ({ files: ['nothing/**/matches.yaml'] });
    const trusted = await start({}, { settings });
    expect(await trusted.client.open(trusted.ws.uri('slice.yaml'), SLICE)).toEqual([]);
    const untrusted = await start({}, { settings, initializationOptions: { workspaceTrusted: false } });
    const diags = await untrusted.client.open(untrusted.ws.uri('slice.yaml'), SLICE);
    expect(diags.some((d) => d.code === 'feature-gate')).toBe(true);
  });

  it('only invalid globs: the default selection applies (checking is not turned off)', async () => {
    const { ws, client } = await start({}, { settings: () => ({ files: ['{a,b'] }) });
    const diags = await client.open(ws.uri('slice.yaml'), SLICE);
    expect(diags.some((d) => d.code === 'feature-gate')).toBe(true);
  });

  it('"Create kind-config.yaml" is not offered when a file of that name exists that is no kind config', async () => {
    const other = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: not-a-kind-config}\n';
    const { ws, client } = await start({ 'kind-config.yaml': other, 'a/slice.yaml': SLICE });
    const actions = await gateActions(ws, client);
    const touching = actions.filter((a) => JSON.stringify(a.edit ?? {}).includes('kind-config.yaml'));
    expect(touching).toEqual([]);
    expect(ws.read('kind-config.yaml')).toBe(other);
  });

  it('"Create kind-config.yaml" only creates: the create operation never overwrites nor writes into an existing file', async () => {
    const { ws, client } = await start({ 'a/slice.yaml': SLICE });
    const actions = await gateActions(ws, client);
    const create = actions.find((a) => /^Create kind-config\.yaml/.test(a.title));
    expect(create, JSON.stringify(actions.map((a) => a.title))).toBeDefined();
    const op = (create?.edit?.documentChanges ?? []).find((c) => 'kind' in c && c.kind === 'create') as CreateFile | undefined;
    expect(op?.options).toEqual({ overwrite: false, ignoreIfExists: false });
  });

  it('an existing kind config named kind-config.yaml outside the discovered configs is edited in place, never re-created', async () => {
    // configFiles names another file, so discovery does not see kind-config.yaml; the fix must still not create it.
    const { ws, client } = await start(
      { 'kind-config.yaml': kindConfig({}), 'a/slice.yaml': SLICE },
      { settings: () => ({ configFiles: ['no-such-config.yaml'] }) },
    );
    const actions = await gateActions(ws, client);
    expect(actions.some((a) => /^Create kind-config\.yaml/.test(a.title))).toBe(false);
    const creates = actions.flatMap((a) => (a.edit?.documentChanges ?? []).filter((c) => 'kind' in c && c.kind === 'create'));
    expect(creates).toEqual([]);
  });

  it.skipIf(!posix)('an exec credential plugin still running when the server shuts down is killed with its children', async () => {
    const pki = await makeTestPki();
    const api = await startFakeApiServer(pki, { '/version': 'hang' });
    const tmp = tempFolder();
    let opened = 0;
    let closed = 0;
    const changed: (() => void)[] = [];
    const hold = net.createServer((socket) => {
      opened++;
      socket.on('error', () => undefined);
      socket.on('close', () => {
        closed++;
        changed.splice(0).forEach((f) => f());
      });
      changed.splice(0).forEach((f) => f());
    });
    await new Promise<void>((resolve) => hold.listen(0, '127.0.0.1', resolve));
    const until = (ok: () => boolean) =>
      new Promise<void>((resolve) => {
        const test = () => (ok() ? resolve() : changed.push(test));
        test();
      });
    defer(async () => {
      await api.close();
      await new Promise<void>((resolve) => hold.close(() => resolve()));
      tmp.dispose();
    });
    const port = (hold.address() as net.AddressInfo).port;
    const plugin = path.join(tmp.dir, 'stuck.cjs');
    writeFileSync(
      plugin,
      `const net = require('node:net'); net.connect(${port}, '127.0.0.1');\n` +
        `require('node:child_process').spawn(process.execPath, ['-e', "require('node:net').connect(${port}, '127.0.0.1'); setInterval(() => {}, 1e6)"], { stdio: 'ignore' });\n` +
        'setInterval(() => {}, 1e6);\n',
    );
    const kubeconfig = writeKubeconfig(tmp.dir, api.url, pki.caCert, { exec: { command: process.execPath, args: [plugin] } });
    const { client } = create(
      {},
      { settings: () => ({ cluster: { enabled: true } }), env: { KUBECONFIG: kubeconfig, HTTPS_PROXY: '', https_proxy: '', KUBEGATE_CLUSTER_TIMEOUT_MS: '600000' } },
    );
    await client.initialize();
    await until(() => opened >= 2); // the plugin and its child run
    await client.dispose();
    await until(() => closed >= 2); // both are gone with the server
    // Every connection the plugin and its child opened was closed: nothing of them outlives the server.
    expect(closed).toBe(opened);
  });

  it('diagnostics never wait for the cluster: published while the cluster /version request hangs', async () => {
    const pki = await makeTestPki();
    const api = await startFakeApiServer(pki, { '/version': 'hang' });
    const tmp = tempFolder();
    defer(async () => {
      await api.close();
      tmp.dispose();
    });
    const kubeconfig = writeKubeconfig(tmp.dir, api.url, pki.caCert, { token: 't' });
    const hanging = new Promise<void>((resolve) => api.events.once('hang', () => resolve()));
    const { ws, client } = create(
      {},
      {
        settings: () => ({ cluster: { enabled: true } }),
        env: { KUBECONFIG: kubeconfig, HTTPS_PROXY: '', https_proxy: '', KUBEGATE_CLUSTER_TIMEOUT_MS: '60000' },
      },
    );
    await client.initialize();
    const uri = ws.uri('slice.yaml');
    await hanging; // the cluster read is under way and will not answer
    const diags = await client.open(uri, SLICE);
    expect(diags.some((d) => d.code === 'feature-gate')).toBe(true);
    expect(api.requests.map((r) => r.path)).toEqual(['/version']); // still unanswered
  });
});
