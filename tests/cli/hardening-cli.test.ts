// `kubegate check` on awkward file systems, in-process with the real file system (a temporary folder), and
// `kubegate explain` on names it does not know.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processIO, type CliIO } from '../../server/src/cli/io';
import { runCli } from '../../server/src/cli/main';
import { loadVersion } from '../../server/src/engine';
import { memoryIO } from '../support/cli-io';

const MANIFEST = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n';

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'kubegate-cli-'));
  dirs.push(d);
  return d;
}

function captureIO(): CliIO & { stdout: string; stderr: string } {
  const io = {
    ...processIO(),
    stdout: '',
    stderr: '',
    color: false,
    out(t: string) {
      io.stdout += t;
    },
    err(t: string) {
      io.stderr += t;
    },
  };
  return io;
}

describe('kubegate check on folders with symlink loops', () => {
  it('walks a folder reached again through a symlink only once', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'a'));
    writeFileSync(path.join(root, 'a', 'cm.yaml'), MANIFEST);
    symlinkSync('..', path.join(root, 'a', 'up')); // a/up → root: a loop
    symlinkSync('self', path.join(root, 'self')); // a symlink to itself
    const io = captureIO();
    const code = await runCli(['check', '--format', 'json', root], io);
    const out = JSON.parse(io.stdout) as { files: { path: string; findings: { code: string }[] }[] };
    expect(out.files.map((f) => path.relative(root, f.path))).toEqual([path.join('a', 'cm.yaml')]);
    expect(out.files[0]!.findings.map((f) => f.code)).toEqual(['unknown-field']);
    expect(code).toBe(1);
    expect(io.stderr).toBe('');
  });
});

describe('kubegate explain on names it does not know', () => {
  it('exits 1 for an unknown gate and an unknown kind, and 2 for empty arguments', async () => {
    const gate = memoryIO();
    expect(await runCli(['explain', 'KubegateNoSuchGate'], gate)).toBe(1);
    expect(gate.stderr).toContain('no feature gate KubegateNoSuchGate');

    const kind = memoryIO();
    expect(await runCli(['explain', 'v1', 'KubegateNoSuchKind'], kind)).toBe(1);
    expect(kind.stderr).toContain('unknown kind v1 KubegateNoSuchKind');

    const empty = memoryIO();
    expect(await runCli(['explain', '', ''], empty)).toBe(2);
    expect(empty.stdout).toBe('');
  });

  it('still explains a known kind named with an apiVersion that does not serve it (exit 0, served versions listed)', async () => {
    const entry = loadVersion('1.37').data.kinds.find((k) => !k.component && !k.removed && k.group === '')!;
    const io = memoryIO();
    expect(await runCli(['explain', 'v999', entry.kind], io)).toBe(0);
    expect(io.stdout).toContain(`\`${entry.apiVersion}\``);
  });
});
