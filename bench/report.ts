// Turns the measured sessions into Markdown: a summary of ratios and one detailed table per input size.
import type { FloorResult } from './floor';
import type { SessionResult, StepTimeouts } from './scenario';
import {
  TIMED_OUT,
  formatMedianMs,
  formatMegabytes,
  formatMs,
  formatRatio,
  median,
  type Sample,
} from './stats';

export interface SizeResult {
  file: string;
  lines: number;
  documents: number;
  injectedErrors: number;
  ours: SessionResult[] | undefined;
  peer: SessionResult[];
  floor: FloorResult | { failed: string };
  /** Notes about the input as a whole (e.g. repetitions cut by the time budget). */
  notes?: string[];
}

export interface ReportContext {
  oursLabel: string;
  peerLabel: string;
  /** Why our server was not measured, when it was not. */
  oursMissing?: string;
  timeouts: StepTimeouts;
}

type Metric = 'initialize' | 'firstDiagnostics' | 'edits' | 'hovers' | 'completions';

const METRIC_LABEL: Record<Metric, string> = {
  initialize: 'spawn → initialize result',
  firstDiagnostics: 'didOpen → first diagnostics',
  edits: 'one-character edit → diagnostics',
  hovers: 'hover',
  completions: 'completion',
};

function timeoutOf(metric: Metric, t: StepTimeouts): number {
  switch (metric) {
    case 'initialize':
      return t.initializeMs;
    case 'firstDiagnostics':
      return t.firstDiagnosticsMs;
    case 'edits':
      return t.editMs;
    default:
      return t.requestMs;
  }
}

/** All samples of a metric over the sessions: one per process for initialize/first diagnostics, pooled otherwise. */
export function samplesOf(sessions: readonly SessionResult[] | undefined, metric: Metric): Sample[] {
  if (!sessions) return [];
  if (metric === 'initialize' || metric === 'firstDiagnostics') return sessions.map((s) => s[metric]);
  return sessions.flatMap((s) => s[metric]);
}

function floorSample(floor: SizeResult['floor'], metric: Metric): Sample | undefined {
  if ('failed' in floor) return undefined;
  if (metric === 'firstDiagnostics') return floor.coldMs;
  if (metric === 'edits') return median(floor.warmMs);
  return undefined;
}

function floorCell(floor: SizeResult['floor'], metric: Metric): string {
  if ('failed' in floor) return 'failed';
  if (metric === 'firstDiagnostics') return `${formatMs(floor.coldMs)} ms (cold)`;
  if (metric === 'edits') {
    const warm = median(floor.warmMs);
    return warm === undefined || warm === TIMED_OUT ? 'n/a' : `${formatMs(warm)} ms (warm)`;
  }
  return '—';
}

function medianNumber(xs: readonly (number | undefined)[]): number | undefined {
  const nums = xs.filter((x): x is number => typeof x === 'number');
  const m = median(nums);
  return typeof m === 'number' ? m : undefined;
}

function sizeName(r: SizeResult): string {
  return `${r.file} (${r.lines} lines, ${r.documents} docs)`;
}

/** Median peak RSS of ours and the peer, in kB. */
function peakRss(r: SizeResult): [number | undefined, number | undefined] {
  return [medianNumber(r.ours?.map((s) => s.peakRssKb) ?? []), medianNumber(r.peer.map((s) => s.peakRssKb))];
}

export function summaryTable(results: readonly SizeResult[], ctx: ReportContext): string {
  const metrics: Metric[] = ['firstDiagnostics', 'edits', 'hovers', 'completions'];
  const head = [
    'input',
    ...metrics.map((m) => `${METRIC_LABEL[m]}: ours/peer`),
    'server peak RSS: ours/peer',
    'first diagnostics: ours/floor',
    'edit: ours/floor',
  ];
  const rows = results.map((r) => {
    const cells = metrics.map((m) =>
      r.ours
        ? formatRatio(median(samplesOf(r.ours, m)), median(samplesOf(r.peer, m)), timeoutOf(m, ctx.timeouts), timeoutOf(m, ctx.timeouts))
        : 'not run',
    );
    const vsFloor = (['firstDiagnostics', 'edits'] as const).map((m) =>
      r.ours ? formatRatio(median(samplesOf(r.ours, m)), floorSample(r.floor, m), timeoutOf(m, ctx.timeouts), 1) : 'not run',
    );
    const [oursRss, peerRss] = peakRss(r);
    const rss = !r.ours ? 'not run' : oursRss !== undefined && peerRss !== undefined ? formatRatio(oursRss, peerRss, 1, 1) : 'n/a';
    return [sizeName(r), ...cells, rss, ...vsFloor];
  });
  return markdownTable(head, rows);
}

export function detailTable(r: SizeResult, ctx: ReportContext): string {
  const head = ['measure (median)', ctx.oursLabel, ctx.peerLabel, 'floor: yaml + ajv', 'ours/peer', 'ours/floor'];
  const rows: string[][] = [];
  for (const m of Object.keys(METRIC_LABEL) as Metric[]) {
    const t = timeoutOf(m, ctx.timeouts);
    const ours = samplesOf(r.ours, m);
    const peer = samplesOf(r.peer, m);
    rows.push([
      `${METRIC_LABEL[m]} (n = ${peer.length}${r.ours ? `/${ours.length}` : ''})`,
      r.ours ? formatMedianMs(ours, t) : 'not run',
      formatMedianMs(peer, t),
      floorCell(r.floor, m),
      r.ours ? formatRatio(median(ours), median(peer), t, t) : 'n/a',
      r.ours && floorSample(r.floor, m) !== undefined ? formatRatio(median(ours), floorSample(r.floor, m), t, 1) : '—',
    ]);
  }
  const [oursRss, peerRss] = peakRss(r);
  const floorRss = 'failed' in r.floor ? undefined : r.floor.peakRssKb;
  rows.push([
    'server peak RSS (VmHWM)',
    r.ours ? formatMegabytes(oursRss) : 'not run',
    formatMegabytes(peerRss),
    `${formatMegabytes(floorRss)} (whole process)`,
    oursRss !== undefined && peerRss !== undefined ? formatRatio(oursRss, peerRss, 1, 1) : 'n/a',
    oursRss !== undefined && floorRss !== undefined ? formatRatio(oursRss, floorRss, 1, 1) : '—',
  ]);
  rows.push([
    'diagnostics in first publish / after edits',
    r.ours ? countsCell(r.ours) : 'not run',
    countsCell(r.peer),
    'failed' in r.floor ? 'failed' : `${r.floor.errors} documents invalid`,
    '',
    '',
  ]);
  rows.push(['hover text length / completion items', r.ours ? answerCell(r.ours) : 'not run', answerCell(r.peer), '—', '', '']);
  rows.push([
    'schema compile (floor only, reported apart)',
    '—',
    '— (part of its first diagnostics)',
    'failed' in r.floor ? r.floor.failed : `${formatMs(r.floor.compileMs)} ms`,
    '',
    '',
  ]);
  return markdownTable(head, rows);
}

function countsCell(sessions: readonly SessionResult[]): string {
  const first = medianNumber(sessions.map((s) => s.firstDiagnosticsCount));
  const edit = medianNumber(sessions.map((s) => s.editDiagnosticsCount));
  return `${first ?? 'n/a'} / ${edit ?? 'n/a'}`;
}

function answerCell(sessions: readonly SessionResult[]): string {
  const hover = medianNumber(sessions.map((s) => s.hoverChars));
  const items = medianNumber(sessions.map((s) => s.completionItems));
  return `${hover ?? 'n/a'} chars / ${items ?? 'n/a'} items`;
}

export function notesList(results: readonly SizeResult[], ctx: ReportContext): string[] {
  const notes: string[] = [];
  if (ctx.oursMissing) notes.push(`Kubegate's server was not measured: ${ctx.oursMissing}.`);
  for (const r of results) {
    r.notes?.forEach((n) => notes.push(`${r.file}: ${n}`));
    const add = (who: string, sessions: readonly SessionResult[] | undefined): void => {
      sessions?.forEach((s, i) => s.notes.forEach((n) => notes.push(`${r.file}, ${who}, process ${i + 1}: ${n}`)));
    };
    add(ctx.oursLabel, r.ours);
    add(ctx.peerLabel, r.peer);
    if ('failed' in r.floor) notes.push(`${r.file}, floor: ${r.floor.failed}`);
  }
  return notes;
}

export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const esc = (c: string): string => c.replace(/\|/g, '\\|');
  const lines = [`| ${head.map(esc).join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const r of rows) lines.push(`| ${r.map(esc).join(' | ')} |`);
  return lines.join('\n');
}

/** The mark that opens a section of bench/RESULTS.md that `npm run bench` does not write (fuzz records and the like). */
export const NOT_WRITTEN_BY_BENCH = 'Not written by `npm run bench`';

/** The sections of the previous results file whose text starts with NOT_WRITTEN_BY_BENCH: a new run keeps them,
 *  after what it writes, as they were. */
export function sectionsNotWrittenByBench(previous: string): string[] {
  return previous
    .split(/^(?=## )/m)
    .filter((part) => part.startsWith('## ') && part.slice(part.indexOf('\n')).trimStart().startsWith(NOT_WRITTEN_BY_BENCH))
    .map((part) => part.trimEnd());
}
