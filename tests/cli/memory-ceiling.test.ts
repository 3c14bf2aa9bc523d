// The memory ceiling (README, Bounds): every input under the default --max-file-size (32 MiB) finishes with a
// report under a heap of HEAP_CEILING_MB (768 MB), whatever its shape; what a bound stopped is listed as not checked
// with its reason and fails --fail-on-unchecked, and the failing manifest beside it keeps its error. Each attack
// class of the hostile fuzz at 31 MB (a ConfigMap of short flow lists aborted with a heap out-of-memory and wrote
// no report; 31 MB of brackets or of comment lines did too, through the fixes of the JSON report), and the largest
// file of short flow lists within the node budget, checked. In the slow suite: about two minutes.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { GENERATORS, HEAP_CEILING_MB } from '../../scripts/fuzz-hostile';
import { rng } from '../support/random';
import { CLI, tempRepo, tempDirs } from './cli-process';

const tempDir = tempDirs();

const FAILING = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: z\ndta: 1\n';

interface Report {
  files: { path: string; documents: { checked: boolean; status?: string; reason?: string; items?: unknown[] }[]; findings: { code: string }[] }[];
  summary: { counts: { error: number }; notChecked: number; exitCode: number; failures: string[] };
}

function check(cwd: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const args = [`--max-old-space-size=${HEAP_CEILING_MB}`, CLI, 'check', '--fail-on-unchecked', '--no-cache', '--format', 'json', '.'];
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, NO_COLOR: '1' } });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr }));
    child.stdin.end();
  });
}

async function runAttack(text: string) {
  const repo = tempRepo(tempDir, { 'a-attack.yaml': text, 'z-failing.yaml': FAILING });
  const r = await check(repo);
  expect(r.signal, r.stderr.slice(-500)).toBeNull();
  const report = JSON.parse(r.stdout) as Report;
  expect(r.code).toBe(report.summary.exitCode);
  // The failing manifest's error is never lost.
  expect(report.files.find((f) => f.path === 'z-failing.yaml')!.findings.map((f) => f.code)).toEqual(['unknown-field']);
  return { code: r.code, report, attack: report.files.find((f) => f.path === 'a-attack.yaml')! };
}

describe(`every input under the size limit ends with a report under a ${HEAP_CEILING_MB} MB heap`, () => {
  for (const name of Object.keys(GENERATORS)) {
    it(`${name}, 31 MB: a report; what was not checked has its reason and fails --fail-on-unchecked`, { timeout: 300_000 }, async () => {
      const { code, report, attack } = await runAttack(GENERATORS[name]!(31_000_000, rng(40)));
      const unchecked = attack.documents.filter((d) => !d.checked && !d.items);
      for (const d of unchecked) expect(d.reason).toBeTruthy();
      if (report.summary.notChecked > 0) {
        expect(code).toBe(1);
        expect(report.summary.failures.some((f) => f.includes('not checked (--fail-on-unchecked)'))).toBe(true);
      } else {
        // Nothing stopped by a bound (a shape that holds few nodes for its size): a document left unchecked is one
        // whose own error says why (a syntax error), and the failing manifest fails the run.
        expect(code).toBe(1);
        for (const d of unchecked) expect(d.status).toBe('syntax-error');
        if (unchecked.length > 0) expect(attack.findings.map((f) => f.code)).toContain('yaml-syntax');
      }
    });
  }

  it('short flow lists just within the node budget (1.7 MB): checked, a report', { timeout: 300_000 }, async () => {
    const { code, report, attack } = await runAttack(GENERATORS['flow-list-flood']!(1_700_000, rng(40)));
    expect(attack.documents.every((d) => d.checked)).toBe(true);
    expect(report.summary.notChecked).toBe(0);
    expect(attack.findings.length).toBeGreaterThan(0);
    expect(code).toBe(1);
  });
});
