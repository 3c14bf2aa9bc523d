// A file Kubegate fails on (here: a damaged data file that only one file's version needs) gets a `check-failed`
// finding in the CLI too, as in the language server: the other files are still checked and reported, and the run
// exits 2 saying which file was not checked.
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { setDataReader, type DataReader } from '../../server/src/engine';
import { nodeDataReader } from '../../server/src/host/data-files';
import { capturedIO, tempDirs, tempRepo } from './cli-process';

const tempDir = tempDirs();

afterEach(() => setDataReader(nodeDataReader()));

/** The shipped data, except the 1.36 API data, which is damaged. */
function damaged136(): DataReader {
  const real = nodeDataReader();
  return (folder, name) => (name === 'k8s-1.36.json' ? '{"kinds": [' : real(folder, name));
}

const GOOD = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\nbogus: 1\n';
const OLD = '# kubegate: kubernetes-version=1.36\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: old\n';

describe('check-failed in the CLI', () => {
  it('reports the file it failed on, checks the others and exits 2', async () => {
    const root = tempRepo(tempDir, { 'a.yaml': GOOD, 'b.yaml': OLD });
    setDataReader(damaged136());
    const io = capturedIO({ cwd: () => root });
    const code = await runCli(['check', '--format', 'json', path.join(root, 'a.yaml'), path.join(root, 'b.yaml')], io);
    expect(code).toBe(2);
    const out = JSON.parse(io.stdout) as { files: { path: string; findings: { code: string; severity: string; message: string; range: unknown; data?: Record<string, unknown> }[] }[] };
    const byPath = Object.fromEntries(out.files.map((f) => [path.basename(f.path), f.findings]));
    expect(byPath['a.yaml']!.map((f) => f.code)).toEqual(['unknown-field']);
    expect(byPath['b.yaml']).toEqual([
      {
        code: 'check-failed',
        severity: 'warning',
        message: expect.stringMatching(/^Not checked: Kubegate failed on this file \(.+\)$/) as unknown as string,
        fix: 'Report it with the file; the details are in the Kubegate output (CLI: set KUBEGATE_DEBUG=1).',
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        data: { error: expect.any(String) as unknown as string, rule: 'check-failed' },
      },
    ]);
    expect(io.stderr).not.toMatch(/internal error/);
  });

  it('says why the run fails in the text report', async () => {
    const root = tempRepo(tempDir, { 'b.yaml': OLD });
    setDataReader(damaged136());
    const io = capturedIO({ cwd: () => root });
    const code = await runCli(['check', path.join(root, 'b.yaml')], io);
    expect(code).toBe(2);
    expect(io.stdout).toMatch(/check-failed/);
    expect(io.stdout).toMatch(/Kubegate failed on 1 file \(.*b\.yaml\): not checked/);
  });
});
