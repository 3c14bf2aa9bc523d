// Reads feature-gate states out of a Prometheus text exposition (what /metrics of the API server and of a
// kubelet answers). Only the `kubernetes_feature_enabled` samples are kept:
//   kubernetes_feature_enabled{name="SomeGate",stage="ALPHA"} 1
// Pure: text in, gates out. Malformed lines are skipped, never thrown on.
import type { ClusterGate } from './types';

export const FEATURE_METRIC = 'kubernetes_feature_enabled';

export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses one sample line (`name{labels} value [timestamp]`); undefined for comments, blanks and bad lines. */
export function parseSampleLine(line: string): MetricSample | undefined {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return undefined;
  const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(text);
  if (!nameMatch) return undefined;
  const name = nameMatch[0];
  let pos = name.length;
  const labels: Record<string, string> = {};
  if (text[pos] === '{') {
    const parsed = parseLabels(text, pos + 1);
    if (!parsed) return undefined;
    Object.assign(labels, parsed.labels);
    pos = parsed.end;
  }
  const rest = text.slice(pos).trim().split(/\s+/);
  if (rest.length < 1 || rest.length > 2 || rest[0] === '') return undefined;
  const value = parseValue(rest[0]);
  if (value === undefined) return undefined;
  return { name, labels, value };
}

/** Parses `a="x",b="y"}` starting after the `{`; returns the labels and the index after the `}`. */
function parseLabels(text: string, start: number): { labels: Record<string, string>; end: number } | undefined {
  const labels: Record<string, string> = {};
  let pos = start;
  for (;;) {
    while (text[pos] === ' ' || text[pos] === '\t') pos++;
    if (text[pos] === '}') return { labels, end: pos + 1 };
    const keyMatch = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(text.slice(pos));
    if (!keyMatch) return undefined;
    pos += keyMatch[0].length;
    while (text[pos] === ' ') pos++;
    if (text[pos] !== '=') return undefined;
    pos++;
    while (text[pos] === ' ') pos++;
    if (text[pos] !== '"') return undefined;
    pos++;
    let value = '';
    for (;;) {
      if (pos >= text.length) return undefined;
      const ch = text[pos];
      if (ch === '"') break;
      if (ch === '\\') {
        const next = text[pos + 1];
        value += next === 'n' ? '\n' : (next ?? '');
        pos += 2;
        continue;
      }
      value += ch;
      pos++;
    }
    pos++; // closing quote
    labels[keyMatch[0]] = value;
    while (text[pos] === ' ') pos++;
    if (text[pos] === ',') pos++;
    else if (text[pos] !== '}') return undefined;
  }
}

function parseValue(raw: string): number | undefined {
  if (raw === 'NaN') return Number.NaN;
  if (raw === '+Inf') return Number.POSITIVE_INFINITY;
  if (raw === '-Inf') return Number.NEGATIVE_INFINITY;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * The gates a component reports in `kubernetes_feature_enabled`, in the order first seen. A gate reported twice
 * keeps its last sample. Samples without a `name` label or with a value other than 0 or 1 are ignored.
 */
export function parseFeatureGateMetrics(text: string): ClusterGate[] {
  const byName = new Map<string, ClusterGate>();
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith(FEATURE_METRIC)) continue;
    const sample = parseSampleLine(line);
    if (!sample || sample.name !== FEATURE_METRIC) continue;
    const gate = sample.labels.name;
    if (!gate) continue;
    if (sample.value !== 0 && sample.value !== 1) continue;
    byName.set(gate, { name: gate, enabled: sample.value === 1, stage: sample.labels.stage ?? '' });
  }
  return [...byName.values()];
}

/** Whether the exposition has the feature metric at all (a component too old to report it has none). */
export function hasFeatureMetric(text: string): boolean {
  return text.split(/\r?\n/).some((line) => line.startsWith(FEATURE_METRIC) || line.startsWith(`# TYPE ${FEATURE_METRIC} `));
}
