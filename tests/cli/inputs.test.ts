// `kubegate check` inputs: stdin, FIFOs and process substitution read exactly once; folders with hostile
// entries (a FIFO, a symlink to /dev/zero, an unreadable subfolder) walked with bounded work and a note per
// skipped entry; size caps per file and per run; a folder without YAML is a usage error.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReadOutcome } from '../../server/src/cli/io';
import { runCli } from '../../server/src/cli/main';
import { readRegularFile } from '../../server/src/cli/read-bounded';
import { capturedIO, CLI, ROOT, spawnCli, tempDirs } from './cli-process';

const tempDir = tempDirs();
const MISTAKES = readFileSync(path.join(ROOT, 'examples', 'deployment-with-mistakes.yaml'), 'utf8');
const CONFIGMAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n';

interface JsonOut {
  files: { path: string; findings: { code: string }[]; error?: string }[];
  skipped: { path: string; message: string }[];
}

/** A process IO that counts what is opened and read, per path. */
function countingIO() {
  const reads = new Map<string, number>();
  let bytes = 0;
  const io = capturedIO();
  const base = { readRegular: io.readRegular!, readStream: io.readStream! };
  const count = (p: string, o: ReadOutcome) => {
    reads.set(p, (reads.get(p) ?? 0) + 1);
    bytes += o.bytes;
    return o;
  };
  io.readRegular = (p, max) => count(p, base.readRegular(p, max));
  io.readStream = async (p, max) => count(p, await base.readStream(p, max));
  io.readFile = (p) => {
    throw new Error(`unbounded read of ${p}`);
  };
  return { io, reads, bytes: () => bytes };
}

describe('inputs read once', () => {
  it('check - reads stdin, named by --stdin-filename', async () => {
    const run = await spawnCli(['check', '--format', 'json', '--stdin-filename', 'apps/deploy.yaml', '-'], { stdin: MISTAKES });
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout) as JsonOut;
    expect(out.files.map((f) => f.path)).toEqual(['apps/deploy.yaml']);
    expect(out.files[0]!.findings.map((f) => f.code)).toEqual(['invalid-value', 'invalid-value', 'unknown-field']);
    const text = await spawnCli(['check', '-'], { stdin: MISTAKES });
    expect(text.stdout).toMatch(/^<stdin>:22:11 error unknown-field/m);
  });

  it('process substitution (/dev/fd/N) and a FIFO named on the command line are read once', async () => {
    const sub = await spawnCli([], { shell: '"$NODE" "$KG_CLI" check --format json <(cat examples/deployment-with-mistakes.yaml)' });
    expect(sub.code).toBe(1);
    expect((JSON.parse(sub.stdout) as JsonOut).files[0]!.findings).toHaveLength(3);

    const dir = tempDir();
    const fifo = path.join(dir, 'pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    const child = spawn(process.execPath, [CLI, 'check', '--format', 'json', fifo], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    // The writer blocks until the CLI opens the FIFO; a second read would block forever (no second writer).
    writeFileSync(fifo, MISTAKES);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as JsonOut).files[0]!.findings.map((f) => f.code)).toContain('unknown-field');
  });

  it('a file is read once although its text serves both the gate configs and the check', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a.yaml'), MISTAKES);
    writeFileSync(path.join(dir, 'kind.yaml'), 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  AllAlpha: false\n');
    const { io, reads } = countingIO();
    expect(await runCli(['check', '--format', 'json', dir], io)).toBe(1);
    expect([...reads.values()]).toEqual([1, 1]);
  });

  it('- given twice is a usage error', async () => {
    expect((await spawnCli(['check', '-', '-'], { stdin: '' })).code).toBe(2);
  });
});

describe('hostile folders', () => {
  it('skips a FIFO and a symlink to /dev/zero with a note each, reading only the regular file', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'cm.yaml'), CONFIGMAP);
    execFileSync('mkfifo', [path.join(dir, 'fifo.yaml')]);
    symlinkSync('/dev/zero', path.join(dir, 'zero.yaml'));
    const { io, reads, bytes } = countingIO();
    const code = await runCli(['check', '--format', 'json', dir], io);
    expect(code).toBe(1);
    expect([...reads.keys()]).toEqual([path.join(dir, 'cm.yaml')]);
    expect(bytes()).toBe(Buffer.byteLength(CONFIGMAP));
    expect(io.stderr).toContain(`note: skipped ${path.join(dir, 'fifo.yaml')}: a FIFO (named pipe), not a regular file`);
    expect(io.stderr).toContain(`note: skipped ${path.join(dir, 'zero.yaml')}: a character device, not a regular file`);
    const out = JSON.parse(io.stdout) as JsonOut;
    expect(out.skipped.map((s) => path.basename(s.path))).toEqual(['fifo.yaml', 'zero.yaml']);
  });

  it('discovery beside a checked file (configs, CRDs, kustomizations) never reads a FIFO or /dev/zero', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'cm.yaml'), CONFIGMAP);
    execFileSync('mkfifo', [path.join(dir, 'fifo.yaml')]);
    execFileSync('mkfifo', [path.join(dir, 'kustomization.yaml')]);
    symlinkSync('/dev/zero', path.join(dir, 'zero.yaml'));
    const io = capturedIO();
    const attempts: string[] = [];
    const readFile = io.readFile;
    io.readFile = (p) => {
      attempts.push(path.basename(p));
      return readFile(p);
    };
    expect(await runCli(['check', '--format', 'json', path.join(dir, 'cm.yaml')], io)).toBe(1);
    // Whatever a discovery step tries, the IO refuses non-regular files without opening them for a blocking read.
    for (const name of ['fifo.yaml', 'zero.yaml', 'kustomization.yaml']) {
      if (attempts.includes(name)) expect(() => readFile(path.join(dir, name))).toThrow(/not a regular file/);
    }
    expect(io.kind(path.join(dir, 'fifo.yaml'))).toBeUndefined();
    expect(io.kind(path.join(dir, 'zero.yaml'))).toBeUndefined();
  });

  it('/dev/zero named on purpose is read up to the cap, then reported', async () => {
    const { io, bytes } = countingIO();
    expect(await runCli(['check', '--max-file-size', '64K', '/dev/zero'], io)).toBe(2);
    expect(bytes()).toBeLessThanOrEqual(64 * 1024 + 65536);
    expect(io.stderr).toContain('cannot read /dev/zero: larger than the 64 KiB limit per file');
  });

  it('never opens a FIFO swapped in for a regular file (the open does not block; fstat decides)', () => {
    const dir = tempDir();
    const fifo = path.join(dir, 'x.yaml');
    execFileSync('mkfifo', [fifo]);
    const o = readRegularFile(fifo, 1024);
    expect(o).toEqual({ ok: false, reason: 'not-regular', kind: 'fifo', bytes: 0 });
  });

  it('an unreadable subfolder gets a note naming it and the walk goes on', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'a'));
    mkdirSync(path.join(dir, 'locked'));
    mkdirSync(path.join(dir, 'z'));
    writeFileSync(path.join(dir, 'a', 'cm.yaml'), CONFIGMAP);
    writeFileSync(path.join(dir, 'locked', 'cm.yaml'), CONFIGMAP);
    writeFileSync(path.join(dir, 'z', 'cm.yaml'), CONFIGMAP);
    // Tests run as root here, where chmod 000 does not stop reads: the IO refuses the folder as EACCES would.
    const io = capturedIO();
    const listDir = io.listDir;
    io.listDir = (p) => {
      if (p === path.join(dir, 'locked')) throw Object.assign(new Error(`EACCES: permission denied, scandir '${p}'`), { code: 'EACCES' });
      return listDir(p);
    };
    expect(await runCli(['check', '--format', 'json', dir], io)).toBe(1);
    const out = JSON.parse(io.stdout) as JsonOut;
    expect(out.files.map((f) => path.relative(dir, f.path))).toEqual([path.join('a', 'cm.yaml'), path.join('z', 'cm.yaml')]);
    expect(io.stderr).toContain(`note: skipped ${path.join(dir, 'locked')}: folder not readable (permission denied)`);
  });

  it('a --crd file that cannot be read is a usage error, not a file without CRDs', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'crd.yaml'), 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n');
    writeFileSync(path.join(dir, 'cm.yaml'), CONFIGMAP);
    // Tests run as root here, where chmod 000 does not stop reads: the IO refuses the file as EACCES would.
    const io = capturedIO();
    const readRegular = io.readRegular;
    io.readRegular = (p, max): ReadOutcome => (p === path.join(dir, 'crd.yaml') ? { ok: false, reason: 'error', message: 'EACCES: permission denied', bytes: 0 } : readRegular!(p, max));
    expect(await runCli(['check', '--crd', path.join(dir, 'crd.yaml'), path.join(dir, 'cm.yaml')], io)).toBe(2);
    expect(io.stderr).toContain(`cannot read --crd ${path.join(dir, 'crd.yaml')}`);
    expect(io.stderr).not.toContain('no CustomResourceDefinition in it');
  });

  it('caps each file and the whole run, saying so', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'big.yaml'), `${CONFIGMAP}# ${'x'.repeat(5000)}\n`);
    writeFileSync(path.join(dir, 'small.yaml'), CONFIGMAP);
    const { io, reads } = countingIO();
    expect(await runCli(['check', '--format', 'json', '--max-file-size', '1K', dir], io)).toBe(1);
    expect(io.stderr).toContain(`note: skipped ${path.join(dir, 'big.yaml')}: larger than the 1 KiB limit per file`);
    expect((JSON.parse(io.stdout) as JsonOut).files.map((f) => path.basename(f.path))).toEqual(['small.yaml']);
    expect(reads.get(path.join(dir, 'small.yaml'))).toBe(1);

    const many = tempDir();
    for (let i = 0; i < 5; i++) writeFileSync(path.join(many, `f${i}.yaml`), CONFIGMAP);
    const { collectInputs } = await import('../../server/src/cli/inputs');
    const limited = await collectInputs([many], capturedIO(), { limits: { maxRunBytes: Buffer.byteLength(CONFIGMAP) * 2 } });
    expect(limited.inputs).toHaveLength(2);
    expect(limited.bytesRead).toBe(Buffer.byteLength(CONFIGMAP) * 2);
    expect(limited.skipped.map((s) => s.message)).toEqual(Array(3).fill(limited.skipped[0]!.message));
    expect(limited.skipped[0]!.message).toContain('limit per run');
  });

  it('a folder without YAML is exit 2 with a message', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'notes.txt'), 'hello');
    const run = await spawnCli(['check', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`no YAML files found in ${dir}`);
  });
});
