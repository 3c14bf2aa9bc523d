// The language server reads disk files of a workspace folder only inside it once links are followed: a
// `.kubegate.yaml` or a config beside a manifest that links to a file outside is not read (a setting problem
// names the `.kubegate.yaml`), and a `.kubegate.yaml` that is a folder is a setting problem, not silence.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { repoConfigFor } from '../../server/src/lsp/repo-config';
import { WorkspaceFiles } from '../../server/src/lsp/workspace';
import { Project } from '../../server/src/engine';

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

function setup(): { ws: WorkspaceFiles; folder: string; outside: string } {
  const base = mkdtempSync(path.join(os.tmpdir(), 'kubegate-lsp-confine-'));
  dirs.push(base);
  const folder = path.join(base, 'repo');
  const outside = path.join(base, 'outside');
  mkdirSync(folder);
  mkdirSync(outside);
  const documents = { get: () => undefined, all: () => [] } as unknown as TextDocuments<TextDocument>;
  const ws = new WorkspaceFiles(documents);
  ws.folders.set([pathToFileURL(folder).toString()]);
  return { ws, folder, outside };
}

describe('workspace confinement in the server', () => {
  it('a file linking outside the workspace folder is not read; one inside is', () => {
    const { ws, folder, outside } = setup();
    writeFileSync(path.join(outside, 'kind.yaml'), 'kind: Cluster\n');
    writeFileSync(path.join(folder, 'own.yaml'), 'a: 1\n');
    symlinkSync(path.join(outside, 'kind.yaml'), path.join(folder, 'kind.yaml'));
    symlinkSync(path.join(folder, 'own.yaml'), path.join(folder, 'alias.yaml'));
    expect(ws.read(path.join(folder, 'kind.yaml'))).toBeUndefined();
    expect(ws.read(path.join(folder, 'alias.yaml'))).toBe('a: 1\n');
    expect(ws.disk.stats()).toMatchObject({ diskReads: 1, refusedOutside: 1 });
  });

  it('a .kubegate.yaml linking outside is a setting problem naming it; its content is not read', () => {
    const { ws, folder, outside } = setup();
    writeFileSync(path.join(outside, 'secret.yaml'), 'hunter2: 1\n');
    symlinkSync(path.join(outside, 'secret.yaml'), path.join(folder, '.kubegate.yaml'));
    writeFileSync(path.join(folder, 'cm.yaml'), 'apiVersion: v1\n');
    const found = repoConfigFor(pathToFileURL(path.join(folder, 'cm.yaml')).toString(), ws, new Project(ws, { folders: ws.folders.list() }));
    expect(found).toEqual({ problems: [`${path.join(folder, '.kubegate.yaml')} links outside the repository (${folder}); it is not read.`], root: folder });
  });

  it('a .kubegate.yaml that is a folder is a setting problem', () => {
    const { ws, folder } = setup();
    mkdirSync(path.join(folder, '.kubegate.yaml'));
    const found = repoConfigFor(pathToFileURL(path.join(folder, 'cm.yaml')).toString(), ws, new Project(ws, { folders: ws.folders.list() }));
    expect(found).toEqual({ problems: [`${path.join(folder, '.kubegate.yaml')} is a folder, not a settings file; it is not read.`], root: folder });
  });

  it('the workspace walk does not follow a link to / (nor a cycle)', () => {
    const { ws, folder } = setup();
    writeFileSync(path.join(folder, 'a.yaml'), 'a: 1\n');
    symlinkSync('/', path.join(folder, 'rootfs'));
    symlinkSync('.', path.join(folder, 'loop'));
    expect(ws.allYamlFiles().map((f) => path.relative(folder, f))).toEqual(['a.yaml']);
  });
});
