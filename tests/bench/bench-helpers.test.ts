// The benchmark's pure helpers: medians with time-outs, ratios, positions, text edits, settings look-up and
// the Markdown report. No server is started here and no time is asserted.
import { describe, expect, it } from 'vitest';
import { lookupSection } from '../../bench/lsp-client';
import { findBenchPositions } from '../../bench/positions';
import { detailTable, markdownTable, samplesOf, sectionsNotWrittenByBench, summaryTable, type SizeResult } from '../../bench/report';
import { applyChange, DEFAULT_TIMEOUTS, offsetAt, type SessionResult } from '../../bench/scenario';
import { countTimeouts, formatFactor, formatMedianMs, formatRatio, median, TIMED_OUT } from '../../bench/stats';

const SAMPLE = [
  'apiVersion: v1',
  'kind: Service',
  'metadata:',
  '  name: web',
  'spec:',
  '  ports:',
  '  - port: 80',
  '---',
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: "api-1"',
  '  labels:',
  '    app: api-1',
  'spec:',
  '  replicas: 2',
  '  template:',
  '    spec:',
  '      containers: []',
  '---',
  'apiVersion: v1',
  'kind: Service',
  'metadata:',
  '  name: tail',
  '',
].join('\n');

function session(over: Partial<SessionResult>): SessionResult {
  return {
    pid: undefined,
    initialize: 100,
    firstDiagnostics: 200,
    firstDiagnosticsCount: 1,
    edits: [10, 20, 30],
    editDiagnosticsCount: 1,
    hovers: [1, 2, 3],
    hoverChars: 42,
    completions: [4, 5, 6],
    completionItems: 7,
    peakRssKb: 102_400,
    notes: [],
    ...over,
  };
}

describe('bench statistics', () => {
  it('takes the median and counts a time-out as slower than any number', () => {
    expect(median([])).toBeUndefined();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([1, TIMED_OUT, 2])).toBe(2);
    expect(median([1, TIMED_OUT, TIMED_OUT])).toBe(TIMED_OUT);
    expect(median([1, 2, TIMED_OUT, TIMED_OUT])).toBe(TIMED_OUT);
    expect(countTimeouts([1, TIMED_OUT, 2, TIMED_OUT])).toBe(2);
  });

  it('formats medians with their time-outs', () => {
    expect(formatMedianMs([120, 130, 140], 20_000)).toBe('130 ms');
    expect(formatMedianMs([120, 130, TIMED_OUT], 20_000)).toBe('130 ms (1/3 timed out)');
    expect(formatMedianMs([TIMED_OUT], 20_000)).toBe('timed out (> 20 s)');
    expect(formatMedianMs([], 20_000)).toBe('n/a');
  });

  it('gives ratios, and bounds when one side timed out', () => {
    expect(formatRatio(50, 500, 1000, 1000)).toBe('0.10×');
    expect(formatRatio(1200, 100, 1000, 1000)).toBe('12×');
    expect(formatRatio(100, TIMED_OUT, 1000, 20_000)).toBe('< 0.0050×');
    expect(formatRatio(TIMED_OUT, 100, 20_000, 1000)).toBe('> 200×');
    expect(formatRatio(TIMED_OUT, TIMED_OUT, 1, 1)).toBe('both timed out');
    expect(formatRatio(undefined, 1, 1, 1)).toBe('n/a');
    expect(formatFactor(3.14159)).toBe('3.1×');
  });
});

describe('bench positions and edits', () => {
  it('finds the name value, replicas key and spec line of the middle Deployment', () => {
    const p = findBenchPositions(SAMPLE);
    const lines = SAMPLE.split('\n');
    expect(p.documentLine).toBe(9);
    // Inside the quotes of "api-1", so inserting a character keeps the YAML valid.
    expect(lines[p.edit.line].slice(p.edit.character)).toBe('api-1"');
    expect(lines[p.hover.line].slice(p.hover.character - 2, p.hover.character + 6)).toBe('replicas');
    expect(lines[p.specLineEnd.line]).toBe('spec:');
    const opened = applyChange(SAMPLE, { range: { start: p.specLineEnd, end: p.specLineEnd }, text: '\n  ' });
    expect(opened.split('\n')[p.completion.line]).toBe('  ');
    expect(opened.split('\n')[p.completion.line + 1]).toBe('  replicas: 2');
  });

  it('throws when there is no Deployment to edit', () => {
    expect(() => findBenchPositions('apiVersion: v1\nkind: Service\n')).toThrow(/no Deployment/);
  });

  it('applies an insertion and its removal back to the same text', () => {
    const p = findBenchPositions(SAMPLE);
    const inserted = applyChange(SAMPLE, { range: { start: p.edit, end: p.edit }, text: 'x' });
    expect(inserted).toContain('  name: "xapi-1"');
    const end = { ...p.edit, character: p.edit.character + 1 };
    expect(applyChange(inserted, { range: { start: p.edit, end }, text: '' })).toBe(SAMPLE);
    expect(offsetAt('ab\ncd', { line: 1, character: 1 })).toBe(4);
    expect(offsetAt('ab', { line: 5, character: 0 })).toBe(2);
  });
});

describe('bench client settings look-up', () => {
  it('answers sections by exact key, by dotted path, and null when absent', () => {
    const settings = { yaml: { format: { enable: false } }, '[yaml]': { 'editor.tabSize': 2 } };
    expect(lookupSection(settings, 'yaml')).toEqual({ format: { enable: false } });
    expect(lookupSection(settings, 'yaml.format.enable')).toBe(false);
    expect(lookupSection(settings, '[yaml]')).toEqual({ 'editor.tabSize': 2 });
    expect(lookupSection(settings, 'kubegate')).toBeNull();
    expect(lookupSection(settings, undefined)).toBe(settings);
  });
});

describe('bench report', () => {
  const floor = { compileMs: 900, coldMs: 100, warmMs: [20, 30, 40], warmParseMs: [10, 10, 10], documents: 3, errors: 1, peakRssKb: 51_200 };
  const ctx = { oursLabel: 'Kubegate', peerLabel: 'peer 1.0', timeouts: DEFAULT_TIMEOUTS };

  it('pools edit samples over processes and keeps one first-diagnostics sample per process', () => {
    const sessions = [session({ edits: [1, 2] }), session({ edits: [3], firstDiagnostics: TIMED_OUT })];
    expect(samplesOf(sessions, 'edits')).toEqual([1, 2, 3]);
    expect(samplesOf(sessions, 'firstDiagnostics')).toEqual([200, TIMED_OUT]);
  });

  it('renders ratios against the peer and the floor', () => {
    const size: SizeResult = {
      file: 'k8s-1k.yaml',
      lines: 1000,
      documents: 3,
      injectedErrors: 1,
      ours: [session({ firstDiagnostics: 50, edits: [2, 2, 2] })],
      peer: [session({ firstDiagnostics: 500, edits: [200, 200, TIMED_OUT] })],
      floor,
    };
    const summary = summaryTable([size], ctx);
    expect(summary).toContain('| k8s-1k.yaml (1000 lines, 3 docs) | 0.10× | 0.010× | 1.0× | 1.0× | 1.0× | 0.50× | 0.067× |');
    const detail = detailTable(size, ctx);
    expect(detail).toContain('| didOpen → first diagnostics (n = 1/1) | 50.0 ms | 500 ms | 100 ms (cold) | 0.10× | 0.50× |');
    expect(detail).toContain('200 ms (1/3 timed out)');
    expect(detail).toContain('| server peak RSS (VmHWM) | 100 MB | 100 MB | 50 MB (whole process) | 1.0× | 2.0× |');
    expect(detail).toContain('| schema compile (floor only, reported apart) | — | — (part of its first diagnostics) | 900 ms |');
    expect(detail).toContain('| hover text length / completion items | 42 chars / 7 items | 42 chars / 7 items | — |');
  });

  it('says "not run" for our server when it was not measured', () => {
    const size: SizeResult = { file: 'k8s-1k.yaml', lines: 1000, documents: 3, injectedErrors: 1, ours: undefined, peer: [session({})], floor };
    expect(summaryTable([size], ctx)).toContain('| not run | not run |');
    expect(detailTable(size, ctx)).toContain('| spawn → initialize result (n = 1) | not run | 100 ms |');
  });

  it('escapes pipes in cells', () => {
    expect(markdownTable(['a'], [['x|y']])).toBe('| a |\n| --- |\n| x\\|y |');
  });
});

describe('results file', () => {
  it('a new run keeps the sections the bench does not write, as they were, and drops its own old ones', () => {
    const previous = [
      '# Benchmark results\n\n- Date: old\n',
      '## Summary: ratios of medians\n\n| a |\n',
      '## Fuzz: 40,000 edits\n\nNot written by `npm run bench`: the record of fuzz runs.\n\n- 0 crashes\n',
      '## Notes\n\n- Every step answered.\n',
      '## Memory\n\nNot written by `npm run bench`: heap ceilings.\n',
    ].join('\n');
    expect(sectionsNotWrittenByBench(previous)).toEqual([
      '## Fuzz: 40,000 edits\n\nNot written by `npm run bench`: the record of fuzz runs.\n\n- 0 crashes',
      '## Memory\n\nNot written by `npm run bench`: heap ceilings.',
    ]);
    expect(sectionsNotWrittenByBench('# Benchmark results\n\n## Notes\n\n- x\n')).toEqual([]);
  });
});
