// Reports of `kubegate check`: JUnit XML, --output FILE, several formats in one run (--format sarif=FILE
// --format text), KEP links in text (terminal hyperlinks on a TTY only) and in GitHub annotations.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import type { CliIO } from '../../server/src/cli/io';
import { escapeXml } from '../../server/src/cli/format/junit';
import { memoryIO } from '../support/cli-io';
import { capturedIO, ROOT, tempDirs } from './cli-process';

const tempDir = tempDirs();
const SLICE = path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'); // 1 feature-gate warning (KEP-5945)
const MISTAKES = path.join(ROOT, 'examples', 'deployment-with-mistakes.yaml'); // 3 errors

async function check(args: string[], over: Partial<CliIO> = {}) {
  const io = capturedIO(over);
  const code = await runCli(['check', ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('--format junit', () => {
  it('a testsuite per file, a testcase per document; failures at the --fail-on level, others in system-out', async () => {
    const r = await check(['--format', 'junit', MISTAKES, SLICE]);
    expect(r.code).toBe(1);
    const xml = r.stdout;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="kubegate">\n')).toBe(true);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
    expect(xml).toContain(`<testsuite name="${MISTAKES}" tests="1" failures="1" errors="0" skipped="0">`);
    expect(xml).toContain(`<testcase classname="${MISTAKES}" name="document 1 Deployment">`);
    expect(xml).toMatch(/<failure message="3 findings" type="invalid-value">[^<]*:22:11 error unknown-field protocl/);
    expect(xml).toContain(`<testsuite name="${SLICE}" tests="1" failures="0" errors="0" skipped="0">`);
    expect(xml).toMatch(/<system-out>[^<]*warning feature-gate skipNodeOperations/);
    expect(xml).not.toContain('kubegate policy');
  });

  it('--max-warnings failing adds a policy testcase saying why; unchecked documents are skipped', async () => {
    const dir = tempDir();
    const widget = path.join(dir, 'w.yaml');
    writeFileSync(widget, 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n');
    const r = await check(['--format', 'junit', '--max-warnings', '0', SLICE, widget]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('<skipped message="not checked: example.com/v1 is not a built-in Kubernetes API');
    expect(r.stdout).toContain('<failure message="Failing (exit 1): 1 warning, more than --max-warnings 0" type="policy"/>');
  });

  it('documents, list items, a finding alone or several, warnings beside failures, a name with a tab, an unreadable path', async () => {
    const files = {
      '/w/two.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nfoo: 1\n---\n${readFileSync(SLICE, 'utf8')}`,
      '/w/list.yaml': 'apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: b}\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: c}\n    bar: 1\n    baz: 2\n',
      '/w/tab\tname.yaml': 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n',
    };
    const io = memoryIO(files);
    expect(await runCli(['check', '--format', 'junit', '--max-warnings', '0', ...Object.keys(files), '/w/missing.yaml'], io)).toBe(2);
    const xml = io.stdout;
    for (const expected of [
      '  <testsuite name="/w/two.yaml" tests="2" failures="1" errors="0" skipped="0">\n    <testcase classname="/w/two.yaml" name="document 1 ConfigMap">\n',
      '      <failure message="foo is not a field of ConfigMap" type="unknown-field">/w/two.yaml:4:1 error unknown-field foo is not a field of ConfigMap\n    Remove it',
      '    <testcase classname="/w/two.yaml" name="document 2 ResourceSlice">\n      <system-out>/w/two.yaml:21:3 warning feature-gate skipNodeOperations ',
      '  <testsuite name="/w/list.yaml" tests="2" failures="1" errors="0" skipped="0">\n    <testcase classname="/w/list.yaml" name="document 1, item 1 ConfigMap"/>\n',
      '    <testcase classname="/w/list.yaml" name="document 1, item 2 ConfigMap">\n      <failure message="2 findings" type="unknown-field">/w/list.yaml:10:5 error unknown-field bar ',
      '\n/w/list.yaml:11:5 error unknown-field baz ',
      '  <testsuite name="/w/tab&#9;name.yaml" tests="1" failures="0" errors="0" skipped="1">\n    <testcase classname="/w/tab&#9;name.yaml" name="document 1 Widget">\n      <skipped message="not checked: example.com/v1 is not a built-in',
      '  <testsuite name="/w/missing.yaml" tests="1" failures="0" errors="1" skipped="0">\n    <testcase classname="/w/missing.yaml" name="file">\n      <error message="cannot read: no such file or folder, or not readable"/>\n',
      '<failure message="Failing (exit 2): 1 path not readable (/w/missing.yaml); 3 errors (--fail-on error); 1 warning, more than --max-warnings 0" type="policy"/>',
    ]) {
      expect(xml).toContain(expected);
    }
    expect(xml.endsWith('  </testsuite>\n</testsuites>\n')).toBe(true);
  });

  it('escapes XML', () => {
    expect(escapeXml('a<b & "c"\u0001')).toBe('a&lt;b &amp; &quot;c&quot;');
  });
});

describe('--output and several formats in one run', () => {
  it('--output FILE writes the report there; the log gets the summary and why it fails', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'report.json');
    const r = await check(['--format', 'json', '--output', out, MISTAKES]);
    expect(r.code).toBe(1);
    const json = JSON.parse(readFileSync(out, 'utf8')) as { summary: { exitCode: number } };
    expect(json.summary.exitCode).toBe(1);
    expect(r.stdout).toBe('3 errors in 1 file (Kubernetes 1.37).\nFailing (exit 1): 3 errors (--fail-on error).\n');
  });

  it('--format sarif=FILE --format junit=FILE --format text: two files and text on stdout, one check', async () => {
    const dir = tempDir();
    const sarif = path.join(dir, 'out.sarif');
    const junit = path.join(dir, 'out.xml');
    const r = await check(['--format', `sarif=${sarif}`, '--format', `junit=${junit}`, '--format', 'text', MISTAKES], { tty: true, color: true });
    expect(r.code).toBe(1);
    const log = JSON.parse(readFileSync(sarif, 'utf8')) as { runs: { results: unknown[] }[] };
    expect(log.runs[0]!.results).toHaveLength(3);
    expect(readFileSync(junit, 'utf8')).toContain('<failure message="3 findings"');
    expect(r.stdout).toContain('unknown-field');
    expect(r.stdout).toContain('\u001b[31merror'); // the terminal report keeps its colours
  });

  it('a text report written to a file has no colour, grouping or hyperlinks even on a terminal', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'out.txt');
    await check(['-o', file, SLICE], { tty: true, color: true });
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('\u001b');
    expect(text).toMatch(/^\S+\.yaml:16:3 warning feature-gate /m);
    expect(text).toContain('    KEP-5945: https://kep.k8s.io/5945\n');
  });

  it('usage errors: two reports to stdout, one file twice, an unwritable file (exit 2)', async () => {
    const dir = tempDir();
    const two = await check(['--format', 'json', '--format', 'text', MISTAKES]);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('only one report can go to stdout (json, text)');
    const same = await check(['--format', `json=${dir}/a`, '--format', `sarif=${dir}/a`, MISTAKES]);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain(`two reports would be written to ${dir}/a`);
    const bad = await check(['--format', `json=${dir}/no/such/dir/a.json`, MISTAKES]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`cannot write ${dir}/no/such/dir/a.json`);
  });
});

describe('KEP links', () => {
  it('text: the KEP URL below a gate finding; on a terminal an OSC 8 hyperlink instead', async () => {
    const plain = await check([SLICE]);
    expect(plain.stdout).toContain('    KEP-5945: https://kep.k8s.io/5945\n');
    const tty = await check([SLICE], { tty: true });
    expect(tty.stdout).toContain('\u001b]8;;https://kep.k8s.io/5945\u001b\\KEP-5945\u001b]8;;\u001b\\');
    expect(tty.stdout).not.toContain('KEP-5945: https');
  });

  it('github: the annotation message carries the KEP link', async () => {
    const r = await check(['--format', 'github', SLICE]);
    expect(r.stdout).toMatch(/^::warning file=.*::skipNodeOperations .*%0AKEP-5945: https%3A\/\/kep\.k8s\.io\/5945|^::warning file=.*::skipNodeOperations .*%0AKEP-5945: https:\/\/kep\.k8s\.io\/5945/m);
  });
});
