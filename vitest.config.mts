import { defineConfig } from 'vitest/config';

/** The JSON Schema refereeing suites (about 1,100 schemas compiled with ajv, every corpus file and 150 mutants
 *  checked against them) and the CLI⇄server comparison over the whole corpus. They run apart (`npm run
 *  test:slow`, vitest.slow.config.mts); .ci/run runs both. */
export const SLOW_TESTS = ['tests/cli/memory-ceiling.test.ts', 'tests/schema/ajv-corpus.test.ts', 'tests/schema/ajv-compile.test.ts', 'tests/schema/ajv-mutants.test.ts', 'tests/parity/corpus.test.ts'];

/** What every suite shares. */
export const common = {
  // dist/ is rebuilt once per run (tests/support/build-dist.ts): suites that spawn the server test this tree.
  // The processes the tests start keep their derived-facts cache in one folder of the run (test-cache.ts).
  globalSetup: ['tests/support/build-dist.ts', 'tests/support/test-cache.ts'],
  // Every test process hands the engine the Node reader of schemas/ and snippets/, as the front ends do.
  setupFiles: ['tests/support/engine-data.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    ...common,
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', ...SLOW_TESTS],
    // Test files of one worker share their imports: the engine and its data are loaded once per worker, not once
    // per file (that was a third of the suite's time on two cores). Safe because the engine keeps no module-level
    // state that one test could leave for another but the listed exceptions (tests/engine/boundaries.test.ts),
    // and tests that change the process (environment, working directory) put it back.
    isolate: false,
  },
});
