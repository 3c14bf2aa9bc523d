// Mutation testing (StrykerJS, `npm run test:mutation`): small deliberate changes to the rule layers, the CLI's
// failure policy and output formats, and the derived-facts cache; a change the default suite does not notice is a
// survivor, to be killed by a boundary or negative case in that rule's own tests. A slow job, not part of `npm test`.
//
// Needs the devDependencies @stryker-mutator/core, @stryker-mutator/vitest-runner and
// @stryker-mutator/typescript-checker at 9.6.1 (the 10.x line needs Node 22; this project supports Node 20).
//
// - perTest coverage: each mutant runs only the tests that reach it, so the run fits 2 cores.
// - incremental: a later run re-tests only mutants whose code or covering tests changed.
// - inPlace: the tests read ../shared beside the repository and spawn dist/ built from this tree, so the run
//   works in this folder (Stryker puts the files back when it ends) instead of a copy where ../shared is absent.
//   Tests that spawn the built CLI or server see no active mutant: their kills do not count here.
// - Fact tables (*-table.ts, *-facts.ts) are left out: their rows are data checked against ../shared by the
//   knowledge suites, and changing a string in them says nothing about the tests of a rule.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mts', related: false },
  coverageAnalysis: 'perTest',
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  mutate: [
    'server/src/engine/validate/**/*.ts',
    'server/src/engine/gates/**/*.ts',
    'server/src/engine/api-extensions/*-rules.ts',
    'server/src/engine/api-extensions/cel-cost.ts',
    'server/src/engine/check/directives.ts',
    'server/src/cli/policy.ts',
    'server/src/cli/format/*.ts',
    'server/src/host/derived-store.ts',
    'server/src/engine/project/derived-store.ts',
    '!server/src/**/*-table.ts',
    '!server/src/**/*-facts.ts',
    '!server/src/**/index.ts',
  ],
  inPlace: true,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  concurrency: 2,
  timeoutMS: 60_000,
  // The initial run is the whole default suite with per-test coverage: on a busy two-core machine it passes 5 minutes.
  dryRunTimeoutMinutes: 40,
  thresholds: { high: 90, low: 80, break: 80 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
