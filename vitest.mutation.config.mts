import { defineConfig } from 'vitest/config';
import { SLOW_TESTS, common } from './vitest.config.mts';

/** The suite that mutation testing (stryker.config.mjs) runs: the default suite without
 *  - the tests that read the engine's source text (layer boundaries, dead exports, dynamic regular expressions),
 *    which see Stryker's instrumented copy of every mutated file rather than the code the project ships;
 *  - the suites that drive the built server, client or benchmark in another process (their kills would not count:
 *    a spawned process sees no active mutant), which only make each mutant's run longer. */
const OTHER_PROCESS = ['tests/lsp/**', 'tests/parity/**', 'tests/client/**', 'tests/bench/**'];
const READS_SOURCE_TEXT = ['tests/engine/boundaries.test.ts', 'tests/engine/dead-exports.test.ts', 'tests/engine/no-dynamic-regexp.test.ts'];

export default defineConfig({
  test: {
    ...common,
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', ...SLOW_TESTS, ...READS_SOURCE_TEXT, ...OTHER_PROCESS],
    testTimeout: 120_000,
  },
});
