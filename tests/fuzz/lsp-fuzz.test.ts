// The LSP fuzzer (tests/fuzz/lsp-fuzzer.ts) as a bounded suite: a few seeds of random incremental edits and
// requests of every kind against the built server, plus a replay of every seed recorded by `npm run fuzz`
// (tests/fuzz/regression-seeds.json). Oracles: every request answered, the server alive, diagnostics after each
// quiet period equal to the whole-file check. Counts are asserted, never time.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER, serverJs } from '../lsp/harness';
import { hasShared, sharedPath, suite } from '../support/shared';
import { INLINE_CORPUS, runFuzz, type FuzzResult } from './lsp-fuzzer';

const SUITE = suite('LSP fuzzing (bounded run)', SERVER);

/** Small corpus files when ../shared is there, else the inline documents. */
function corpus(): string[] {
  if (!hasShared) return INLINE_CORPUS;
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir).sort()) {
      const p = path.join(dir, e);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(e) && st.size <= 8_000) out.push(readFileSync(p, 'utf8'));
    }
  };
  walk(sharedPath('corpus'));
  return out.length > 0 ? out : INLINE_CORPUS;
}

function expectClean(res: FuzzResult): void {
  expect(res.failures.map((f) => `${f.kind} (seed ${f.seed}, edit ${f.edit}): ${f.detail.slice(0, 300)}`)).toEqual([]);
  expect(res.serverAlive).toBe(true);
  expect(res.answered).toBe(res.requests);
  expect(res.errorAnswerSamples).toEqual([]);
  expect(res.comparisons).toBeGreaterThan(0);
}

const seedsFile = path.join(__dirname, 'regression-seeds.json');
const recorded = existsSync(seedsFile) ? (JSON.parse(readFileSync(seedsFile, 'utf8')) as { seed: number; edits: number }[]) : [];

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 110_000 }, () => {
  const texts = corpus();

  for (const seed of [101, 202]) {
    it(`seed ${seed}: 400 edits with requests at random positions`, async () => {
      const res = await runFuzz({ serverJs, seed, edits: 400, corpus: texts });
      expectClean(res);
      expect(res.edits).toBe(400);
      // every kind of request was sent
      for (const m of ['hover', 'completion', 'documentSymbol', 'codeAction', 'inlayHint', 'explain']) expect(res.byMethod[m] ?? 0).toBeGreaterThan(0);
    });
  }

  it.runIf(recorded.length > 0)(`replays the ${recorded.length} recorded failing seeds`, async () => {
    for (const { seed, edits } of recorded) expectClean(await runFuzz({ serverJs, seed, edits: Math.min(edits, 3000), corpus: texts }));
  });
});
