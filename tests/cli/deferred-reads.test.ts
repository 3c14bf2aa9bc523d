// `kubegate check` reads a file found in a folder when its turn comes, not when the folder is walked: a run holds
// the texts of the files being checked and of recently read neighbours (up to a bound), not the whole tree. A
// file that cannot be read by then is reported like one unreadable from the start.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectInputs } from '../../server/src/cli/inputs';
import type { CliIO, ReadOutcome } from '../../server/src/cli/io';
import { runCli } from '../../server/src/cli/main';
import { cliHost, KEPT_CHARS } from '../../server/src/cli/project-host';
import { capturedIO, tempDirs, type CapturedIO } from './cli-process';

const tempDir = tempDirs();
const CONFIGMAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';
const KIND = 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  AllAlpha: false\n';

/** Paths read through `readRegular`, in order. */
function recordReads(io: CliIO): string[] {
  const reads: string[] = [];
  const base = io.readRegular!;
  io.readRegular = (p, max) => {
    reads.push(p);
    return base(p, max);
  };
  return reads;
}

/** A new folder holding a ConfigMap (a.yaml) and a kind config (`kindName`), and an IO recording its reads. */
function folder(kindName: string) {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'a.yaml'), CONFIGMAP);
  writeFileSync(path.join(dir, kindName), KIND);
  const io = capturedIO();
  return { dir, io, reads: recordReads(io) };
}

describe('deferred reads', () => {
  it('a folder walk sizes the files and reads none of them', async () => {
    const { dir, io, reads } = folder('b.yaml');
    const collected = await collectInputs([dir], io, { defer: true });
    expect(reads).toEqual([]);
    expect(collected.inputs.map((i) => [path.basename(i.path), i.size, i.text])).toEqual([
      ['a.yaml', CONFIGMAP.length, undefined],
      ['b.yaml', KIND.length, undefined],
    ]);
    expect(collected.bytesRead).toBe(CONFIGMAP.length + KIND.length);
  });

  it('a file the check reads after discovery read it is not read again, nor the reverse', async () => {
    const { dir, io, reads } = folder('kind.yaml');
    expect(await runCli(['check', '--jobs', '1', dir], io)).toBe(0);
    expect(reads.map((p) => path.basename(p)).sort()).toEqual(['a.yaml', 'kind.yaml']);
  });

  it('a file found in a folder and unreadable when checked is skipped with a note; a named one fails the run', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a.yaml'), CONFIGMAP);
    writeFileSync(path.join(dir, 'b.yaml'), CONFIGMAP.replace('name: a', 'name: b'));
    const gone = (): CapturedIO => {
      const io = capturedIO();
      const base = io.readRegular!;
      // As if b.yaml were removed after the walk.
      io.readRegular = (p, max): ReadOutcome => (path.basename(p) === 'b.yaml' ? { ok: false, reason: 'error', message: 'no such file', bytes: 0 } : base(p, max));
      return io;
    };
    const found = gone();
    expect(await runCli(['check', '--jobs', '1', '--format', 'json', dir], found)).toBe(0);
    const out = JSON.parse(found.stdout) as { files: { path: string }[]; skipped: { path: string; message: string }[]; summary: { files: number } };
    expect(out.files.map((f) => path.basename(f.path))).toEqual(['a.yaml']);
    expect(out.skipped).toEqual([{ path: path.join(dir, 'b.yaml'), message: 'no such file' }]);
    expect(found.stderr).toContain(`note: skipped ${path.join(dir, 'b.yaml')}: no such file`);

    const named = gone();
    expect(await runCli(['check', '--jobs', '1', path.join(dir, 'a.yaml'), path.join(dir, 'b.yaml')], named)).toBe(2);
    expect(named.stderr).toContain(`kubegate check: cannot read ${path.join(dir, 'b.yaml')}: no such file`);
  });

  it('keeps the texts it read while recently used, up to its bound in all', () => {
    const big = (c: string) => c.repeat(Math.floor(KEPT_CHARS / 2) + 1);
    const texts: Record<string, string> = { '/r/a.yaml': big('a'), '/r/b.yaml': big('b'), '/r/c.yaml': 'small' };
    const io = capturedIO({ stat: (p) => (texts[p] ? { kind: 'file', size: texts[p]!.length } : undefined) });
    const reads: string[] = [];
    io.readRegular = (p): ReadOutcome => {
      reads.push(path.basename(p));
      return { ok: true, text: texts[p]!, bytes: texts[p]!.length };
    };
    const host = cliHost(io);
    host.readFile('/r/c.yaml');
    host.readFile('/r/a.yaml');
    expect(host.readChecked('/r/a.yaml', KEPT_CHARS)).toMatchObject({ ok: true });
    host.readFile('/r/c.yaml');
    host.readFile('/r/b.yaml'); // a and b do not fit together: a, the least recently used, goes
    host.readFile('/r/b.yaml');
    host.readFile('/r/c.yaml');
    host.readFile('/r/a.yaml');
    expect(reads).toEqual(['c.yaml', 'a.yaml', 'b.yaml', 'a.yaml']);
  });

  it('asks the disk once per path for its kind and its real path', () => {
    const asked: string[] = [];
    const io = capturedIO({
      stat: (p) => (asked.push(`stat ${p}`), { kind: 'dir', size: 0 }),
      realPath: (p) => (asked.push(`real ${p}`), p),
    });
    const host = cliHost(io);
    for (let i = 0; i < 3; i++) {
      expect(host.kind('/r/a')).toBe('dir');
      expect(host.realPath('/r/a')).toBe('/r/a');
    }
    expect(asked).toEqual(['stat /r/a', 'real /r/a']);
  });
});
