// Compares our findings with ../shared/corpus/MANIFEST.tsv (authoritative), file by file, for a chosen
// set of codes. Used by corpus.test.ts (structural codes) and gates-corpus.test.ts (gate codes).
// Internal imports: `api-extensions/api-objects` (the API object groups, to tell which corpus files the object rules judge).
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import * as path from 'node:path';
import { readSharedTsv, sharedPath } from '../support/shared';
import { beyondCorpusRules, codeOfKey, findingKey, vocabulary } from './vocabulary';
import { type CrdCatalog, loadVersion, type DocumentReport, type FileReport, Analysis } from '../../server/src/engine';
import { API_OBJECT_GROUPS } from '../../server/src/engine/api-extensions/api-objects';

/** ../shared/corpus (whether it is there: hasShared of tests/support/shared.ts). */
export const CORPUS_DIR = sharedPath('corpus');

/** The structural codes (parse, route, walk) compared by corpus.test.ts. */
export const ENGINE_CODES = [
  'unknown-field',
  'invalid-value',
  'missing-field',
  'unknown-kind',
  'api-not-served',
  'api-disabled-by-default',
  'yaml-syntax',
  'not-checked',
] as const;

/** Rule 11: on C fixtures these codes are neither expected nor counted. */
const C_EXEMPT = new Set(['invalid-value', 'missing-field']);

export interface ManifestRow {
  file: string;
  expected: string[];
  category: string;
}

export function readManifest(): ManifestRow[] {
  return readSharedTsv('corpus/MANIFEST.tsv', ['file', 'expected_outcome', 'category']).map((r) => {
    const outcome = r['expected_outcome']!;
    return {
      file: r['file']!,
      expected: outcome === 'valid' ? [] : outcome.split(';').filter((s) => s !== ''),
      category: r['category']!,
    };
  });
}

export interface FileComparison {
  row: ManifestRow;
  expected: Set<string>;
  /** Our findings (errors/warnings and not-checked) of the compared codes, as vocabulary keys. */
  produced: Set<string>;
  missing: string[];
  extra: string[];
  /** On `valid` files: any error or warning at all, whatever its code. */
  alarmsOnValid: string[];
  /** Findings the corpus rules leave out (see beyondCorpusRules), as `code:path message`. */
  beyond: string[];
  /** Custom-resource documents checked against a CRD (with CompareOptions.crds). */
  customDocs: CustomDocResult[];
}

export interface CustomDocResult {
  apiVersion: string;
  kind: string;
  /** No error or warning of the compared codes on the document. */
  clean: boolean;
  findings: string[];
}

/** Checked documents (List items included) of a kind the CRDs define: custom resources checked against a CRD. */
function checkedCustomResources(report: FileReport, codes: ReadonlySet<string>, crds: CrdCatalog): CustomDocResult[] {
  const builtin = new Set(loadVersion('1.37').data.builtinGroups);
  return checkedDocuments(report, codes, (group, kind) => group !== '' && !builtin.has(group) && !API_OBJECT_GROUPS.has(group) && !!crds.lookup(group, kind));
}

/**
 * Checked CustomResourceDefinition and APIService documents (issue 22: kube-apiserver serves them outside
 * k8s.io/api). The MANIFEST, written when Kubegate had no schema for them, expects `not-checked` ("no built-in
 * schema"): such a document counts as `not-checked` when it has no finding of the compared codes, as a custom
 * resource checked against a CRD does; a finding on it is still compared (an extra).
 */
function checkedApiObjects(report: FileReport, codes: ReadonlySet<string>): CustomDocResult[] {
  return checkedDocuments(report, codes, (group) => API_OBJECT_GROUPS.has(group));
}

function checkedDocuments(report: FileReport, codes: ReadonlySet<string>, accept: (group: string, kind: string) => boolean): CustomDocResult[] {
  const out: CustomDocResult[] = [];
  const visit = (d: DocumentReport, index: number) => {
    const group = d.apiVersion?.includes('/') ? d.apiVersion.slice(0, d.apiVersion.indexOf('/')) : '';
    if (d.checked && d.apiVersion && d.kind && accept(group, d.kind)) {
      const findings = report.findings
        .filter((f) => f.document === index && f.range.start.line >= d.range.start.line && f.range.end.line <= d.range.end.line)
        .filter((f) => (f.severity === 'error' || f.severity === 'warning') && codes.has(f.code))
        .map((f) => findingKey(f));
      out.push({ apiVersion: d.apiVersion, kind: d.kind, clean: findings.length === 0, findings });
    }
    for (const item of d.items ?? []) visit(item, index);
  };
  for (const d of report.documents) visit(d, d.index);
  return out;
}

export interface CompareOptions {
  /** Check custom resources against these CRDs: a custom-resource document the MANIFEST expects `not-checked`
   *  may then be checked, and counts as `not-checked` when it has no finding of the compared codes. */
  crds?: CrdCatalog;
}

/**
 * True when the file's only YAML errors for a strict YAML 1.2 parser are `\'` escapes inside double quotes,
 * which kubectl's parser (go-yaml) accepts as a quote. The manifest expects `yaml-syntax` for such files (its
 * rule 2 parses with the `yaml` package); Kubegate reads them as kubectl does, so that expectation is beyond
 * the engine's rules and is listed instead of compared.
 */
function onlyKubectlEscapes(text: string): boolean {
  const docs = parseAllDocuments(text, { uniqueKeys: false, prettyErrors: false });
  const errors = docs.flatMap((d) => d.errors);
  return errors.length > 0 && errors.every((e) => e.code === 'BAD_DQ_ESCAPE' && text.slice(e.pos[0], e.pos[0] + 2) === "\\'");
}

export function compareFile(row: ManifestRow, codes: ReadonlySet<string>, options: CompareOptions = {}): FileComparison {
  const text = readFileSync(path.join(CORPUS_DIR, row.file), 'utf8');
  const escapesOnly = row.expected.includes('yaml-syntax') && onlyKubectlEscapes(text);
  if (escapesOnly) row = { ...row, expected: row.expected.filter((k) => k !== 'yaml-syntax') };
  const report = new Analysis({ version: '1.37', file: row.file, ...(options.crds ? { crds: options.crds } : {}) }).check(text);
  const vocab = vocabulary(report);
  const customDocs = options.crds ? checkedCustomResources(report, codes, options.crds) : [];
  for (const d of customDocs) if (d.clean) vocab.push({ key: 'not-checked', code: 'not-checked', severity: 'not-checked' });
  for (const d of checkedApiObjects(report, codes)) if (d.clean) vocab.push({ key: 'not-checked', code: 'not-checked', severity: 'not-checked' });
  const isC = row.category.startsWith('C/');
  const counted = (key: string) => {
    const code = codeOfKey(key);
    return codes.has(code) && !(isC && C_EXEMPT.has(code));
  };
  const expected = new Set(row.expected.filter(counted));
  const produced = new Set(
    vocab
      .filter((v) => v.severity === 'error' || v.severity === 'warning' || v.severity === 'not-checked')
      .map((v) => v.key)
      .filter(counted),
  );
  const alarmsOnValid =
    row.expected.length === 0
      ? vocab
          .filter((v) => v.severity === 'error' || v.severity === 'warning' || v.severity === 'not-checked')
          .filter((v) => !(isC && C_EXEMPT.has(v.code)))
          .map((v) => v.key)
      : [];
  return {
    row,
    customDocs,
    expected,
    produced,
    missing: [...expected].filter((k) => !produced.has(k)).sort(),
    extra: [...produced].filter((k) => !expected.has(k)).sort(),
    alarmsOnValid: [...new Set(alarmsOnValid)].sort(),
    beyond: [
      ...(escapesOnly ? ["expected yaml-syntax not given: the only parse errors are \\' escapes, which kubectl accepts"] : []),
      ...report.findings.filter((f) => beyondCorpusRules(f) && !(isC && C_EXEMPT.has(f.code))).map((f) => `${findingKey(f)} ${f.message}`),
    ],
  };
}

export interface CodeStats {
  code: string;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export function statsPerCode(results: readonly FileComparison[], codes: readonly string[]): CodeStats[] {
  return codes.map((code) => {
    const s: CodeStats = { code, truePositives: 0, falsePositives: 0, falseNegatives: 0 };
    for (const r of results) {
      for (const k of r.produced) if (codeOfKey(k) === code) r.expected.has(k) ? s.truePositives++ : s.falsePositives++;
      for (const k of r.expected) if (codeOfKey(k) === code && !r.produced.has(k)) s.falseNegatives++;
    }
    return s;
  });
}

export function formatStats(stats: readonly CodeStats[]): string {
  const pct = (n: number, d: number) => (d === 0 ? '   n/a' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
  const lines = ['code                     TP   FP   FN  precision  recall'];
  for (const s of stats) {
    lines.push(
      `${s.code.padEnd(24)}${String(s.truePositives).padStart(4)} ${String(s.falsePositives).padStart(4)} ${String(s.falseNegatives).padStart(4)}` +
        `     ${pct(s.truePositives, s.truePositives + s.falsePositives)}  ${pct(s.truePositives, s.truePositives + s.falseNegatives)}`,
    );
  }
  return lines.join('\n');
}
