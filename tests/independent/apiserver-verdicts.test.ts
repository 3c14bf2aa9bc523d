// Independent checks of the kube-apiserver verdicts (issue 22, "Done when", third bullet).
//
// The cases live in cases.yaml beside this file: small manifests written for this suite from facts of other
// validators' test suites (kubectl-validate, kubeconform), upstream validation code and test tables
// (kubernetes/kubernetes, apimachinery, apiextensions-apiserver, kube-aggregator) and real manifests of
// ../shared/corpus, each with its source (repository, path, commit). Nobody who builds the verdict model wrote
// them. Each case is checked with Analysis.check at Kubernetes 1.37, with the CRDs of its own text as the CRD catalog
// (what `kubegate check` hands the engine for a file: its own CRDs first, crd-options.ts):
//   - `expect: valid`: no finding of severity error or warning;
//   - otherwise, for every expected finding some finding has its code (when given), lies at its path (the same
//     path, or below it: path + "." or path + "["), and carries the expected data.verdict, severity and, when
//     given, data.stage;
//   - `forbid`: no finding of that severity at that path.
// Internal imports: `api-extensions/workspace` (crdsFromText: the CRDs of one text; the public loadCrdFiles reads
// named files).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildCrdCatalog, type Finding, type Severity, Analysis } from '../../server/src/engine';
import { crdsFromText } from '../../server/src/engine/api-extensions/workspace';
import { hasShared, sharedDir } from '../support/shared';

type Verdict =
  | 'rejected'
  | 'dropped'
  | 'ignored'
  | 'rejected-once-enabled'
  | 'rejected-unless-enabled'
  | 'accepted-with-warning'
  | 'status'
  | 'note';

interface Source {
  repo: string;
  path: string;
  commit: string;
  says: string;
}

interface Expected {
  code?: string;
  path?: string;
  verdict: Verdict;
  severity: Severity;
  stage?: string;
}

interface Forbidden {
  path: string;
  severity: Severity;
}

interface Case {
  id: string;
  family: string;
  title: string;
  source: string | Source;
  file?: string;
  text?: string;
  corpus?: string;
  note?: string;
  /** A known gap: Kubegate does not give this verdict yet, and why. The case must still fail (it.fails), so that
   *  the day it passes the gap is closed here. */
  gap?: string;
  expect: 'valid' | Expected[];
  forbid?: Forbidden[];
}

interface CaseFile {
  sources: Record<string, Source>;
  cases: Case[];
}

/** The severity the verdict contract gives each verdict (issue 22). */
const SEVERITY_OF: Record<Verdict, Severity> = {
  rejected: 'error',
  dropped: 'warning',
  ignored: 'warning',
  'rejected-once-enabled': 'warning',
  'rejected-unless-enabled': 'warning',
  'accepted-with-warning': 'warning',
  status: 'information',
  note: 'information',
};

const STAGES = new Set(['decode', 'drop', 'default', 'validation', 'status', 'warning', 'startup', 'admission']);

const FAMILIES = [
  'names',
  'generateName and namespace',
  'labels and annotations',
  'finalizers',
  'containers',
  'int-or-string',
  'quantities',
  'duplicates and warnings',
  'crd and apiservice',
  'documents',
  'status',
  'real repositories',
];

const data = parse(readFileSync(path.join(__dirname, 'cases.yaml'), 'utf8')) as CaseFile;

/** `%REPEAT(x,N)%` → x written N times (long names and values stay readable in cases.yaml). */
function expand(text: string): string {
  return text.replace(/%REPEAT\((.),(\d+)\)%/g, (_m, ch: string, n: string) => ch.repeat(Number(n)));
}

function sourceOf(c: Case): Source | undefined {
  return typeof c.source === 'string' ? data.sources[c.source] : c.source;
}

function underPath(actual: string | undefined, expected: string): boolean {
  if (actual === undefined) return false;
  return actual === expected || actual.startsWith(`${expected}.`) || actual.startsWith(`${expected}[`);
}

function describeFinding(f: Finding): string {
  const verdict = typeof f.data?.['verdict'] === 'string' ? f.data['verdict'] : '-';
  const stage = typeof f.data?.['pipelineStage'] === 'string' ? f.data['pipelineStage'] : '-';
  return `${f.code} ${f.severity} ${f.path ?? '(no path)'} verdict=${verdict} stage=${stage}: ${f.message}`;
}

function matches(f: Finding, e: Expected): boolean {
  if (e.code !== undefined && f.code !== e.code) return false;
  if (e.path !== undefined && !underPath(f.path, e.path)) return false;
  if (f.data?.['verdict'] !== e.verdict) return false;
  if (f.severity !== e.severity) return false;
  if (e.stage !== undefined && f.data?.['pipelineStage'] !== e.stage) return false;
  return true;
}

function textOf(c: Case): { text: string; file: string } {
  if (c.corpus !== undefined) {
    return { text: readFileSync(path.join(sharedDir, 'corpus', c.corpus), 'utf8'), file: path.basename(c.corpus) };
  }
  return { text: expand(c.text ?? ''), file: c.file ?? 'case.yaml' };
}

function run(c: Case): void {
  const { text, file } = textOf(c);
  const crds = buildCrdCatalog({ workspace: crdsFromText(text, file) });
  const findings = new Analysis({ version: '1.37', file, crds }).check(text).findings;
  const listing = findings.length === 0 ? '(no findings)' : findings.map(describeFinding).join('\n');
  if (c.expect === 'valid') {
    const noisy = findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map(describeFinding);
    expect(noisy.join('\n'), `${c.id}: a valid manifest gets no error or warning`).toBe('');
  } else {
    for (const e of c.expect) {
      const want = `${e.code ?? '(any code)'} ${e.severity} at ${e.path ?? '(any path)'} verdict=${e.verdict}${e.stage ? ` stage=${e.stage}` : ''}`;
      expect(findings.some((f) => matches(f, e)), `${c.id}: expected ${want}\nfindings:\n${listing}`).toBe(true);
    }
  }
  for (const fb of c.forbid ?? []) {
    const bad = findings.filter((f) => f.severity === fb.severity && underPath(f.path, fb.path)).map(describeFinding);
    expect(bad.join('\n'), `${c.id}: no ${fb.severity} at ${fb.path}`).toBe('');
  }
}

describe('independent cases: the data itself', () => {
  it('every case has a known family, a source with repository, path and commit, and well-formed expectations', () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const c of data.cases) {
      if (ids.has(c.id)) problems.push(`${c.id}: id used twice`);
      ids.add(c.id);
      if (!FAMILIES.includes(c.family)) problems.push(`${c.id}: unknown family ${c.family}`);
      const s = sourceOf(c);
      if (!s || !s.repo || !s.path || !s.commit || !s.says) problems.push(`${c.id}: source incomplete`);
      if ((c.text === undefined) === (c.corpus === undefined)) problems.push(`${c.id}: needs exactly one of text and corpus`);
      if (c.expect !== 'valid') {
        if (!Array.isArray(c.expect) || c.expect.length === 0) problems.push(`${c.id}: expect is neither valid nor a list`);
        else
          for (const e of c.expect) {
            if (!(e.verdict in SEVERITY_OF)) problems.push(`${c.id}: unknown verdict ${e.verdict}`);
            else if (SEVERITY_OF[e.verdict] !== e.severity) problems.push(`${c.id}: ${e.verdict} goes with ${SEVERITY_OF[e.verdict]}, not ${e.severity}`);
            if (e.stage !== undefined && !STAGES.has(e.stage)) problems.push(`${c.id}: unknown stage ${e.stage}`);
          }
      }
    }
    expect(problems).toEqual([]);
    expect(data.cases.length).toBeGreaterThanOrEqual(60);
  });

  it('%REPEAT expands to the exact length', () => {
    expect(expand('name: %REPEAT(a,3)%-%REPEAT(b,2)%')).toBe('name: aaa-bb');
  });
});

for (const family of FAMILIES) {
  const cases = data.cases.filter((c) => c.family === family);
  const needsShared = cases.some((c) => c.corpus !== undefined);
  describe.skipIf(needsShared && !hasShared)(`independent verdicts: ${family}`, () => {
    for (const c of cases) {
      if (c.gap) it.fails(`${c.id}: ${c.title} (known gap: ${c.gap})`, () => run(c));
      else it(`${c.id}: ${c.title}`, () => run(c));
    }
  });
}
