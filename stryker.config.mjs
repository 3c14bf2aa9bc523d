// Mutation testing (StrykerJS, `npm run test:mutation`): small deliberate changes to the rule layers, the CLI's
// failure policy and output formats, and the derived-facts cache; a change the default suite does not notice is a
// survivor, to be killed by a boundary or negative case in that rule's own tests. A slow job, not part of `npm test`.
//
// Needs the devDependencies @stryker-mutator/core and @stryker-mutator/vitest-runner at 9.6.1 (the 10.x line needs
// Node 22; this project supports Node 20). @stryker-mutator/typescript-checker is installed but not used (below).
// How to run it, what each group costs and the scores of the recorded runs: docs/MUTATION.md.
//
// - One group of tests per run (KUBEGATE_MUTATION_SUITE, vitest.mutation.config.mts) and `--mutate` naming the
//   modules those tests are for: a mutant runs only the direct tests of its module that reach it (perTest
//   coverage), not every test of the default suite that happens to pass through it.
// - incremental, one file per group: a later run re-tests only mutants whose code or covering tests changed.
// - ignoreStatic: code run when a module loads (a table, a constant) is not mutated. The test files share their
//   imports (vitest `isolate: false`), which would not run it again, and running every test for each of them is
//   what made a run slow. Such mutants are reported as ignored, outside the score.
// - No TypeScript checker: on a busy two-core machine it took most of each mutant's time. A mutant that would
//   not compile is then run like any other (usually killed, at worst a survivor): scores err on the low side.
// - inPlace: the tests read ../shared beside the repository, so the run works in this folder (Stryker puts the
//   mutated files back when it ends or is interrupted) instead of a copy where ../shared is absent. Do not edit
//   or commit the mutated files while it runs. Tests that spawn the built CLI see no active mutant: their kills
//   do not count.
// - Fact tables (*-table.ts, *-facts.ts) are left out: their rows are data checked against ../shared by the
//   knowledge suites, and changing a string in them says nothing about the tests of a rule.

/** The group of tests a run uses (vitest.mutation.config.mts), and so its reports and incremental file. */
const suite = process.env.KUBEGATE_MUTATION_SUITE ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mts', related: false },
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  checkers: [],
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
  // Vitest does not type-check: no `// @ts-nocheck` written into every file of the tree during a run.
  disableTypeChecks: false,
  incremental: true,
  incrementalFile: `reports/mutation/${suite}-incremental.json`,
  concurrency: 2,
  // A mutant's tests run in seconds: one that loops is stopped after 10 s more than they took (times 1.5).
  timeoutMS: 10_000,
  dryRunTimeoutMinutes: 15,
  thresholds: { high: 90, low: 80, break: 80 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${suite}.html` },
  jsonReporter: { fileName: `reports/mutation/${suite}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
