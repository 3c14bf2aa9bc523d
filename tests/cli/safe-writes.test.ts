// Writes never go through a link committed in the repository: report files (--output, --format F=FILE), --fix
// and `schema export --out`. A link is never written through nor replaced, a folder of the repository that leads
// outside it is not written into, and a refused write exits 2 with the reason. In-process, real files.
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { openReplacing } from '../../server/src/cli/safe-write';
import { capturedIO, tempDirs } from './cli-process';

const tempDir = tempDirs();
const FAILING = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndta: 1\n';
/** A misspelt field with a preferred fix (`replicsa` → `replicas`). */
const FIXABLE = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicsa: 2\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: c\n        image: nginx\n';
const VICTIM_TEXT = 'ssh-ed25519 AAAA keep@me\n';

/** A repository (cwd) and, outside it, a victim file and folder. */
function setUp(files: Record<string, string> = { 'deploy.yaml': FAILING }) {
  const base = tempDir();
  const repo = path.join(base, 'repo');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  mkdirSync(outside);
  const victim = path.join(outside, 'authorized_keys');
  writeFileSync(victim, VICTIM_TEXT);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(repo, name), text);
  return { repo, outside, victim };
}

async function run(repo: string, args: string[]) {
  const io = capturedIO({ cwd: () => repo });
  const code = await runCli(args, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('report files', () => {
  for (const flag of [['--format', 'sarif=report.sarif'], ['--format', 'junit=report.sarif'], ['-o', 'report.sarif']]) {
    it(`${flag.join(' ')} to a committed link: not written through, exit 2 with the reason`, async () => {
      const { repo, victim } = setUp();
      symlinkSync(victim, path.join(repo, 'report.sarif'));
      const r = await run(repo, ['check', ...flag, path.join(repo, 'deploy.yaml')]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${path.join(repo, 'report.sarif')} is a symbolic link: not written through`);
      expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
      expect(lstatSync(path.join(repo, 'report.sarif')).isSymbolicLink()).toBe(true);
    });
  }

  it('a report into a committed folder link leading outside the repository is refused', async () => {
    const { repo, outside } = setUp();
    symlinkSync(outside, path.join(repo, 'reports'));
    const r = await run(repo, ['check', '--format', 'json=reports/authorized_keys2', path.join(repo, 'deploy.yaml')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('leads outside the repository');
    expect(readdirSync(outside)).toEqual(['authorized_keys']);
  });

  it('an ordinary report file is replaced, and only after the run', async () => {
    const { repo } = setUp();
    writeFileSync(path.join(repo, 'report.json'), 'old');
    const r = await run(repo, ['check', '--format', 'json=report.json', path.join(repo, 'deploy.yaml')]);
    expect(r.code).toBe(1);
    expect(JSON.parse(readFileSync(path.join(repo, 'report.json'), 'utf8')).summary.counts.error).toBe(1);
    expect(readdirSync(repo).sort()).toEqual(['.git', 'deploy.yaml', 'report.json']);
  });

  it('a name swapped for a link while the report is written is not replaced', () => {
    const { repo, victim } = setUp();
    const target = path.join(repo, 'late.json');
    const out = openReplacing(target, { root: repo });
    out.write('{}');
    symlinkSync(victim, target);
    expect(() => out.close()).toThrow(/is a symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(readdirSync(repo).sort()).toEqual(['.git', 'deploy.yaml', 'late.json']);
  });
});

describe('--fix', () => {
  it('on a named link: the file it points to is not changed, exit 2 with the reason', async () => {
    const { repo, outside } = setUp({});
    const real = path.join(outside, 'cm.yaml');
    writeFileSync(real, FIXABLE);
    symlinkSync(real, path.join(repo, 'cm.yaml'));
    const r = await run(repo, ['check', '--fix', path.join(repo, 'cm.yaml')]);
    expect(r.code).toBe(2);
    expect(r.out).toContain('Failing (exit 2): 1 file not written by --fix');
    expect(r.err).toContain(`--fix: ${path.join(repo, 'cm.yaml')}: not changed: ${path.join(repo, 'cm.yaml')} is a symbolic link`);
    expect(readFileSync(real, 'utf8')).toBe(FIXABLE);
    expect(lstatSync(path.join(repo, 'cm.yaml')).isSymbolicLink()).toBe(true);
  });

  it('on a regular file: replaced in place, keeping its mode', async () => {
    const { repo } = setUp({ 'cm.yaml': FIXABLE });
    const file = path.join(repo, 'cm.yaml');
    const { chmodSync } = await import('node:fs');
    chmodSync(file, 0o640);
    const r = await run(repo, ['check', '--fix', path.join(repo, 'cm.yaml')]);
    expect(r.err).toContain('1 fix applied');
    expect(readFileSync(file, 'utf8')).toContain('  replicas: 2\n');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(r.code).toBe(0);
  });
});

describe('schema export --out', () => {
  it('into a committed folder link leading outside the repository: refused, exit 2, nothing written outside', async () => {
    const { repo, outside } = setUp({});
    symlinkSync(outside, path.join(repo, 'schemas'));
    const r = await run(repo, ['schema', 'export', '--out', path.join(repo, 'schemas')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('leads outside the repository');
    expect(readdirSync(outside)).toEqual(['authorized_keys']);
    expect(existsSync(path.join(outside, 'all.json'))).toBe(false);
  });
});
