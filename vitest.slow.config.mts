import { defineConfig } from 'vitest/config';
import { common, SLOW_TESTS } from './vitest.config.mts';

// `npm run test:slow`: the suites `npm test` leaves out (see SLOW_TESTS).
export default defineConfig({ test: { ...common, include: SLOW_TESTS } });
