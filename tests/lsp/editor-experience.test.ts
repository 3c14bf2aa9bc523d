// The editor experience over the real protocol (issue 14): short messages with their detail in
// relatedInformation (checked on every file of ../shared/corpus), inlay hints at the end of the line that are
// refreshed (workspace/inlayHint/refresh) when a config or the settings change, per-feature switches,
// labelDetails on gated fields, and snippets only where a whole document fits (and never when the client
// brings its own).
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
import { ALL_CODES } from '../../server/src/engine/codes';
import { kindConfig, SLICE } from './fixtures';
import { hasShared, LspClient, lspSessions, lspSuite, marked, referencePageGate, sharedDir } from './harness';

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

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 180_000 }, () => {
  it.skipIf(!hasShared)('every message on the corpus is one short sentence without Markdown; the fix is in relatedInformation', async () => {
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
    }
    expect(problems).toEqual([]);
    // The corpus exercises the common codes (so the bound above is not vacuous).
    for (const code of ['feature-gate', 'unknown-field', 'invalid-value', 'api-not-served', 'api-deprecated']) {
      expect(seen.get(code) ?? 0, code).toBeGreaterThan(0);
    }
    for (const code of seen.keys()) expect(ALL_CODES as string[]).toContain(code);
  });

  it('the feature-gate message leads with the consequence; relatedInformation has the detail, the fix and the config line', async () => {
    const v = referencePageGate(GATE).by_version['1.37'];
    const { ws, client } = await start({ 'a/slice.yaml': SLICE, 'a/kind-config.yaml': kindConfig({ [GATE]: false }) });
    const diags = await client.open(ws.uri('a/slice.yaml'), SLICE);
    const gate = diags.find((d) => d.code === 'feature-gate')!;
    expect(gate.message).toBe(`skipNodeOperations is dropped: gate ${GATE} is off (${v.stage} in 1.37)`);
    const related = gate.relatedInformation ?? [];
    const here = related.filter((r) => r.location.uri === ws.uri('a/slice.yaml')).map((r) => r.message);
    expect(here.some((m) => /kube-apiserver/.test(m))).toBe(true); // the detail names the components
    expect(here.some((m) => m.startsWith(`Enable ${GATE}=true`))).toBe(true); // the fix
    expect(related.some((r) => r.location.uri === ws.uri('a/kind-config.yaml'))).toBe(true); // the evidence
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
    const { text, position } = marked(SLICE.replace('  skipNodeOperations', '  skipNode|Operations'));
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
    const v = referencePageGate(GATE).by_version['1.37'];
    const { ws, client } = await start();
    const typing = marked(SLICE.replace('  skipNodeOperations: ["*"]\n', '  sk|\n'));
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
