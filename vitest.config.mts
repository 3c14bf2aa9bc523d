import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // dist/ is rebuilt once per run (tests/support/build-dist.ts): suites that spawn the server test this tree.
    globalSetup: ['tests/support/build-dist.ts'],
    // Every test process hands the engine the Node reader of schemas/ and snippets/, as the front ends do.
    setupFiles: ['tests/support/engine-data.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
