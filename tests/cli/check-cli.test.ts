// `kubegate check` as users run it: the bundled dist/cli.js (built by `npm run build`, which `npm test`
// runs first) on the examples. Exit codes, JSON shape, text format.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, spawnCli, type Run } from './cli-process';

/** The bundled CLI run as a user does, from the repository root (cli-process.ts). */
const kubegate = (...args: string[]): Promise<Run> => spawnCli(args);

interface JsonOut {
  files: {
    path: string;
    documents: { index: number; apiVersion?: string; kind?: string; checked: boolean; reason?: string }[];
    findings: {
      code: string;
      severity: string;
      message: string;
      path?: string;
      range: { start: { line: number; character: number }; end: { line: number; character: number } };
      data?: Record<string, unknown>;
    }[];
  }[];
}

describe('kubegate check (dist/cli.js)', () => {
  it('is built', () => {
    expect(existsSync(CLI), 'dist/cli.js is missing: run `npm run build` (npm test does it first)').toBe(true);
  });

  it('exits 0 on a clean manifest', async () => {
    const run = await kubegate('check', 'examples/deployment.yaml');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('No problems in 1 file (Kubernetes 1.37).');
  });

  it('exits 1 with errors; JSON has the documented shape, 0-based positions, document order', async () => {
    const run = await kubegate('check', '--format', 'json', 'examples/deployment-with-mistakes.yaml');
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout) as JsonOut;
    expect(out.files).toHaveLength(1);
    const file = out.files[0]!;
    expect(file.path).toBe('examples/deployment-with-mistakes.yaml');
    expect(file.documents).toEqual([{ index: 0, apiVersion: 'apps/v1', kind: 'Deployment', checked: true }]);
    expect(file.findings.map((f) => `${f.code}:${f.path}`)).toEqual([
      'invalid-value:spec.replicas',
      'invalid-value:spec.template.spec.containers[].imagePullPolicy',
      'unknown-field:spec.template.spec.containers[].ports[].protocl',
    ]);
    const unknown = file.findings[2]!;
    expect(unknown.severity).toBe('error');
    expect(unknown.range).toEqual({ start: { line: 21, character: 10 }, end: { line: 21, character: 17 } });
    expect(unknown.data?.['suggestion']).toBe('protocol');
    for (const f of file.findings) expect(Object.keys(f).slice(0, 4)).toEqual(['code', 'severity', 'message', 'path']);
  });

  it('prints text as file:line:col severity code message (1-based)', async () => {
    const run = await kubegate('check', 'examples/deployment-with-mistakes.yaml');
    expect(run.stdout).toMatch(/^examples\/deployment-with-mistakes\.yaml:22:11 error unknown-field .*protocol/m);
  });

  it('warns about a gated field (exit 0: warnings only) and takes v-prefixed and patch versions', async () => {
    // A copy away from examples/kind/kind-cluster-with-dra-gate.yaml, which governs the files of its folder.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kubegate-cli-'));
    const dra = path.join(dir, 'dra-resourceslice-skip-node-operations.yaml');
    copyFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), dra);
    const now = await kubegate('check', '--format=json', dra);
    expect(now.code).toBe(0);
    const codes = (JSON.parse(now.stdout) as JsonOut).files[0]!.findings.map((f) => `${f.severity}:${f.code}:${f.path}`);
    expect(codes).toEqual(['warning:feature-gate:spec.skipNodeOperations']);
    for (const v of ['1.36', 'v1.36', 'v1.36.2']) {
      const before = await kubegate('check', '--kubernetes-version', v, '--format', 'json', dra);
      expect(before.code).toBe(1);
      const f = (JSON.parse(before.stdout) as JsonOut).files[0]!.findings;
      expect(f.map((x) => `${x.code}:${x.path}`)).toEqual(['field-not-in-version:spec.skipNodeOperations']);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('a kind config in the same file turns the gate on', async () => {
    const run = await kubegate('check', '--format', 'json', 'examples/kind/kind-cluster-with-dra-gate.yaml');
    expect(run.code).toBe(0);
    const file = (JSON.parse(run.stdout) as JsonOut).files[0]!;
    expect(file.findings.filter((f) => f.severity === 'error' || f.severity === 'warning')).toEqual([]);
  });

  it('expands folders to their YAML files', async () => {
    const run = await kubegate('check', '--format', 'json', 'examples');
    const paths = (JSON.parse(run.stdout) as JsonOut).files.map((f) => f.path);
    expect(paths).toContain(path.join('examples', 'deployment.yaml'));
    expect(run.code).toBe(1);
  });

  it('exits 2 on an unsupported version, naming the supported ones', async () => {
    const run = await kubegate('check', '--kubernetes-version', '1.30', 'examples/deployment.yaml');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('1.34, 1.35, 1.36, 1.37');
  });

  it('exits 2 on usage errors and unreadable files', async () => {
    expect((await kubegate('check')).code).toBe(2);
    expect((await kubegate('check', '--bogus', 'examples/deployment.yaml')).code).toBe(2);
    expect((await kubegate('check', '--format', 'xml', 'examples/deployment.yaml')).code).toBe(2);
    expect((await kubegate('nope')).code).toBe(2);
    const missing = await kubegate('check', 'examples/deployment.yaml', 'examples/no-such-file.yaml');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no-such-file.yaml');
  });

  it('--help exits 0', async () => {
    const run = await kubegate('check', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--kubernetes-version');
  });
});
