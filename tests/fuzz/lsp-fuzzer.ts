// A seeded fuzzer over the language server protocol. It drives the BUILT server (dist/server.js --stdio) with
// random incremental edits of manifest documents and requests of every kind at random positions (past the
// end, negative, about documents the server never saw, with diagnostics of older versions), and checks three
// oracles:
//   1. every request is answered (within `requestTimeoutMs`: a hang guard, not a speed measure);
//   2. the server stays alive (no exit, and it answers shutdown at the end);
//   3. after each quiet period, each edited document's diagnostics equal the whole-file check of the same text
//      (the server's report without the incremental checker: the engine's Analysis.report with the severity settings).
// Each document lives in a folder of its own, so that no document's gate configs reach another one.
// Used by tests/fuzz/lsp-fuzz.test.ts (a bounded run) and scripts/fuzz.ts (`npm run fuzz -- --edits 100000`).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  CompletionRequest,
  ConfigurationRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentSymbolRequest,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  InlayHintRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  type Diagnostic,
  type Position,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol';
// The protocol package's node entry (vscode-jsonrpc/node does not load under tsx for scripts/fuzz.ts).
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { EXPLAIN_REQUEST, GATE_REPORT_REQUEST, KIND_CONFIG_REQUEST } from '../../server/src/contract/protocol';
import { resolveSettings } from '../../server/src/contract/settings';
import type { TextDocuments } from 'vscode-languageserver/node';
import { documentContext, shouldCheck } from '../../server/src/lsp/document-context';
import { toDiagnostics } from '../../server/src/lsp/convert';
import { DEFAULT_MAX_FILE_CHARS } from '../../server/src/lsp/snapshots';
import { WorkspaceFiles } from '../../server/src/lsp/workspace';
import { repoConfigFor } from '../../server/src/lsp/repo-config';
import { isIgnored, withRepoConfig } from '../../server/src/contract/repo-config';
import { DEFAULT_VERSION, Project } from '../../server/src/engine';
import { rng } from '../support/random';

export interface FuzzOptions {
  /** Path of dist/server.js. */
  serverJs: string;
  seed: number;
  /** Number of text edits to send. */
  edits: number;
  /** Texts to start from (and to reset to now and then). */
  corpus: string[];
  /** Documents open at once (default 4). */
  documents?: number;
  /** `.kubegate.yaml` texts: each document folder gets, with even odds, one of them mutated by a few random edits
   *  (written before the documents open; the server and the oracle read the same file). */
  repoConfigs?: string[];
  /** A request without an answer after this long counts as unanswered (default 60 s). */
  requestTimeoutMs?: number;
  /** Stop after this many failures of any kind (default 5). */
  maxFailures?: number;
  /** Progress lines (every `progressEvery` edits). */
  log?: (line: string) => void;
  progressEvery?: number;
}

export interface FuzzFailure {
  kind: 'mismatch' | 'unanswered' | 'crash' | 'no-diagnostics';
  seed: number;
  /** Edits sent before the failure. */
  edit: number;
  detail: string;
  /** The document text at the failure (mismatches), to replay. */
  text?: string;
}

export interface FuzzResult {
  seed: number;
  edits: number;
  quietPeriods: number;
  /** Oracle comparisons (documents compared after quiet periods). */
  comparisons: number;
  requests: number;
  answered: number;
  /** Requests per method. */
  byMethod: Record<string, number>;
  /** Requests answered with an error (a handler that threw); the first few messages kept. */
  errorAnswers: number;
  errorAnswerSamples: string[];
  failures: FuzzFailure[];
  /** Slowest request (ms), for the long-run report only; never asserted. */
  slowestRequestMs: number;
  serverAlive: boolean;
  /** Exceptions the server caught and logged (a feature that threw): reported, the first few kept. */
  serverErrors: number;
  serverErrorSamples: string[];
  /** Document folders given a (mutated) `.kubegate.yaml`. */
  repoConfigs: number;
}

/** Documents for a run without ../shared: a few manifests and a kind config. */
export const INLINE_CORPUS: string[] = [
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n    - name: app\n      image: nginx\n      ports:\n        - containerPort: 80\n',
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 2\n  selector:\n    matchLabels: {app: api}\n  template:\n    metadata:\n      labels: {app: api}\n    spec:\n      containers:\n        - name: api\n          image: example/api:1\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  ports:\n    - port: 80\n',
  'apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata:\n  name: slice\nspec:\n  driver: gpu.example.com\n  pool:\n    name: p\n    generation: 1\n    resourceSliceCount: 1\n  nodeName: n1\n',
  'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  DRAOptionalNodeOperations: true\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: "1"\n',
  '# kubegate: kubernetes-version=1.35\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: j, image: busybox}]\n',
];

/** CRDs (patterns, CEL rules, list types) and custom resources of them: fuzzed with the corpus by
 *  `npm run fuzz` (the shared corpus has no CRD). */
export const EXTRA_CORPUS: string[] = [
  [
    'apiVersion: apiextensions.k8s.io/v1',
    'kind: CustomResourceDefinition',
    'metadata: {name: widgets.fuzz.test}',
    'spec:',
    '  group: fuzz.test',
    '  names: {kind: Widget, plural: widgets}',
    '  scope: Namespaced',
    '  versions:',
    '  - name: v1',
    '    served: true',
    '    storage: true',
    '    schema:',
    '      openAPIV3Schema:',
    '        type: object',
    '        properties:',
    '          spec:',
    '            type: object',
    "            x-kubernetes-validations: [{rule: 'self.min <= self.max', message: min above max}]",
    '            properties:',
    "              code: {type: string, pattern: '^(a+)+$', maxLength: 64}",
    '              min: {type: integer, minimum: 0}',
    '              max: {type: integer}',
    '              tags: {type: array, x-kubernetes-list-type: set, items: {type: string}}',
    "              names: {type: array, items: {type: string}, x-kubernetes-validations: [{rule: 'self.all(x, self.all(y, x.size() >= 0))'}]}",
    '---',
    'apiVersion: fuzz.test/v1',
    'kind: Widget',
    'metadata: {name: w}',
    'spec:',
    '  code: aaaaaaaaaaaaaaaaaaaaaaaaaaaa!',
    '  min: 3',
    '  max: 1',
    '  tags: [a, a]',
    '  names: [x, y, z]',
    '',
  ].join('\n'),
  'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: bad.fuzz.test}\nspec:\n  group: fuzz.test\n  names: {kind: Bad, plural: bads}\n  scope: Cluster\n  versions:\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {x: {type: string, pattern: \'(?=x)\'}}}}}\n',
];

/** `.kubegate.yaml` texts: with `repoConfigs`, a mutated one is written in some document folders before a run. */
export const REPO_CONFIG_CORPUS: string[] = [
  'version: 1\nkubernetesVersion: "1.36"\nfeatureGates:\n  DRAOptionalNodeOperations: true\nseverity:\n  feature-gate: error\n',
  'version: 1\nfiles: ["**/*.yaml"]\nignore: ["vendor/**"]\nconfigFiles: ["kind.yaml", "../outside/kind.yaml", "{a,b}/**/x*.yaml"]\n',
  'version: 1\ncustomResources:\n  packs: [gateway-api]\n  crdFiles: ["crds/*.yaml", "/etc/passwd"]\nseverity: {invalid-value: off, unknown-field: hint}\n',
  'version: 2\nkubernetesVersion: 1.99\nbogus: [\n',
];

/** Snippets inserted by edits: YAML structure, markers that change the document split, odd characters. */
const FRAGMENTS = [
  '\n',
  '---\n',
  '\n---\n',
  '--- ',
  '...\n',
  '%YAML 1.2\n',
  '\r',
  '\r\n',
  '\uFEFF',
  '\t',
  '  ',
  ': ',
  '- ',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  '{{ .Values.x }}',
  '&a ',
  '*a',
  '# kubegate-disable-next-line\n',
  '# kubegate: kubernetes-version=1.34\n',
  'apiVersion: v1\n',
  'kind: Pod\n',
  'kind: ConfigMap\n',
  'metadata:\n  name: x\n',
  'spec:\n  foo: 1\n',
  'spec:\n  skipNodeOperations: ["*"]\n',
  'featureGates:\n  DRAOptionalNodeOperations: false\n',
  'apiVersion: kind.x-k8s.io/v1alpha4\nkind: Cluster\n',
  'replicas: yes\n',
  'mode: 0644\n',
  '|\n  block\n',
  '😀',
  'x',
  '0',
];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)];
}

const MAX_TEXT = 30_000;

/** The whole-file check the server must agree with: the server's own context for the document (settings
 *  defaults with the folder's .kubegate.yaml, no cluster; the open documents as the server sees them), then its
 *  report WITHOUT the incremental
 *  checker (the engine's Analysis.report with the severity settings). */
function expectedDiagnostics(target: { uri: string; file: string; doc: TextDocument }, open: TextDocument[], root: string): Diagnostic[] {
  let settings = resolveSettings(undefined).settings;
  const documents = {
    get: (uri: string) => open.find((d) => d.uri === uri),
    all: () => open,
  } as unknown as TextDocuments<TextDocument>;
  const ws = new WorkspaceFiles(documents);
  ws.folders.set([pathToFileURL(root).toString()]);
  // The folder's `.kubegate.yaml` (fuzzed: see `repoConfigs`), applied as the server applies it (trusted).
  const project = new Project(ws, { folders: [root] });
  const lookup = repoConfigFor(target.uri, ws, project);
  if (lookup?.config) {
    if (isIgnored(lookup.config, target.file)) return [];
    settings = withRepoConfig(settings, lookup.config, settings.kubernetesVersion !== DEFAULT_VERSION, lookup.root);
  }
  const text = target.doc.getText();
  if (!shouldCheck(target.file, settings, ws)) return [];
  const ctx = documentContext(target.file, settings, undefined, ws, project);
  return toDiagnostics(ctx.analysis.report(text, { maxChars: DEFAULT_MAX_FILE_CHARS, severity: ctx.settings.severity }).findings, target.uri);
}

class Server {
  readonly proc: ChildProcess;
  readonly conn: MessageConnection;
  readonly published = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters: { uri: string; version: number; resolve: (d: Diagnostic[]) => void }[] = [];
  exited = false;
  stderr = '';
  /** Errors the server logged (a feature that threw). */
  readonly errors: string[] = [];

  constructor(serverJs: string) {
    this.proc = spawn(process.execPath, [serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stderr!.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-4000);
    });
    this.proc.once('exit', () => {
      this.exited = true;
    });
    this.conn = createMessageConnection(new StreamMessageReader(this.proc.stdout!), new StreamMessageWriter(this.proc.stdin!));
    this.conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.published.set(p.uri, p);
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        const w = this.waiters[i];
        if (w.uri === p.uri && p.version === w.version) {
          this.waiters.splice(i, 1);
          w.resolve(p.diagnostics);
        }
      }
    });
    this.conn.onRequest(ConfigurationRequest.type, (p) => p.items.map(() => null));
    this.conn.onRequest('client/registerCapability', () => null);
    this.conn.onRequest('workspace/inlayHint/refresh', () => null);
    this.conn.onError(() => undefined);
    this.conn.onNotification('window/logMessage', (p: { type: number; message: string }) => {
      if (p.type === 1) this.errors.push(p.message.slice(0, 2000));
    });
    this.conn.listen();
  }

  diagnostics(uri: string, version: number): Promise<Diagnostic[]> {
    const have = this.published.get(uri);
    if (have && have.version === version) return Promise.resolve(have.diagnostics);
    return new Promise((resolve) => this.waiters.push({ uri, version, resolve }));
  }
}

function within<T>(p: Promise<T>, ms: number): Promise<{ ok: true; value: T; error?: string } | { ok: false }> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false }), ms);
    p.then(
      (value) => {
        clearTimeout(timer);
        resolve({ ok: true, value });
      },
      (e: unknown) => {
        clearTimeout(timer);
        // An error answer is an answer (the server did not hang); it is counted apart.
        resolve({ ok: true, value: undefined as T, error: e instanceof Error ? e.message : String(e) });
      },
    );
  });
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const r = rng(options.seed);
  const nDocs = options.documents ?? 4;
  const timeoutMs = options.requestTimeoutMs ?? 60_000;
  const maxFailures = options.maxFailures ?? 5;
  const root = mkdtempSync(path.join(os.tmpdir(), 'kubegate-fuzz-'));
  let server: Server;
  try {
    server = new Server(options.serverJs);
  } catch (e) {
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
  const result: FuzzResult = {
    seed: options.seed,
    edits: 0,
    quietPeriods: 0,
    comparisons: 0,
    requests: 0,
    answered: 0,
    byMethod: {},
    errorAnswers: 0,
    errorAnswerSamples: [],
    failures: [],
    slowestRequestMs: 0,
    serverAlive: true,
    serverErrors: 0,
    serverErrorSamples: [],
    repoConfigs: 0,
  };
  const fail = (f: Omit<FuzzFailure, 'seed' | 'edit'>) => result.failures.push({ ...f, seed: options.seed, edit: result.edits });
  const docs: { uri: string; file: string; doc: TextDocument; oldDiagnostics: Diagnostic[] }[] = [];
  const pending: Promise<void>[] = [];

  const request = (method: string, send: () => Promise<unknown>): void => {
    result.requests++;
    result.byMethod[method] = (result.byMethod[method] ?? 0) + 1;
    const started = Date.now();
    pending.push(
      within(send(), timeoutMs).then((a) => {
        if (a.ok) {
          result.answered++;
          if (a.error !== undefined) {
            result.errorAnswers++;
            if (result.errorAnswerSamples.length < 5) result.errorAnswerSamples.push(`${method}: ${a.error.slice(0, 300)}`);
          }
          result.slowestRequestMs = Math.max(result.slowestRequestMs, Date.now() - started);
        } else fail({ kind: 'unanswered', detail: `${method} had no answer within ${timeoutMs} ms` });
      }),
    );
  };

  try {
    const rootUri = pathToFileURL(root).toString();
    const init = await within(
      server.conn.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri,
        workspaceFolders: [{ uri: rootUri, name: 'fuzz' }],
        capabilities: {
          workspace: { configuration: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } },
          textDocument: { completion: { completionItem: { snippetSupport: true } }, publishDiagnostics: { versionSupport: true }, inlayHint: {} },
        },
      }),
      timeoutMs,
    );
    if (!init.ok) throw new Error('the server did not answer initialize');
    await server.conn.sendNotification(InitializedNotification.type, {});

    for (let i = 0; i < nDocs; i++) {
      const dir = path.join(root, `d${i}`);
      mkdirSync(dir);
      if (options.repoConfigs && options.repoConfigs.length > 0 && r() < 0.5) {
        let text = pick(r, options.repoConfigs);
        for (let k = Math.floor(r() * 4); k > 0; k--) {
          const at = Math.floor(r() * (text.length + 1));
          text = r() < 0.5 ? text.slice(0, at) + pick(r, FRAGMENTS) + text.slice(at) : text.slice(0, at) + text.slice(at + 1 + Math.floor(r() * 6));
        }
        writeFileSync(path.join(dir, '.kubegate.yaml'), text);
        result.repoConfigs++;
      }
      const file = path.join(dir, 'doc.yaml');
      const uri = pathToFileURL(file).toString();
      const doc = TextDocument.create(uri, 'yaml', 1, pick(r, options.corpus));
      docs.push({ uri, file, doc, oldDiagnostics: [] });
      await server.conn.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: 'yaml', version: 1, text: doc.getText() },
      });
    }

    const randomPosition = (doc: TextDocument): Position => {
      const roll = r();
      if (roll < 0.08) return { line: doc.lineCount + Math.floor(r() * 50), character: Math.floor(r() * 200) };
      if (roll < 0.12) return { line: -1 - Math.floor(r() * 3), character: -Math.floor(r() * 3) };
      if (roll < 0.16) return { line: Math.floor(r() * doc.lineCount), character: 500 + Math.floor(r() * 1000) };
      return doc.positionAt(Math.floor(r() * (doc.getText().length + 1)));
    };

    const sendRequests = (count: number): void => {
      for (let k = 0; k < count; k++) {
        const target = pick(r, docs);
        const uri = r() < 0.05 ? pathToFileURL(path.join(root, `ghost${Math.floor(r() * 3)}.yaml`)).toString() : target.uri;
        const position = randomPosition(target.doc);
        const end = randomPosition(target.doc);
        const kind = Math.floor(r() * 9);
        switch (kind) {
          case 0:
          case 1:
            request('hover', () => server.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position }));
            break;
          case 2:
            request('completion', () => server.conn.sendRequest(CompletionRequest.type, { textDocument: { uri }, position }));
            break;
          case 3:
            request('documentSymbol', () => server.conn.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }));
            break;
          case 4: {
            // Diagnostics of an older version (stale) or the latest, and a random range.
            const diagnostics = r() < 0.5 ? target.oldDiagnostics : (server.published.get(uri)?.diagnostics ?? []);
            request('codeAction', () =>
              server.conn.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: { start: position, end }, context: { diagnostics } }),
            );
            break;
          }
          case 5:
            request('inlayHint', () => server.conn.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range: { start: position, end } }));
            break;
          case 6:
            request('explain', () => server.conn.sendRequest(EXPLAIN_REQUEST, { textDocument: { uri }, position }));
            break;
          case 7:
            if (r() < 0.2) request('gateReport', () => server.conn.sendRequest(GATE_REPORT_REQUEST, r() < 0.5 ? { uris: [uri] } : {}));
            else request('hover', () => server.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position }));
            break;
          default:
            if (r() < 0.2) request('kindConfig', () => server.conn.sendRequest(KIND_CONFIG_REQUEST, { uris: [uri] }));
            else request('completion', () => server.conn.sendRequest(CompletionRequest.type, { textDocument: { uri }, position }));
        }
      }
    };

    const edit = async (target: (typeof docs)[number]): Promise<void> => {
      const text = target.doc.getText();
      let start = Math.floor(r() * (text.length + 1));
      let end = start;
      let insert = '';
      const op = r();
      if (op < 0.03 || text.length > MAX_TEXT) {
        start = 0;
        end = text.length;
        insert = pick(r, options.corpus);
      } else if (op < 0.45) insert = pick(r, FRAGMENTS);
      else if (op < 0.7) end = Math.min(text.length, start + 1 + Math.floor(r() * (r() < 0.8 ? 8 : 200)));
      else if (op < 0.85) {
        end = Math.min(text.length, start + 1 + Math.floor(r() * 20));
        insert = pick(r, FRAGMENTS);
      } else {
        // A line of another corpus document, at a line start.
        const other = pick(r, options.corpus).split('\n');
        const line = target.doc.positionAt(start).line;
        start = end = target.doc.offsetAt({ line, character: 0 });
        insert = `${pick(r, other)}\n`;
      }
      // Never cut a CR LF pair or a surrogate pair in half: no client sends such an edit.
      const snap = (o: number): number => {
        const before = text.charCodeAt(o - 1);
        const at = text.charCodeAt(o);
        if (before === 13 && at === 10) return o - 1;
        if (before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff) return o - 1;
        return o;
      };
      start = snap(start);
      end = Math.max(start, snap(end));
      const range = { start: target.doc.positionAt(start), end: target.doc.positionAt(end) };
      const version = target.doc.version + 1;
      target.doc = TextDocument.update(target.doc, [{ range, text: insert }], version);
      result.edits++;
      await server.conn.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri: target.uri, version },
        contentChanges: [{ range, text: insert }],
      });
    };

    while (result.edits < options.edits && result.failures.length < maxFailures) {
      const touched = new Set<(typeof docs)[number]>();
      const burst = 1 + Math.floor(r() * 8);
      for (let b = 0; b < burst && result.edits < options.edits; b++) {
        const target = r() < 0.8 && touched.size > 0 ? [...touched][0] : pick(r, docs);
        touched.add(target);
        await edit(target);
        if (r() < 0.5) sendRequests(1 + Math.floor(r() * 3));
        if (options.log && options.progressEvery && result.edits % options.progressEvery === 0) {
          options.log(`edits ${result.edits} requests ${result.requests} comparisons ${result.comparisons} failures ${result.failures.length}`);
        }
      }
      sendRequests(Math.floor(r() * 3));
      // Quiet period: every request answered, then each touched document's diagnostics of its current version.
      await Promise.all(pending.splice(0));
      if (server.exited) break;
      result.quietPeriods++;
      for (const t of touched) {
        const got = await within(server.diagnostics(t.uri, t.doc.version), timeoutMs);
        if (!got.ok) {
          fail({ kind: 'no-diagnostics', detail: `no diagnostics for version ${t.doc.version} of ${path.basename(path.dirname(t.file))}` });
          continue;
        }
        result.comparisons++;
        const text = t.doc.getText();
        const expected = expectedDiagnostics(t, docs.map((d) => d.doc), root);
        if (JSON.stringify(got.value) !== JSON.stringify(expected)) {
          fail({ kind: 'mismatch', detail: describeMismatch(expected, got.value), text });
        }
        t.oldDiagnostics = got.value;
      }
    }
    await Promise.all(pending.splice(0));
  } finally {
    result.serverErrors = server.errors.length;
    result.serverErrorSamples = [...new Set(server.errors.map((e) => e.split('\n').slice(0, 8).join(' | ')))].slice(0, 5);
    if (server.exited) {
      result.serverAlive = false;
      fail({ kind: 'crash', detail: `the server exited: ${server.stderr.slice(-1000)}` });
    } else {
      const down = await within(server.conn.sendRequest(ShutdownRequest.type), timeoutMs);
      if (!down.ok) {
        result.serverAlive = false;
        fail({ kind: 'unanswered', detail: 'shutdown had no answer' });
      }
      await server.conn.sendNotification(ExitNotification.type).catch(() => undefined);
      await new Promise<void>((resolve) => {
        if (server.exited) resolve();
        else {
          const t = setTimeout(() => {
            server.proc.kill('SIGKILL');
            resolve();
          }, 5000);
          server.proc.once('exit', () => {
            clearTimeout(t);
            resolve();
          });
        }
      });
    }
    server.conn.dispose();
    rmSync(root, { recursive: true, force: true });
  }
  return result;
}

function describeMismatch(expected: Diagnostic[], got: Diagnostic[]): string {
  const brief = (d: Diagnostic[]) => d.map((x) => `${x.code}@${x.range.start.line}:${x.range.start.character}-${x.range.end.line}:${x.range.end.character}`).join(' ');
  return `expected [${brief(expected)}] got [${brief(got)}]`;
}
