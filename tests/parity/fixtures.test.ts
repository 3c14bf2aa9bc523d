// The same answer everywhere, checked on every project fixture (tests/fixtures/project): `kubegate check` on each
// file in place, a folder run, and the language server opening each file in its workspace must publish the same
// findings (range, code, severity), also from the server's check thread, and the fixture's trailing `# expect:` comments pin what they are.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../cli/cli-process';
import { lspSuite } from '../lsp/harness';
import { parseFixture } from '../support/fixture';
import { cliRun, keys, serverRun, type CliFinding } from './front-ends';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'project');

describe('CLI and language server: one answer per file', () => {
  const tmp = tempDirs();
  const lsp = lspSuite('project fixtures: the CLI (folder run and each file in place) and the server agree, as expected');

  it.skipIf(lsp.skip)(lsp.title, async () => {
    for (const name of readdirSync(FIXTURES).filter((n) => n.endsWith('.yaml')).sort()) {
      const fixture = parseFixture(readFileSync(path.join(FIXTURES, name), 'utf8'));
      const root = tmp();
      mkdirSync(path.join(root, '.git'));
      for (const f of fixture.files) {
        mkdirSync(path.dirname(path.join(root, f.path)), { recursive: true });
        writeFileSync(path.join(root, f.path), f.text);
      }
      const files = fixture.files.map((f) => path.join(root, f.path));
      const folder = await cliRun(root, ['.']);
      const server = await serverRun(root, files);
      // The server's check thread (large documents: here every one) builds the same context from the same workspace.
      const threaded = await serverRun(root, files, { backgroundCheckChars: 1 });
      for (const f of fixture.files) {
        const file = path.join(root, f.path);
        const alone = (await cliRun(root, [f.path])).get(file) ?? [];
        const expected = f.expected.map((e) => e.split(':')).map(([line, code]) => `${line} ${code}`);
        const lineCode = (list: CliFinding[]) => list.filter((x) => x.severity !== 'hint').map((x) => `${x.range.start.line} ${x.code}`).sort();
        expect(lineCode(alone), `${name}: ${f.path} checked alone`).toEqual(expected);
        expect(keys(folder.get(file) ?? []), `${name}: ${f.path} in a folder run`).toEqual(keys(alone));
        expect(keys(server.get(file) ?? []), `${name}: ${f.path} in the server`).toEqual(keys(alone));
        expect(keys(threaded.get(file) ?? []), `${name}: ${f.path} in the server's check thread`).toEqual(keys(alone));
      }
    }
  }, 180_000);

});
