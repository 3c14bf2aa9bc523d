// A loopback HTTPS server that answers like a Kubernetes API server on the endpoints the cluster reader uses,
// plus helpers for test certificates (made at test time with `selfsigned`) and temporary kubeconfigs.
// Loopback only (127.0.0.1, port 0); nothing here needs the network or root.
import * as https from 'node:https';
import * as http from 'node:http';
import * as net from 'node:net';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TestPki {
  caCert: string;
  serverCert: string;
  serverKey: string;
}

const TEST_HOST_NAME = 'kubegate-test.invalid';
export { TEST_HOST_NAME };

async function makeCa(commonName: string): Promise<{ cert: string; key: string }> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(Date.now() + 24 * 3600_000);
  const ca = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  return { cert: ca.cert, key: ca.private };
}

/** A CA and a server certificate it signed, valid for 127.0.0.1 and TEST_HOST_NAME. */
export async function makeTestPki(): Promise<TestPki> {
  const ca = await makeCa('kubegate test CA');
  const server = await generate([{ name: 'commonName', value: 'kubegate test API server' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 60_000),
    notAfterDate: new Date(Date.now() + 24 * 3600_000),
    ca,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: TEST_HOST_NAME }] },
    ],
  });
  return { caCert: ca.cert, serverCert: server.cert, serverKey: server.private };
}

/** A CA that signed nothing the server presents (for the unknown-CA case). */
export async function makeOtherCa(): Promise<string> {
  return (await makeCa('some other CA')).cert;
}

export type Route =
  | { status?: number; json: unknown }
  | { status?: number; text: string; contentType?: string }
  | { status: number }
  | { partial: string }
  /** `line` written `count` times (text/plain), with backpressure; stops when the client goes away. */
  | { stream: { line: string; count: number } }
  | 'hang';

export interface FakeApiServer {
  url: string;
  port: number;
  /** Paths (with query) requested, in order. */
  requests: { path: string; authorization?: string }[];
  routes: Map<string, Route>;
  /** Emits 'hang' (path) when a request will get no (complete) answer. */
  events: EventEmitter;
  /** Bytes written per streamed path (stream routes), to assert how much a client read before giving up. */
  streamed: Map<string, number>;
  close(): Promise<void>;
}

/** Starts the fake API server; `routes` maps a path (query ignored) to its answer; others get 404. */
export async function startFakeApiServer(pki: TestPki, routes: Record<string, Route>): Promise<FakeApiServer> {
  const table = new Map(Object.entries(routes));
  const requests: FakeApiServer['requests'] = [];
  const events = new EventEmitter();
  const streamed = new Map<string, number>();
  const server = https.createServer({ key: pki.serverKey, cert: pki.serverCert }, (req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, authorization: req.headers.authorization });
    const route = table.get(path.split('?')[0]);
    if (route === 'hang') {
      events.emit('hang', path); // never answers; the socket is closed by close()
      return;
    }
    if (!route) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 }));
      return;
    }
    if ('stream' in route) {
      res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4' });
      const key = path.split('?')[0];
      let left = route.stream.count;
      const perChunk = Math.max(1, Math.floor(65536 / route.stream.line.length));
      const chunk = route.stream.line.repeat(perChunk);
      const pump = (): void => {
        while (left > 0 && !res.destroyed) {
          const n = Math.min(left, perChunk);
          left -= n;
          const text = n === perChunk ? chunk : route.stream.line.repeat(n);
          streamed.set(key, (streamed.get(key) ?? 0) + Buffer.byteLength(text));
          if (!res.write(text)) {
            res.once('drain', pump);
            return;
          }
        }
        if (!res.destroyed) res.end();
      };
      res.on('close', () => events.emit('stream-closed', key));
      pump();
      return;
    }
    if ('partial' in route) {
      res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4' });
      res.write(route.partial, () => events.emit('hang', path)); // and never ends; close() drops the socket
      return;
    }
    if ('json' in route) {
      res.writeHead(route.status ?? 200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(route.json));
    } else if ('text' in route) {
      res.writeHead(route.status ?? 200, { 'Content-Type': route.contentType ?? 'text/plain; version=0.0.4' });
      res.end(route.text);
    } else {
      res.writeHead(route.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: route.status }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    requests,
    routes: table,
    events,
    streamed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (a server is bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A loopback TCP server that keeps every connection open (the port a stuck exec plugin connects to): `onSocket`
 *  sees each one; `close` destroys them and stops the server. */
export async function startHoldServer(onSocket: (socket: net.Socket) => void = () => undefined): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback HTTP CONNECT proxy that tunnels every CONNECT to 127.0.0.1 at the asked port. */
export async function startConnectProxy(): Promise<{ url: string; connects: string[]; close(): Promise<void> }> {
  const connects: string[] = [];
  const sockets = new Set<net.Socket>();
  const proxy = http.createServer((_req, res) => {
    res.writeHead(405);
    res.end();
  });
  proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    connects.push(req.url ?? '');
    const port = Number((req.url ?? '').split(':').pop());
    const upstream = net.connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(client);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

export interface KubeconfigUser {
  token?: string;
  exec?: { command: string; args?: string[]; env?: { name: string; value: string }[] };
}

/** A temporary folder for kubeconfigs and plugin scripts; `dispose` removes it. */
export function tempFolder(): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'kubegate-cluster-'));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes a kubeconfig (JSON is valid YAML) with one context "test" and returns its path. */
export function writeKubeconfig(
  dir: string,
  server: string,
  caCert: string | undefined,
  user: KubeconfigUser,
  extra: { proxyUrl?: string; fileName?: string; contextName?: string } = {},
): string {
  const contextName = extra.contextName ?? 'test';
  const cluster: Record<string, unknown> = { server };
  if (caCert) cluster['certificate-authority-data'] = Buffer.from(caCert).toString('base64');
  if (extra.proxyUrl) cluster['proxy-url'] = extra.proxyUrl;
  const userEntry: Record<string, unknown> = {};
  if (user.token) userEntry.token = user.token;
  if (user.exec) userEntry.exec = { apiVersion: 'client.authentication.k8s.io/v1', interactiveMode: 'Never', ...user.exec };
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'test-cluster', cluster }],
    users: [{ name: 'test-user', user: userEntry }],
    contexts: [{ name: contextName, context: { cluster: 'test-cluster', user: 'test-user' } }],
    'current-context': contextName,
  };
  const file = join(dir, extra.fileName ?? 'kubeconfig');
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}
