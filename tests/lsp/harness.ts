// Drives the BUILT language server (dist/server.js --stdio) over JSON-RPC, as an editor would.
// Waits on protocol notifications only (publishDiagnostics with the document version), never on time.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import {
  ConfigurationRequest,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  type ClientCapabilities,
  type ConfigurationParams,
  type Diagnostic,
  type Position,
  type PublishDiagnosticsParams,
  type TextEdit,
} from 'vscode-languageserver-protocol';

import { repoRoot, suite, type Need } from '../support/shared';

export { hasShared, repoRoot, sharedDir } from '../support/shared';
/** Gate facts for the protocol suites, from the committed schemas/gates.json (they run without ../shared). */
export { pageGate } from '../support/committed';

export const serverJs = path.join(repoRoot, 'dist', 'server.js');
export const hasServer = existsSync(serverJs);
export const SERVER: Need = { present: hasServer, what: 'dist/server.js', absent: 'dist/server.js is not built (npm run build)' };

/** A suite that drives the built server (skipped, saying why, without it). Gate facts come from the committed
 *  schemas/ (tests/support/committed.ts); cursors from `‸` markers (tests/support/markers.ts). */
export function lspSuite(title: string): { skip: boolean; title: string } {
  return suite(title, SERVER);
}

/** A temporary workspace folder with files; removed by dispose(). */
export class Workspace {
  readonly root: string;
  constructor(files: Record<string, string> = {}) {
    this.root = mkdtempSync(path.join(os.tmpdir(), 'kubegate-lsp-'));
    for (const [rel, text] of Object.entries(files)) this.write(rel, text);
  }
  path(rel: string): string {
    return path.join(this.root, rel);
  }
  uri(rel: string): string {
    return pathToFileURL(this.path(rel)).toString();
  }
  write(rel: string, text: string): void {
    mkdirSync(path.dirname(this.path(rel)), { recursive: true });
    writeFileSync(this.path(rel), text);
  }
  read(rel: string): string {
    return readFileSync(this.path(rel), 'utf8');
  }
  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

export interface ClientOptions {
  rootUri: string;
  /** Answer to workspace/configuration per scopeUri (section `kubegate`); undefined → null. */
  settings?: (scopeUri: string | undefined) => unknown;
  /** Leave out the workspace.configuration capability (like a client that only pushes settings). */
  noConfigurationPull?: boolean;
  initializationOptions?: unknown;
  capabilities?: ClientCapabilities;
  /** Extra environment of the server process (e.g. KUBECONFIG). */
  env?: Record<string, string>;
}

type Waiter = { uri: string; version: number | undefined; resolve: (d: Diagnostic[]) => void; reject: (e: Error) => void };

export class LspClient {
  readonly connection: MessageConnection;
  private readonly proc: ChildProcess;
  private readonly latest = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters: Waiter[] = [];
  private readonly versions = new Map<string, number>();
  private readonly texts = new Map<string, string>();
  readonly notifications: { method: string; params: unknown }[] = [];
  /** workspace/inlayHint/refresh requests received from the server so far. */
  inlayRefreshes = 0;
  private readonly refreshWaiters: (() => void)[] = [];
  stderr = '';
  private exited?: Error;
  private disposing = false;

  constructor(private readonly opts: ClientOptions) {
    this.proc = spawn(process.execPath, [serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } });
    this.proc.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    // A server that dies fails the waits at once (with its stderr) instead of leaving them hanging.
    this.proc.once('exit', (code, signal) => {
      if (this.disposing) return;
      this.exited = new Error(`server exited (code ${code}, signal ${signal}): ${this.stderr.slice(-2000)}`);
      for (const w of this.waiters.splice(0)) w.reject(this.exited);
      this.connection.dispose();
    });
    this.connection = createMessageConnection(new StreamMessageReader(this.proc.stdout!), new StreamMessageWriter(this.proc.stdin!));
    this.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.notifications.push({ method: PublishDiagnosticsNotification.method, params: p });
      this.latest.set(p.uri, p);
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        const w = this.waiters[i];
        if (w.uri === p.uri && (w.version === undefined || p.version === w.version)) {
          this.waiters.splice(i, 1);
          w.resolve(p.diagnostics);
        }
      }
    });
    this.connection.onNotification((method, params) => {
      this.notifications.push({ method, params });
    });
    this.connection.onRequest(ConfigurationRequest.type, (p: ConfigurationParams) =>
      p.items.map((item) => (item.section === 'kubegate' && opts.settings ? opts.settings(item.scopeUri) ?? null : null)),
    );
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('workspace/inlayHint/refresh', () => {
      this.inlayRefreshes++;
      for (const w of this.refreshWaiters.splice(0)) w();
      return null;
    });
    this.connection.listen();
  }

  async initialize(): Promise<void> {
    const capabilities: ClientCapabilities = this.opts.capabilities ?? {
      workspace: {
        configuration: !this.opts.noConfigurationPull,
        workspaceEdit: { documentChanges: true, resourceOperations: ['create'] },
        didChangeConfiguration: { dynamicRegistration: false },
        inlayHint: { refreshSupport: true },
      },
      textDocument: {
        completion: { completionItem: { snippetSupport: true } },
        publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
        inlayHint: {},
      },
    };
    await this.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: this.opts.rootUri,
      workspaceFolders: [{ uri: this.opts.rootUri, name: 'ws' }],
      capabilities,
      initializationOptions: this.opts.initializationOptions,
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
  }

  /** Resolves when the server has sent more than `seen` workspace/inlayHint/refresh requests. */
  inlayRefreshAfter(seen: number): Promise<void> {
    if (this.inlayRefreshes > seen) return Promise.resolve();
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve) => this.refreshWaiters.push(() => (this.inlayRefreshes > seen ? resolve() : void this.inlayRefreshAfter(seen).then(resolve))));
  }

  /** Opens a document and resolves with its first diagnostics. */
  open(uri: string, text: string): Promise<Diagnostic[]> {
    this.versions.set(uri, 1);
    this.texts.set(uri, text);
    const wait = this.diagnostics(uri, 1);
    void this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
    return wait;
  }

  /** Applies edits as incremental changes; resolves with the diagnostics of the new version. */
  change(uri: string, edits: TextEdit[]): Promise<Diagnostic[]> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    this.texts.set(uri, applyEdits(this.texts.get(uri) ?? '', edits));
    const wait = this.diagnostics(uri, version);
    void this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: descending(edits).map((e) => ({ range: e.range, text: e.newText })),
    });
    return wait;
  }

  close(uri: string): void {
    void this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  text(uri: string): string | undefined {
    return this.texts.get(uri);
  }

  version(uri: string): number | undefined {
    return this.versions.get(uri);
  }

  /** The next diagnostics of `uri` for `version` (or any version), or the latest if already received. */
  diagnostics(uri: string, version?: number): Promise<Diagnostic[]> {
    const have = this.latest.get(uri);
    if (have && version !== undefined && have.version === version) return Promise.resolve(have.diagnostics);
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => this.waiters.push({ uri, version, resolve, reject }));
  }

  /** Waits for a diagnostics push of `uri` (current version) that satisfies `ok`. */
  async diagnosticsUntil(uri: string, ok: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
    const have = this.latest.get(uri);
    if (have && have.version === this.versions.get(uri) && ok(have.diagnostics)) return have.diagnostics;
    for (;;) {
      const d = await this.diagnostics(uri, this.versions.get(uri));
      if (ok(d)) return d;
      this.latest.delete(uri);
    }
  }

  async dispose(): Promise<void> {
    this.disposing = true;
    try {
      await this.connection.sendRequest(ShutdownRequest.type);
      await this.connection.sendNotification(ExitNotification.type);
    } catch {
      // already gone
    }
    const exited = new Promise<void>((resolve) => {
      if (this.proc.exitCode !== null || this.proc.signalCode !== null) resolve();
      else this.proc.once('exit', () => resolve());
    });
    await exited;
    if (!this.exited) this.connection.dispose();
  }
}

/**
 * The servers and workspaces of one test file, disposed after each test (the last made first). Call once at the
 * top level of a test file: it registers an afterEach hook.
 */
export function lspSessions() {
  let cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanup.reverse()) await c();
    cleanup = [];
  });
  /** Runs `fn` after the current test (for other resources: fake API servers, temporary folders, …). */
  const defer = (fn: () => Promise<void> | void): void => {
    cleanup.push(fn);
  };
  /** A workspace with `files` and a server for it, not yet initialized (listen to notifications first). */
  const create = (files: Record<string, string> = {}, options: Omit<ClientOptions, 'rootUri'> = {}) => {
    const ws = new Workspace(files);
    const client = new LspClient({ rootUri: ws.uri(''), ...options });
    defer(async () => {
      await client.dispose();
      ws.dispose();
    });
    return { ws, client };
  };
  /** As create(), initialized. */
  const start = async (files: Record<string, string> = {}, options: Omit<ClientOptions, 'rootUri'> = {}) => {
    const session = create(files, options);
    await session.client.initialize();
    return session;
  };
  return { defer, create, start };
}

/** Edits from the end of the text to its start, so that each one's range is still valid when applied. */
function descending(edits: TextEdit[]): TextEdit[] {
  const key = (p: Position) => p.line * 1e7 + p.character;
  return [...edits].sort((a, b) => key(b.range.start) - key(a.range.start));
}

/** Applies LSP text edits (non-overlapping) to a text. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: Position) => {
    let o = 0;
    for (let i = 0; i < p.line && i < lines.length; i++) o += lines[i].length + 1;
    return o + p.character;
  };
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}
