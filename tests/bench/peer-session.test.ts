// The benchmark harness end to end against the peer (yaml-language-server) on the smallest generated input:
// one real session over stdio, checking what came back (diagnostic counts from the generator's index, a hover,
// completion items, a peak RSS), never how long it took; and the floor on the same input. Needs ../shared/bench;
// skipped without it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFloor } from '../../bench/floor';
import { findBenchPositions } from '../../bench/positions';
import { runSession, type StepTimeouts } from '../../bench/scenario';
import { peerServer } from '../../bench/servers';
import { createWorkspaces, type BenchWorkspaces } from '../../bench/workspace';

const repoRoot = path.resolve(__dirname, '..', '..');
const sharedDir = path.resolve(repoRoot, '..', 'shared');
const hasSharedBench = existsSync(path.join(sharedDir, 'bench', 'gen-manifests.mjs'));

// Generous: a time-out here means the harness hung, not that the machine is slow.
const TIMEOUTS: StepTimeouts = { initializeMs: 60_000, configurationMs: 30_000, firstDiagnosticsMs: 90_000, editMs: 60_000, requestMs: 60_000 };

describe.skipIf(!hasSharedBench)('bench harness against yaml-language-server (reads ../shared/bench; skipped when absent)', () => {
  let outDir = '';
  let workspaces: BenchWorkspaces | undefined;

  beforeAll(() => {
    outDir = mkdtempSync(path.join(os.tmpdir(), 'kubegate-bench-test-'));
    const gen = spawnSync(process.execPath, [path.join(sharedDir, 'bench', 'gen-manifests.mjs'), '--out', outDir, '--sizes', '1000'], {
      encoding: 'utf8',
    });
    expect(gen.status, gen.stderr).toBe(0);
  });

  afterAll(() => {
    workspaces?.dispose();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('measures a whole session and gets the expected answers back', { timeout: 300_000 }, async () => {
    const index = JSON.parse(readFileSync(path.join(outDir, 'index.json'), 'utf8')) as {
      files: { file: string; injectedErrors: number }[];
    };
    const entry = index.files[0];
    workspaces = createWorkspaces([path.join(outDir, entry.file)]);
    const file = workspaces.pathFor(path.join(outDir, entry.file));
    expect(file.split(path.sep).some((p) => p.startsWith('.'))).toBe(false);
    const text = readFileSync(file, 'utf8');
    const schema = path.join(sharedDir, 'bench', 'k8s-1.37-peer-ifthen.schema.json');
    const spec = peerServer({ repoRoot, sharedDir }, schema);

    const result = await runSession(spec, { file, text, positions: findBenchPositions(text), edits: 2, queries: 2, timeouts: TIMEOUTS });

    expect(result.notes).toEqual([]);
    expect(typeof result.initialize).toBe('number');
    expect(typeof result.firstDiagnostics).toBe('number');
    // The peer reports each injected schema error once, before and after the (undone) edits.
    expect(result.firstDiagnosticsCount).toBe(entry.injectedErrors);
    expect(result.edits).toHaveLength(2);
    expect(result.edits.every((e) => typeof e === 'number')).toBe(true);
    expect(result.editDiagnosticsCount).toBe(entry.injectedErrors);
    expect(result.hovers).toHaveLength(2);
    expect(result.hoverChars).toBeGreaterThan(0);
    expect(result.completions).toHaveLength(2);
    expect(result.completionItems).toBeGreaterThan(0);
    expect(result.peakRssKb).toBeGreaterThan(0);
  });

  it('runs the yaml + ajv floor and finds the documents with planted errors', { timeout: 300_000 }, async () => {
    const index = JSON.parse(readFileSync(path.join(outDir, 'index.json'), 'utf8')) as {
      files: { file: string; documents: number; errors: { doc: number }[] }[];
    };
    const entry = index.files[0];
    const schema = path.join(sharedDir, 'bench', 'k8s-1.37-peer-ifthen.schema.json');
    const floor = await runFloor(repoRoot, path.join(outDir, entry.file), schema, 2, 240_000);
    if ('failed' in floor) throw new Error(floor.failed);
    expect(floor.documents).toBe(entry.documents);
    expect(floor.errors).toBe(new Set(entry.errors.map((e) => e.doc)).size);
    expect(floor.warmMs).toHaveLength(2);
    expect(floor.compileMs).toBeGreaterThan(0);
  });
});
