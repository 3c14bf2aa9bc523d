// The same answer everywhere, checked on the public corpus: every file of ../shared/corpus (copied into a
// repository) gets the same findings (range, code, severity) from a folder run of `kubegate check` and from the
// language server opening it in its workspace. About 40 s: it runs with `npm run test:slow`.
import { cpSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../cli/cli-process';
import { lspSuite } from '../lsp/harness';
import { hasShared, sharedDir } from '../support/shared';
import { cliRun, keys, serverRun, yamlFilesUnder } from './front-ends';

describe('CLI and language server on the corpus', () => {
  const tmp = tempDirs();
  const corpus = lspSuite('the public corpus: every file gets the same findings from the CLI and the server');
  it.skipIf(corpus.skip || !hasShared)(corpus.title, { timeout: 240_000 }, async () => {
    const root = tmp();
    cpSync(path.join(sharedDir, 'corpus'), root, { recursive: true });
    mkdirSync(path.join(root, '.git'));
    const files = yamlFilesUnder(root);
    expect(files.length).toBeGreaterThan(100);
    const cli = await cliRun(root, ['.']);
    const server = await serverRun(root, files);
    const differ = files.filter((f) => JSON.stringify(keys(cli.get(f) ?? [])) !== JSON.stringify(keys(server.get(f) ?? [])));
    expect(differ.map((f) => ({ file: path.relative(root, f), cli: keys(cli.get(f) ?? []), server: keys(server.get(f) ?? []) }))).toEqual([]);
  });
});
