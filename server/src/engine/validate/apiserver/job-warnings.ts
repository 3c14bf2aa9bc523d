// batch/v1 Job: the warning headers of the Job create strategy (the server stores the Job and answers with a
// warning): a name that is not a DNS label, and an Indexed Job too large for its failed indexes to be tracked. The
// pod template's own warnings are warnings-from-table.ts's.
import { at, type KindRule } from './rule-types';
import { num, obj, str } from './object-view';
import { briefFormatProblem } from '../declarative-formats';

const STRATEGY = at('pkg/registry/batch/job/strategy.go', '36f36813ae40015c94d2df1493447edaa145dd5a');
const JOB_WARNINGS = at('pkg/api/job/warnings.go', 'cb6ff2d8ce3595f88570f82c7d0e6d98910afd3c');

/** completionsSoftLimit and parallelismSoftLimitForUnlimitedCompletions of WarningsForJobSpec. */
const COMPLETIONS_SOFT_LIMIT = 100_000;
const PARALLELISM_SOFT_LIMIT = 10_000;

export const JOB_WARNING_RULES: readonly KindRule[] = [
  {
    rule: 'jobNameNotLabel',
    kinds: ['batch/Job'],
    source: STRATEGY('WarningsOnCreate (IsDNS1123Label on metadata.name)'),
    check(o, say) {
      const name = str(obj(o['metadata'])?.['name']);
      // A name that is not even a DNS subdomain is refused by the name validation, which runs first.
      if (name === undefined || briefFormatProblem('k8s-long-name', name)) return;
      const bad = briefFormatProblem('k8s-short-name', name);
      if (!bad) return;
      say.warn('metadata.name', `Job name "${name}" is not a DNS label (${bad}); it becomes part of Pod names and hostnames`, 'Use a name of at most 63 lower-case letters, digits and "-", without dots.', { value: name });
    },
  },
  {
    rule: 'jobIndexedTooLarge',
    kinds: ['batch/Job'],
    source: JOB_WARNINGS('WarningsForJobSpec (Indexed completions above 10^5 with parallelism above 10^4)'),
    check(o, say) {
      const spec = obj(o['spec']) ?? {};
      if (str(spec['completionMode']) !== 'Indexed') return;
      const completions = num(spec['completions']) ?? 0;
      const parallelism = num(spec['parallelism']) ?? 0;
      if (completions <= COMPLETIONS_SOFT_LIMIT || parallelism <= PARALLELISM_SOFT_LIMIT) return;
      say.warn('spec', `an Indexed Job with ${completions} completions and parallelism ${parallelism} may lose track of its completed indexes when many fail`, `Keep completions at most ${COMPLETIONS_SOFT_LIMIT} or parallelism at most ${PARALLELISM_SOFT_LIMIT}.`);
    },
  },
];
