// batch/v1 Job and CronJob: the hand-written rules of validateJobSpec, ValidateCronJobSpec and
// ValidateJobTemplateSpec that the schema does not carry, over the defaulted object. (The template's restartPolicy
// is the narrowed-value row of handwritten-table.ts.)
import { at, rejectNegative, type KindRule, type Say } from './rule-types';
import { isSet, obj, type Obj } from './object-view';

const BATCH = at('pkg/apis/batch/validation/validation.go', '3989b18586203eb366257fa4c8e9c0d605ec41df');

function jobSpecCounts(spec: Obj, base: string, say: Say): void {
  for (const field of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit']) rejectNegative(say, `${base}.${field}`, spec[field], field);
}

export const BATCH_RULES: readonly KindRule[] = [
  {
    rule: 'nonNegative',
    kinds: ['batch/Job'],
    source: BATCH('validateJobSpec (ValidateNonnegativeField: parallelism, completions, activeDeadlineSeconds, backoffLimit)'),
    check(o, say) {
      jobSpecCounts(obj(o['spec']) ?? {}, 'spec', say);
    },
  },
  {
    rule: 'nonNegative',
    kinds: ['batch/CronJob'],
    source: BATCH('ValidateCronJobSpec / ValidateJobTemplateSpec → validateJobSpec (ValidateNonnegativeField)'),
    check(o, say) {
      const spec = obj(o['spec']) ?? {};
      for (const field of ['startingDeadlineSeconds', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit']) rejectNegative(say, `spec.${field}`, spec[field], field);
      jobSpecCounts(obj(obj(spec['jobTemplate'])?.['spec']) ?? {}, 'spec.jobTemplate.spec', say);
    },
  },
  {
    rule: 'jobTemplateSelector',
    kinds: ['batch/CronJob'],
    source: BATCH('ValidateJobTemplateSpec (selector "will be auto-generated"; manualSelector only nil or false)'),
    check(o, say) {
      const spec = obj(obj(obj(o['spec'])?.['jobTemplate'])?.['spec']);
      if (!spec) return;
      if (isSet(spec['selector'])) say.reject('spec.jobTemplate.spec.selector', "a CronJob's job template may not set a selector: it is generated for each Job", 'Remove selector.');
      if (spec['manualSelector'] === true) say.reject('spec.jobTemplate.spec.manualSelector', "a CronJob's job template may not set manualSelector: true", 'Remove manualSelector.');
    },
  },
];
