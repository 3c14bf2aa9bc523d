// Code actions over LSP: each quick fix is applied as the editor would, then the result is re-checked.
import { describe, expect, it } from 'vitest';
import {
  CodeActionRequest,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type CodeAction,
  type Diagnostic,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { DEPLOYMENT, kindConfig, SLICE } from './fixtures';
import { LspClient, lspSessions, lspSuite } from './harness';

const GATE = 'DRAOptionalNodeOperations';

const { start } = lspSessions();

async function actionsFor(client: LspClient, uri: string, d: Diagnostic): Promise<CodeAction[]> {
  const r = await client.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: d.range,
    context: { diagnostics: [d] },
  });
  return (r ?? []).filter((a): a is CodeAction => 'title' in a && !('command' in a && typeof a.command === 'string'));
}

const SUITE = lspSuite('LSP code actions');

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('enables the gate in the workspace kind config; after the edit the warning is gone', async () => {
    const config = kindConfig({});
    const { ws, client } = await start({ 'a/slice.yaml': SLICE, 'a/kind-config.yaml': config });
    const slice = ws.uri('a/slice.yaml');
    const cfg = ws.uri('a/kind-config.yaml');
    await client.open(cfg, config);
    const diags = await client.open(slice, SLICE);
    const warning = diags.find((d) => d.code === 'feature-gate');
    expect(warning).toBeDefined();
    const actions = await actionsFor(client, slice, warning!);
    const fix = actions.find((a) => a.title.includes(GATE) && a.title.includes('kind-config.yaml'));
    expect(fix, actions.map((a) => a.title).join(' | ')).toBeDefined();
    const edits = fix!.edit?.changes?.[cfg] as TextEdit[] | undefined;
    expect(edits?.length).toBeGreaterThan(0);
    expect(Object.keys(fix!.edit!.changes!)).toEqual([cfg]);

    await client.change(cfg, edits!);
    const edited = client.text(cfg)!;
    expect(edited).toMatch(new RegExp(`^featureGates:\\n\\s+${GATE}: true$`, 'm'));
    // the rest of the config is untouched
    for (const line of config.split('\n').filter(Boolean)) expect(edited).toContain(line);
    const after = await client.diagnosticsUntil(slice, (d) => !d.some((x) => x.code === 'feature-gate'));
    expect(after.some((d) => d.code === 'feature-gate')).toBe(false);
  });

  it('creates a kind config when the workspace has none; after it exists the warning is gone', async () => {
    const { ws, client } = await start({ 'slice.yaml': SLICE });
    const slice = ws.uri('slice.yaml');
    const diags = await client.open(slice, SLICE);
    const warning = diags.find((d) => d.code === 'feature-gate')!;
    const actions = await actionsFor(client, slice, warning);
    const create = actions.find((a) => a.edit?.documentChanges?.some((c) => 'kind' in c && c.kind === 'create'));
    expect(create, actions.map((a) => a.title).join(' | ')).toBeDefined();
    const changes = create!.edit!.documentChanges!;
    const made = changes.find((c) => 'kind' in c && c.kind === 'create') as { uri: string };
    const textEdit = changes.find((c) => 'textDocument' in c && c.textDocument.uri === made.uri) as { edits: TextEdit[] };
    const rel = decodeURIComponent(made.uri.slice(ws.uri('').length)).replace(/^\//, '');
    ws.write(rel, textEdit.edits.map((e) => e.newText).join(''));
    expect(ws.read(rel)).toContain(`${GATE}: true`);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: made.uri, type: FileChangeType.Created }],
    });
    const after = await client.diagnosticsUntil(slice, (d) => !d.some((x) => x.code === 'feature-gate'));
    expect(after.some((d) => d.code === 'feature-gate')).toBe(false);
  });

  it('offers did-you-mean for an unknown field and the fix clears the error', async () => {
    const { ws, client } = await start({});
    const uri = ws.uri('deploy.yaml');
    const bad = DEPLOYMENT.replace('  replicas: 2', '  replicaz: 2');
    const diags = await client.open(uri, bad);
    const unknown = diags.find((d) => d.code === 'unknown-field')!;
    const actions = await actionsFor(client, uri, unknown);
    const rename = actions.find((a) => a.title.includes('replicas'));
    expect(rename, actions.map((a) => a.title).join(' | ')).toBeDefined();
    const after = await client.change(uri, rename!.edit!.changes![uri]);
    expect(client.text(uri)).toBe(DEPLOYMENT);
    expect(after.some((d) => d.code === 'unknown-field')).toBe(false);
  });
});
