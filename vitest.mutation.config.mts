import { defineConfig } from 'vitest/config';
import { common } from './vitest.config.mts';

/** The suite that mutation testing (stryker.config.mjs) runs: the direct, in-process tests of the mutated modules,
 *  not the default suite. Why: a mutant re-runs every test file holding a test that reaches it, each file paying
 *  its setup (the engine's import, a second or more) however few of its tests are picked. With the default suite
 *  the CLI policy is reached by every `runCli` call in dozens of files, and a mutant took about 22 s.
 *
 *  KUBEGATE_MUTATION_SUITE names one group below (the tests of the modules a run mutates, docs/MUTATION.md gives
 *  the command of each); unset, the union of all groups. A mutant the chosen tests do not reach is "no coverage":
 *  no direct test of that module would notice it.
 *
 *  Left out on purpose: the tests that read the engine's source text (they see Stryker's instrumented copy), the
 *  suites that drive the built CLI, server or client in another process (a spawned process sees no active mutant,
 *  so their kills do not count; the in-process tests of a file that also spawns stay in), and the corpus and
 *  whole-repository suites (they reach every rule, make each mutant's run long, and their kills are the "kills
 *  from unrelated totals" that issue 44 asks each module's own tests to replace). */
const SUITES: Record<string, string[]> = {
  // The failure policy of `kubegate check` (runCli in process, an in-memory file system).
  'cli-policy': ['tests/cli/policy.test.ts'],
  // The output formats.
  'cli-format': ['tests/cli/formats.test.ts', 'tests/cli/json-github-output.test.ts', 'tests/cli/outputs.test.ts', 'tests/cli/sarif-fixes.test.ts', 'tests/cli/summary-line.test.ts', 'tests/cli/sarif-writer.test.ts', 'tests/cli/junit-writer.test.ts', 'tests/cli/format-helpers.test.ts'],
  // The derived-facts cache: the store on disk and the engine's side of it.
  cache: ['tests/cli/derived-cache.test.ts', 'tests/cli/cache-trust.test.ts', 'tests/engine/derived-store.test.ts'],
  // Disable comments.
  directives: ['tests/engine/directives.test.ts', 'tests/engine/codes-disable.test.ts'],
  // Feature gates and their configuration files.
  gates: ['tests/gates/*.test.ts', 'tests/engine/gate-*.test.ts', 'tests/engine/union-drops.test.ts', 'tests/engine/verdicts.test.ts'],
  // The rule layers: the fixture files of the API server's rules and the unit tests of the validators.
  rules: [
    'tests/rules/rules.test.ts',
    'tests/independent/*.test.ts',
    'tests/engine/declarative-rules.test.ts',
    'tests/engine/handwritten-validation.test.ts',
    'tests/engine/object-meta.test.ts',
    'tests/engine/object-meta-words.test.ts',
    'tests/engine/mapping-field-rules.test.ts',
    'tests/engine/api-warnings.test.ts',
    'tests/engine/walker.test.ts',
  ],
  // Custom resource and APIService rules, CEL cost.
  'api-extensions': ['tests/crd/apiservice.test.ts', 'tests/crd/apiservice-rules.test.ts', 'tests/crd/cel-*.test.ts', 'tests/crd/crd-*.test.ts', 'tests/crd/unusual-crds.test.ts'],
};

const chosen = process.env['KUBEGATE_MUTATION_SUITE'];
if (chosen !== undefined && !(chosen in SUITES)) throw new Error(`KUBEGATE_MUTATION_SUITE: one of ${Object.keys(SUITES).join(', ')}, not "${chosen}"`);

export default defineConfig({
  test: {
    ...common,
    // No dist/ build per Stryker worker (it would bundle the instrumented sources): the spawning tests of the cache
    // group need one built before (`npm run build`), and their kills do not count anyway.
    globalSetup: ['tests/support/test-cache.ts'],
    include: chosen ? SUITES[chosen]! : Object.values(SUITES).flat(),
    // A loopback HTTPS server per test: the gate model it feeds is reached in process by the other gate tests.
    exclude: ['tests/gates/cluster-loopback.test.ts', 'node_modules/**'],
    testTimeout: 60_000,
    // Test files share their imports (the engine is imported once per worker, not once per file and mutant). Only
    // right because stryker.config.mjs ignores static mutants (code run when a module loads, which a shared
    // import would not run again).
    isolate: false,
  },
});
