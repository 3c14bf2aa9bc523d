// Robustness: hostile inputs generated here, asserting bounded work (calls made, items kept)
// rather than time. Each test names the defect it guards against.
// Internal imports: `check/cap-findings`, `complete` (the findings cap itself, so a case sits exactly at it, and
// completion work counted below Analysis.complete).
// Also `parse/parseFile` (parseFile: the parser alone, below the check), `fixes/yaml-nodes` (yamlDocs: the documents
// the fixes read), `api-extensions/workspace` (crdsFromText: the CRDs of one text; the public loadCrdFiles reads
// named files), `kustomize/kustomization` (readKustomization: one kustomization's facts).
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alias, Document } from 'yaml';
import { append, readGateConfigsFromText, compileGlob, globMatches, gateCatalog, loadVersion, type Finding } from '../../server/src/engine';
import { capFindings, MAX_FINDINGS_PER_DOCUMENT } from '../../server/src/engine/check/cap-findings';
import { completeAt } from '../../server/src/engine/complete';
import { parseFile } from '../../server/src/engine/parse/parseFile';
import { yamlDocs } from '../../server/src/engine/fixes/yaml-nodes';
import { crdsFromText } from '../../server/src/engine/api-extensions/workspace';
import { readKustomization } from '../../server/src/engine/kustomize/kustomization';
import { parseRepoConfig } from '../../server/src/contract/repo-config';
import { check, only, V } from './helpers';
import { dataOf } from '../support/finding-data';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('aliases: linear accounting', () => {
  it('20 000 anchors and aliases: the package resolve (a whole-document walk per alias) and toJS are never called', () => {
    const resolve = vi.spyOn(Alias.prototype, 'resolve');
    const toJS = vi.spyOn(Document.prototype, 'toJS');
    const n = 20_000;
    const lines = ['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: a}', 'data:'];
    for (let i = 0; i < n; i++) lines.push(`  k${i}: &a${i} v`);
    for (let i = 0; i < n; i++) lines.push(`  x${i}: *a${i}`);
    const report = check(`${lines.join('\n')}\n`);
    expect(only(report, 'yaml-syntax')).toEqual([]);
    expect(resolve).not.toHaveBeenCalled();
    expect(toJS).not.toHaveBeenCalled();
  });

  it('an alias naming no anchor before it is a syntax error (as the package conversion said before)', () => {
    const errors = parseFile('a: *nowhere\nb: &later 1\n').documents[0]?.errors ?? [];
    expect(errors.map((e) => e.message)).toEqual(['The alias *nowhere names no anchor defined before it']);
  });

  it('an alias of its own anchor (a cycle) is accepted, not expanded forever', () => {
    expect(parseFile('apiVersion: v1\nkind: ConfigMap\ndata: &a\n  x: *a\n').documents[0]?.errors).toEqual([]);
  });
});

describe('parse errors: no pretty errors, capped findings', () => {
  it('a 100 KB line of `]`: one-line messages, at most the per-document cap of findings plus one summary', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\ndata:\n${']'.repeat(100_000)}\n`;
    const report = check(text);
    for (const f of report.findings) expect(f.message).not.toContain('\n');
    expect(report.findings.length).toBeLessThanOrEqual(MAX_FINDINGS_PER_DOCUMENT + 1);
    const summary = report.findings[report.findings.length - 1];
    expect(summary?.code).toBe('too-many-findings');
    expect(Number(dataOf(summary, 'too-many-findings')?.more)).toBeGreaterThan(90_000);
    expect(summary?.message).toMatch(/^… and \d+ more findings/);
  });

  it('more than the cap of findings in one document: the first ones, then "… and N more"; other documents keep theirs', () => {
    const keys = Array.from({ length: 3000 }, (_, i) => `  notAField${i}: 1`).join('\n');
    const text = `apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n${keys}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: b}\nspec:\n  nope: 1\n`;
    const report = check(text);
    const first = report.findings.filter((f) => f.document === 0);
    expect(first).toHaveLength(MAX_FINDINGS_PER_DOCUMENT + 1);
    expect(first[MAX_FINDINGS_PER_DOCUMENT]?.code).toBe('too-many-findings');
    // 3000 unknown fields (and possibly a missing required field): all but the first 1000 are summarised.
    expect(Number(dataOf(first[MAX_FINDINGS_PER_DOCUMENT], 'too-many-findings')?.more)).toBeGreaterThanOrEqual(3000 - MAX_FINDINGS_PER_DOCUMENT);
    // The second Pod has no containers: validation requires them (hand-written rule), then the unknown field.
    expect(report.findings.filter((f) => f.document === 1).map((f) => f.code)).toEqual(['missing-field', 'unknown-field']);
  });

  it('capFindings and append handle 300 000 findings (spreading them into push() overflowed the stack)', () => {
    const many: Finding[] = Array.from({ length: 300_000 }, (_, i) => ({
      code: 'unknown-field',
      severity: 'error',
      message: `f${i}`,
      range: { start: { line: i, character: 0 }, end: { line: i, character: 1 } },
      document: i % 3,
    }));
    const target: Finding[] = [];
    append(target, many);
    expect(target).toHaveLength(300_000);
    const capped = capFindings(many);
    expect(capped).toHaveLength(3 * (MAX_FINDINGS_PER_DOCUMENT + 1));
    expect(capped.filter((f) => f.code === 'too-many-findings').map((f) => f.data?.more)).toEqual([99_000, 99_000, 99_000]);
  });

  it('no spread of an array into push() anywhere in server/src', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const root = path.resolve(__dirname, '../../server/src');
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir)) {
        const p = path.join(dir, e);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts') && /\.(?:push|unshift)\(\.\.\./.test(readFileSync(p, 'utf8'))) offenders.push(path.relative(root, p));
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe('duplicate keys: the linear check at every parse site', () => {
  it('a kind config with 40 000 feature gates and one repeated key is skipped as broken, like the parser said', () => {
    const gates = Array.from({ length: 40_000 }, (_, i) => `  Gate${i}: true`);
    const text = `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n${gates.join('\n')}\n  Gate7: false\n`;
    expect(readGateConfigsFromText(text, 'kind.yaml')).toEqual([]);
    const ok = `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n${gates.slice(0, 3).join('\n')}\n`;
    expect(readGateConfigsFromText(ok, 'kind.yaml')).toHaveLength(1);
  });
});

describe('every parse site: no pairwise duplicate-key test, no pretty errors', () => {
  // The package's own modules, as its parser calls them (required by file: the package exports no subpaths).
  const yamlDir = path.dirname(createRequire(__filename).resolve('yaml'));
  const load = (rel: string) => createRequire(__filename)(path.join(yamlDir, rel)) as Record<string, unknown>;

  it('parseFile, config readers, fix helpers, CRD files, kustomizations, kubeadm patches and .kubegate.yaml', () => {
    const pairwise = vi.spyOn(load('compose/util-map-includes.js') as { mapIncludes: (...args: unknown[]) => boolean }, 'mapIncludes');
    const pretty = vi.spyOn(load('errors.js') as { prettifyError: () => unknown }, 'prettifyError');
    const broken = ']]]\n';
    const map = (extra: string) => `a: 1\nb: 2\nb: 3\n${extra}`;
    parseFile(map(broken));
    readGateConfigsFromText(`kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  A: true\n  A: false\n${broken}`, 'k.yaml');
    yamlDocs(map(broken));
    crdsFromText(`apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n${map(broken)}`, 'crd.yaml');
    readKustomization({ path: 'kustomization.yaml', text: map(broken) });
    parseRepoConfig(map(broken), '.kubegate.yaml');
    check(
      'apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\npatches:\n  directory: p\n' +
        'apiServer:\n  extraArgs:\n  - name: feature-gates\n    value: A=true\n',
    );
    // The package calls its test at every key; with uniqueKeys off it returns before comparing anything.
    expect(pairwise).toHaveBeenCalled();
    const comparing = pairwise.mock.calls.filter((call) => (call as unknown as [{ options: { uniqueKeys: unknown } }])[0].options.uniqueKeys !== false);
    expect(comparing).toEqual([]);
    expect(pretty).not.toHaveBeenCalled();
  });
});

describe('completion outside the text', () => {
  it('answers nothing (no throw) at a negative line or character, or past the end', () => {
    const text = 'apiVersion: v1\nkind: Pod\nspec:\n  \n';
    const options = { version: V, data: loadVersion(V).data, gates: gateCatalog(), snippets: [], gateState: () => 'unknown' as const };
    for (const position of [
      { line: -1, character: 0 },
      { line: 0, character: -5 },
      { line: 99, character: 0 },
    ]) {
      expect(completeAt(text, position, options as Parameters<typeof completeAt>[2])).toEqual([]);
    }
  });
});

describe('globs from workspace settings: bounded time, invalid patterns reported', () => {
  it('`*a*a…*b` against a long name is answered (a regular expression backtracks exponentially here)', () => {
    const c = compileGlob(`${'*a'.repeat(200)}*b`);
    expect(c.ok).toBe(true);
    if (c.ok) expect(globMatches(c.glob, `dir/${'a'.repeat(4000)}`)).toBe(false);
  });

  it('matches like the documented syntax', () => {
    const m = (p: string, s: string) => {
      const c = compileGlob(p);
      return c.ok && globMatches(c.glob, s);
    };
    expect(m('*.yaml', 'deep/dir/x.yaml')).toBe(true);
    expect(m('k8s/**/*.yaml', 'k8s/a/b/x.yaml')).toBe(true);
    expect(m('k8s/**/*.yaml', 'k8s/x.yaml')).toBe(true);
    expect(m('k8s/**/*.yaml', 'other/x.yaml')).toBe(false);
    expect(m('*.{yaml,yml}', 'x.yml')).toBe(true);
    expect(m('deploy/?.yaml', 'deploy/ab.yaml')).toBe(false);
    expect(m('[!a]*.yaml', 'a.yaml')).toBe(false);
    expect(m('./x/*.yaml', 'x/y.yaml')).toBe(true);
    expect(m('x\\*.yaml', 'x*.yaml')).toBe(true);
    expect(m('x\\*.yaml', 'xy.yaml')).toBe(false);
    expect(m('[ak]*/*.yaml', 'apps/x.yaml')).toBe(true);
    expect(m('[ak]*/*.yaml', 'k8s/x.yaml')).toBe(true);
    expect(m('[ak]*/*.yaml', 'base/x.yaml')).toBe(false);
    expect(m('{apps,{k8s,kube}}/*.yaml', 'kube/x.yaml')).toBe(true);
    expect(m('{apps,{k8s,kube}}/*.yaml', 'kubes/x.yaml')).toBe(false);
  });

  it('says what is wrong with an invalid pattern', () => {
    const problem = (p: string) => {
      const c = compileGlob(p);
      return c.ok ? undefined : c.problem;
    };
    expect(problem('{a,b')).toBe('an unclosed {');
    expect(problem('a}')).toBe('a } without {');
    expect(problem('[ab')).toBe('an unclosed [');
    expect(problem('')).toBe('an empty pattern');
    expect(problem('{a,b}'.repeat(20))).toMatch(/more than \d+ alternatives/);
  });
});
