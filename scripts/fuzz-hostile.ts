// `npm run fuzz -- --hostile N [--seed S]`: the hostile-input mode. N seeded inputs of the attack classes of issue
// 40, each written into a fresh repository beside one failing manifest and checked by the built CLI the way CI does
// (`--fail-on-unchecked --format json`) under a memory ceiling (--max-old-space-size); every other input with a
// small --max-file-size, so that the size bound is hit too. Every run must end with a report (no crash, no heap
// out-of-memory), fail for what was left unchecked whenever something was, and never lose the failing manifest's
// error: padding, depth or node floods elsewhere cannot hide it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { rng } from '../tests/support/random';

/** The heap a run may use: far under what the attacks took before their bounds (1.4–2.5 GB). */
export const HEAP_CEILING_MB = 768;

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';
/** The manifest whose error must always be reported (an unknown field). */
const FAILING = `${CM}dta: 1\n`;

type Generator = (size: number, rnd: () => number) => string;

/** The attack classes: each gives a text of about `size` bytes. */
export const GENERATORS: Record<string, Generator> = {
  'nested-flow': (size) => `${CM}junk: ${'['.repeat(size / 2)}${']'.repeat(size / 2)}\n`,
  'nested-flow-maps': (size) => `${CM}junk: ${'{a: '.repeat(size / 5)}1${'}'.repeat(size / 5)}\n`,
  'nested-block-seq': (size) => `${CM}junk: ${'- '.repeat(Math.min(size / 2, 20_000))}x\n`,
  'flow-list-flood': (size, rnd) => {
    const lines: string[] = [`${CM}data:`];
    for (let n = CM.length; n < size; ) {
      const line = `  k${lines.length}: [${Array.from({ length: 1 + Math.floor(rnd() * 6) }, (_, i) => String.fromCharCode(97 + i)).join(', ')}]`;
      lines.push(line);
      n += line.length + 1;
    }
    return `${lines.join('\n')}\n`;
  },
  'item-flood': (size) => `${CM}items:\n${'- a\n'.repeat(size / 4)}`,
  'template-documents': (size) => {
    const doc = `---\n${CM.replace('name: a', 'name: {{ .Values.name }}')}data:\n  a: {{ .Values.a }}\n  b: [{{ .x }}, {{ .y }}]\n`;
    return doc.repeat(Math.ceil(size / doc.length));
  },
  'comment-padding': (size) => `${FAILING}${'# padding\n'.repeat(size / 10)}`,
  'many-deep-documents': (size) => {
    const doc = `---\n${CM}junk: ${'['.repeat(300)}${']'.repeat(300)}\n`;
    return doc.repeat(Math.ceil(size / doc.length));
  },
};

export interface HostileResult {
  runs: number;
  failures: string[];
  byClass: Record<string, number>;
}

/** Runs `count` hostile inputs through `cli` (dist/cli.js) from `seed` on; sizes up to `maxBytes`. */
export function runHostile(cli: string, count: number, seed: number, maxBytes = 2_000_000, log: (line: string) => void = () => undefined): HostileResult {
  const rnd = rng(seed);
  const names = Object.keys(GENERATORS);
  const failures: string[] = [];
  const byClass: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const name = names[Math.floor(rnd() * names.length)]!;
    const size = Math.max(1000, Math.floor(rnd() * maxBytes));
    const text = GENERATORS[name]!(size, rnd);
    const base = mkdtempSync(path.join(os.tmpdir(), 'kubegate-hostile-'));
    try {
      const repo = path.join(base, 'repo');
      mkdirSync(path.join(repo, '.git'), { recursive: true });
      // The attack sorts first (padding that would use up a shared budget); the failing manifest last.
      writeFileSync(path.join(repo, 'a-attack.yaml'), text);
      writeFileSync(path.join(repo, 'z-failing.yaml'), FAILING);
      const sizeLimit = i % 2 === 1 ? ['--max-file-size', '512K'] : [];
      const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_CEILING_MB}`, cli, 'check', '--fail-on-unchecked', '--no-cache', '--format', 'json', ...sizeLimit, '.'], {
        cwd: repo,
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1' },
      });
      const what = `${name} (${text.length} bytes${sizeLimit.length ? ', --max-file-size 512K' : ''}, seed ${seed}, input ${i})`;
      byClass[name] = (byClass[name] ?? 0) + 1;
      let summary: { counts: { error: number }; notChecked: number; exitCode: number; failures: string[] } | undefined;
      try {
        summary = (JSON.parse(run.stdout) as { summary: typeof summary }).summary;
      } catch {
        failures.push(`${what}: no report (exit ${run.status}, signal ${run.signal}): ${run.stderr.slice(0, 300)}`);
        continue;
      }
      if (run.status !== summary!.exitCode) failures.push(`${what}: exit ${run.status}, the report says ${summary!.exitCode}`);
      if (summary!.counts.error < 1) failures.push(`${what}: the failing manifest's error was not reported`);
      if (summary!.notChecked > 0 && (run.status === 0 || !summary!.failures.some((f) => f.includes('not checked (--fail-on-unchecked)')))) {
        failures.push(`${what}: ${summary!.notChecked} not checked, yet not a reason the run fails`);
      }
      log(`${what}: exit ${run.status}, ${summary!.counts.error} errors, ${summary!.notChecked} not checked`);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }
  return { runs: count, failures, byClass };
}
