// Over the real protocol: the hover of a field the server defaults says what it becomes ("defaulted: 1"), the
// same lines the engine's hover gives (tests/hover/defaulted.test.ts states them in full), in an open document
// that the server checked first (the hover then reads the check's snapshot of the text).
import { describe, expect, it } from 'vitest';
import { HoverRequest, type Hover, type MarkupContent } from 'vscode-languageserver-protocol';
import { Analysis, DEFAULT_VERSION } from '../../server/src/engine';
import { cursor } from '../support/markers';
import { DEPLOYMENT } from './fixtures';
import { lspSessions, lspSuite } from './harness';

const { start } = lspSessions();
const SUITE = lspSuite('LSP hover: defaulted values');

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it("hovering a Deployment's spec written without replicas says replicas defaulted: 1; written, it says nothing of it", async () => {
    const { ws, client } = await start();
    const unset = cursor(DEPLOYMENT.replace('  replicas: 2\n', '').replace('\nspec:', '\nsp‸ec:'));
    const uri = ws.uri('deployment.yaml');
    await client.open(uri, unset.text);
    const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: unset.position })) as Hover | null;
    const md = (hover?.contents as MarkupContent | undefined)?.value ?? '';
    expect(md.split('\n')).toContain('- `replicas` defaulted: `1`');
    // The same view as the engine's (one answer whoever asks).
    expect(md).toBe((await new Analysis({ version: DEFAULT_VERSION }).hover(unset.text, unset.position))?.markdown);

    const written = cursor(DEPLOYMENT.replace('\nspec:', '\nsp‸ec:'));
    const other = ws.uri('written.yaml');
    await client.open(other, written.text);
    const writtenHover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: other }, position: written.position })) as Hover | null;
    const lines = ((writtenHover?.contents as MarkupContent | undefined)?.value ?? '').split('\n');
    expect(lines).toContain('- `progressDeadlineSeconds` defaulted: `600`');
    expect(lines.filter((l) => l.includes('`replicas`'))).toEqual([]);
  });
});
