// Functions over the finding-code registry (./registry.ts): the list of codes, the one constructor of findings,
// default severities and verdicts, documentation anchors.
import type { Finding, FindingOf } from './finding';
import type { Range, Severity } from '../base/types';
import type { VerdictData } from './verdicts';
import { CODE_TABLE, type CodeInfo } from './registry';
import type { CommonData, FindingData } from './finding-data';

export * from './registry';
export type { FindingData } from './finding-data';

type FindingCodeName = keyof FindingData;

export const ALL_CODES = Object.keys(CODE_TABLE) as FindingCodeName[];

export function isFindingCode(value: string): value is FindingCodeName {
  return Object.prototype.hasOwnProperty.call(CODE_TABLE, value);
}

export function defaultSeverity(code: FindingCodeName): Severity {
  return CODE_TABLE[code].severity;
}

/** README anchor of a code's documentation (the generated codes table: one heading per code). */
export function codeAnchor(code: FindingCodeName): string {
  return `code-${code}`;
}

/** The project's home page (its README documents every code). */
export const PROJECT_URL = 'https://github.com/kubegate/kubegate';

/** The web address of a code's documentation (SARIF helpUri, LSP codeDescription). */
export function codeDocsUrl(code: FindingCodeName): string {
  return `${PROJECT_URL}#${codeAnchor(code)}`;
}

/** The stage and verdict a finding gets from its code and data; undefined for a code without a verdict. */
export function defaultVerdict<C extends FindingCodeName>(f: FindingOf<C>): VerdictData | undefined {
  const info = CODE_TABLE[f.code] as CodeInfo<C>;
  return info.verdict(f.data as FindingData[C] | undefined, f);
}

/** The fields of a finding besides its code and severity (the severity defaults to the code's). */
type FindingFields<C extends FindingCodeName> = Omit<FindingOf<C>, 'code' | 'severity'> & { severity?: Severity };

/** The one constructor of findings: the code, its fields with typed data; the severity defaults to the code's. */
export function finding<C extends FindingCodeName>(code: C, fields: FindingFields<C>): FindingFor<C> {
  const { severity, ...rest } = fields;
  return { code, severity: severity ?? CODE_TABLE[code].severity, ...rest } as unknown as FindingFor<C>;
}

/** The finding of each code of `C` (a union of codes gives the union of their findings). */
type FindingFor<C extends FindingCodeName> = C extends FindingCodeName ? FindingOf<C> : never;

/** A syntax error the YAML parser itself reports (not one of JSON input, nor what only kubectl's reader refuses:
 *  those carry a rule): the kind an editor's YAML extension reports too. */
export function isParserSyntaxError(f: Finding): boolean {
  return f.code === 'yaml-syntax' && f.data?.rule === undefined && (f.data as { json?: boolean } | undefined)?.json !== true;
}

/** The finding with more keys in its data (the verdict step, rule bookkeeping); code and other data kept. */
export function withData<F extends { data?: CommonData }>(f: F, extra: CommonData): F {
  return { ...f, data: { ...f.data, ...extra } };
}

/** The finding of a file Kubegate failed on (an internal error, damaged data files): the file must not look clean.
 *  At the start of the file. */
export function checkFailedFinding(error: unknown, at: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }): FindingFor<'check-failed'> {
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
  return finding('check-failed', {
    message: `Not checked: Kubegate failed on this file (${reason})`,
    fix: 'Report it with the file; the details are in the Kubegate output (CLI: set KUBEGATE_DEBUG=1).',
    range: at,
    data: { error: reason, rule: 'check-failed' },
  });
}

/** The KEP a finding points to (gate findings, a gate setting, a field of an unshipped design), with its URL. */
export function kepOf(f: Finding): { number: number; url: string } | undefined {
  let kep: number | undefined;
  let url: string | undefined;
  switch (f.code) {
    case 'feature-gate':
      kep = f.data?.kep;
      url = f.data?.kepUrl;
      break;
    case 'locked-gate':
    case 'redundant-gate':
    case 'unknown-field':
      kep = f.data?.kep;
      break;
    default:
      return undefined;
  }
  if (typeof kep !== 'number') return undefined;
  return { number: kep, url: url ?? `https://kep.k8s.io/${kep}` };
}
