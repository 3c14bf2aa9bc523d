// batch/v1 Job and CronJob: the hand-written rules of ValidateJob, validateJobSpec (and its pod failure, success
// and pod replacement policies), ValidateCronJobCreate and ValidateJobTemplateSpec that the schema does not carry,
// over the defaulted object (a Job gets SetDefaults_Job; a CronJob's job template does not). Values the schema's
// enums refuse (an unknown action, operator or completion mode) are the schema's findings, not these.
import { at, rejectNegative, type KindRule, type Say } from './rule-types';
import { isSet, itemOf, list, num, obj, objs, specOf, str, type Obj } from './object-view';
import { nameProblems, utf8Length } from '../name-rules';
import { objectMetaFacts } from '../../knowledge/object-meta';
import { DOMAIN_PATH_SOURCE, domainPathProblems } from './domain-path';
import { CRON_SOURCE, cronScheduleProblem } from './cron-schedule';

const BATCH = at('pkg/apis/batch/validation/validation.go', '2dd1588c490775be7cd90d0afc59c6dcef07032a');

const JOB = ['batch/Job'];
const CRON_JOB = ['batch/CronJob'];
const BOTH = [...JOB, ...CRON_JOB];

// Limits of validation.go (its constants).
const MAX_INDEXED_PARALLELISM = 100_000;
const MAX_FAILED_INDEXES = 100_000;
const COMPLETIONS_SOFT_LIMIT = 100_000;
const HIGH_COMPLETIONS_LIMIT = 10_000;
const MAX_POD_FAILURE_RULES = 20;
const MAX_EXIT_CODES = 255;
const MAX_CONDITION_PATTERNS = 20;
const MAX_MANAGED_BY = 63;
const MAX_SUCCEEDED_INDEXES = 64 * 1024;
const MAX_SUCCESS_RULES = 20;
/** The CronJob controller appends an 11-character suffix to make its Jobs' names, which are at most 63. */
const MAX_CRON_JOB_NAME = 52;

/** A job spec and its server path: a Job's `spec`, a CronJob's `spec.jobTemplate.spec`. */
interface JobSpecAt {
  spec: Obj;
  base: string;
}

function jobSpecs(o: Obj): JobSpecAt[] {
  if (str(o['kind']) === 'CronJob') {
    const spec = obj(obj(specOf(o)['jobTemplate'])?.['spec']);
    return spec ? [{ spec, base: 'spec.jobTemplate.spec' }] : [];
  }
  return [{ spec: specOf(o), base: 'spec' }];
}

function indexed(spec: Obj): boolean {
  return str(spec['completionMode']) === 'Indexed';
}

function tooMany(say: Say, path: string, count: number, max: number, what: string): void {
  if (count > max) say.reject(path, `${count} ${what}; at most ${max} are allowed`, `Keep at most ${max} ${what}.`, { count, max });
}

/** parseIndexInterval / validateIndexesFormat: "0-2,5" with increasing indexes below `completions`; the number of
 *  indexes, or what is wrong. */
function indexesProblem(text: string, completions: number): { total: number } | { problem: string } {
  if (text === '') return { total: 0 };
  let last: number | undefined;
  let total = 0;
  for (const interval of text.split(',')) {
    const ends = interval.split('-');
    if (ends.length > 2) return { problem: `"${interval}" has more than two parts` };
    const bounds: number[] = [];
    for (const end of ends) {
      if (!/^[+-]?\d+$/.test(end)) return { problem: `"${end}" is not an index` };
      const n = Number(end);
      if (n >= completions) return { problem: `index ${end} is not below completions (${completions})` };
      bounds.push(n);
    }
    const [x, y = x] = bounds as [number, number?];
    if (ends.length === 2 && x >= y) return { problem: `"${interval}" does not increase` };
    if (last !== undefined && last >= x) return { problem: `indexes do not increase at "${interval}"` };
    total += (y as number) - x + 1;
    last = y;
  }
  return { total };
}

/** Declarative copies of rules ported here (`+k8s:alpha(...)=` markers, `field rule value`): upstream runs them in
 *  shadow and the hand-written rule answers, at its own path, so the walker leaves them out (validate/declarative-rules.ts). */
export const ANSWERED_ALPHA_COPIES: ReadonlySet<string> = new Set(['maxFailedIndexes dependentRequired backoffLimitPerIndex']);

/** validTimeZoneCharacters: one part of an IANA zone name between '/'. */
const TIME_ZONE_PART = /^[A-Za-z.\-_0-9+]{1,14}$/;

function exitCodes(onExit: Obj, path: string, names: Set<string | undefined>, say: Say): void {
  const operator = str(onExit['operator']);
  if (operator === '') say.missing(`${path}.operator`, 'onExitCodes needs an operator', 'Set operator to In or NotIn.');
  const container = str(onExit['containerName']);
  if (container !== undefined && !names.has(container)) {
    say.reject(`${path}.containerName`, 'containerName is not the name of a container or init container of the pod template', 'Use the name of one of the template\'s containers, or remove containerName.', { value: container });
  }
  const valuesPath = `${path}.values`;
  const values = list(onExit['values']);
  if (values.length === 0) say.reject(valuesPath, 'onExitCodes needs at least one exit code', 'Add the exit codes to match, e.g. values: [1].');
  tooMany(say, valuesPath, values.length, MAX_EXIT_CODES, 'exit codes');
  const seen = new Set<number>();
  let ordered = true;
  values.forEach((v, j) => {
    const code = num(v);
    if (code === undefined) return;
    const at = itemOf(valuesPath, j);
    if (operator === 'In' && code === 0) say.reject(at, 'exit code 0 may not be listed with operator In (0 is success)', 'Remove 0 from values.', { value: 0 });
    if (seen.has(code)) say.reject(at, `exit code ${code} is listed twice`, `Remove the second ${code}.`, { value: code });
    seen.add(code);
    const before = j > 0 ? num(values[j - 1]) : undefined;
    if (before !== undefined && before > code) ordered = false;
  });
  if (!ordered) say.reject(valuesPath, 'the exit codes must be in ascending order', 'Sort values from smallest to largest.');
}

function podConditions(rule: Obj, path: string, say: Say): void {
  const patterns = list(rule['onPodConditions']);
  tooMany(say, path, patterns.length, MAX_CONDITION_PATTERNS, 'pod condition patterns');
  for (const [pattern, j] of objs(patterns)) {
    const at = itemOf(path, j);
    const type = str(pattern['type']);
    if (type !== undefined && !say.labelOk(type)) say.reject(`${at}.type`, 'the condition type is not a qualified name', 'Use a condition type such as DisruptionTarget (letters, digits, - _ . and an optional domain/ prefix).', { value: type });
    const status = str(pattern['status']);
    if (status === '') say.missing(`${at}.status`, 'a pod condition pattern needs a status', 'Set status to True, False or Unknown.');
    else if (status !== undefined && !['True', 'False', 'Unknown'].includes(status)) {
      say.reject(`${at}.status`, 'the condition status must be True, False or Unknown', 'Set status to True, False or Unknown.', { value: status });
    }
  }
}

function successRule(rule: Obj, at: string, completions: number | undefined, say: Say): void {
  const indexes = str(rule['succeededIndexes']);
  const count = num(rule['succeededCount']);
  if (!isSet(rule['succeededIndexes']) && !isSet(rule['succeededCount'])) {
    say.missing(at, 'a success policy rule needs succeededIndexes or succeededCount', 'Add succeededIndexes (e.g. "0-2") or succeededCount.');
  }
  // Upstream reads completions here without a check (an Indexed job without it is refused above).
  if (completions === undefined) return;
  let total: number | undefined;
  if (indexes !== undefined) {
    const path = `${at}.succeededIndexes`;
    if (indexes.length > MAX_SUCCEEDED_INDEXES) say.reject(path, `succeededIndexes is ${indexes.length} characters; at most ${MAX_SUCCEEDED_INDEXES}`, 'Write fewer, wider intervals.');
    const parsed = indexesProblem(indexes, completions);
    if ('problem' in parsed) say.reject(path, `succeededIndexes cannot be read: ${parsed.problem}`, 'Write increasing indexes and intervals below completions, e.g. "0-2,5".', { value: indexes });
    else total = parsed.total;
  }
  if (count === undefined) return;
  const path = `${at}.succeededCount`;
  rejectNegative(say, path, count, 'succeededCount');
  if (count > completions) say.reject(path, `succeededCount ${count} is above completions ${completions}`, `Lower succeededCount to at most ${completions}.`, { value: count, completions });
  if (indexes !== undefined) {
    const n = total ?? 0;
    if (count > n) say.reject(path, `succeededCount ${count} is above the ${n} indexes of succeededIndexes`, `Lower succeededCount to at most ${n}, or list more indexes.`, { value: count, indexes: n });
  }
}

export const BATCH_RULES: readonly KindRule[] = [
  {
    rule: 'nonNegative',
    kinds: BOTH,
    source: BATCH('validateJobSpec / validateCronJobSpec (ValidateNonnegativeField)'),
    check(o, say) {
      if (str(o['kind']) === 'CronJob') {
        const spec = specOf(o);
        for (const field of ['startingDeadlineSeconds', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit']) rejectNegative(say, `spec.${field}`, spec[field], field);
      }
      for (const { spec, base } of jobSpecs(o)) {
        for (const field of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished', 'backoffLimitPerIndex', 'maxFailedIndexes']) {
          rejectNegative(say, `${base}.${field}`, spec[field], field);
        }
      }
    },
  },
  {
    rule: 'jobTemplateSelector',
    kinds: CRON_JOB,
    source: BATCH('ValidateJobTemplateSpec (selector "will be auto-generated"; manualSelector only nil or false)'),
    check(o, say) {
      const spec = obj(obj(specOf(o)['jobTemplate'])?.['spec']);
      if (!spec) return;
      if (isSet(spec['selector'])) say.reject('spec.jobTemplate.spec.selector', "a CronJob's job template may not set a selector: it is generated for each Job", 'Remove selector.');
      if (spec['manualSelector'] === true) say.reject('spec.jobTemplate.spec.manualSelector', "a CronJob's job template may not set manualSelector: true", 'Remove manualSelector.');
    },
  },
  {
    rule: 'completionMode',
    kinds: BOTH,
    source: BATCH('validateJobSpec (Indexed: completions required, parallelism and maxFailedIndexes limits; NonIndexed: no backoffLimitPerIndex or maxFailedIndexes)'),
    check(o, say) {
      for (const { spec, base } of jobSpecs(o)) {
        const completions = num(spec['completions']);
        const parallelism = num(spec['parallelism']);
        const maxFailed = num(spec['maxFailedIndexes']);
        const perIndex = isSet(spec['backoffLimitPerIndex']);
        if (isSet(spec['maxFailedIndexes']) && !perIndex) {
          say.missing(`${base}.backoffLimitPerIndex`, 'maxFailedIndexes needs backoffLimitPerIndex', 'Set backoffLimitPerIndex (retries per index), or remove maxFailedIndexes.');
        }
        if (!indexed(spec)) {
          const mode = str(spec['completionMode']);
          if (mode !== undefined && mode !== 'NonIndexed') continue;
          for (const field of ['backoffLimitPerIndex', 'maxFailedIndexes']) {
            if (isSet(spec[field])) say.reject(`${base}.${field}`, `${field} needs completionMode Indexed`, `Set completionMode: Indexed (with completions), or remove ${field}.`);
          }
          continue;
        }
        if (!isSet(spec['completions'])) say.missing(`${base}.completions`, 'an Indexed job needs completions', 'Set completions to the number of indexes.');
        if (parallelism !== undefined && parallelism > MAX_INDEXED_PARALLELISM) {
          say.reject(`${base}.parallelism`, `parallelism ${parallelism} is above ${MAX_INDEXED_PARALLELISM}, the most an Indexed job may have`, `Lower parallelism to at most ${MAX_INDEXED_PARALLELISM}.`, { value: parallelism });
        }
        if (maxFailed !== undefined && completions !== undefined && maxFailed > completions) {
          say.reject(`${base}.maxFailedIndexes`, `maxFailedIndexes ${maxFailed} is above completions ${completions}`, `Lower maxFailedIndexes to at most ${completions}.`, { value: maxFailed, completions });
        }
        if (maxFailed !== undefined && maxFailed > MAX_FAILED_INDEXES) {
          say.reject(`${base}.maxFailedIndexes`, `maxFailedIndexes ${maxFailed} is above ${MAX_FAILED_INDEXES}`, `Lower maxFailedIndexes to at most ${MAX_FAILED_INDEXES}.`, { value: maxFailed });
        }
        if (completions === undefined || completions <= COMPLETIONS_SOFT_LIMIT || !perIndex) continue;
        const above = `with more than ${COMPLETIONS_SOFT_LIMIT} completions and backoffLimitPerIndex`;
        if (!isSet(spec['maxFailedIndexes'])) say.missing(`${base}.maxFailedIndexes`, `maxFailedIndexes is required ${above}`, `Set maxFailedIndexes (at most ${HIGH_COMPLETIONS_LIMIT}).`);
        if (parallelism !== undefined && parallelism > HIGH_COMPLETIONS_LIMIT) {
          say.reject(`${base}.parallelism`, `parallelism ${parallelism} is above ${HIGH_COMPLETIONS_LIMIT} ${above}`, `Lower parallelism to at most ${HIGH_COMPLETIONS_LIMIT}.`, { value: parallelism });
        }
        if (maxFailed !== undefined && maxFailed > HIGH_COMPLETIONS_LIMIT) {
          say.reject(`${base}.maxFailedIndexes`, `maxFailedIndexes ${maxFailed} is above ${HIGH_COMPLETIONS_LIMIT} ${above}`, `Lower maxFailedIndexes to at most ${HIGH_COMPLETIONS_LIMIT}.`, { value: maxFailed });
        }
      }
    },
  },
  {
    rule: 'indexedJobHostname',
    kinds: JOB,
    source: BATCH('ValidateJob (an Indexed Job\'s name plus "-<largest index>" must be a DNS label: it becomes the pod hostname)'),
    check(o, say) {
      const spec = specOf(o);
      const name = str(obj(o['metadata'])?.['name']);
      const completions = num(spec['completions']);
      if (!indexed(spec) || !name || completions === undefined || completions <= 0) return;
      const limits = objectMetaFacts().limits;
      // A name that is not a valid Job name at all is the ObjectMeta checks' finding.
      if (nameProblems('dns1123Subdomain', name, false, limits).length > 0) return;
      const host = `${name}-${completions - 1}`;
      const problems = nameProblems('dns1123Label', host, false, limits);
      if (problems.length === 0) return;
      const room = limits.dns1123LabelMaxLength - 1 - String(completions - 1).length;
      say.reject(
        'metadata.name',
        `pod hostnames (the name plus "-${completions - 1}") would not be DNS labels: ${problems.join(', ')}`,
        name.includes('.') ? "Use a name without '.'." : `Shorten the name to at most ${room} characters.`,
        { hostname: host },
      );
    },
  },
  {
    rule: 'managedBy',
    kinds: BOTH,
    source: [BATCH('validateJobSpec (managedBy: a domain-prefixed path of at most 63 characters)'), DOMAIN_PATH_SOURCE],
    check(o, say) {
      for (const { spec, base } of jobSpecs(o)) {
        const managedBy = str(spec['managedBy']);
        if (managedBy === undefined) continue;
        const path = `${base}.managedBy`;
        for (const p of domainPathProblems(managedBy)) {
          if (p.part === 'shape') say.reject(path, 'managedBy must be a domain-prefixed path such as example.com/controller', 'Use the controller name with its domain, e.g. kueue.x-k8s.io/multikueue, or remove managedBy.', { value: managedBy });
          else if (p.part === 'domain') say.reject(path, 'the domain of managedBy (before the "/") is not a DNS subdomain', 'Use a lower-case DNS domain before the "/".', { value: managedBy });
          else say.reject(path, 'the path of managedBy has characters an HTTP path may not hold', 'Use letters, digits and - . _ ~ / after the domain.', { value: managedBy });
        }
        const length = utf8Length(managedBy);
        if (length > MAX_MANAGED_BY) say.reject(path, `managedBy is ${length} characters; at most ${MAX_MANAGED_BY}`, 'Use a shorter controller name.', { value: managedBy });
      }
    },
  },
  {
    rule: 'podFailurePolicy',
    kinds: BOTH,
    source: BATCH('validatePodFailurePolicy / validatePodFailurePolicyRule / validatePodFailurePolicyRuleOnExitCodes / validatePodFailurePolicyRuleOnPodConditions'),
    check(o, say) {
      for (const { spec, base } of jobSpecs(o)) {
        const policy = obj(spec['podFailurePolicy']);
        if (!policy) continue;
        const rulesPath = `${base}.podFailurePolicy.rules`;
        const rules = objs(policy['rules']);
        tooMany(say, rulesPath, list(policy['rules']).length, MAX_POD_FAILURE_RULES, 'pod failure policy rules');
        const podSpec = obj(obj(spec['template'])?.['spec']);
        const names = new Set([...objs(podSpec?.['containers']), ...objs(podSpec?.['initContainers'])].map(([c]) => str(c['name'])));
        for (const [rule, i] of rules) {
          const at = itemOf(rulesPath, i);
          const action = str(rule['action']);
          if (action === '') say.missing(`${at}.action`, 'a pod failure policy rule needs an action', 'Set action to FailJob, FailIndex, Ignore or Count.');
          if (action === 'FailIndex' && !isSet(spec['backoffLimitPerIndex'])) {
            say.reject(`${at}.action`, 'action FailIndex needs backoffLimitPerIndex', 'Set backoffLimitPerIndex (with completionMode Indexed), or use another action.');
          }
          const onExit = obj(rule['onExitCodes']);
          const conditions = list(rule['onPodConditions']);
          if (onExit) exitCodes(onExit, `${at}.onExitCodes`, names, say);
          if (conditions.length > 0) podConditions(rule, `${at}.onPodConditions`, say);
          if (onExit && conditions.length > 0) say.reject(at, 'a pod failure policy rule may have onExitCodes or onPodConditions, not both', 'Split it into two rules.');
          if (!onExit && conditions.length === 0) say.reject(at, 'a pod failure policy rule needs onExitCodes or onPodConditions', 'Add onExitCodes (operator, values) or onPodConditions (type, status).');
        }
      }
    },
  },
  {
    rule: 'podFailurePolicyRestartPolicy',
    kinds: BOTH,
    source: BATCH('validateJobSpec (restartPolicy: only Never when podFailurePolicy is specified)'),
    check(o, say) {
      for (const { spec, base } of jobSpecs(o)) {
        const policy = str(obj(obj(spec['template'])?.['spec'])?.['restartPolicy']);
        if (!isSet(spec['podFailurePolicy']) || policy !== 'OnFailure') continue;
        say.reject(`${base}.template.spec.restartPolicy`, 'with a podFailurePolicy the pods must have restartPolicy Never, not OnFailure', 'Set restartPolicy: Never, or remove podFailurePolicy.', { value: policy });
      }
    },
  },
  {
    rule: 'podReplacementPolicy',
    kinds: BOTH,
    source: BATCH('validatePodReplacementPolicy (only Failed when podFailurePolicy is specified)'),
    check(o, say) {
      for (const { spec, base } of jobSpecs(o)) {
        // Values outside the enum are the schema's finding.
        if (!isSet(spec['podFailurePolicy']) || str(spec['podReplacementPolicy']) !== 'TerminatingOrFailed') continue;
        say.reject(`${base}.podReplacementPolicy`, 'with a podFailurePolicy, podReplacementPolicy must be Failed, not TerminatingOrFailed', 'Set podReplacementPolicy: Failed, or remove it (it then defaults to Failed).', { value: 'TerminatingOrFailed' });
      }
    },
  },
  {
    rule: 'successPolicy',
    kinds: BOTH,
    source: BATCH('validateJobSpec ("requires indexed completion mode") / validateSuccessPolicy / validateSuccessPolicyRule / validateIndexesFormat'),
    check(o, say) {
      for (const { spec, base } of jobSpecs(o)) {
        const policy = obj(spec['successPolicy']);
        if (!policy) continue;
        const path = `${base}.successPolicy`;
        if (!indexed(spec)) {
          say.reject(path, 'a successPolicy needs completionMode Indexed', 'Set completionMode: Indexed (with completions), or remove successPolicy.');
          continue;
        }
        const rulesPath = `${path}.rules`;
        const count = list(policy['rules']).length;
        if (count === 0) say.missing(rulesPath, 'a successPolicy needs at least one rule', 'Add a rule with succeededIndexes or succeededCount, or remove successPolicy.');
        tooMany(say, rulesPath, count, MAX_SUCCESS_RULES, 'success policy rules');
        const completions = num(spec['completions']);
        for (const [rule, i] of objs(policy['rules'])) successRule(rule, itemOf(rulesPath, i), completions, say);
      }
    },
  },
  {
    rule: 'cronJobName',
    kinds: CRON_JOB,
    source: BATCH('ValidateCronJobCreate (name at most 52 characters: its Jobs add an 11-character suffix)'),
    check(o, say) {
      const name = str(obj(o['metadata'])?.['name']);
      if (name === undefined) return;
      const length = utf8Length(name);
      if (length <= MAX_CRON_JOB_NAME) return;
      say.reject('metadata.name', `a CronJob name may have at most ${MAX_CRON_JOB_NAME} characters (its Jobs add an 11-character suffix); this one has ${length}`, `Shorten the name to at most ${MAX_CRON_JOB_NAME} characters.`, { length });
    },
  },
  {
    rule: 'cronJobSchedule',
    kinds: CRON_JOB,
    source: [BATCH('validateCronJobSpec / validateScheduleFormat (cron.ParseStandard; no TZ or CRON_TZ in the schedule on create)'), CRON_SOURCE],
    check(o, say) {
      const schedule = str(specOf(o)['schedule']);
      if (schedule === undefined) return;
      if (schedule === '') {
        say.missing('spec.schedule', 'a CronJob needs a schedule', 'Set schedule, e.g. "0 3 * * *" (03:00 every day).');
        return;
      }
      const problem = cronScheduleProblem(schedule);
      if (problem) say.reject('spec.schedule', `the schedule is not cron syntax: ${problem}`, 'Write five fields (minute hour day-of-month month day-of-week), e.g. "*/15 * * * *", or one of @yearly, @monthly, @weekly, @daily, @hourly, @every <duration>.', { value: schedule });
      if (schedule.includes('TZ')) say.reject('spec.schedule', 'a new CronJob may not name a time zone in its schedule (TZ or CRON_TZ)', 'Remove the TZ=/CRON_TZ= part and set spec.timeZone instead.', { value: schedule });
    },
  },
  {
    rule: 'cronJobTimeZone',
    kinds: CRON_JOB,
    source: BATCH('validateTimeZone (not empty, IANA name characters, not Local)'),
    check(o, say) {
      const zone = str(specOf(o)['timeZone']);
      if (zone === undefined) return;
      if (zone === '') {
        say.reject('spec.timeZone', 'timeZone may not be empty', 'Set an IANA time zone such as Europe/Berlin, or remove timeZone (the controller\'s zone is used).');
        return;
      }
      const badPart = zone.split('/').find((part) => part === '.' || part === '..' || part.startsWith('-') || !TIME_ZONE_PART.test(part));
      if (badPart !== undefined) {
        say.reject('spec.timeZone', 'timeZone is not a time zone name', 'Use an IANA time zone such as America/New_York (letters, digits, . - _ +, parts of at most 14 between /).', { value: zone });
        return;
      }
      if (zone.toLowerCase() === 'local') say.reject('spec.timeZone', 'timeZone may not be Local: it must name an explicit time zone', 'Use an IANA time zone such as Etc/UTC or Europe/Berlin.', { value: zone });
    },
  },
];
