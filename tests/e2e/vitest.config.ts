// The end-to-end suite (real VS Code in headless Chromium); run with `npm run test:e2e`, never by `npm test`.
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: resolve(__dirname, '..', '..'),
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    reporters: ['verbose'],
  },
});
