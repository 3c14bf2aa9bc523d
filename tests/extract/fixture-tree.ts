// Small upstream-shaped checkouts written by the tests (never copies of upstream files): a folder per
// repository, files given as path → text.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll } from 'vitest';
import { folderTree, type SourceTree } from '../../scripts/extract/source-tree';

const made: string[] = [];
// The folders a test file made go when its tests are done (registered while the file is collected).
afterAll(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kubegate-${prefix}-`));
  made.push(dir);
  return dir;
}

export function writeTree(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const p = path.join(dir, ...rel.split('/'));
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  }
}

/** A checkout of `repo` holding `files`, at a made-up commit. */
export function fixtureTree(repo: string, files: Record<string, string>, commit = '0123456789abcdef0123456789abcdef01234567'): SourceTree {
  const dir = tempDir(repo.replace(/\W/g, '-'));
  writeTree(dir, files);
  return folderTree(repo, dir, commit);
}

/** Go source from lines (keeps the fixtures readable: tabs where gofmt puts them). */
export function go(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}
