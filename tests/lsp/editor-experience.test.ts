// The editor experience over the real protocol: short messages with their detail in
// relatedInformation (checked on inline files, and on every file of ../shared/corpus when it is there), inlay
// hints at the end of the line that are refreshed (workspace/inlayHint/refresh) when a config or the settings
// change, per-feature switches, labelDetails on gated fields, and snippets only where a whole document fits (and
// never when the client brings its own).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CompletionRequest,
  DidChangeConfigurationNotification,
  HoverRequest,
  InlayHintRequest,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type InlayHint,
} from 'vscode-languageserver-protocol';
import { ALL_CODES } from '../../server/src/engine';
import { kindConfig, SLICE } from './fixtures';
import { cursor } from '../support/markers';
import { SHARED, suite } from '../support/shared';
import { LspClient, lspSessions, lspSuite, pageGate, SERVER, sharedDir } from './harness';

const GATE = 'DRAOptionalNodeOperations';
/** The bound of the issue for the common codes; parser messages (yaml-syntax) come from the YAML library. */
const MAX_MESSAGE = 120;
const UNBOUNDED = new Set(['yaml-syntax']);
/** Codes whose findings always say what to do: their diagnostics carry it as related information. */
const WITH_FIX = new Set([
  'feature-gate',
  'gate-dependency',
  'unknown-field',
  'field-not-in-version',
  'missing-field',
  'unknown-kind',
  'api-not-served',
  'api-disabled-by-default',
  'api-deprecated',
  'unknown-gate',
  'locked-gate',
  'redundant-gate',
  'version-mismatch',
  'yaml11-scalar',
  'yaml-syntax',
]);

const { start } = lspSessions();
const SUITE = lspSuite('LSP editor experience');

async function hints(client: LspClient, uri: string, text: string): Promise<InlayHint[]> {
  const lines = text.split('\n');
  return (await client.connection.sendRequest(InlayHintRequest.type, {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } },
  })) as InlayHint[];
}

async function completion(client: LspClient, uri: string, position: { line: number; character: number }): Promise<CompletionItem[]> {
  const r = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionList | CompletionItem[] | null;
  return Array.isArray(r) ? r : r?.items ?? [];
}

const markLine = (text: string, key: string): number => text.split('\n').findIndex((l) => l.includes(key));

/** Breaks of the message rules in the diagnostics of one file; counts the codes seen. */
function messageProblems(file: string, uri: string, diags: Diagnostic[], seen: Map<string, number>): string[] {
  const problems: string[] = [];
  for (const d of diags) {
    const code = String(d.code);
    seen.set(code, (seen.get(code) ?? 0) + 1);
    const m = d.message as string;
    if (!UNBOUNDED.has(code) && m.length > MAX_MESSAGE) problems.push(`${file} ${code}: ${m.length} characters: ${m}`);
    if (/[`\n]|\*\*/.test(m)) problems.push(`${file} ${code}: Markdown or a line break: ${m}`);
    if (WITH_FIX.has(code) && !(d.relatedInformation ?? []).some((r) => r.location.uri === uri)) {
      problems.push(`${file} ${code}: no related information at the finding: ${m}`);
    }
  }
  return problems;
}

/** Inline files that give most finding codes: typos, wrong values, old and beta API versions, gate settings. */
const MISTAKES: Record<string, string> = {
  'inline/deploy.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    version: 1.0
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx
        imagePullPolicy: Sometimes
        ports:
        - containerPort: 0700
          protocl: TCP
`,
  'inline/apis.yaml': `apiVersion: extensions/v1beta1
kind: Deployment
metadata:
  name: old
---
apiVersion: apps/v1
kind: Deploymnt
metadata:
  name: typo
---
apiVersion: resource.k8s.io/v1beta2
kind: DeviceClass
metadata:
  name: gpu
`,
  'inline/slices.yaml': `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: no-driver
spec:
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  allNodes: true
  skipNodeOperations: ["*"]
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: partitions
spec:
  driver: gpu.example.com
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  nodeName: node-1
  sharedCounters:
  - name: gpu-0
    counters: {memory: {value: 40Gi}}
  devices:
  - name: gpu-0-a
    consumesCounters:
    - counterSet: gpu-0
      counters: {memory: {value: 20Gi}}
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 1 * * *"
  jobTemplate:
    spec:
      scheduling: {}
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: job
            image: busybox
`,
  'inline/kind.yaml': `kind: Cluster
apiVersion: kind.x-k8s.io/v1alpha4
featureGates:
  SidecarContainers: true
  DRAPrioritizedList: false
  PLEGOnDemandRelist: true
  WorkloadWithJob: true
nodes:
- role: control-plane
  image: kindest/node:v1.36.1
`,
  'inline/older.yaml': `# kubegate: kubernetes-version=1.36
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: for-1-36
spec:
  driver: gpu.example.com
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  allNodes: true
  skipNodeOperations: ["*"]
`,
  'inline/broken.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: [unclosed\n',
};

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 180_000 }, () => {
  it('every message is one short sentence without Markdown; the fix is in relatedInformation (inline files)', async () => {
    const { ws, client } = await start(MISTAKES);
    const seen = new Map<string, number>();
    const problems: string[] = [];
    for (const [file, text] of Object.entries(MISTAKES)) {
      const uri = ws.uri(file);
      problems.push(...messageProblems(file, uri, await client.open(uri, text), seen));
      client.close(uri);
    }
    expect(problems).toEqual([]);
    // The files give every code that carries a fix, and the common ones (so the rules above are not vacuous).
    expect([...WITH_FIX].filter((code) => !seen.has(code))).toEqual([]);
    expect(seen.get('invalid-value') ?? 0).toBeGreaterThan(0);
    for (const code of seen.keys()) expect(ALL_CODES as string[]).toContain(code);
  });

  // A renamed gate with a long name, and a gate dependency whose needed gate is off for several components, once
  // gave messages over MAX_MESSAGE (124 and 131 characters on 1.37); tests/gates/message-length.test.ts checks the
  // templates with every name of the catalog.
  it('renamed-gate and gate-dependency messages with long gate names stay within the bound', async () => {
    const kind = kindConfig({ DRAOptionalNodePreparation: true, DRADeviceCompatibilityGroups: true, DRAPartitionableDevices: false });
    const slice = MISTAKES['inline/slices.yaml']!.split('---\n')[1]!.replace('      counters: {memory: {value: 20Gi}}\n', '      counters: {memory: {value: 20Gi}}\n      compatibilityGroups: [a]\n');
    const { ws, client } = await start({ 'k/kind.yaml': kind, 'k/slice.yaml': slice });
    const seen = new Map<string, number>();
    const problems = [
      ...messageProblems('kind.yaml', ws.uri('k/kind.yaml'), await client.open(ws.uri('k/kind.yaml'), kind), seen),
      ...messageProblems('slice.yaml', ws.uri('k/slice.yaml'), await client.open(ws.uri('k/slice.yaml'), slice), seen),
    ];
    expect(seen.get('unknown-gate')).toBe(1);
    expect(seen.get('gate-dependency')).toBe(1);
    expect(problems).toEqual([]);
  });

  it('the feature-gate diagnostic leads with the consequence; relatedInformation has the detail, the fix and the config line', async () => {
    const { ws, client } = await start({ 'a/slice.yaml': SLICE, 'a/kind-config.yaml': kindConfig({ [GATE]: false }) });
    const diags = await client.open(ws.uri('a/slice.yaml'), SLICE);
    const gate = diags.find((d) => d.code === 'feature-gate')!;
    // The diagnostic as an editor shows it: severity, code, range, message, link, related lines (file line:col).
    const where = (uri: string, r: Diagnostic['range']) =>
      `${uri.replace(ws.uri(''), '')} ${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
    const shown = {
      severity: gate.severity,
      code: gate.code,
      source: gate.source,
      at: where(ws.uri('a/slice.yaml'), gate.range),
      message: gate.message,
      link: gate.codeDescription?.href,
      related: (gate.relatedInformation ?? []).map((r) => `${where(r.location.uri, r.location.range)} ${r.message}`),
    };
    expect(shown).toMatchInlineSnapshot(`
      {
        "at": "/a/slice.yaml 11:2-11:20",
        "code": "feature-gate",
        "link": "https://kep.k8s.io/5945",
        "message": "skipNodeOperations is dropped: gate DRAOptionalNodeOperations is off (Alpha in 1.37)",
        "related": [
          "/a/slice.yaml 11:2-11:20 DRAOptionalNodeOperations is off for kube-apiserver, kube-scheduler and kubelet.",
          "/a/slice.yaml 11:2-11:20 Enable DRAOptionalNodeOperations=true on kube-apiserver, kube-scheduler and kubelet, or remove the field.",
          "/a/slice.yaml 11:2-11:20 kube-apiserver, dropping disabled fields: the API server removes the field silently; the object is accepted without it.",
          "/a/kind-config.yaml 3:2-3:27 kind-config.yaml (kind Cluster featureGates) sets DRAOptionalNodeOperations: false for every component",
        ],
        "severity": 2,
        "source": "kubegate",
      }
    `);
    // The facts it states are those of the committed gate catalog.
    const v = pageGate(GATE).by_version['1.37'];
    expect(gate.message).toBe(`skipNodeOperations is dropped: gate ${GATE} is off (${v.stage} in 1.37)`);
  });

  it('inlay hints sit at the end of the key line and are refreshed after a config edit and a version change', async () => {
    let settings: Record<string, unknown> = {};
    const kindOff = kindConfig({ [GATE]: false });
    const { ws, client } = await start({ 'a/slice.yaml': SLICE, 'a/kind-config.yaml': kindOff }, { settings: () => settings });
    const slice = ws.uri('a/slice.yaml');
    const kind = ws.uri('a/kind-config.yaml');
    await client.open(slice, SLICE);
    await client.open(kind, kindOff);
    const line = markLine(SLICE, 'skipNodeOperations');
    const before = await hints(client, slice, SLICE);
    const hint = before.find((h) => h.position.line === line);
    expect(hint, JSON.stringify(before)).toBeDefined();
    expect(String(hint!.label)).toMatch(new RegExp(`${GATE} · off$`));
    // After the value (end of the line), not between the key and its colon.
    expect(hint!.position.character).toBe(SLICE.split('\n')[line]!.trimEnd().length);

    // The kind config turns the gate on: the server asks the client to refresh, and the hint says on.
    let refreshes = client.inlayRefreshes;
    const kindOn = kindConfig({ [GATE]: true });
    await client.change(kind, [{ range: { start: { line: 0, character: 0 }, end: { line: kindOff.split('\n').length, character: 0 } }, newText: kindOn }]);
    await client.inlayRefreshAfter(refreshes);
    const on = (await hints(client, slice, SLICE)).find((h) => h.position.line === line);
    expect(String(on?.label)).toMatch(new RegExp(`${GATE} · on$`));

    // The target version changes to one without the field: refresh again, and no badge.
    refreshes = client.inlayRefreshes;
    settings = { kubernetesVersion: '1.36' };
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { kubegate: settings } });
    await client.inlayRefreshAfter(refreshes);
    expect((await hints(client, slice, SLICE)).filter((h) => h.position.line === line)).toEqual([]);
  });

  it('kubegate.enable and the per-feature switches turn diagnostics, hover, completion and inlay hints off', async () => {
    const off = { validate: { enable: false }, hover: { enable: false }, completion: { enable: false }, inlayHints: { enable: false } };
    const { ws, client } = await start({}, { settings: () => off });
    const uri = ws.uri('slice.yaml');
    const { text, position } = cursor(SLICE.replace('  skipNodeOperations', '  skipNode‸Operations'));
    expect(await client.open(uri, text)).toEqual([]);
    expect(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position })).toBeNull();
    expect(await completion(client, uri, position)).toEqual([]);
    expect(await hints(client, uri, text)).toEqual([]);

    const all = await start({}, { settings: () => ({ enable: false }) });
    const uri2 = all.ws.uri('slice.yaml');
    expect(await all.client.open(uri2, text)).toEqual([]);
    expect(await all.client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uri2 }, position })).toBeNull();
  });

  it('gated fields show stage and state in labelDetails; snippets only in an empty document, and not when the client has its own', async () => {
    const v = pageGate(GATE).by_version['1.37'];
    const { ws, client } = await start();
    const typing = cursor(SLICE.replace('  skipNodeOperations: ["*"]\n', '  sk‸\n'));
    const uri = ws.uri('slice.yaml');
    await client.open(uri, typing.text);
    const items = await completion(client, uri, typing.position);
    const field = items.find((i) => i.label === 'skipNodeOperations');
    expect(field?.labelDetails?.description).toBe(`${v.stage} · ${v.default ? 'on by default' : 'off'}`);
    expect(items.filter((i) => i.kind === 15 /* Snippet */)).toEqual([]);

    const empty = ws.uri('empty.yaml');
    await client.open(empty, '\n');
    const top = await completion(client, empty, { line: 0, character: 0 });
    expect(top.filter((i) => i.kind === 15).length).toBeGreaterThan(0);

    const own = await start({}, { initializationOptions: { serverSnippets: false } });
    const empty2 = own.ws.uri('empty.yaml');
    await own.client.open(empty2, '\n');
    const top2 = await completion(own.client, empty2, { line: 0, character: 0 });
    expect(top2.length).toBeGreaterThan(0);
    expect(top2.filter((i) => i.kind === 15)).toEqual([]);
  });
});

const CORPUS = suite('LSP editor experience on the corpus', SERVER, SHARED);

describe.skipIf(CORPUS.skip)(CORPUS.title, { timeout: 180_000 }, () => {
  it('every message on the corpus is one short sentence without Markdown; the fix is in relatedInformation', async () => {
    const manifest = readFileSync(join(sharedDir, 'corpus', 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1);
    const files = manifest.map((l) => l.split('\t')[0]!).filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    const { ws, client } = await start();
    const seen = new Map<string, number>();
    const problems: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(sharedDir, 'corpus', file), 'utf8');
      const uri = ws.uri(`corpus/${file}`);
      const diags: Diagnostic[] = await client.open(uri, text);
      client.close(uri);
      problems.push(...messageProblems(file, uri, diags, seen));
    }
    expect(problems).toEqual([]);
    // The corpus exercises the common codes (so the bound above is not vacuous).
    for (const code of ['feature-gate', 'unknown-field', 'invalid-value', 'api-not-served', 'api-deprecated']) {
      expect(seen.get(code) ?? 0, code).toBeGreaterThan(0);
    }
    for (const code of seen.keys()) expect(ALL_CODES as string[]).toContain(code);
  });
});
