// Shared helpers of the engine unit tests. Facts (fields, enums, kinds) are read from the generated
// schemas/ through the knowledge loaders, never typed here.
// Internal imports: `check` (analyzeFile: the parsed and walked documents before the gate step; the public check
// gives a report).
import { expect } from 'vitest';
import { analyzeFile } from '../../server/src/engine/check';
import { loadVersion, type FileReport, type Finding, type FindingCode, type KubeVersion, type Range, Analysis } from '../../server/src/engine';

export const V: KubeVersion = '1.37';

export function check(text: string, version: KubeVersion = V): FileReport {
  return new Analysis({ version }).check(text);
}

export function analyze(text: string, version: KubeVersion = V) {
  return analyzeFile(text, { version });
}

export function only(report: FileReport, code: FindingCode): Finding[] {
  return report.findings.filter((f) => f.code === code);
}

export function single(report: FileReport, code: FindingCode): Finding {
  const list = only(report, code);
  expect(list, `exactly one ${code} finding in ${JSON.stringify(report.findings.map((f) => `${f.code}:${f.path}`))}`).toHaveLength(1);
  return list[0] as Finding;
}

/** 0-based range from `[line, character, line, character]`. */
export function r(sl: number, sc: number, el: number, ec: number): Range {
  return { start: { line: sl, character: sc }, end: { line: el, character: ec } };
}

/** The range of the `occurrence`-th (0-based) match of `needle` on line `line` of `text`. */
export function rangeOfText(text: string, line: number, needle: string, occurrence = 0): Range {
  const content = text.split('\n')[line] ?? '';
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = content.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`"${needle}" not on line ${line}: ${content}`);
  return r(line, at, line, at + needle.length);
}

export function data(version: KubeVersion = V) {
  return loadVersion(version).data;
}

export function errorsAndWarnings(report: FileReport): string[] {
  return report.findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => `${f.code}:${f.path ?? ''}`);
}
