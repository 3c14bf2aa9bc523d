// Which proxy (if any) to use for an API server URL. Pure.
//
// What happens, in order (the same choices kubectl makes):
// 1. The kubeconfig cluster's `proxy-url` wins. @kubernetes/client-node connects through it: http(s)
//    proxies with hpagent (HTTP CONNECT), socks4/socks5 with socks-proxy-agent.
// 2. Otherwise the environment: HTTPS_PROXY (or https_proxy) for an https server, HTTP_PROXY (or
//    http_proxy) for an http one, unless NO_PROXY (or no_proxy) matches the host. client-node itself does
//    not read these variables; the reader copies the chosen proxy into the cluster's proxy-url, so the
//    same hpagent path is used. A proxy URL without a scheme is taken as http://.
// 3. localhost and loopback addresses are never sent through an environment proxy.
// NO_PROXY entries: `*` (no proxy at all), an IP, a CIDR (10.0.0.0/8), a host name (matches the name and
// its subdomains), `.example.com` or `*.example.com` (subdomains only), each optionally with `:port`.
import type * as Net from 'node:net';

// Loaded on first use, like the HTTP modules (connection.ts): a server that never reaches a cluster does not
// carry Node's socket module.
const netModule = (): typeof Net => require('node:net') as typeof Net;
const isIP = (host: string): number => netModule().isIP(host);

export interface ProxyChoice {
  url: string;
  /** Where it came from: "kubeconfig proxy-url" or the environment variable's name. */
  from: string;
}

type Env = Record<string, string | undefined>;

function envValue(env: Env, upper: string): { name: string; value: string } | undefined {
  for (const name of [upper, upper.toLowerCase()]) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return { name, value: value.trim() };
  }
  return undefined;
}

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function splitHostPort(entry: string): { host: string; port?: string } {
  if (entry.startsWith('[')) {
    const close = entry.indexOf(']');
    const host = entry.slice(1, close);
    const port = entry.slice(close + 1).startsWith(':') ? entry.slice(close + 2) : undefined;
    return { host, port };
  }
  const colons = entry.split(':').length - 1;
  if (colons === 1) {
    const [host, port] = entry.split(':');
    return { host, port };
  }
  return { host: entry };
}

/** Whether a NO_PROXY value exempts host:port from the proxy. */
export function noProxyMatches(noProxy: string, host: string, port: string): boolean {
  const target = stripBrackets(host).toLowerCase();
  const family = isIP(target);
  for (const raw of noProxy.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    if (entry.includes('/')) {
      const [net, bits] = entry.split('/');
      const netFamily = isIP(net);
      const prefix = Number(bits);
      if (family === 0 || netFamily !== family || !Number.isInteger(prefix)) continue;
      try {
        const list = new (netModule().BlockList)();
        list.addSubnet(net, prefix, family === 4 ? 'ipv4' : 'ipv6');
        if (list.check(target, family === 4 ? 'ipv4' : 'ipv6')) return true;
      } catch {
        // an invalid CIDR never matches
      }
      continue;
    }
    const { host: entryHost, port: entryPort } = splitHostPort(entry);
    if (entryPort !== undefined && entryPort !== port) continue;
    if (isIP(entryHost) !== 0) {
      if (entryHost === target) return true;
      continue;
    }
    if (entryHost.startsWith('*.') || entryHost.startsWith('.')) {
      const suffix = entryHost.startsWith('*.') ? entryHost.slice(1) : entryHost;
      if (target.endsWith(suffix)) return true;
      continue;
    }
    if (target === entryHost || target.endsWith(`.${entryHost}`)) return true;
  }
  return false;
}

/** The proxy for a server URL, or undefined for a direct connection. */
export function chooseProxy(serverUrl: string, kubeconfigProxyUrl: string | undefined, env: Env): ProxyChoice | undefined {
  if (kubeconfigProxyUrl && kubeconfigProxyUrl.trim() !== '') {
    return { url: kubeconfigProxyUrl.trim(), from: 'kubeconfig proxy-url' };
  }
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return undefined;
  }
  const host = stripBrackets(url.hostname);
  if (isLoopback(host)) return undefined;
  const https = url.protocol === 'https:';
  const chosen = envValue(env, https ? 'HTTPS_PROXY' : 'HTTP_PROXY');
  if (!chosen) return undefined;
  const port = url.port || (https ? '443' : '80');
  const noProxy = envValue(env, 'NO_PROXY');
  if (noProxy && noProxyMatches(noProxy.value, host, port)) return undefined;
  const proxyUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(chosen.value) ? chosen.value : `http://${chosen.value}`;
  return { url: proxyUrl, from: chosen.name };
}

/** A URL for messages: user name and password removed. */
export function withoutCredentials(rawUrl: string): string {
  try {
    const url = new URL(rawUrl);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return '(an unparseable URL)';
  }
}
