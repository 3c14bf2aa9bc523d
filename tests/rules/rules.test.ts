// The fixture files of kube-apiserver's hand-written rules (tests/rules/<family>/*.yaml), found here and checked
// through the public engine API at Kubernetes 1.37 (or the version in the file's `# version:` line). Each file
// opens with comment lines saying what the API server decides:
//   # expect: valid                            no finding of severity error or warning
//   # expect: rejected <fieldPath>             a refusing finding at that server field path (data.fieldPath)
//   # expect: warning <fieldPath>              an accepted-with-warning finding at that path
//   # expect: dropped <path>                   a field the API server drops (its gate is off), at the walker's path
//   # expect: rejected-once-enabled <fieldPath> a refusal inside a dropped field (it holds once the gate is on)
//   # message: <text>                          (after an expect line) that finding's message, exactly
// and the findings of severity error or warning must be exactly the expected ones (by verdict and path). Gate states
// other than the version's defaults come from a kind Cluster document in the file (its featureGates). Adding a
// rule = its row in server/src/engine/validate/apiserver/<family>.ts + one file here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Analysis, type Finding, type KubeVersion } from '../../server/src/engine';
import { dataOf } from '../support/finding-data';

const ROOT = __dirname;

const VERDICTS: Readonly<Record<string, string>> = {
  rejected: 'rejected',
  warning: 'accepted-with-warning',
  dropped: 'dropped',
  'rejected-once-enabled': 'rejected-once-enabled',
};

interface Expected {
  verdict: string;
  fieldPath: string;
  message?: string;
}

function fixtures(): { family: string; file: string }[] {
  const out: { family: string; file: string }[] = [];
  for (const family of readdirSync(ROOT).sort()) {
    const dir = path.join(ROOT, family);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir).sort()) if (file.endsWith('.yaml')) out.push({ family, file: path.join(dir, file) });
  }
  return out;
}

function header(text: string): { valid: boolean; expected: Expected[]; version: KubeVersion } {
  const expected: Expected[] = [];
  let valid = false;
  let version = '1.37' as KubeVersion;
  for (const line of text.split('\n')) {
    if (!line.startsWith('#')) break;
    const said = /^#\s*message:\s*(.+)$/.exec(line);
    if (said) {
      const last = expected[expected.length - 1];
      if (!last) throw new Error(`a # message: line before any # expect: line: ${line}`);
      last.message = said[1]!.trimEnd();
      continue;
    }
    const m = /^#\s*(expect|version):\s*(\S+)(?:\s+(.+?))?\s*$/.exec(line);
    if (!m) continue;
    if (m[1] === 'version') version = m[2] as KubeVersion;
    else if (m[2] === 'valid') valid = true;
    else if (m[2]! in VERDICTS) expected.push({ verdict: VERDICTS[m[2]!]!, fieldPath: m[3] ?? '' });
    else throw new Error(`unknown expectation: ${line}`);
  }
  return { valid, expected, version };
}

function brief(f: Finding): string {
  const where = dataOf(f, 'invalid-value', 'missing-field', 'api-warning')?.fieldPath ?? f.path ?? '';
  return `${f.data?.verdict ?? f.severity} ${where}`;
}

const all = fixtures();

describe('rule fixtures', () => {
  it('there are fixtures, each saying what it expects', () => {
    expect(all.length).toBeGreaterThan(20);
    for (const { file } of all) {
      const h = header(readFileSync(file, 'utf8'));
      expect(h.valid || h.expected.length > 0, `${file} has no # expect: line`).toBe(true);
      expect(h.valid && h.expected.length > 0, `${file} is both valid and not`).toBe(false);
    }
  });

  for (const { family, file } of all) {
    it(`${family}/${path.basename(file)}`, () => {
      const text = readFileSync(file, 'utf8');
      const h = header(text);
      const report = new Analysis({ version: h.version }).check(text);
      const found = report.findings.filter((f) => f.severity === 'error' || f.severity === 'warning');
      const want = h.expected.map((e) => `${e.verdict} ${e.fieldPath}`);
      expect(found.map(brief).sort()).toEqual(want.sort());
      for (const e of h.expected.filter((x) => x.message !== undefined)) {
        const messages = found.filter((f) => brief(f) === `${e.verdict} ${e.fieldPath}`).map((f) => f.message);
        expect(messages, `${e.verdict} ${e.fieldPath}`).toContain(e.message);
      }
      for (const f of found) {
        // A hand-written rule names its rule and its upstream source.
        const rule = dataOf(f, 'invalid-value', 'missing-field', 'api-warning');
        if (typeof rule?.fieldPath === 'string') {
          expect(rule.rule, brief(f)).toEqual(expect.any(String));
          expect(rule.source, brief(f)).toMatch(/^\S+\/\S+ \S+@[0-9a-f]{12,40} /);
        }
        // A rule judged on the whole object says what is wrong after its verdict's words, and what to do.
        if (rule?.wholeObject === true) {
          expect(f.message, brief(f)).toMatch(/^(Applying fails|Accepted with a warning): \S/);
          expect(f.fix, brief(f)).toMatch(/\S/);
        }
      }
    });
  }
});
