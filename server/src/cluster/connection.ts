// An authenticated, read-only connection to the API server of one kubeconfig context: GET requests only,
// bounded by an AbortSignal, with the TLS material, token, client certificate, exec plugin and proxy that
// @kubernetes/client-node derives from the kubeconfig. Nothing here prompts or logs.
import type * as Http from 'node:http';
import type * as Https from 'node:https';
import { basename } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { loadKubeconfig } from './kubeconfig';
import { chooseProxy, withoutCredentials, type ProxyChoice } from './proxy';
import { classifyCredentialError, classifyRequestError, type Failure } from './failure';
import { guardExecPlugins } from './exec-plugin';

type Env = Record<string, string | undefined>;

// Node's HTTP and HTTPS modules are loaded on the first request: a server that never reaches a cluster (the
// default) does not carry them (with TLS, about 1.3 MB of memory).
const http = (): typeof Http => require('node:http') as typeof Http;
const https = (): typeof Https => require('node:https') as typeof Https;

export interface Answer {
  status: number;
  body: string;
}

export type GetResult = { ok: true; answer: Answer } | { ok: false; failure: Failure };

export interface GetOptions {
  accept?: string;
  /** Keep only the lines this accepts (a large metrics answer is filtered while it streams in). */
  keepLine?: (line: string) => boolean;
  /** Answers larger than this fail with `too-large` (default 64 MiB). A filtered answer (keepLine) is bounded
   *  instead by the lines it keeps (maxLines), the length of one line (maxLineBytes) and all it streams
   *  (maxStreamBytes): a 200 MB /metrics is read through in bounded memory, or given up early. */
  maxBytes?: number;
  maxLines?: number;
  maxLineBytes?: number;
  maxStreamBytes?: number;
}

export interface ClusterConnection {
  context: string;
  /** Server URL without credentials. */
  server: string;
  /** Key of the cluster for caches: server URL + context. */
  key: string;
  files: string;
  proxy?: ProxyChoice;
  /** Basename of the exec credential plugin, when the context's user has one. */
  execCommand?: string;
  get(path: string, signal: AbortSignal, options?: GetOptions): Promise<GetResult>;
  close(): void;
}

export type OpenResult =
  | { ok: true; connection: ClusterConnection }
  | { ok: false; note?: string; failure?: Failure; context?: string; server?: string; execCommand?: string; proxy?: ProxyChoice };

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Kept lines of a filtered answer: a few hundred gates per component, with room to spare. */
export const DEFAULT_MAX_KEPT_LINES = 10_000;
const DEFAULT_MAX_LINE_BYTES = 64 * 1024;
const DEFAULT_MAX_STREAM_BYTES = 256 * 1024 * 1024;

function abortPromise(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}

/** The legacy gcp/azure auth-providers run `cmd-path` synchronously (no time bound possible): refused. */
function legacyCommandProvider(user: { authProvider?: unknown }): string | undefined {
  const ap = user.authProvider as { name?: unknown; config?: Record<string, unknown> } | undefined;
  if (!ap || (ap.name !== 'gcp' && ap.name !== 'azure')) return undefined;
  return ap.config && typeof ap.config['cmd-path'] === 'string' && ap.config['cmd-path'] !== '' ? ap.name : undefined;
}

function execCommandOf(user: { exec?: unknown; authProvider?: unknown }): string | undefined {
  const exec = (user.exec ?? (user.authProvider as { config?: { exec?: unknown } } | undefined)?.config?.exec) as
    | { command?: unknown }
    | undefined;
  return exec && typeof exec.command === 'string' ? basename(exec.command) : undefined;
}

// ── One run, one budget (the CLI): a `kubegate check --cluster` reads the cluster twice (gates, then CRDs). In a
// cluster session the reads share one time budget (the first read starts it), and credentials that failed or
// timed out once are not asked for again: a hung exec credential plugin is started once per run, not per read.
// The language server does not start a session (it reconnects when settings change, and retries later).
const session = { active: false, deadline: undefined as number | undefined, failed: new Map<string, OpenResult>() };

/** Starts a cluster session (the CLI, once per command run); forgets any earlier one. */
export function startClusterSession(): void {
  session.active = true;
  session.deadline = undefined;
  session.failed.clear();
}

/** Ends the session (tests; the CLI at the end of a run). */
export function endClusterSession(): void {
  session.active = false;
  session.deadline = undefined;
  session.failed.clear();
}

/** A read's time budget within the session: what is left of the first read's budget (at least 1 ms). */
export function sessionTimeout(timeoutMs: number): number {
  if (!session.active) return timeoutMs;
  const now = Date.now();
  session.deadline ??= now + timeoutMs;
  return Math.max(1, Math.min(timeoutMs, session.deadline - now));
}

/** Loads the kubeconfig, applies credentials (bounded by `signal`) and returns a connection or why not. */
export async function openConnection(
  kubeconfigPath: string | undefined,
  contextName: string | undefined,
  env: Env,
  signal: AbortSignal,
): Promise<OpenResult> {
  let proxy: ProxyChoice | undefined;
  const loaded = await loadKubeconfig(kubeconfigPath, contextName, env, (cluster) => {
    proxy = chooseProxy(cluster.server, cluster.proxyUrl, env);
    return proxy && !cluster.proxyUrl ? { ...cluster, proxyUrl: proxy.url } : cluster;
  });
  if (!loaded.ok) return { ok: false, note: loaded.note, context: loaded.context };
  const { kubeconfig, cluster, context, user, files } = loaded.value;
  const server = withoutCredentials(cluster.server);
  const execCommand = execCommandOf(user);
  const base = { context, server, execCommand, proxy };
  // In a session, credentials that failed once (a plugin that hung or failed) are not asked for again.
  const sessionKey = `${server}\u0000${context}`;
  const earlier = session.active ? session.failed.get(sessionKey) : undefined;
  if (earlier) return earlier;
  const remember = (r: OpenResult): OpenResult => {
    if (session.active && !r.ok && (r.failure?.kind === 'timeout' || r.failure?.kind === 'credentials')) session.failed.set(sessionKey, r);
    return r;
  };
  const legacy = legacyCommandProvider(user);
  if (legacy) {
    return {
      ok: false,
      ...base,
      note: `Context "${context}" uses the "${legacy}" auth-provider with cmd-path, which Kubegate does not run (it cannot be bounded in time); use an exec credential plugin instead.`,
    };
  }
  // The exec credential plugin (if any) runs in its own process group, killed when `signal` aborts.
  guardExecPlugins(kubeconfig, signal);
  const requestOptions: Https.RequestOptions = {};
  try {
    await Promise.race([kubeconfig.applyToHTTPSOptions(requestOptions), abortPromise(signal)]);
  } catch (error) {
    const failure: Failure = signal.aborted
      ? { kind: 'timeout', during: 'credentials' }
      : classifyCredentialError(error, execCommand);
    return remember({ ok: false, failure, ...base });
  }
  const agent = requestOptions.agent instanceof http().Agent ? requestOptions.agent : undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(requestOptions.headers ?? {})) {
    if (typeof value === 'string') headers[name] = value;
    else if (typeof value === 'number') headers[name] = String(value);
  }
  const auth = typeof requestOptions.auth === 'string' ? requestOptions.auth : undefined;
  const baseUrl = cluster.server.replace(/\/+$/, '');
  const get = (path: string, getSignal: AbortSignal, options: GetOptions = {}) =>
    request(`${baseUrl}${path}`, { agent, headers, auth }, getSignal, options);
  return {
    ok: true,
    connection: {
      context,
      server,
      key: `${server}#${context}`,
      files,
      proxy,
      execCommand,
      get,
      close: () => agent?.destroy(),
    },
  };
}

function request(
  url: string,
  base: { agent?: Http.Agent; headers: Record<string, string>; auth?: string },
  signal: AbortSignal,
  options: GetOptions,
): Promise<GetResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxLines = options.maxLines ?? DEFAULT_MAX_KEPT_LINES;
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const maxStreamBytes = options.maxStreamBytes ?? DEFAULT_MAX_STREAM_BYTES;
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve({ ok: false, failure: { kind: 'timeout', during: 'request' } });
      return;
    }
    const send = url.startsWith('http:') ? http().request : https().request;
    let settled = false;
    const finish = (result: GetResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    let req: Http.ClientRequest;
    try {
      req = send(
        url,
        {
          method: 'GET',
          agent: base.agent,
          auth: base.auth,
          headers: { ...base.headers, Accept: options.accept ?? 'application/json' },
          signal,
        },
        (res) => {
          const kept: string[] = [];
          const chunks: Buffer[] = [];
          let size = 0;
          let pending = '';
          const decoder = new StringDecoder('utf8');
          const tooLarge = () => {
            finish({ ok: false, failure: { kind: 'too-large' } });
            res.destroy();
          };
          res.on('data', (chunk: Buffer) => {
            if (settled) return;
            size += chunk.length;
            if (options.keepLine) {
              // A filtered answer is not kept whole: what it streams, its kept lines and its open line are bounded.
              if (size > maxStreamBytes) return tooLarge();
              const lines = (pending + decoder.write(chunk)).split('\n');
              pending = lines.pop() ?? '';
              if (pending.length > maxLineBytes) return tooLarge();
              for (const line of lines) {
                if (line.length > maxLineBytes) return tooLarge();
                if (options.keepLine(line)) {
                  kept.push(line);
                  if (kept.length > maxLines) return tooLarge();
                }
              }
            } else {
              if (size > maxBytes) return tooLarge();
              chunks.push(chunk);
            }
          });
          res.on('end', () => {
            pending += decoder.end();
            if (options.keepLine && pending !== '' && options.keepLine(pending)) kept.push(pending);
            const body = options.keepLine ? kept.join('\n') : Buffer.concat(chunks).toString('utf8');
            finish({ ok: true, answer: { status: res.statusCode ?? 0, body } });
          });
          res.on('error', (error) => finish({ ok: false, failure: classifyRequestError(error, signal.aborted) }));
          // An answer cut off before its end (abort, reset) closes without 'end'.
          res.on('close', () => finish({ ok: false, failure: classifyRequestError(new Error('closed early'), signal.aborted) }));
        },
      );
    } catch (error) {
      finish({ ok: false, failure: classifyRequestError(error, signal.aborted) });
      return;
    }
    req.on('error', (error) => finish({ ok: false, failure: classifyRequestError(error, signal.aborted) }));
    req.end();
  });
}
