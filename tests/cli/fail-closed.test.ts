// Fail closed: what a bound stops (the size limit per file, a run's byte budget, the nesting bound) is not checked,
// counted as such in every format's summary, and fails `--fail-on-unchecked`. Bounds are per file: padding files
// that sort first cannot use up a budget the failing file needed. The inputs are generated into a temp folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectInputs } from '../../server/src/cli/inputs';
import { runCli } from '../../server/src/cli/main';
import { capturedIO, tempDirs } from './cli-process';

const tempDir = tempDirs();
/** A manifest with an error (an unknown field). */
const FAILING = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndta: 1\n';
const comments = (bytes: number) => '# padding\n'.repeat(Math.ceil(bytes / 10));

/** A repository folder holding `files`. */
function repo(files: Record<string, string>): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, '.git'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

async function check(args: string[]) {
  const io = capturedIO();
  const code = await runCli(['check', '--jobs', '1', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('a file over the size limit is a file not checked', () => {
  const padded = () => repo({ 'deploy.yaml': FAILING + comments(4096) });

  it('is counted in summary.notChecked and fails --fail-on-unchecked (json)', async () => {
    const dir = padded();
    const passing = await check(['--format', 'json', '--max-file-size', '2K', dir]);
    expect(JSON.parse(passing.out).summary).toMatchObject({ files: 0, notChecked: 1, exitCode: 0 });
    expect(JSON.parse(passing.out).skipped).toEqual([expect.objectContaining({ path: path.join(dir, 'deploy.yaml'), bound: true })]);
    const failing = await check(['--format', 'json', '--fail-on-unchecked', '--max-file-size', '2K', dir]);
    expect(failing.code).toBe(1);
    expect(JSON.parse(failing.out).summary.failures).toEqual(['1 document not checked (--fail-on-unchecked)']);
  });

  it('fails --fail-on-unchecked in every format, and each says why', async () => {
    const dir = padded();
    for (const format of ['text', 'github', 'sarif', 'junit']) {
      const r = await check(['--format', format, '--fail-on-unchecked', '--max-file-size', '2K', dir]);
      expect(r.code, format).toBe(1);
      expect(r.out, format).toContain('1 document not checked');
    }
    const text = await check(['--fail-on-unchecked', '--max-file-size', '2K', dir]);
    expect(text.out).toContain('Nothing checked (Kubernetes');
    expect(text.out).toContain('1 of 1 document not checked');
    expect(text.err).toContain('larger than the 2 KiB limit per file');
  });

  it('a file under the limit beside it is still checked', async () => {
    const dir = repo({ 'a.yaml': comments(4096), 'b.yaml': FAILING });
    const r = await check(['--format', 'json', '--max-file-size', '2K', dir]);
    expect(JSON.parse(r.out).summary).toMatchObject({ files: 1, notChecked: 1, counts: { error: 1 } });
    expect(r.code).toBe(1);
  });
});

describe('the byte budget is per file', () => {
  it('padding files that sort first do not leave the failing file unread', async () => {
    const dir = repo({ 'a-pad.yaml': comments(1000), 'b-pad.yaml': comments(1000), 'z.yaml': FAILING });
    const collected = await collectInputs([dir], capturedIO(), { defer: true, limits: { maxRunBytes: 2000 } });
    expect(collected.skipped).toEqual([]);
    expect(collected.inputs.map((i) => path.basename(i.path))).toEqual(['a-pad.yaml', 'b-pad.yaml', 'z.yaml']);
  });

  it('a run that reads every text first still marks what its budget leaves unread as not checked', async () => {
    const dir = repo({ 'a-pad.yaml': comments(1000), 'z.yaml': FAILING });
    const collected = await collectInputs([dir], capturedIO(), { limits: { maxRunBytes: 1000 } });
    expect(collected.skipped).toEqual([expect.objectContaining({ path: path.join(dir, 'z.yaml'), bound: true })]);
  });
});

describe('a document over the nesting bound is a document not checked', () => {
  const deep = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: y\njunk: ${'['.repeat(300)}${']'.repeat(300)}\n`;

  it('is counted in summary.notChecked and fails --fail-on-unchecked, with its note and no second one', async () => {
    const dir = repo({ 'deep.yaml': deep });
    const passing = await check(['--format', 'json', '--fail-on', 'warning', dir]);
    expect(JSON.parse(passing.out).summary).toMatchObject({ documents: 1, notChecked: 1, exitCode: 0 });
    const failing = await check(['--fail-on-unchecked', '--fail-on', 'warning', dir]);
    expect(failing.code).toBe(1);
    expect(failing.out).toContain('nests deeper than 256 levels');
    expect(failing.out).not.toContain('note: document 1 not checked');
    expect(failing.out).toContain('Failing (exit 1): 1 document not checked (--fail-on-unchecked).');
  });
});
