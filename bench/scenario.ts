// One measured session: a fresh server process, one input file, every step with its own time-out.
// spawn → initialize, didOpen → first diagnostics, N one-character edits → next diagnostics,
// N hovers, one edit that opens an empty key line in spec, N completions there, then the peak RSS.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { CompletionItem, CompletionList, Hover, InitializeResult } from 'vscode-languageserver-protocol';
import { BenchLspClient } from './lsp-client';
import type { BenchPositions, LinePosition } from './positions';
import type { ServerSpec } from './servers';
import { TIMED_OUT, type Sample } from './stats';
import { applyRangeEdits, offsetAt } from '../server/src/engine/base/line-index';

export interface StepTimeouts {
  initializeMs: number;
  configurationMs: number;
  firstDiagnosticsMs: number;
  editMs: number;
  requestMs: number;
}

export const DEFAULT_TIMEOUTS: StepTimeouts = {
  initializeMs: 30_000,
  configurationMs: 10_000,
  firstDiagnosticsMs: 60_000,
  editMs: 20_000,
  requestMs: 15_000,
};

export interface SessionOptions {
  file: string;
  text: string;
  positions: BenchPositions;
  edits: number;
  queries: number;
  timeouts: StepTimeouts;
}

export interface SessionResult {
  /** The server's process id (for logs; the process is gone when runSession returns). */
  pid: number | undefined;
  initialize: Sample;
  firstDiagnostics: Sample;
  firstDiagnosticsCount: number | undefined;
  edits: Sample[];
  editDiagnosticsCount: number | undefined;
  hovers: Sample[];
  hoverChars: number | undefined;
  completions: Sample[];
  completionItems: number | undefined;
  peakRssKb: number | undefined;
  /** Steps not measured and why (server crash, protocol error, skipped after a time-out). */
  notes: string[];
}

type TextChange = { range: { start: LinePosition; end: LinePosition }; text: string };

export async function runSession(spec: ServerSpec, opts: SessionOptions): Promise<SessionResult> {
  const res: SessionResult = {
    pid: undefined,
    initialize: TIMED_OUT,
    firstDiagnostics: TIMED_OUT,
    firstDiagnosticsCount: undefined,
    edits: [],
    editDiagnosticsCount: undefined,
    hovers: [],
    hoverChars: undefined,
    completions: [],
    completionItems: undefined,
    peakRssKb: undefined,
    notes: [],
  };
  const uri = pathToFileURL(opts.file).href;
  const rootUri = pathToFileURL(path.dirname(opts.file)).href;
  const t = opts.timeouts;
  const spawned = performance.now();
  const client = BenchLspClient.start(spec.command, spec.settings);
  res.pid = client.pid;
  try {
    const init = await client.request<InitializeResult>('initialize', initializeParams(rootUri), t.initializeMs);
    if (init === TIMED_OUT) {
      res.notes.push('initialize timed out; nothing else measured');
      return res;
    }
    res.initialize = performance.now() - spawned;
    const incremental = syncKind(init.result) === 2;
    await client.notify('initialized', {});
    await client.notify('workspace/didChangeConfiguration', { settings: spec.settings });
    if (spec.waitForConfigurationPull) {
      const pulled = await client.waitForConfigurationRequests(1, t.configurationMs);
      if (pulled === TIMED_OUT) res.notes.push('the server did not ask for its configuration; measured anyway');
    }

    let version = 1;
    let text = opts.text;
    let seq = client.diagnosticsSeq;
    const opened = performance.now();
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text: opts.text } });
    const first = await client.waitForDiagnostics(uri, seq, undefined, t.firstDiagnosticsMs);
    if (first === TIMED_OUT) {
      res.notes.push('first diagnostics timed out; edits skipped');
    } else {
      res.firstDiagnostics = first.at - opened;
      res.firstDiagnosticsCount = first.count;
      for (let i = 0; i < opts.edits; i++) {
        const change: TextChange =
          i % 2 === 0
            ? { range: { start: opts.positions.edit, end: opts.positions.edit }, text: 'x' }
            : { range: { start: opts.positions.edit, end: { ...opts.positions.edit, character: opts.positions.edit.character + 1 } }, text: '' };
        text = applyChange(text, change);
        version++;
        seq = client.diagnosticsSeq;
        const sent = performance.now();
        await client.notify('textDocument/didChange', {
          textDocument: { uri, version },
          contentChanges: [incremental ? change : { text }],
        });
        const got = await client.waitForDiagnostics(uri, seq, version, t.editMs);
        if (got === TIMED_OUT) {
          res.edits.push(TIMED_OUT);
          res.notes.push(`edit ${i + 1} timed out; further edits skipped`);
          break;
        }
        res.edits.push(got.at - sent);
        res.editDiagnosticsCount = got.count;
      }
    }

    await timedRequests<Hover | null>(
      client,
      'hover',
      'textDocument/hover',
      { textDocument: { uri }, position: opts.positions.hover },
      opts.queries,
      t.requestMs,
      res.hovers,
      res.notes,
      (h) => {
        res.hoverChars = hoverLength(h);
      },
    );

    // Open an empty key line inside the Deployment's spec, as a user about to type a key would.
    const opening: TextChange = { range: { start: opts.positions.specLineEnd, end: opts.positions.specLineEnd }, text: '\n  ' };
    text = applyChange(text, opening);
    version++;
    seq = client.diagnosticsSeq;
    await client.notify('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [incremental ? opening : { text }],
    });
    if ((await client.waitForDiagnostics(uri, seq, version, t.editMs)) === TIMED_OUT) {
      res.notes.push('no diagnostics after opening the completion line; completions measured anyway');
    }
    await timedRequests<CompletionItem[] | CompletionList | null>(
      client,
      'completion',
      'textDocument/completion',
      { textDocument: { uri }, position: opts.positions.completion, context: { triggerKind: 1 } },
      opts.queries,
      t.requestMs,
      res.completions,
      res.notes,
      (c) => {
        res.completionItems = completionCount(c);
      },
    );
    res.peakRssKb = client.peakRssKb();
  } catch (err) {
    res.peakRssKb ??= client.peakRssKb();
    res.notes.push(`stopped: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await client.stop();
  }
  return res;
}

/** Sends the same request `count` times, one after the other; a time-out or an error ends the series with a note. */
async function timedRequests<R>(
  client: BenchLspClient,
  what: string,
  method: string,
  params: unknown,
  count: number,
  timeoutMs: number,
  samples: Sample[],
  notes: string[],
  onResult: (result: R) => void,
): Promise<void> {
  for (let i = 0; i < count; i++) {
    let answer: { ms: number; result: R } | typeof TIMED_OUT;
    try {
      answer = await client.request<R>(method, params, timeoutMs);
    } catch (err) {
      notes.push(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (answer === TIMED_OUT) {
      samples.push(TIMED_OUT);
      notes.push(`a ${what} timed out; further ${what}s skipped`);
      return;
    }
    samples.push(answer.ms);
    onResult(answer.result);
  }
}

function initializeParams(rootUri: string): Record<string, unknown> {
  return {
    processId: process.pid,
    clientInfo: { name: 'kubegate-bench' },
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'inputs' }],
    initializationOptions: {},
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false }, workspaceFolders: true },
      textDocument: {
        synchronization: { dynamicRegistration: false, didSave: true },
        publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
      },
    },
    trace: 'off',
  };
}

function syncKind(init: InitializeResult): number | undefined {
  const sync = init.capabilities.textDocumentSync;
  if (typeof sync === 'number') return sync;
  return sync?.change;
}

/** Applies one range change to a text (line/character positions, UTF-16 like LSP). */
export function applyChange(text: string, change: TextChange): string {
  return applyRangeEdits(text, [{ range: change.range, newText: change.text }]);
}

export { offsetAt };

function hoverLength(h: Hover | null): number {
  if (!h) return 0;
  const c = h.contents;
  if (typeof c === 'string') return c.length;
  if (Array.isArray(c)) return c.reduce((n, part) => n + (typeof part === 'string' ? part.length : part.value.length), 0);
  return c.value.length;
}

function completionCount(r: CompletionItem[] | CompletionList | null): number {
  if (!r) return 0;
  return Array.isArray(r) ? r.length : r.items.length;
}
