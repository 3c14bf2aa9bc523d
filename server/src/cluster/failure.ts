// Turns a failed request into a one-line note a user can act on. Pure.
// Notes never quote an error message of a library or a server: those can carry tokens (an exec plugin's
// stderr, a proxy's reply). Only status codes, error codes and names from the kubeconfig are used.

export type Failure =
  | { kind: 'status'; status: number }
  | { kind: 'timeout'; during: 'credentials' | 'request' }
  | { kind: 'tls'; code: string }
  | { kind: 'network'; code: string }
  | { kind: 'proxy'; status?: number }
  | { kind: 'credentials'; reason: 'exec-not-found' | 'exec-failed' | 'file-unreadable' | 'insecure-http' | 'other'; command?: string }
  | { kind: 'too-large' }
  | { kind: 'invalid-answer' }
  | { kind: 'other' };

const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** Classifies an error thrown while sending a request (not while getting credentials). */
export function classifyRequestError(error: unknown, aborted: boolean): Failure {
  if (aborted) return { kind: 'timeout', during: 'request' };
  const code = errorCode(error);
  if (code && (TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'))) {
    return { kind: 'tls', code };
  }
  const proxyReply = /^Bad response: (\d{3})$/.exec(errorMessage(error));
  if (proxyReply) return { kind: 'proxy', status: Number(proxyReply[1]) };
  if (errorMessage(error) === 'Proxy timeout') return { kind: 'proxy' };
  if (code) return { kind: 'network', code };
  return { kind: 'other' };
}

/** Classifies an error thrown while the client library applied credentials (exec plugin, files, agent). */
export function classifyCredentialError(error: unknown, execCommand: string | undefined): Failure {
  const code = errorCode(error);
  const message = errorMessage(error);
  if (message.startsWith('HTTP protocol is not allowed')) return { kind: 'credentials', reason: 'insecure-http' };
  if (execCommand) {
    const syscall = (error as { syscall?: unknown } | null)?.syscall;
    if (code === 'ENOENT' && typeof syscall === 'string' && syscall.startsWith('spawn')) {
      return { kind: 'credentials', reason: 'exec-not-found', command: execCommand };
    }
    if (code !== 'ENOENT' && code !== 'EACCES') return { kind: 'credentials', reason: 'exec-failed', command: execCommand };
  }
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') return { kind: 'credentials', reason: 'file-unreadable' };
  return { kind: 'credentials', reason: 'other' };
}

function statusText(status: number): string {
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    407: 'Proxy Authentication Required',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  return names[status] ? `${status} ${names[status]}` : `HTTP ${status}`;
}

export interface FailureContext {
  /** What was asked, e.g. "/version" or "the kubelet metrics of node n1". */
  what: string;
  context: string;
  server: string;
  timeoutMs: number;
  /** Set when the user of the context runs an exec credential plugin. */
  execCommand?: string;
  /** Display form of the proxy in use (no credentials). */
  proxy?: string;
  /** The caller stopped the read (options.signal) before the time-out. */
  cancelled?: boolean;
}

function seconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return Number.isInteger(s) ? `${s} s` : `${s.toFixed(1)} s`;
}

/** One line saying what failed, where, and what to try. */
export function describeFailure(failure: Failure, ctx: FailureContext): string {
  const at = `${ctx.server} (context "${ctx.context}")`;
  const via = ctx.proxy ? ` through the proxy ${ctx.proxy}` : '';
  switch (failure.kind) {
    case 'status':
      if (failure.status === 401) {
        return `${at} rejected the credentials for ${ctx.what} (401 Unauthorized): the token or certificate is missing, expired or not accepted; log in again (for example run kubectl once).`;
      }
      if (failure.status === 403) {
        return `${at} refused ${ctx.what} (403 Forbidden): the user may not read it; what it would tell stays unknown.`;
      }
      return `${at} answered ${ctx.what} with ${statusText(failure.status)}.`;
    case 'timeout': {
      if (ctx.cancelled) return `Reading ${at} was stopped before it answered ${ctx.what}.`;
      const plugin = ctx.execCommand
        ? ` The context gets its credentials from the exec plugin "${ctx.execCommand}"; such plugins can be slow or wait for a login: run kubectl once, or allow more time.`
        : '';
      const phase = failure.during === 'credentials' && ctx.execCommand ? 'while getting credentials' : `for ${ctx.what}`;
      return `No answer from ${at}${via} within ${seconds(ctx.timeoutMs)} ${phase}.${plugin}`;
    }
    case 'tls':
      return `TLS check of ${at} failed (${failure.code}): the server certificate is not trusted by the kubeconfig's certificate-authority, or does not match the server name.`;
    case 'network':
      if (failure.code === 'ECONNREFUSED') return `${at}${via} refused the connection (ECONNREFUSED): is the cluster running?`;
      if (failure.code === 'ENOTFOUND' || failure.code === 'EAI_AGAIN') return `The host of ${at} could not be resolved (${failure.code}).`;
      return `The connection to ${at}${via} failed (${failure.code}).`;
    case 'proxy':
      return failure.status
        ? `The proxy ${ctx.proxy ?? ''} refused to connect to ${at} (${statusText(failure.status)}).`
        : `The proxy ${ctx.proxy ?? ''} did not connect to ${at} in time.`;
    case 'credentials':
      switch (failure.reason) {
        case 'exec-not-found':
          return `The exec credential plugin "${failure.command}" of context "${ctx.context}" was not found on the PATH.`;
        case 'exec-failed':
          return `The exec credential plugin "${failure.command}" of context "${ctx.context}" failed; run kubectl once to see why.`;
        case 'file-unreadable':
          return `A certificate, key or token file named by context "${ctx.context}" cannot be read.`;
        case 'insecure-http':
          return `${at} is plain http:// without insecure-skip-tls-verify; the client library refuses such a connection.`;
        default:
          return `The credentials of context "${ctx.context}" could not be applied.`;
      }
    case 'too-large':
      return `${at} answered ${ctx.what} with more data than Kubegate reads; skipped.`;
    case 'invalid-answer':
      return `${at} answered ${ctx.what} with something that is not the expected format.`;
    default:
      return `Reading ${ctx.what} from ${at} failed.`;
  }
}
