// The benchmark never hangs: a server that stays silent, one that never answers, and one that dies are each
// reported (time-out or note) and their processes are gone afterwards. No time is asserted.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBenchPositions } from '../../bench/positions';
import { runSession, type SessionOptions, type StepTimeouts } from '../../bench/scenario';
import type { ServerSpec } from '../../bench/servers';
import { TIMED_OUT } from '../../bench/stats';

const repoRoot = path.resolve(__dirname, '..', '..');

const TEXT = ['apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: api', 'spec:', '  replicas: 1', ''].join('\n');

const SHORT: StepTimeouts = { initializeMs: 1_000, configurationMs: 200, firstDiagnosticsMs: 300, editMs: 300, requestMs: 1_000 };

function options(): SessionOptions {
  return {
    file: path.join(repoRoot, 'bench', 'no-such-dir', 'input.yaml'),
    text: TEXT,
    positions: findBenchPositions(TEXT),
    edits: 2,
    queries: 2,
    timeouts: SHORT,
  };
}

function spec(args: string[], waitForConfigurationPull = false): ServerSpec {
  return {
    id: 'peer',
    label: 'test server',
    command: { command: process.execPath, args, cwd: repoRoot },
    settings: {},
    waitForConfigurationPull,
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('bench time-outs', () => {
  it('reports silent diagnostics as timed out and still measures hover and completion', async () => {
    const server = spec([path.join(__dirname, 'fixtures', 'silent-server.js')], true);
    const r = await runSession(server, options());
    expect(typeof r.initialize).toBe('number');
    expect(r.firstDiagnostics).toBe(TIMED_OUT);
    expect(r.edits).toEqual([]);
    expect(r.notes).toContain('the server did not ask for its configuration; measured anyway');
    expect(r.notes).toContain('first diagnostics timed out; edits skipped');
    expect(r.hovers).toHaveLength(2);
    expect(r.hoverChars).toBe(0);
    expect(r.completions).toHaveLength(2);
    expect(r.completionItems).toBe(0);
  });

  it('gives up on a server that never answers initialize, and kills it', { timeout: 60_000 }, async () => {
    const server = spec(['-e', 'process.stdin.resume()']);
    const r = await runSession(server, options());
    expect(r.initialize).toBe(TIMED_OUT);
    expect(r.notes).toEqual(['initialize timed out; nothing else measured']);
    expect(r.pid).toBeGreaterThan(0);
    expect(isAlive(r.pid as number)).toBe(false);
  });

  it('notes a server that exits at once', async () => {
    const r = await runSession(spec(['-e', 'process.exit(3)']), options());
    expect(r.initialize).toBe(TIMED_OUT);
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(/server exited \(code 3/);
    expect(isAlive(r.pid as number)).toBe(false);
  });
});
