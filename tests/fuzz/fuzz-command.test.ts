// `npm run fuzz` is `npm run build && tsx scripts/fuzz.ts`: this test runs the fuzz command itself (through tsx,
// against the built server) for a few edits, from a clean environment, as a fresh clone would. It once exited 2
// with "Kubegate data reader not set" because the script never handed the engine its data reader.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER, serverJs } from '../lsp/harness';
import { repoRoot } from '../support/shared';
import { suite } from '../support/shared';
import { EXTRA_CORPUS, REPO_CONFIG_CORPUS } from './lsp-fuzzer';

const SUITE = suite('npm run fuzz (the command itself, a few edits)', SERVER);

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('runs 40 edits over two seeds and exits 0 with its summary line', () => {
    const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    // No KUBEGATE_* variables: the script finds schemas/ by itself. --no-record: a test writes no seed file.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('KUBEGATE_')));
    const run = spawnSync(process.execPath, [tsx, 'scripts/fuzz.ts', '--edits', '40', '--runs', '2', '--seed', '3', '--documents', '3', '--server', serverJs, '--no-record'], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    });
    expect(run.stderr).not.toContain('data reader not set');
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const summary = run.stdout.split('\n').find((l) => l.startsWith('fuzz: '));
    expect(summary).toMatch(/^fuzz: 40 edits, \d+ requests, \d+ answered, [1-9]\d* oracle comparisons over \d+ quiet periods, \d+ \.kubegate\.yaml; 0 crashes, 0 unanswered, 0 oracle mismatches; /);
    const [, requests, answered] = /(\d+) requests, (\d+) answered/.exec(summary!)!;
    expect(answered).toBe(requests);
    expect(run.stdout.match(/^seed \d+: \d+ edits/gm)).toHaveLength(2);
  });

  it('--hostile runs the attack generators through the built CLI as CI does, and reports 0 failures', () => {
    const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const run = spawnSync(process.execPath, [tsx, 'scripts/fuzz.ts', '--hostile', '3', '--seed', '40', '--max-bytes', '20000'], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    // One line per input (each an attack class, its exit and what it left unchecked), then the summary.
    expect(run.stdout.match(/^ {2}[a-z-]+ \(\d+ bytes.*: exit 1, \d+ errors, \d+ not checked$/gm)).toHaveLength(3);
    expect(run.stdout).toMatch(/^fuzz --hostile: 3 inputs from seed 40 \(.+\); 0 failures; \d+ s$/m);
  });

  it('the fuzzed texts include CRDs, custom resources and .kubegate.yaml files', () => {
    expect(EXTRA_CORPUS.some((t) => t.includes('kind: CustomResourceDefinition') && t.includes('pattern:') && t.includes('x-kubernetes-validations'))).toBe(true);
    expect(EXTRA_CORPUS.some((t) => t.includes('kind: Widget'))).toBe(true);
    expect(REPO_CONFIG_CORPUS.length).toBeGreaterThanOrEqual(3);
    expect(REPO_CONFIG_CORPUS.some((t) => t.includes('customResources'))).toBe(true);
  });
});
