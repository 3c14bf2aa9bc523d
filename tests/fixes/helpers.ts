// Helpers for the quick-fix tests: checking with configs, applying fixes to texts. The facts they write
// manifests for are fixtures (tests/support/features.ts) and the committed schemas/ (tests/support/committed.ts).
// Internal imports: `fixes` (the fix context and the edit applier the fix tests share).
import { expect } from 'vitest';
import {
  buildGateEnvironment,
  explicitSettings,
  readGateConfigsFromText,
  gateCatalog,
  loadVersion,
  type FileReport,
  type Finding,
  type FindingCode,
  type KubeVersion,
  type Range,
  Analysis,
  applyRangeEdits,
  type Fix,
} from '../../server/src/engine';
import { fixesFor, type FixContext } from '../../server/src/engine/fixes';

export { feature, type FeatureFacts } from '../support/features';
export { committedGates, configApiVersion } from '../support/committed';

export const VERSION: KubeVersion = '1.37';

export interface Files {
  [file: string]: string;
}

/** Check a manifest with repo configs (as the gate model would read them) and explicit settings. */
export function check(file: string, files: Files, opts: { configs?: string[]; gates?: string[] } = {}): FileReport {
  const configs = (opts.configs ?? []).flatMap((c) => readGateConfigsFromText(files[c], c));
  const explicit = opts.gates?.length ? explicitSettings([opts.gates.map((g) => `${g}=true`).join(',')]) : [];
  const environment = buildGateEnvironment({ catalog: gateCatalog(), version: VERSION, configs, explicit });
  return new Analysis({ version: VERSION, environment, file }).check(files[file]);
}

export function context(file: string, files: Files, extra: Partial<FixContext> = {}): FixContext {
  return {
    file,
    text: files[file],
    version: VERSION,
    versionData: loadVersion(VERSION).data,
    gates: gateCatalog(),
    configFiles: Object.keys(files)
      .filter((f) => f !== file)
      .map((p) => ({ path: p, text: files[p] })),
    ...extra,
  };
}

export function only(report: FileReport, code: FindingCode, pred: (f: Finding) => boolean = () => true): Finding {
  const found = report.findings.filter((f) => f.code === code && pred(f));
  expect(found.length, report.findings.map((f) => `${f.code}: ${f.message}`).join('\n')).toBe(1);
  return found[0];
}

export function fixTitled(fixes: Fix[], re: RegExp): Fix {
  const f = fixes.find((x) => re.test(x.title));
  expect(f, `no fix matching ${re} in: ${fixes.map((x) => x.title).join(' | ')}`).toBeDefined();
  return f!;
}

/** Apply a fix to a set of files (created files added); settings are returned apart. */
export function apply(files: Files, fix: Fix): Files {
  const out: Files = { ...files };
  const byFile = new Map<string, { range: Range; newText: string }[]>();
  for (const e of fix.edits) {
    if ('create' in e) {
      expect(out[e.file], `${e.file} must not exist`).toBeUndefined();
      out[e.file] = e.text;
    } else {
      byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
    }
  }
  for (const [file, edits] of byFile) out[file] = applyRangeEdits(out[file], edits);
  return out;
}

/** Every line of `before` that is a comment is still in `after`, in order. */
export function expectCommentsKept(before: string, after: string): void {
  const comments = (t: string) => t.split(/\r?\n/).filter((l) => /#/.test(l)).map((l) => l.slice(l.indexOf('#')));
  const a = comments(after);
  let i = 0;
  for (const c of comments(before)) {
    while (i < a.length && a[i] !== c) i++;
    expect(i < a.length, `comment lost: ${c}`).toBe(true);
  }
}

/**
 * The fix changed only what it says: `after` equals `before` with exactly the listed lines inserted/removed/replaced.
 * `changes` maps the before-text fragment to its replacement; everything else must be byte-for-byte equal.
 */
export function expectOnlyChanged(before: string, after: string, changes: [from: string, to: string][]): void {
  let expected = before;
  for (const [from, to] of changes) {
    expect(expected.split(from).length - 1, `fragment must be unique: ${JSON.stringify(from)}`).toBe(1);
    expected = expected.replace(from, () => to);
  }
  expect(after).toBe(expected);
}

export { fixesFor };

/** A ResourceSlice of the given apiVersion/kind for one node, with extra lines under `spec` and optional
 *  comments (the fixes must keep them byte-for-byte). */
export function resourceSliceText(opts: {
  apiVersion: string;
  kind: string;
  spec: string[];
  header?: string;
  nameComment?: string;
}): string {
  return [
    ...(opts.header ? [opts.header] : []),
    `apiVersion: ${opts.apiVersion}`,
    `kind: ${opts.kind}`,
    'metadata:',
    `  name: node-1-example.com${opts.nameComment ?? ''}`,
    'spec:',
    '  driver: example.com',
    '  nodeName: node-1',
    '  pool:',
    '    name: node-1',
    '    generation: 1',
    '    resourceSliceCount: 1',
    ...opts.spec,
    '',
  ].join('\n');
}
