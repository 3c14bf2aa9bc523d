// Independent, blind cases of what kube-apiserver decides on create (issue 41, "Done when", first bullet).
//
// One small manifest per case under apiserver-cases/<family>/, written from the upstream validation, defaulting,
// registry-strategy and warning code of kubernetes/kubernetes (Kubernetes 1.37, default feature gates) by someone
// who saw none of Kubegate's implementation. Each file says, in its leading comments:
//   # source: kubernetes/kubernetes <path>@<commit> <function>   where the fact comes from
//   # expect: valid | rejected <field path> | warning <field path>
//   # note: ...                                                   optional
// The field path is the server's, with indices (spec.containers[0].ports[1].containerPort); a map key is written
// [key] or .key alike.
//
// The built CLI runs once over a temporary copy of all cases (`kubegate check --format json --kubernetes-version
// 1.37`), then each case is judged:
//   - valid:          no finding of severity error or warning;
//   - rejected PATH:  some finding of severity error and data.verdict "rejected" at PATH;
//   - warning PATH:   some finding of severity warning and data.verdict "accepted-with-warning" at PATH.
// "At PATH": the finding's data.fieldPath (the server's path with indices) equals PATH or lies below it (PATH
// followed by "." or "["), after writing map keys [key] as .key on both sides. A finding without data.fieldPath is
// compared by its index-free `path` (spec.containers[].name) against PATH with its indices dropped.
//
// Cases Kubegate does not decide today are listed in apiserver-cases/known-gaps.txt (case path, then the reason).
// A listed case must still fail: once it passes, the test asks to remove it from the list, so the list can only
// shrink. Nothing here reads ../shared.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared';

const CASES_DIR = path.join(__dirname, 'apiserver-cases');
const GAPS_FILE = path.join(CASES_DIR, 'known-gaps.txt');
const CLI = path.join(repoRoot, 'dist', 'cli.js');

type Expectation = { kind: 'valid' } | { kind: 'rejected' | 'warning'; path: string };

interface Case {
  /** Path below apiserver-cases/, e.g. pod-spec/port-protocol-unknown.yaml */
  id: string;
  family: string;
  source: string;
  expect: Expectation;
}

interface Finding {
  code: string;
  severity: string;
  message: string;
  path?: string;
  data?: Record<string, unknown>;
}

function listCases(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(full).isDirectory()) out.push(...listCases(full, rel));
    else if (name.endsWith('.yaml')) out.push(rel);
  }
  return out;
}

function parseCase(id: string): Case {
  const text = readFileSync(path.join(CASES_DIR, id), 'utf8');
  const source = /^# source: (.+)$/m.exec(text)?.[1]?.trim() ?? '';
  const m = /^# expect: (valid|rejected|warning)(?: +(\S+))?\s*$/m.exec(text);
  let expectation: Expectation;
  if (!m) throw new Error(`${id}: no "# expect:" line`);
  if (m[1] === 'valid') expectation = { kind: 'valid' };
  else {
    if (!m[2]) throw new Error(`${id}: "# expect: ${m[1]}" needs a field path`);
    expectation = { kind: m[1] as 'rejected' | 'warning', path: m[2] };
  }
  return { id, family: id.split('/')[0] ?? '', source, expect: expectation };
}

/** Map keys written [key] become .key; list indices [3] and index-free [] stay. */
function normalize(p: string): string {
  return p.replace(/\[(?!\d*\])([^\]]*)\]/g, (_m, key: string) => `.${key.replace(/^['"]|['"]$/g, '')}`);
}

function under(actual: string, expected: string): boolean {
  return actual === expected || actual.startsWith(`${expected}.`) || actual.startsWith(`${expected}[`);
}

function findingAt(f: Finding, expected: string): boolean {
  const fieldPath = f.data?.['fieldPath'];
  if (typeof fieldPath === 'string') return under(normalize(fieldPath), normalize(expected));
  if (f.path === undefined) return false;
  return under(normalize(f.path), normalize(expected).replace(/\[\d+\]/g, '[]'));
}

function verdictOf(f: Finding): string {
  const v = f.data?.['verdict'];
  return typeof v === 'string' ? v : '-';
}

/** Whether Kubegate's findings for one case give the expected answer. */
function decides(c: Case, findings: Finding[]): boolean {
  const e = c.expect;
  if (e.kind === 'valid') return !findings.some((f) => f.severity === 'error' || f.severity === 'warning');
  if (e.kind === 'rejected') return findings.some((f) => f.severity === 'error' && verdictOf(f) === 'rejected' && findingAt(f, e.path));
  return findings.some((f) => f.severity === 'warning' && verdictOf(f) === 'accepted-with-warning' && findingAt(f, e.path));
}

function describeFindings(findings: Finding[]): string {
  if (findings.length === 0) return '(no findings)';
  const where = (f: Finding) => (typeof f.data?.['fieldPath'] === 'string' ? f.data['fieldPath'] : (f.path ?? '(no path)'));
  return findings.map((f) => `${f.code} ${f.severity} verdict=${verdictOf(f)} at ${String(where(f))}: ${f.message}`).join('\n');
}

function expectationText(e: Expectation): string {
  return e.kind === 'valid' ? 'valid (no error or warning)' : `${e.kind} at ${e.path}`;
}

/** known-gaps.txt: `<case path> <reason>` per line; blank lines and lines starting with # are ignored. */
function readGaps(): Map<string, string> {
  const gaps = new Map<string, string>();
  for (const raw of readFileSync(GAPS_FILE, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const space = line.search(/\s/);
    const id = space < 0 ? line : line.slice(0, space);
    const reason = space < 0 ? '' : line.slice(space).trim();
    if (gaps.has(id)) throw new Error(`known-gaps.txt lists ${id} twice`);
    gaps.set(id, reason);
  }
  return gaps;
}

const ids = listCases(CASES_DIR);
const cases = ids.map(parseCase);
const gaps = readGaps();
const families = [...new Set(cases.map((c) => c.family))];

let tmp = '';
const results = new Map<string, Finding[]>();

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'kubegate-apiserver-cases-'));
  cpSync(CASES_DIR, tmp, { recursive: true, filter: (src) => statSync(src).isDirectory() || src.endsWith('.yaml') });
  const run = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '--kubernetes-version', '1.37', tmp], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`kubegate check exited ${String(run.status)}: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { files: { path: string; findings: Finding[] }[] };
  for (const file of report.files) results.set(path.relative(tmp, file.path).split(path.sep).join('/'), file.findings);
});

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('apiserver cases: the data itself', () => {
  it('every case names its upstream source and a well-formed expectation; the set is large and a quarter valid', () => {
    const problems: string[] = [];
    for (const c of cases) {
      if (!/^kubernetes\/kubernetes \S+@\S+ \S+/.test(c.source)) problems.push(`${c.id}: source is not "kubernetes/kubernetes <path>@<commit> <function>"`);
      if (c.expect.kind !== 'valid' && !/^[A-Za-z]/.test(c.expect.path)) problems.push(`${c.id}: field path ${c.expect.path}`);
    }
    expect(problems).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(300);
    const valid = cases.filter((c) => c.expect.kind === 'valid').length;
    expect(valid / cases.length).toBeGreaterThanOrEqual(0.2);
  });

  it('every known gap names an existing case and gives a reason', () => {
    const problems: string[] = [];
    for (const [id, reason] of gaps) {
      if (!existsSync(path.join(CASES_DIR, id))) problems.push(`${id}: no such case`);
      if (reason === '') problems.push(`${id}: no reason`);
    }
    expect(problems).toEqual([]);
  });

  it('the CLI reported on every case', () => {
    expect(ids.filter((id) => !results.has(id))).toEqual([]);
  });
});

for (const family of families) {
  describe(`apiserver cases: ${family}`, () => {
    for (const c of cases.filter((x) => x.family === family)) {
      const gap = gaps.get(c.id);
      const title = `${c.id}: ${expectationText(c.expect)}${gap !== undefined ? ` (known gap: ${gap})` : ''}`;
      it(title, () => {
        const findings = results.get(c.id) ?? [];
        const ok = decides(c, findings);
        if (gap !== undefined) {
          expect(ok, `${c.id} now gives the expected answer: remove it from known-gaps.txt`).toBe(false);
        } else {
          expect(ok, `${c.id}: expected ${expectationText(c.expect)}\nfindings:\n${describeFindings(findings)}`).toBe(true);
        }
      });
    }
  });
}
