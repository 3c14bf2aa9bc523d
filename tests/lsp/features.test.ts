// Hover, completion, document symbols and inlay hints over LSP, with cursor positions from `‸` markers.
// Internal imports: `snippets/for-version` (snippetsForVersion: the snippets the server must offer).
import { describe, expect, it } from 'vitest';
import {
  CompletionItemKind,
  CompletionRequest,
  InsertTextFormat,
  DocumentSymbolRequest,
  HoverRequest,
  InlayHintRequest,
  type CompletionItem,
  type CompletionList,
  type DocumentSymbol,
  type Hover,
  type InlayHint,
  type MarkupContent,
} from 'vscode-languageserver-protocol';
import { snippetsForVersion } from '../../server/src/engine/snippets/for-version';
import { DEFAULT_VERSION } from '../../server/src/engine';
import { DEPLOYMENT, SLICE } from './fixtures';
import { cursor } from '../support/markers';
import { LspClient, lspSessions, lspSuite, pageGate } from './harness';

const GATE = 'DRAOptionalNodeOperations';

const { start } = lspSessions();

async function complete(client: LspClient, uri: string, fixture: string): Promise<CompletionItem[]> {
  const { text, position } = cursor(fixture);
  await client.open(uri, text);
  const r = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as
    | CompletionList
    | CompletionItem[]
    | null;
  return Array.isArray(r) ? r : r?.items ?? [];
}

const SUITE = lspSuite('LSP hover, completion, symbols, inlay hints');

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('hovers skipNodeOperations with the gate and its KEP', async () => {
    const ref = pageGate(GATE);
    const { ws, client } = await start();
    const uri = ws.uri('slice.yaml');
    const { text, position } = cursor(SLICE.replace('  skipNodeOperations', '  skipNode‸Operations'));
    await client.open(uri, text);
    const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position })) as Hover | null;
    const md = (hover?.contents as MarkupContent | undefined)?.value ?? '';
    expect(md).toContain(GATE);
    expect(md).toContain(`KEP-${ref.kep}`);
    const explain = (await client.connection.sendRequest('kubegate/explain', { textDocument: { uri }, position })) as { markdown: string } | null;
    expect(explain?.markdown).toBe(md);
  });

  it('offers skipNodeOperations inside a ResourceSlice spec while typing (incomplete YAML)', async () => {
    const ref = pageGate(GATE);
    const { ws, client } = await start();
    const typing = SLICE.replace('  skipNodeOperations: ["*"]\n', '  sk‸\n');
    const items = await complete(client, ws.uri('slice.yaml'), typing);
    const item = items.find((i) => i.label === 'skipNodeOperations');
    expect(item, items.map((i) => i.label).join(',')).toBeDefined();
    expect(item!.detail).toContain(GATE);
    const stage = ref.by_version['1.37'].stage;
    expect(item!.detail).toContain(stage === 'Alpha' ? 'α' : stage === 'Beta' ? 'β' : String(stage));
    // keys already present are not offered again
    expect(items.some((i) => i.label === 'driver')).toBe(false);
    expect(items.some((i) => i.label === 'nodeName')).toBe(false);
  });

  it('offers enum values, kinds of an apiVersion and gate names in a kind featureGates map', async () => {
    const { ws, client } = await start();
    const policy = DEPLOYMENT.replace('        image: nginx', '        image: nginx\n        imagePullPolicy: ‸');
    const values = await complete(client, ws.uri('p.yaml'), policy);
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((v) => v.kind === CompletionItemKind.EnumMember)).toBe(true);

    const kinds = await complete(client, ws.uri('k.yaml'), 'apiVersion: apps/v1\nkind: ‸\n');
    expect(kinds.map((k) => k.label)).toContain('Deployment');
    expect(kinds.map((k) => k.label)).not.toContain('Pod');

    const gates = await complete(client, ws.uri('kind.yaml'), 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  DRAOptional‸\n');
    const g = gates.find((x) => x.label === GATE);
    expect(g).toBeDefined();
    expect(g!.textEdit && 'newText' in g!.textEdit ? g!.textEdit.newText : '').toBe(`${GATE}: true`);

    const flag = await complete(client, ws.uri('flag.yaml'), [
      'apiVersion: v1',
      'kind: Pod',
      'metadata: {name: kube-apiserver, namespace: kube-system}',
      'spec:',
      '  containers:',
      '  - name: kube-apiserver',
      '    image: registry.k8s.io/kube-apiserver:v1.37.0',
      '    command:',
      '    - kube-apiserver',
      '    - --feature-gates=DRAOptionalNode‸',
      '',
    ].join('\n'));
    expect(flag.map((x) => x.label)).toContain(GATE);
  });

  it('offers the whole-document snippets of the target version in an empty document', async () => {
    const { ws, client } = await start();
    const snippets = snippetsForVersion(DEFAULT_VERSION);
    expect(snippets.length).toBeGreaterThan(0);
    const items = await complete(client, ws.uri('empty.yaml'), '‸');
    const offered = items.filter((i) => i.kind === CompletionItemKind.Snippet);
    expect(offered.map((i) => i.label).sort()).toEqual(snippets.map((s) => s.prefix).sort());
    expect(offered.every((i) => i.insertTextFormat === InsertTextFormat.Snippet)).toBe(true);
    // apiVersion/kind pairs of the version are offered too
    expect(items.some((i) => i.label === 'ResourceSlice (resource.k8s.io/v1)')).toBe(true);
  });

  it('lists one document symbol per YAML document (kind/name)', async () => {
    const { ws, client } = await start();
    const uri = ws.uri('multi.yaml');
    await client.open(uri, `${DEPLOYMENT}---\n${SLICE}`);
    const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
    expect(symbols.map((s) => s.name)).toEqual(['Deployment/web', 'ResourceSlice/slice-a']);
  });

  it('badges gated fields with an inlay hint (stage, gate, state)', async () => {
    const { ws, client } = await start();
    const uri = ws.uri('slice.yaml');
    await client.open(uri, SLICE);
    const lines = SLICE.split('\n');
    const hints = (await client.connection.sendRequest(InlayHintRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } },
    })) as InlayHint[];
    const line = lines.findIndex((l) => l.includes('skipNodeOperations'));
    const hint = hints.find((h) => h.position.line === line);
    expect(hint, JSON.stringify(hints)).toBeDefined();
    const v = pageGate(GATE).by_version['1.37'];
    const mark = v.stage === 'Alpha' ? 'α' : v.stage === 'Beta' ? 'β' : String(v.stage);
    expect(hint!.label).toBe(`${mark} ${GATE} · ${v.default ? 'on by default' : 'off'}`);
  });

  it('answers hover, inlay hints and symbols on a large file from the YAML document at hand, as on a small one', async () => {
    const { ws, client } = await start();
    const small = ws.uri('small.yaml');
    const { text: sliceText, position: slicePos } = cursor(SLICE.replace('  skipNodeOperations', '  skipNode‸Operations'));
    await client.open(small, sliceText);
    const hoverOf = async (uri: string, position: { line: number; character: number }) =>
      (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position })) as Hover | null;
    const expected = await hoverOf(small, slicePos);

    const filler = Array.from({ length: 400 }, (_, i) => DEPLOYMENT.replace('name: web', `name: web-${i}`)).join('---\n');
    const bigText = `${filler}---\n${sliceText}---\n${filler}`;
    expect(bigText.length).toBeGreaterThan(200_000);
    const big = ws.uri('big.yaml');
    await client.open(big, bigText);
    const offset = filler.split('\n').length; // the slice starts after the filler and its `---` line
    const pos = { line: slicePos.line + offset, character: slicePos.character };
    const hover = await hoverOf(big, pos);
    expect((hover?.contents as MarkupContent).value).toBe((expected?.contents as MarkupContent).value);
    expect(hover?.range?.start.line).toBe(pos.line);

    const hints = (await client.connection.sendRequest(InlayHintRequest.type, {
      textDocument: { uri: big },
      range: { start: { line: pos.line - 20, character: 0 }, end: { line: pos.line + 20, character: 0 } },
    })) as InlayHint[];
    expect(hints.map((h) => h.position.line)).toEqual([pos.line]);

    const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: big } })) as DocumentSymbol[];
    expect(symbols.length).toBe(801);
    expect(symbols[400].name).toBe('ResourceSlice/slice-a');
    expect(symbols[400].range.start.line).toBe(offset - 1);
  });
});
