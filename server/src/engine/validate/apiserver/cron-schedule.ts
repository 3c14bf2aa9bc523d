// A CronJob schedule as kube-apiserver parses it: robfig/cron v3's ParseStandard (five fields: minute, hour,
// day of month, month, day of week; or a descriptor such as @daily or @every 1h30m), which validateScheduleFormat
// calls. Ported from parser.go and spec.go at the commit of CRON_SOURCE (tag v3.0.1, the version Kubernetes
// vendors); the problem is said in our words.
import type { UpstreamSource } from '../field-rule-table';

export const CRON_SOURCE: UpstreamSource = { repo: 'robfig/cron', path: 'parser.go', commit: 'ccba498c397bb90a9c84945bbb0f7af2d72b6309', fn: 'ParseStandard (Parse, normalizeFields, getRange, parseDescriptor; bounds of spec.go)' };

interface Bounds {
  field: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const FIELDS: readonly Bounds[] = [
  { field: 'minute', min: 0, max: 59 },
  { field: 'hour', min: 0, max: 23 },
  { field: 'day of month', min: 1, max: 31 },
  { field: 'month', min: 1, max: 12, names: MONTHS },
  { field: 'day of week', min: 0, max: 6, names: DAYS },
];

const DESCRIPTORS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

/** Go's time.ParseDuration: a signed sequence of decimal numbers, each with a unit; "0" alone. */
const DURATION = /^[-+]?(0|((\d+(\.\d*)?|\.\d+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h))+)$/;

const INT64_MAX = 2 ** 63 - 1;

/** strconv.Atoi of a non-negative number (the '-' was split off before). */
function atoi(text: string): number | undefined {
  if (!/^\+?\d+$/.test(text)) return undefined;
  const n = Number(text.replace(/^\+/, ''));
  return n > INT64_MAX ? undefined : n;
}

function intOrName(text: string, b: Bounds): number | undefined {
  const named = b.names?.indexOf(text.toLowerCase()) ?? -1;
  // The names count from the field's first value (jan is 1, sun is 0).
  if (named >= 0) return named + b.min;
  return atoi(text);
}

/** getRange: `*`, `?`, a number or name, `a-b`, each with an optional `/step`. */
function rangeProblem(expr: string, b: Bounds): string | undefined {
  const slashes = expr.split('/');
  const hyphens = (slashes[0] ?? '').split('-');
  let start: number;
  let end: number;
  if (hyphens[0] === '*' || hyphens[0] === '?') {
    start = b.min;
    end = b.max;
  } else {
    const low = intOrName(hyphens[0] ?? '', b);
    if (low === undefined) return `"${hyphens[0]}" is not a number${b.names ? ' or a name' : ''}`;
    start = low;
    end = low;
    if (hyphens.length > 2) return `"${expr}" has more than one '-'`;
    if (hyphens.length === 2) {
      const high = intOrName(hyphens[1] ?? '', b);
      if (high === undefined) return `"${hyphens[1]}" is not a number${b.names ? ' or a name' : ''}`;
      end = high;
    }
  }
  if (slashes.length > 2) return `"${expr}" has more than one '/'`;
  if (slashes.length === 2) {
    const step = atoi(slashes[1] ?? '');
    if (step === undefined) return `the step "${slashes[1]}" is not a number`;
    if (hyphens.length === 1) end = b.max;
    if (step === 0) return `the step of "${expr}" is 0`;
  }
  if (start < b.min) return `${start} is below ${b.min}`;
  if (end > b.max) return `${end} is above ${b.max}`;
  if (start > end) return `the range "${expr}" starts after it ends`;
  return undefined;
}

/** Why ParseStandard refuses `schedule` (a short phrase), or undefined when it parses. A `TZ=`/`CRON_TZ=` prefix
 *  is skipped here (its zone is not looked up); the rule that refuses it on create is the caller's. */
export function cronScheduleProblem(schedule: string): string | undefined {
  if (schedule === '') return 'it is empty';
  let spec = schedule;
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const space = spec.indexOf(' ');
    if (space < 0) return 'nothing follows the time zone';
    spec = spec.slice(space).trim();
  }
  if (spec.startsWith('@')) {
    if (DESCRIPTORS.has(spec)) return undefined;
    if (spec.startsWith('@every ')) return DURATION.test(spec.slice('@every '.length)) ? undefined : `"${spec.slice('@every '.length)}" is not a duration such as 1h30m`;
    return `${spec} is not a known @ schedule`;
  }
  const fields = spec.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== FIELDS.length) return `it has ${fields.length} field${fields.length === 1 ? '' : 's'}, not 5`;
  for (let i = 0; i < FIELDS.length; i++) {
    const b = FIELDS[i] as Bounds;
    for (const expr of (fields[i] as string).split(',')) {
      if (expr === '') continue;
      const problem = rangeProblem(expr, b);
      if (problem) return `in the ${b.field} field, ${problem}`;
    }
  }
  return undefined;
}
