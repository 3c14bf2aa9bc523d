// The standalone executable (`npm run sea`, Node single-executable application) run as a user runs it: from
// another folder, on the examples, without Node's module folders or the clone's dist/ around it. Building takes
// a while (and postject from npm), so .ci/run builds it and runs this file with KUBEGATE_SEA set to the
// executable; without it the file is skipped.
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDirs } from './cli-process';

const EXE = process.env['KUBEGATE_SEA'];
const tempDir = tempDirs();

function run(args: string[], cwd: string, env: Record<string, string> = {}, exe = EXE!): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(exe, args, { cwd, env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(!EXE)('the standalone executable (KUBEGATE_SEA)', () => {
  it('exists beside its data', () => {
    expect(existsSync(EXE!)).toBe(true);
    expect(existsSync(path.join(path.dirname(EXE!), 'schemas', 'gates.json'))).toBe(true);
  });

  it('copied alone to an empty folder, still knows its version (embedded at build time)', async () => {
    const dir = tempDir();
    const copy = path.join(dir, path.basename(EXE!));
    copyFileSync(EXE!, copy);
    chmodSync(copy, 0o755);
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await run(['--version'], dir, {}, copy);
    expect(r.stdout.trim()).toBe(`kubegate ${version}`);
  }, 60_000);

  it('--version, and check on the examples from another folder: findings and exit codes as the npm CLI', async () => {
    const dir = tempDir();
    for (const f of ['deployment.yaml', 'deployment-with-mistakes.yaml', 'dra-resourceslice-skip-node-operations.yaml']) {
      copyFileSync(path.join(ROOT, 'examples', f), path.join(dir, f));
    }
    const version = await run(['--version'], dir);
    expect(version.stdout).toMatch(/^kubegate \d+\.\d+\.\d+/);
    const clean = await run(['check', 'deployment.yaml'], dir);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toBe('No problems in 1 file (Kubernetes 1.37).\n');
    const bad = await run(['check', '--format', 'json', 'deployment-with-mistakes.yaml', 'dra-resourceslice-skip-node-operations.yaml'], dir);
    expect(bad.code).toBe(1);
    const out = JSON.parse(bad.stdout) as { files: { findings: { code: string }[] }[] };
    expect(out.files.map((f) => f.findings.map((x) => x.code))).toEqual([['invalid-value', 'invalid-value', 'unknown-field'], ['feature-gate']]);
  }, 60_000);

  it('--cluster works (the kubeconfig reader is inside the executable), without a warning from Node', async () => {
    const dir = tempDir();
    copyFileSync(path.join(ROOT, 'examples', 'deployment.yaml'), path.join(dir, 'deployment.yaml'));
    writeFileSync(
      path.join(dir, 'kubeconfig'),
      'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\n' +
        'users: [{name: u, user: {token: t}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n',
    );
    const r = await run(['check', '--cluster', 'deployment.yaml'], dir, { KUBECONFIG: path.join(dir, 'kubeconfig') });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('context "x"');
    expect(r.stderr).not.toMatch(/Warning|Cannot find module/);
  }, 60_000);
});
