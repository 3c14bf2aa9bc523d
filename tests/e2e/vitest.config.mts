// The end-to-end suite (real VS Code in headless Chromium); run with `npm run test:e2e` from the repository
// root (scripts/e2e/run.sh), never by `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    reporters: ['verbose'],
  },
});
