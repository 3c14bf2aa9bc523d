// Pure pieces: proxy choice (HTTPS_PROXY / NO_PROXY / proxy-url), kubeconfig candidates, failure notes.
import { describe, expect, it } from 'vitest';
import { delimiter, join } from 'node:path';
import { chooseProxy, noProxyMatches, withoutCredentials } from '../../server/src/cluster/proxy';
import { kubeconfigCandidates } from '../../server/src/cluster/kubeconfig';
import { classifyCredentialError, classifyRequestError, describeFailure } from '../../server/src/cluster/failure';

describe('proxy choice', () => {
  const server = 'https://api.cluster.example:6443';

  it('prefers the kubeconfig proxy-url over the environment', () => {
    expect(chooseProxy(server, 'socks5://127.0.0.1:1080', { HTTPS_PROXY: 'http://env-proxy:3128' })).toEqual({
      url: 'socks5://127.0.0.1:1080',
      from: 'kubeconfig proxy-url',
    });
  });

  it('takes HTTPS_PROXY (or https_proxy) for https servers and HTTP_PROXY for http ones', () => {
    expect(chooseProxy(server, undefined, { HTTPS_PROXY: 'http://p:3128' })).toEqual({ url: 'http://p:3128', from: 'HTTPS_PROXY' });
    expect(chooseProxy(server, undefined, { https_proxy: 'p:3128' })).toEqual({ url: 'http://p:3128', from: 'https_proxy' });
    expect(chooseProxy(server, undefined, { HTTP_PROXY: 'http://p:3128' })).toBeUndefined();
    expect(chooseProxy('http://api.cluster.example:8080', undefined, { HTTP_PROXY: 'http://p:3128' })?.from).toBe('HTTP_PROXY');
    expect(chooseProxy(server, undefined, {})).toBeUndefined();
  });

  it('never proxies loopback servers through the environment', () => {
    for (const url of ['https://127.0.0.1:6443', 'https://localhost:6443', 'https://[::1]:6443']) {
      expect(chooseProxy(url, undefined, { HTTPS_PROXY: 'http://p:3128' })).toBeUndefined();
    }
  });

  it('honours NO_PROXY entries: names, subdomains, IPs, CIDRs, ports and *', () => {
    const env = (noProxy: string) => ({ HTTPS_PROXY: 'http://p:3128', NO_PROXY: noProxy });
    expect(chooseProxy(server, undefined, env('cluster.example'))).toBeUndefined();
    expect(chooseProxy(server, undefined, env('.cluster.example'))).toBeUndefined();
    expect(chooseProxy(server, undefined, env('*.cluster.example'))).toBeUndefined();
    expect(chooseProxy(server, undefined, env('other.example, *'))).toBeUndefined();
    expect(chooseProxy(server, undefined, env('api.cluster.example:6443'))).toBeUndefined();
    expect(chooseProxy(server, undefined, env('api.cluster.example:443'))).toBeDefined();
    expect(chooseProxy(server, undefined, env('luster.example'))).toBeDefined();
    expect(chooseProxy('https://10.1.2.3:6443', undefined, env('10.0.0.0/8'))).toBeUndefined();
    expect(chooseProxy('https://10.1.2.3:6443', undefined, env('10.1.2.3'))).toBeUndefined();
    expect(chooseProxy('https://11.1.2.3:6443', undefined, env('10.0.0.0/8'))).toBeDefined();
    expect(chooseProxy('https://[fd00::5]:6443', undefined, env('fd00::/8'))).toBeUndefined();
    expect(chooseProxy(server, undefined, { HTTPS_PROXY: 'http://p:3128', no_proxy: 'cluster.example' })).toBeUndefined();
  });

  it('matches NO_PROXY case-insensitively and ignores empty or bad entries', () => {
    expect(noProxyMatches(' ,, CLUSTER.example', 'api.cluster.example', '443')).toBe(true);
    expect(noProxyMatches('10.0.0.0/99', '10.0.0.1', '443')).toBe(false);
  });

  it('shows URLs without user name, password or query', () => {
    expect(withoutCredentials('http://user:secret@proxy.example:3128/?token=abc')).toBe('http://proxy.example:3128');
    expect(withoutCredentials('not a url')).not.toContain('not a url');
  });
});

describe('kubeconfig candidates', () => {
  it('uses the explicit path(s), else KUBECONFIG, else the home directory', () => {
    expect(kubeconfigCandidates(`a${delimiter}b`, { KUBECONFIG: 'c' })).toEqual(['a', 'b']);
    expect(kubeconfigCandidates(undefined, { KUBECONFIG: `c${delimiter}${delimiter}d`, HOME: 'h' })).toEqual(['c', 'd']);
    expect(kubeconfigCandidates(undefined, { HOME: 'h' })).toEqual([join('h', '.kube', 'config')]);
    expect(kubeconfigCandidates(undefined, {})).toEqual([]);
  });
});

describe('failure notes', () => {
  const ctx = { what: '/version', context: 'dev', server: 'https://api.example:6443', timeoutMs: 8000 };

  it('classifies TLS, network, proxy and abort errors by code only', () => {
    const err = (code: string, message = 'm') => Object.assign(new Error(message), { code });
    expect(classifyRequestError(err('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), false)).toEqual({ kind: 'tls', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    expect(classifyRequestError(err('ERR_TLS_CERT_ALTNAME_INVALID'), false).kind).toBe('tls');
    expect(classifyRequestError(err('ECONNREFUSED'), false)).toEqual({ kind: 'network', code: 'ECONNREFUSED' });
    expect(classifyRequestError(new Error('Bad response: 407'), false)).toEqual({ kind: 'proxy', status: 407 });
    expect(classifyRequestError(err('ECONNRESET'), true)).toEqual({ kind: 'timeout', during: 'request' });
    expect(classifyRequestError('weird', false)).toEqual({ kind: 'other' });
  });

  it('classifies credential errors without reading their messages', () => {
    const spawnError = Object.assign(new Error('spawn x ENOENT'), { code: 'ENOENT', syscall: 'spawn x' });
    expect(classifyCredentialError(spawnError, 'x')).toEqual({ kind: 'credentials', reason: 'exec-not-found', command: 'x' });
    expect(classifyCredentialError(new Error('secret stderr'), 'x')).toEqual({ kind: 'credentials', reason: 'exec-failed', command: 'x' });
    expect(classifyCredentialError(Object.assign(new Error('no file'), { code: 'ENOENT' }), undefined).kind).toBe('credentials');
    expect(classifyCredentialError(new Error('HTTP protocol is not allowed when skipTLSVerify is not set or false'), undefined)).toEqual({
      kind: 'credentials',
      reason: 'insecure-http',
    });
  });

  it('writes one line per failure, naming the server and context', () => {
    const failures = [
      { kind: 'status', status: 401 },
      { kind: 'status', status: 403 },
      { kind: 'status', status: 500 },
      { kind: 'timeout', during: 'request' },
      { kind: 'tls', code: 'CERT_HAS_EXPIRED' },
      { kind: 'network', code: 'ECONNREFUSED' },
      { kind: 'network', code: 'ENOTFOUND' },
      { kind: 'proxy', status: 407 },
      { kind: 'credentials', reason: 'file-unreadable' },
      { kind: 'too-large' },
      { kind: 'invalid-answer' },
      { kind: 'other' },
    ] as const;
    for (const failure of failures) {
      const note = describeFailure(failure, { ...ctx, proxy: 'http://proxy.example:3128' });
      expect(note).not.toContain('\n');
      expect(note.length).toBeGreaterThan(20);
    }
    expect(describeFailure({ kind: 'status', status: 401 }, ctx)).toContain('https://api.example:6443 (context "dev")');
    expect(describeFailure({ kind: 'timeout', during: 'request' }, ctx)).toContain('8 s');
    expect(describeFailure({ kind: 'timeout', during: 'request' }, ctx)).not.toContain('plugin');
    expect(describeFailure({ kind: 'timeout', during: 'credentials' }, { ...ctx, execCommand: 'login-helper' })).toContain(
      'exec plugin "login-helper"',
    );
  });
});
