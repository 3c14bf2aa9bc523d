// A minimal LSP client for the benchmark: spawns one language server over stdio, answers the requests a
// server sends to its client (workspace/configuration from a settings object, everything else with null),
// records every publishDiagnostics with its arrival time, and gives each wait a time-out so that a slow
// server is reported as "timed out" instead of hanging the run.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  CancellationTokenSource,
  StreamMessageReader,
  StreamMessageWriter,
  createMessageConnection,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import {
  ConfigurationRequest,
  PublishDiagnosticsNotification,
  type ConfigurationParams,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol';
import { TIMED_OUT } from './stats';

export interface ServerCommand {
  command: string;
  args: string[];
  cwd: string;
}

export interface DiagnosticsEvent {
  seq: number;
  uri: string;
  version: number | undefined;
  count: number;
  at: number;
}

export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what}: no answer within ${ms} ms`);
  }
}

/** Looks a dotted section ("yaml", "kubegate", "[yaml]") up in a settings object; null when absent. */
export function lookupSection(settings: Record<string, unknown>, section: string | undefined): unknown {
  if (section === undefined || section === '') return settings;
  if (Object.prototype.hasOwnProperty.call(settings, section)) return settings[section];
  let node: unknown = settings;
  for (const part of section.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part)) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export class BenchLspClient {
  readonly connection: MessageConnection;
  readonly process: ChildProcess;
  private readonly events: DiagnosticsEvent[] = [];
  private readonly waiters = new Set<() => void>();
  private configurationRequests = 0;
  private exited: string | undefined;
  private stderrTail = '';

  private constructor(proc: ChildProcess, settings: Record<string, unknown>) {
    this.process = proc;
    if (!proc.stdout || !proc.stdin) throw new Error('server process has no stdio pipes');
    this.connection = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
    this.connection.onRequest(ConfigurationRequest.type, (params: ConfigurationParams) => {
      this.configurationRequests++;
      this.wake();
      return params.items.map((item) => lookupSection(settings, item.section));
    });
    // Any other server-to-client request (registerCapability, workDoneProgress/create, custom ones): null.
    this.connection.onRequest(() => null);
    this.connection.onNotification(PublishDiagnosticsNotification.type, (p: PublishDiagnosticsParams) => {
      this.events.push({
        seq: this.events.length + 1,
        uri: p.uri,
        version: p.version,
        count: p.diagnostics.length,
        at: performance.now(),
      });
      this.wake();
    });
    this.connection.onNotification(() => undefined);
    this.connection.onError(() => undefined);
    proc.stdin.on('error', () => undefined); // EPIPE after the server died is reported through 'exit'
    proc.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-2000);
    });
    proc.on('exit', (code, signal) => {
      this.exited = `server exited (code ${code ?? 'none'}, signal ${signal ?? 'none'})`;
      this.wake();
    });
    proc.on('error', (err) => {
      this.exited = `server could not start: ${err.message}`;
      this.wake();
    });
    this.connection.listen();
  }

  /** Spawns the server; the caller takes the time just before this call. */
  static start(cmd: ServerCommand, settings: Record<string, unknown>): BenchLspClient {
    const proc = spawn(cmd.command, cmd.args, { cwd: cmd.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    return new BenchLspClient(proc, settings);
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  get lastStderr(): string {
    return this.stderrTail.trim();
  }

  /** Sequence number of the newest diagnostics event: pass it to waitForDiagnostics to wait for a newer one. */
  get diagnosticsSeq(): number {
    return this.events.length;
  }

  get configurationRequestCount(): number {
    return this.configurationRequests;
  }

  /** Sends a request; resolves with the result and its round-trip time, or TIMED_OUT (the request is cancelled). */
  request<R>(method: string, params: unknown, timeoutMs: number): Promise<{ ms: number; result: R } | typeof TIMED_OUT> {
    const cts = new CancellationTokenSource();
    const started = performance.now();
    return new Promise((resolve, reject) => {
      let done = false;
      const finish = (): void => {
        done = true;
        clearTimeout(timer);
        this.waiters.delete(onExit);
        cts.dispose();
      };
      const onExit = (): void => {
        if (!done && this.exited) {
          finish();
          reject(new Error(this.exitMessage()));
        }
      };
      const timer = setTimeout(() => {
        if (done) return;
        cts.cancel();
        finish();
        resolve(TIMED_OUT);
      }, timeoutMs);
      this.waiters.add(onExit);
      this.connection.sendRequest<R>(method, params, cts.token).then(
        (result) => {
          if (done) return;
          const ms = performance.now() - started;
          finish();
          resolve({ ms, result });
        },
        (err: unknown) => {
          if (done) return;
          finish();
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
      onExit();
    });
  }

  notify(method: string, params: unknown): Promise<void> {
    return this.connection.sendNotification(method, params);
  }

  /**
   * Waits for the first publishDiagnostics for `uri` newer than `afterSeq` (and, when the server reports
   * versions, at least `minVersion`). Resolves with the event, or TIMED_OUT.
   */
  waitForDiagnostics(uri: string, afterSeq: number, minVersion: number | undefined, timeoutMs: number): Promise<DiagnosticsEvent | typeof TIMED_OUT> {
    // Exact URI, or the same file name (a server may report a normalised form of the one open document's URI).
    const name = uri.slice(uri.lastIndexOf('/'));
    const match = (): DiagnosticsEvent | undefined =>
      this.events.find(
        (e) =>
          e.seq > afterSeq &&
          (e.uri === uri || e.uri.endsWith(name)) &&
          (minVersion === undefined || e.version === undefined || e.version >= minVersion),
      );
    return this.waitFor(match, timeoutMs);
  }

  /** Waits until the server has asked for its configuration at least `count` times. */
  waitForConfigurationRequests(count: number, timeoutMs: number): Promise<true | typeof TIMED_OUT> {
    return this.waitFor(() => (this.configurationRequests >= count ? true : undefined), timeoutMs);
  }

  /** Peak resident set size of the server process in kB (VmHWM), or undefined when it cannot be read. */
  peakRssKb(): number | undefined {
    if (this.pid === undefined || this.exited) return undefined;
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
      return m ? Number(m[1]) : undefined;
    } catch {
      return undefined;
    }
  }

  /** shutdown + exit with short time-outs, then SIGKILL if the process is still there. Never throws. */
  async stop(): Promise<void> {
    if (!this.exited) {
      const answer = await this.request('shutdown', undefined, 3000).catch(() => TIMED_OUT);
      if (answer !== TIMED_OUT) await this.notify('exit', undefined).catch(() => undefined);
      await this.waitFor(() => (this.exited ? true : undefined), 2000).catch(() => TIMED_OUT);
    }
    if (!this.exited) {
      this.process.kill('SIGKILL');
      await this.waitFor(() => (this.exited ? true : undefined), 2000).catch(() => TIMED_OUT);
    }
    this.connection.dispose();
  }

  private exitMessage(): string {
    return `${this.exited ?? 'server exited'}${this.stderrTail ? `; stderr: ${this.lastStderr.slice(-400)}` : ''}`;
  }

  private waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T | typeof TIMED_OUT> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = (): void => {
        this.waiters.delete(check);
        if (timer) clearTimeout(timer);
      };
      const check = (): void => {
        const value = probe();
        if (value !== undefined) {
          finish();
          resolve(value);
        } else if (this.exited) {
          finish();
          reject(new Error(this.exitMessage()));
        }
      };
      timer = setTimeout(() => {
        finish();
        resolve(TIMED_OUT);
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}
