// Kubegate beside the real yaml-language-server (the npm package Red Hat's YAML extension runs), measured over
// stdio: the server asks its client for contributed schemas (custom/schema/request, custom/schema/content) as
// the YAML extension relays them to contributors. This test plays the VS Code client: it decides as
// client/src/yamlSchemaUri.ts does and answers with the engine's contributed schema (what kubegate/schema with
// `contribute` returns), or, for files named `old-*`, with the whole document schema the contributor used to
// give. What both servers then say is counted: the numbers behind the README's coexistence table and the
// setting's default (off).
// Internal imports: `kustomize` (the kustomization facts the server hands the YAML neighbour, built here as the
// project model builds them).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { associatedByUser, hasSchemaModeline, isKustomization } from '../../client/src/yamlSchemaUri';
import { Analysis, contributedSchema, documentSchema } from '../../server/src/engine';
import { findKustomizations, kustomizeFactsFor } from '../../server/src/engine/kustomize';
import { SUBJECT, subjectFacts } from '../e2e/harness/facts';

const repoRoot = path.resolve(__dirname, '..', '..');
const V = '1.37';
const facts = subjectFacts();

const DEPLOY = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: "three"
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: registry.example/web:1.0
  
`;
const SLICE = readFileSync(path.join(repoRoot, 'tests', 'e2e', 'fixtures', 'workspace', 'resourceslice.yaml'), 'utf8');
const PATCH = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n';
// A base (a resource of the kustomization): kustomize's label transformer fills in the selector.
const BASE = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  template:\n    spec:\n      containers:\n        - name: api\n          image: registry.example/api:1.0\n';
const KUSTOMIZATION = 'resources:\n  - base.yaml\n  - old-base.yaml\npatches:\n  - path: patch.yaml\n  - path: old-patch.yaml\nnamePrefx: prod-\n';
// A local stand-in for SchemaStore's kustomization schema (no network here): closed, with namePrefix.
const KUSTOMIZATION_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'kustomization (test)',
  type: 'object',
  additionalProperties: false,
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    namePrefix: { type: 'string' },
    resources: { type: 'array', items: { type: 'string' } },
    patches: { type: 'array' },
  },
};

// A user's own schema for some manifests (yaml.schemas): it requires a `team` key.
const TEAM_SCHEMA = { $schema: 'http://json-schema.org/draft-07/schema#', title: 'team (test)', type: 'object', required: ['team'] };

interface Diagnostic {
  message: string;
  source?: string;
  range: { start: { line: number; character: number } };
}

class YamlServer {
  readonly proc: ChildProcess;
  readonly conn: MessageConnection;
  readonly diagnostics = new Map<string, Diagnostic[]>();
  readonly asked: string[] = [];
  private waiters: (() => void)[] = [];

  constructor(settings: Record<string, unknown>, answer: (resource: string) => { uri: string; content: string } | undefined) {
    const bin = require.resolve('yaml-language-server/bin/yaml-language-server', { paths: [repoRoot] });
    this.proc = spawn(process.execPath, [bin, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.conn = createMessageConnection(new StreamMessageReader(this.proc.stdout!), new StreamMessageWriter(this.proc.stdin!));
    const contents = new Map<string, string>();
    this.conn.onRequest('custom/schema/request', (resource: string) => {
      this.asked.push(resource);
      const a = answer(resource);
      if (!a) return [];
      contents.set(a.uri, a.content);
      return [a.uri];
    });
    this.conn.onRequest('custom/schema/content', (uri: string) => contents.get(uri) ?? '{}');
    this.conn.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) =>
      p.items.map((i) => (i.section ? (settings[i.section] ?? null) : settings)),
    );
    this.conn.onRequest(() => null);
    this.conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diagnostic[] }) => {
      this.diagnostics.set(p.uri, p.diagnostics);
      for (const w of this.waiters.splice(0)) w();
    });
    this.conn.onNotification(() => undefined);
    this.conn.listen();
  }

  async start(root: string, settings: Record<string, unknown>): Promise<void> {
    await this.conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(root).href,
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }],
      capabilities: { textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] }, completion: { completionItem: { snippetSupport: true } } } },
    });
    await this.conn.sendNotification('initialized', {});
    await this.conn.sendNotification('workspace/didChangeConfiguration', { settings });
    await this.conn.sendNotification('yaml/registerCustomSchemaRequest');
  }

  /** Opens a file and waits for its diagnostics (the server publishes once per validation). */
  async open(file: string): Promise<Diagnostic[]> {
    const uri = pathToFileURL(file).href;
    this.diagnostics.delete(uri);
    await this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: readFileSync(file, 'utf8') } });
    while (!this.diagnostics.has(uri)) await new Promise<void>((r) => this.waiters.push(r));
    return this.diagnostics.get(uri)!;
  }

  hover(file: string, line: number, character: number): Promise<{ contents: { value: string } | string } | null> {
    return this.conn.sendRequest('textDocument/hover', { textDocument: { uri: pathToFileURL(file).href }, position: { line, character } });
  }

  async complete(file: string, line: number, character: number): Promise<string[]> {
    const r = await this.conn.sendRequest<{ items: { label: string }[] } | { label: string }[] | null>('textDocument/completion', {
      textDocument: { uri: pathToFileURL(file).href },
      position: { line, character },
    });
    const items = Array.isArray(r) ? r : (r?.items ?? []);
    return items.map((i) => i.label);
  }

  stop(): void {
    this.conn.dispose();
    this.proc.kill();
  }
}

describe("Kubegate's contributed schema beside the real yaml-language-server", () => {
  let root = '';
  let server: YamlServer;
  const file = (name: string): string => path.join(root, name);

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'kubegate-yls-'));
    writeFileSync(file('deploy.yaml'), DEPLOY);
    writeFileSync(file('old-deploy.yaml'), DEPLOY);
    writeFileSync(file('slice.yaml'), SLICE);
    writeFileSync(file('old-slice.yaml'), SLICE);
    writeFileSync(file('patch.yaml'), PATCH);
    writeFileSync(file('old-patch.yaml'), PATCH);
    writeFileSync(file('base.yaml'), BASE);
    writeFileSync(file('old-base.yaml'), BASE);
    writeFileSync(file('kustomization.yaml'), KUSTOMIZATION);
    writeFileSync(file('kustomization.schema.json'), JSON.stringify(KUSTOMIZATION_SCHEMA));
    writeFileSync(file('web.team.yaml'), DEPLOY);
    writeFileSync(file('fixed.yaml'), DEPLOY);
    writeFileSync(file('team.schema.json'), JSON.stringify(TEAM_SCHEMA));
    const yamlSchemas = {
      [pathToFileURL(file('kustomization.schema.json')).href]: ['kustomization.yaml'],
      // an extglob and a full file:/// pattern, as picomatch reads them in yaml-language-server
      [pathToFileURL(file('team.schema.json')).href]: ['*.@(custom|team).yaml', pathToFileURL(file('fixed.yaml')).href],
    };
    const settings = {
      yaml: {
        validate: true,
        hover: true,
        completion: true,
        schemas: yamlSchemas,
        schemaStore: { enable: false, url: '' },
        kubernetesCRDStore: { enable: false },
        yamlVersion: '1.2',
      },
      http: { proxy: '', proxyStrictSSL: false },
    };
    const read = (f: string): string | undefined => {
      try {
        return readFileSync(f, 'utf8');
      } catch {
        return undefined;
      }
    };
    // The client's decision (yamlSchemaUri.ts), then the server's (kubegate/schema with `contribute`).
    const answer = (resource: string): { uri: string; content: string } | undefined => {
      const f = fileURLToPath(resource);
      const text = readFileSync(f, 'utf8');
      if (isKustomization(f, text) || hasSchemaModeline(text) || associatedByUser(resource, yamlSchemas)) return undefined;
      const kustomize = kustomizeFactsFor(f, findKustomizations(f, root, read));
      if (path.basename(f).startsWith('old-')) {
        const old = documentSchema(text, { version: V, file: f }, false);
        return old ? { uri: `kubegate://schema/old.json?resource=${encodeURIComponent(resource)}`, content: JSON.stringify(old.schema) } : undefined;
      }
      const c = contributedSchema(text, { version: V, file: f, ...(kustomize ? { kustomize } : {}) });
      return c ? { uri: `kubegate://schemas/${c.kubernetesVersion}/${c.name}?resource=${encodeURIComponent(resource)}`, content: JSON.stringify(c.schema) } : undefined;
    };
    server = new YamlServer(settings, answer);
    await server.start(root, settings);
  }, 60_000);

  afterAll(() => {
    server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('kustomization.yaml keeps the schema the user associates: the namePrefx typo is reported', async () => {
    const diags = await server.open(file('kustomization.yaml'));
    expect(diags.map((d) => [d.range.start.line, d.message])).toEqual([[6, 'Property namePrefx is not allowed.']]);
    expect(diags[0]!.source).toBe('yaml-schema: kustomization (test)');
  });

  it("a user's yaml.schemas extglob or file:/// pattern keeps the user's schema: Kubegate contributes none there", async () => {
    for (const name of ['web.team.yaml', 'fixed.yaml']) {
      const diags = await server.open(file(name));
      expect(diags.map((d) => [d.message, d.source]), name).toEqual([['Missing property "team".', 'yaml-schema: team (test)']]);
    }
  });

  it('a kustomize patch gets no contributed schema (no "Missing property" errors); the old contribution gave them', async () => {
    expect(await server.open(file('patch.yaml'))).toEqual([]);
    const old = await server.open(file('old-patch.yaml'));
    expect(old.map((d) => d.message)).toEqual(['Missing property "selector".', 'Missing property "template".']);
  });

  it('a kustomize base gets no contributed schema (the selector kustomize fills in is not missing)', async () => {
    expect(await server.open(file('base.yaml'))).toEqual([]);
    const old = await server.open(file('old-base.yaml'));
    expect(old.map((d) => d.message)).toEqual(['Missing property "selector".']);
  });

  it('a value of the wrong type is reported under a readable title, as Kubegate reports it too (counted once each)', async () => {
    const diags = await server.open(file('deploy.yaml'));
    expect(diags.map((d) => [d.range.start.line, d.source])).toEqual([[5, `yaml-schema: Kubegate ${V} Deployment (apps/v1)`]]);
    const ours = new Analysis({ version: V, file: file('deploy.yaml') }).check(DEPLOY).findings.filter((f) => f.severity === 'error');
    expect(ours.map((f) => f.range.start.line)).toEqual([5]);
  });

  it('completion: no key is offered by both servers; the old contribution offered every key twice', async () => {
    const pos = { line: 17, character: 2 };
    const ours = new Analysis({ version: V, file: file('deploy.yaml') }).complete(DEPLOY, pos).map((e) => e.label);
    expect(ours.length).toBeGreaterThan(0);
    const theirs = await server.complete(file('deploy.yaml'), pos.line, pos.character);
    expect(theirs.filter((l) => ours.includes(l))).toEqual([]);
    await server.open(file('old-deploy.yaml'));
    const before = await server.complete(file('old-deploy.yaml'), pos.line, pos.character);
    expect(before.filter((l) => ours.includes(l)).sort()).toEqual([...ours].sort());
  });

  it(`hover on ${SUBJECT.kind} ${facts.field}: the YAML server no longer repeats the gate Kubegate's hover states`, async () => {
    const line = SLICE.split('\n').findIndex((l) => l.trimStart().startsWith(`${facts.field.split('.').pop()}:`));
    const character = SLICE.split('\n')[line]!.indexOf(facts.field.split('.').pop()!) + 2;
    await server.open(file('slice.yaml'));
    const text = (h: Awaited<ReturnType<YamlServer['hover']>>): string => (h ? (typeof h.contents === 'string' ? h.contents : h.contents.value) : '');
    expect(text(await server.hover(file('slice.yaml'), line, character))).not.toContain(facts.gate);
    await server.open(file('old-slice.yaml'));
    expect(text(await server.hover(file('old-slice.yaml'), line, character))).toContain(facts.gate);
    const ours = await new Analysis({ version: V, file: file('slice.yaml') }).hover(SLICE, { line, character });
    expect(ours?.markdown).toContain(facts.gate);
  });
});
