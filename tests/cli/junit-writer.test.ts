// The JUnit writer of `kubegate check --format junit` (cli/format/junit.ts) on reports built here, its whole output
// pinned: a finding belongs to the document whose range holds its start (both ends included), a document whose
// items list is empty is one testcase, findings outside every document and a file without documents get a "file"
// testcase, failing findings in <failure> and the others in <system-out>, --quiet, and the settings, policy and
// silenced suites at the end. Also what escapeXml removes or writes as references.
import { describe, expect, it } from 'vitest';
import { escapeXml, junitWriter } from '../../server/src/cli/format/junit';
import { ChunkedOut } from '../../server/src/cli/format/types';
import type { DocumentReport, FileReport, Finding, Severity } from '../../server/src/engine';
import { runSummary } from '../support/run-summary';

const doc = (index: number, from: number, to: number, over: Partial<DocumentReport> = {}): DocumentReport =>
  ({ index, kind: 'ConfigMap', checked: true, status: 'checked', range: { start: { line: from, character: 2 }, end: { line: to, character: 4 } }, ...over }) as DocumentReport;
const finding = (severity: Severity, line: number, character: number, message = `m${line}.${character}`, fix?: string): Finding =>
  ({ code: 'unknown-field', severity, message, ...(fix ? { fix } : {}), range: { start: { line, character }, end: { line, character: character + 1 } } }) as Finding;

function junit(files: { path: string; report: Partial<FileReport> }[], quiet = false, summary = runSummary()): string {
  let text = '';
  const w = junitWriter(new ChunkedOut((t) => (text += t)), { quiet, failing: (s) => s === 'error' });
  for (const f of files) w.file({ path: f.path, report: { findings: [], documents: [], ...f.report } as FileReport });
  w.end(summary);
  return text;
}
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="kubegate">\n';
const TAIL = '</testsuites>\n';

describe('JUnit writer', () => {
  it('a finding goes to the document whose range holds its start, both ends included', () => {
    const documents = [doc(0, 0, 3), doc(1, 3, 6)];
    const findings = [
      finding('error', 0, 2), // first character of document 1
      finding('warning', 3, 4), // last character of document 1
      finding('error', 3, 5), // after it: document 2
      finding('warning', 6, 4, 'w', 'Fix it.'), // last character of document 2
      finding('warning', 6, 5), // after every document
      finding('error', 0, 1), // before every document
    ];
    expect(junit([{ path: 'a.yaml', report: { documents, findings } }])).toBe(
      HEAD +
        '  <testsuite name="a.yaml" tests="3" failures="3" errors="0" skipped="0">\n' +
        '    <testcase classname="a.yaml" name="document 1 ConfigMap">\n' +
        '      <failure message="m0.2" type="unknown-field">a.yaml:1:3 error unknown-field m0.2</failure>\n' +
        '      <system-out>a.yaml:4:5 warning unknown-field m3.4</system-out>\n' +
        '    </testcase>\n' +
        '    <testcase classname="a.yaml" name="document 2 ConfigMap">\n' +
        '      <failure message="m3.5" type="unknown-field">a.yaml:4:6 error unknown-field m3.5</failure>\n' +
        '      <system-out>a.yaml:7:5 warning unknown-field w\n    Fix it.</system-out>\n' +
        '    </testcase>\n' +
        '    <testcase classname="a.yaml" name="file">\n' +
        '      <failure message="m0.1" type="unknown-field">a.yaml:1:2 error unknown-field m0.1</failure>\n' +
        '      <system-out>a.yaml:7:6 warning unknown-field m6.5</system-out>\n' +
        '    </testcase>\n' +
        '  </testsuite>\n' +
        TAIL,
    );
  });

  it('a document of several lines holds the findings between its first and last line', () => {
    const findings = [finding('warning', 1, 0), finding('warning', 1, 9), finding('error', 2, 0)];
    const out = junit([{ path: 'b.yaml', report: { documents: [doc(0, 0, 2, { kind: undefined, items: [] })], findings } }]);
    expect(out).toContain(
      '    <testcase classname="b.yaml" name="document 1">\n' +
        '      <failure message="m2.0" type="unknown-field">b.yaml:3:1 error unknown-field m2.0</failure>\n' +
        '      <system-out>b.yaml:2:1 warning unknown-field m1.0\nb.yaml:2:10 warning unknown-field m1.9</system-out>\n' +
        '    </testcase>\n',
    );
    expect(out).not.toContain('name="file"');
  });

  it('a file without documents is one testcase; --quiet drops notes; only failing findings: no system-out', () => {
    expect(junit([{ path: 'c.yaml', report: {} }])).toBe(
      `${HEAD}  <testsuite name="c.yaml" tests="1" failures="0" errors="0" skipped="0">\n    <testcase classname="c.yaml" name="file"/>\n  </testsuite>\n${TAIL}`,
    );
    const report = { documents: [doc(0, 0, 3)], findings: [finding('information', 1, 0), finding('error', 1, 1)] };
    const quiet = junit([{ path: 'd.yaml', report }], true);
    expect(quiet).toContain('      <failure message="m1.1" type="unknown-field">d.yaml:2:2 error unknown-field m1.1</failure>\n    </testcase>\n');
    expect(quiet).not.toContain('system-out');
    expect(junit([{ path: 'd.yaml', report }])).toContain('<system-out>d.yaml:2:1 information unknown-field m1.0</system-out>');
  });

  it('the settings, policy and silenced suites, each only when it has something to say', () => {
    expect(junit([], false, runSummary({ verdict: { exitCode: 1, reasons: ['1 error (--fail-on error)'] } }))).toBe(HEAD + TAIL);
    const full = junit(
      [],
      false,
      runSummary({
        settings: [{ path: 'a/.kubegate.yaml', files: 2, ignored: 1, off: 3, applied: true, relaxations: 0 }, { path: '.kubegate.yaml', files: 0, ignored: 0, off: 0, applied: false, relaxations: 1 }],
        silenced: { disableComments: 1, configuration: 2, patchFiles: 3, patchesCheckedWhole: 4 },
        verdict: { exitCode: 1, reasons: ['2 warnings, more than --max-warnings 1', 'x'], beyondFindings: ['2 warnings, more than --max-warnings 1'] },
      }),
    );
    expect(full).toBe(
      HEAD +
        '  <testsuite name="kubegate settings" tests="0" failures="0" errors="0" skipped="0">\n    <properties>\n' +
        '      <property name="settings" value="a/.kubegate.yaml: applied=true files=2 ignored=1 off=3 relaxations=0"/>\n' +
        '      <property name="settings" value=".kubegate.yaml: applied=false files=0 ignored=0 off=0 relaxations=1"/>\n' +
        '    </properties>\n  </testsuite>\n' +
        '  <testsuite name="kubegate policy" tests="1" failures="1" errors="0" skipped="0">\n    <testcase classname="kubegate" name="policy">\n' +
        '      <failure message="Failing (exit 1): 2 warnings, more than --max-warnings 1; x" type="policy"/>\n    </testcase>\n  </testsuite>\n' +
        '  <testsuite name="kubegate silenced" tests="0" failures="0" errors="0" skipped="0">\n    <properties>\n' +
        '      <property name="findings silenced by disable comments" value="1"/>\n' +
        '      <property name="findings switched off by configuration" value="2"/>\n' +
        '      <property name="files read as kustomize patches" value="3"/>\n' +
        '      <property name="kustomize patch documents checked as whole objects" value="4"/>\n    </properties>\n  </testsuite>\n' +
        TAIL,
    );
    // One count alone is enough for the silenced suite; a passing run has no policy suite.
    for (const silenced of [
      { disableComments: 0, configuration: 0, patchFiles: 0, patchesCheckedWhole: 1 },
      { disableComments: 0, configuration: 0, patchFiles: 1, patchesCheckedWhole: 0 },
      { disableComments: 0, configuration: 1, patchFiles: 0, patchesCheckedWhole: 0 },
      { disableComments: 1, configuration: 0, patchFiles: 0, patchesCheckedWhole: 0 },
    ]) {
      expect(junit([], false, runSummary({ silenced })), JSON.stringify(silenced)).toContain('kubegate silenced');
    }
    expect(junit([], false, runSummary({ verdict: { exitCode: 0, reasons: [], beyondFindings: ['x'] } }))).toBe(HEAD + TAIL);
  });
});

describe('escapeXml', () => {
  it('drops what XML 1.0 forbids (lone surrogates too), escapes markup, writes CR, DEL, C1 and bidi controls as references', () => {
    expect(escapeXml('a\ud800b\udc00c\ud83d\ude00d\ufffee')).toBe('abc\ud83d\ude00de');
    expect(escapeXml('<a> & "b"')).toBe('&lt;a&gt; &amp; &quot;b&quot;');
    expect(escapeXml('x\r\ny\u007f\u0085\u202e\u2066')).toBe('x&#13;\ny&#x7f;&#x85;&#x202e;&#x2066;');
  });

  it('an attribute also writes line feeds and tabs as references', () => {
    const out = junit([{ path: 'two\nlines\t.yaml', report: {} }]);
    expect(out).toContain('<testsuite name="two&#10;lines&#9;.yaml" ');
  });
});
